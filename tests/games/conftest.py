"""The toy fourth game, Zielwurf (tests/games/toy/), registered for one test and gone after
it, and an app whose pages find its partials."""

import pytest

from bauerblock.engine.plugins import registered
from bauerblock.web import refusals
from tests.conftest import make_app
from tests.games.toy import GAME


@pytest.fixture
def zielwurf(monkeypatch):
    """Register Zielwurf once, as an installed game is: every layer finds its part, and an
    app built with it its refusals' words (undone after)."""
    monkeypatch.setitem(registered(), GAME.name, GAME)
    monkeypatch.setattr(refusals, "WORDS", dict(refusals.WORDS))
    return GAME.name


@pytest.fixture
def app(zielwurf, tmp_path, monkeypatch):
    """Return an app built with Zielwurf registered: its templates are the app's as a game's."""
    return make_app(tmp_path, monkeypatch)
