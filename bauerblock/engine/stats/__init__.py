"""Statistics of an evening: a pure fold over a sheet's games as replayed (docs/rules.md section 6).

The fold reads each game's record in the shape of its `GameRecord.to_dict()`, which the
store keeps for every game: a sheet's statistics replay nothing, and a group sums the
figures of its evenings (`+`) without looking at a single game again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bauerblock.engine.plugins import Parts
from bauerblock.engine.stats.settlement import EXACT_UP_TO, Payment, settle
from bauerblock.engine.stats.tally import (
    Fold,
    GameStats,
    GroupFigures,
    Record,
    Stats,
    Tally,
    TeamFigures,
)

FOLDS: Mapping[str, GameStats[Any]] = Parts("stats", "STATS")
"""Every game's statistics by its name (engine.games.GAMES): its folder's `stats.STATS`."""


def evening_stats(
    game: str, rules: Any, records: Iterable[Record], before: Stats | None = None
) -> Stats:
    """Fold the games of a sheet of `game` (records in order) under its resolved `rules`.

    With `before`, the statistics of the sheet's games before these, fold on from there:
    a game just recorded adds to the figures without folding the evening again.
    """
    return FOLDS[game].fold(records, rules, before)


__all__ = [
    "EXACT_UP_TO",
    "FOLDS",
    "Fold",
    "GameStats",
    "GroupFigures",
    "Payment",
    "Record",
    "Stats",
    "Tally",
    "TeamFigures",
    "evening_stats",
    "settle",
]
