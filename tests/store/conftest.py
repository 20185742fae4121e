"""Store fixtures: a sheet on the test's fresh database (`db`, tests/conftest.py)."""

import pytest

from bauerblock import store


@pytest.fixture
def created(db):
    """Return a new Bauerchen sheet and its edit token."""
    return store.create_sheet(
        db, "bauerchen", players=["Hans", "Grete", "Karl", "Lise"], title="Stammtisch"
    )
