"""Bolachen, the three-player game of Upper Bavaria (docs/rules.md section 3)."""

from bauerblock.engine.stats.settlement import euros
from bauerblock.games.bolachen.rules.game import (
    CONTRACT_NAMES,
    PRESETS,
    RANKING,
    SEATS,
    VALUES,
    Bid,
    Contract,
    Game,
    Outcome,
    Rules,
    Suit,
    parse_game,
    rank,
    resolve_rules,
    score,
)
from bauerblock.games.bolachen.rules.sheet import (
    RUNNING,
    SheetState,
    drift,
    forehand_of,
    play,
    rebased,
    replay,
    shift,
    start,
)

NAME = "bolachen"
RESULT = ("games_played", "totals", "unit")
"""What a Stammtisch's list of evenings keeps of the sheet's `current`: its result."""

__all__ = [
    "CONTRACT_NAMES",
    "NAME",
    "PRESETS",
    "RANKING",
    "RESULT",
    "RUNNING",
    "SEATS",
    "VALUES",
    "Bid",
    "Contract",
    "Game",
    "Outcome",
    "Rules",
    "SheetState",
    "Suit",
    "drift",
    "euros",
    "forehand_of",
    "parse_game",
    "play",
    "rank",
    "rebased",
    "replay",
    "resolve_rules",
    "score",
    "shift",
    "start",
]
