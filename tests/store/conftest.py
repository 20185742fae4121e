"""Store fixtures: a fresh database file per test, and a sheet on it."""

import pytest

from bauerblock import store


@pytest.fixture
def db_path(tmp_path):
    """Return the path of a database file with the current schema."""
    path = tmp_path / "store.sqlite3"
    store.init_database(path)
    return path


@pytest.fixture
def db(db_path):
    """Return a connection to the test database."""
    connection = store.connect(db_path)
    yield connection
    connection.close()


@pytest.fixture
def created(db):
    """Return a new Bauerchen sheet and its edit token."""
    return store.create_sheet(
        db, "bauerchen", players=["Hans", "Grete", "Karl", "Lise"], title="Stammtisch"
    )
