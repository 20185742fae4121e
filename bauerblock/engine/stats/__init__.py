"""Statistics of an evening: a pure fold over a sheet's games as replayed (docs/rules.md section 6).

The fold reads each game's record in the shape of its `GameRecord.to_dict()`, which the
store keeps for every game: a sheet's statistics replay nothing, and a group sums the
figures of its evenings (`+`) without looking at a single game again.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bauerblock.engine.stats.bauerchen import (
    FIGURES,
    BauerchenStats,
    Figures,
    ScorePoint,
    bauerchen_stats,
    soloist,
)
from bauerblock.engine.stats.bauerschspiel import (
    BauerschspielStats,
    BoardFigures,
    BoardPoint,
    bauerschspiel_stats,
)
from bauerblock.engine.stats.bolachen import (
    CONTRACTS,
    BolachenStats,
    Contracts,
    DealFigures,
    TotalsPoint,
    bolachen_stats,
)
from bauerblock.engine.stats.settlement import EXACT_UP_TO, Payment, settle
from bauerblock.engine.stats.tally import Record, Tally

Stats = BauerchenStats | BauerschspielStats | BolachenStats


def evening_stats(
    game: str, rules: Any, records: Iterable[Record], before: Stats | None = None
) -> Stats:
    """Fold the games of a sheet of `game` (records in order) under its resolved `rules`.

    With `before`, the statistics of the sheet's games before these, fold on from there:
    a game just recorded adds to the figures without folding the evening again.
    """
    if game == "bolachen":
        assert before is None or isinstance(before, BolachenStats)
        return bolachen_stats(records, rules.unit, before)
    if game == "bauerschspiel":
        assert before is None or isinstance(before, BauerschspielStats)
        return bauerschspiel_stats(records, before)
    assert before is None or isinstance(before, BauerchenStats)
    return bauerchen_stats(records, before)


__all__ = [
    "CONTRACTS",
    "EXACT_UP_TO",
    "FIGURES",
    "BauerchenStats",
    "BauerschspielStats",
    "BoardFigures",
    "BoardPoint",
    "BolachenStats",
    "Contracts",
    "DealFigures",
    "Figures",
    "Payment",
    "Record",
    "ScorePoint",
    "Stats",
    "Tally",
    "TotalsPoint",
    "bauerchen_stats",
    "bauerschspiel_stats",
    "bolachen_stats",
    "evening_stats",
    "settle",
    "soloist",
]
