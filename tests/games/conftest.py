"""The toy fourth game, Zielwurf (tests/games/toy/), registered in every layer's registry for
one test and gone after it, and an app whose pages find its partials."""

from pathlib import Path

import pytest
from jinja2 import ChoiceLoader, FileSystemLoader

from bauerblock.api.games import APIS
from bauerblock.engine.games import GAMES
from bauerblock.engine.stats import FOLDS, GameStats
from bauerblock.exports.games import EXPORTS
from bauerblock.scoresheet.games import PADS
from bauerblock.web.games import STARTS
from tests.conftest import make_app
from tests.games.toy import api, engine, export, pad, start, stats

TEMPLATES = Path(__file__).resolve().parent / "toy" / "templates"


@pytest.fixture
def zielwurf(monkeypatch):
    """Register Zielwurf in every layer's registry, from its own modules (undone after)."""
    for registry, entry in (
        (GAMES, engine),
        (FOLDS, GameStats(stats.fold, stats.ZielwurfEvenings)),
        (APIS, api.API),
        (EXPORTS, export.EXPORT),
        (STARTS, start.START),
        (PADS, pad.PAD),
    ):
        monkeypatch.setitem(registry, engine.NAME, entry)
    return engine.NAME


@pytest.fixture
def app(zielwurf, tmp_path, monkeypatch):
    """Return an app built with Zielwurf registered, its templates beside the app's."""
    app = make_app(tmp_path, monkeypatch)
    app.jinja_env.loader = ChoiceLoader([app.jinja_env.loader, FileSystemLoader(TEMPLATES)])
    return app
