"""Statistics of an evening: a pure fold over a sheet's games as replayed (docs/rules.md section 6).

The fold reads each game's record in the shape of its `GameRecord.to_dict()`, which the
store keeps for every game: a sheet's statistics replay nothing, and a group sums the
figures of its evenings (`+`) without looking at a single game again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from bauerblock.engine.stats.bauerchen import (
    FIGURES,
    BauerchenEvenings,
    BauerchenStats,
    Figures,
    ScorePoint,
    bauerchen_stats,
    soloist,
)
from bauerblock.engine.stats.bauerschspiel import (
    BauerschspielStats,
    BoardEvenings,
    BoardFigures,
    BoardPoint,
    bauerschspiel_stats,
)
from bauerblock.engine.stats.bolachen import (
    CONTRACTS,
    BolachenStats,
    Contracts,
    DealEvenings,
    DealFigures,
    TotalsPoint,
    bolachen_stats,
)
from bauerblock.engine.stats.settlement import EXACT_UP_TO, Payment, settle
from bauerblock.engine.stats.tally import GroupFigures, Record, Tally

Stats = BauerchenStats | BauerschspielStats | BolachenStats


Fold = Callable[[Iterable[Record], Any, "Stats | None"], "Stats"]
"""A game's fold: its records in order, its resolved rules, the statistics to fold on from."""


def _bauerchen(records: Iterable[Record], rules: Any, before: Stats | None) -> Stats:
    assert before is None or isinstance(before, BauerchenStats)
    return bauerchen_stats(records, before)


def _bauerschspiel(records: Iterable[Record], rules: Any, before: Stats | None) -> Stats:
    assert before is None or isinstance(before, BauerschspielStats)
    return bauerschspiel_stats(records, before)


def _bolachen(records: Iterable[Record], rules: Any, before: Stats | None) -> Stats:
    assert before is None or isinstance(before, BolachenStats)
    return bolachen_stats(records, rules.unit, before)


@dataclass(frozen=True)
class GameStats:
    """A game's statistics: its fold, and what its evenings give a group's roster player.

    The fold's statistics name their `game`, and say what the evening gives the player on a
    seat (`evening(seat)`, an `evenings` tally) and each team's games and games won together
    (`partners()`, empty for a game without teams).
    """

    fold: Fold
    evenings: type[GroupFigures]
    """The game's `GroupFigures`: empty, a player who sat in none of its evenings."""


FOLDS: dict[str, GameStats] = {
    BauerchenStats.game: GameStats(_bauerchen, BauerchenEvenings),
    BauerschspielStats.game: GameStats(_bauerschspiel, BoardEvenings),
    BolachenStats.game: GameStats(_bolachen, DealEvenings),
}
"""Every game's statistics by its name (engine.games.GAMES): one module of engine/stats/ a
game, registered here."""


def evening_stats(
    game: str, rules: Any, records: Iterable[Record], before: Stats | None = None
) -> Stats:
    """Fold the games of a sheet of `game` (records in order) under its resolved `rules`.

    With `before`, the statistics of the sheet's games before these, fold on from there:
    a game just recorded adds to the figures without folding the evening again.
    """
    return FOLDS[game].fold(records, rules, before)


__all__ = [
    "CONTRACTS",
    "EXACT_UP_TO",
    "FIGURES",
    "FOLDS",
    "BauerchenEvenings",
    "BauerchenStats",
    "BauerschspielStats",
    "BoardEvenings",
    "BoardFigures",
    "BoardPoint",
    "BolachenStats",
    "Contracts",
    "DealEvenings",
    "DealFigures",
    "Figures",
    "GameStats",
    "GroupFigures",
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
