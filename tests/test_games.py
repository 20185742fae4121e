"""Every game is whole in every layer: a game the engine keeps has its statistics
(engine/stats/), its new-sheet form (web/games/), its pad (scoresheet/games/), its exports
(exports/games/), its API's schemas (api/games/), each one module registered under the
game's name, with the partials its pad and its form name, and its offline pad's script
(scoresheet/static/game_<game>.js) in the pad's bundle.

A fourth game half added (an engine module without its pad, a pad without its exports)
fails here rather than with a KeyError on the first sheet of it.
"""

import importlib
import re
from pathlib import Path

import pytest

from bauerblock.api.games import APIS
from bauerblock.engine.games import GAMES
from bauerblock.engine.stats import FOLDS
from bauerblock.exports.games import EXPORTS
from bauerblock.scoresheet.games import PADS
from bauerblock.web.assets import BUNDLES, VENDORED, bundled
from bauerblock.web.forms import game_choices
from bauerblock.web.games import STARTS

PACKAGE = Path(__file__).resolve().parents[1] / "bauerblock"
SCRIPTS = PACKAGE / "scoresheet" / "static"
REGISTRIES = {"web": STARTS, "scoresheet": PADS, "exports": EXPORTS, "api": APIS}
"""Each layer's registry of the games, by the package it lives in."""


@pytest.mark.parametrize("layer", sorted(REGISTRIES))
def test_every_game_of_the_engine_has_its_module_in_each_layer(layer):
    registry = REGISTRIES[layer]
    assert set(registry) == set(GAMES)
    for game, entry in registry.items():
        # Registered under its own name, from the module named after the game.
        assert entry.game == game
        module = importlib.import_module(f"bauerblock.{layer}.games.{game}")
        assert entry in vars(module).values()


def test_every_game_of_the_engine_has_its_statistics():
    assert set(FOLDS) == set(GAMES)


def test_the_start_page_offers_every_game():
    assert set(game_choices()) == set(GAMES)
    assert list(game_choices()) == list(STARTS)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_partial_a_game_names_exists(game):
    pad, start = PADS[game], STARTS[game]
    named = [pad.header, pad.entry, pad.table, pad.rows_partial, pad.summary, start.house_rules]
    if start.evening_rules is not None:
        named.append(start.evening_rules)
    for name in named:
        folder = "scoresheet" if name.startswith("scoresheet/") else "web"
        assert (PACKAGE / folder / "templates" / name).is_file(), name


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_new_sheet_form_words_every_preset_of_the_game(game):
    assert set(STARTS[game].presets) == set(GAMES[game].PRESETS)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_its_script_and_styles_in_its_sheets_bundles(game):
    parts = BUNDLES[f"app-{game}.js"]
    # Its own script alone: a sheet's first visit carries no other game's code.
    assert [name for name in parts if name.startswith("game_")] == [f"game_{game}.js"]
    # It registers its hooks under its own name, with the Pad helpers loaded before it.
    assert f"Pad.games.{game} = {{" in (SCRIPTS / f"game_{game}.js").read_text()
    assert parts.index("pad.js") < parts.index(f"game_{game}.js")
    assert parts.index("words.js") < parts.index(f"game_{game}.js")
    assert [n for n in parts if not n.startswith("game_")] == list(BUNDLES["app.js"])
    assert BUNDLES[f"sheet-{game}.css"] == ("base.css", f"game_{game}.css")
    assert (SCRIPTS / f"game_{game}.css").is_file()
    # The pages of no sheet: no game's hooks, every game's styles.
    assert f"game_{game}.css" in BUNDLES["sheet.css"]
    assert not [name for name in BUNDLES["app.js"] if name.startswith("game_")]
    # A page asks for its game's bundles; a game without any (a page of no sheet) the shared.
    assert bundled("app.js", game) == f"app-{game}.js"
    assert bundled("sheet.css", game) == f"sheet-{game}.css"
    assert bundled("app.js", None) == "app.js"
    assert bundled("sheet.css", "no-such-game") == "sheet.css"


def test_the_shared_scripts_of_the_pad_never_ask_which_game_it_is():
    shared = [n for n in BUNDLES["app.js"] if n not in VENDORED and not n.startswith("game_")]
    assert "pad.js" in shared
    named = re.compile(r"dataset\.game\s*[!=]=|[\"'](?:" + "|".join(GAMES) + r")[\"']")
    for name in shared:
        # Neither the board's game compared nor a game's name: that is the game's script's.
        assert not named.search((SCRIPTS / name).read_text()), name
