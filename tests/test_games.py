"""Every game is whole in every layer: a game the engine keeps has its statistics
(engine/stats/), its new-sheet form (web/games/), its pad (scoresheet/games/) and its
exports (exports/games/), each one module registered under the game's name, with the
partials its pad and its form name.

A fourth game half added (an engine module without its pad, a pad without its exports)
fails here rather than with a KeyError on the first sheet of it.
"""

import importlib
from pathlib import Path

import pytest

from bauerblock.engine.games import GAMES
from bauerblock.engine.stats import FOLDS
from bauerblock.exports.games import EXPORTS
from bauerblock.scoresheet.games import PADS
from bauerblock.web.forms import GAME_CHOICES
from bauerblock.web.games import STARTS

PACKAGE = Path(__file__).resolve().parents[1] / "bauerblock"
REGISTRIES = {"web": STARTS, "scoresheet": PADS, "exports": EXPORTS}
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
    assert set(GAME_CHOICES) == set(GAMES)
    assert list(GAME_CHOICES) == list(STARTS)


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
