"""Fixtures of the export tests: a database of their own, without an app."""

import pytest

from bauerblock import store


@pytest.fixture
def db(tmp_path):
    """Return a connection to a new database in tmp_path."""
    path = tmp_path / "exports.sqlite3"
    store.init_database(path)
    connection = store.connect(path)
    yield connection
    connection.close()
