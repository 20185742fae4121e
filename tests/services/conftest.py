"""Services fixtures: a fresh database file per test."""

import pytest

from bauerblock import store


@pytest.fixture
def db(tmp_path):
    """Return a connection to a new database with the current schema."""
    path = tmp_path / "services.sqlite3"
    store.init_database(path)
    connection = store.connect(path)
    yield connection
    connection.close()
