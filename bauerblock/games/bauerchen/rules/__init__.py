"""Bauerchen, the four-player game of the Palatinate (docs/rules.md section 1)."""

from bauerblock.games.bauerchen.rules.game import Band, Game, MeldKind, Outcome, parse_game, score
from bauerblock.games.bauerchen.rules.rules import PRESETS, Rules, resolve_rules
from bauerblock.games.bauerchen.rules.sheet import (
    RUNNING,
    SEATS,
    SheetState,
    drift,
    play,
    rebased,
    replay,
    shift,
    start,
)

NAME = "bauerchen"
RESULT = ("games_played", "round", "score", "knoddels", "steins")
"""What a Stammtisch's list of evenings keeps of the sheet's `current`: its result."""

__all__ = [
    "NAME",
    "PRESETS",
    "RESULT",
    "RUNNING",
    "SEATS",
    "Band",
    "Game",
    "MeldKind",
    "Outcome",
    "Rules",
    "SheetState",
    "drift",
    "parse_game",
    "play",
    "rebased",
    "replay",
    "resolve_rules",
    "score",
    "shift",
    "start",
]
