"""A Bauerschspiel evening's games won and Nullchen by team, and its board game by game."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from bauerblock.engine.stats.tally import GameStats, Record, Tally, TeamFigures, TeamStats
from bauerblock.engine.teams import Points, Team
from bauerblock.games.bauerschspiel.rules import NAME, SEATS


@dataclass(frozen=True)
class BoardFigures(TeamFigures):
    """What a Bauerschspiel evening says about a team (or a seat: its team's)."""

    nullchen: int = 0


@dataclass(frozen=True)
class BoardPoint:
    """The stroke board after one game."""

    number: int
    round: int
    strokes: Points
    nullchen: Points

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "round": self.round,
            "strokes": self.strokes.to_dict(),
            "nullchen": self.nullchen.to_dict(),
        }


@dataclass(frozen=True)
class BoardEvenings(Tally):
    """A roster player's Bauerschspiel evenings: their team's figures summed (GroupFigures)."""

    BALANCES: ClassVar[tuple[str, ...]] = ()

    evenings: int = 0
    figures: BoardFigures = field(default_factory=BoardFigures)

    def group_dict(self) -> dict[str, Any]:
        return {"bauerschspiel": {"evenings": self.evenings, **self.figures.to_dict()}}


@dataclass(frozen=True)
class BauerschspielStats(TeamStats[BoardFigures, BoardPoint]):
    """A Bauerschspiel evening's games won and Nullchen by team, and its board game by game."""

    game = NAME
    EVENINGS = BoardEvenings


def bauerschspiel_stats(
    records: Iterable[Record], rules: Any = None, before: BauerschspielStats | None = None
) -> BauerschspielStats:
    """Fold a Bauerschspiel evening's games (in order) into its figures and series, alike
    under every board (`rules`).

    With `before`, the statistics of the games before these, fold on from there.
    """
    if before is None:
        before = BauerschspielStats((), dict.fromkeys(Team, BoardFigures()), ())
    counts = {team: [before.teams[team].games_won, before.teams[team].nullchen] for team in Team}
    series = list(before.series)
    for record in records:
        counts[Team(record["winner"])][0] += 1
        if record.get("nullchen"):
            counts[Team(record["nullchen"])][1] += 1
        strokes, nullchen = record["strokes_after"], record["nullchen_after"]
        series.append(
            BoardPoint(
                record["number"],
                record["round"],
                Points(strokes["A"], strokes["B"]),
                Points(nullchen["A"], nullchen["B"]),
            )
        )
    teams = {
        team: BoardFigures(games=len(series), games_won=won, nullchen=nullchen)
        for team, (won, nullchen) in counts.items()
    }
    players = tuple(teams[Team.of_seat(seat)] for seat in range(SEATS))
    return BauerschspielStats(players, teams, tuple(series))


STATS = GameStats(bauerschspiel_stats, BoardEvenings)
