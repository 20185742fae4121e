"""A Bauerschspiel evening's games won and Nullchen by team, and its board game by game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from bauerblock.engine.stats.tally import GameStats, Record, Stats, Tally
from bauerblock.engine.teams import Points, Team
from bauerblock.games.bauerschspiel.rules import SEATS


@dataclass(frozen=True)
class BoardFigures(Tally):
    """What a Bauerschspiel evening says about a team (or a seat: its team's)."""

    games: int = 0
    games_won: int = 0
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
class BauerschspielStats:
    """A Bauerschspiel evening's games won and Nullchen by team, and its board game by game."""

    teams: Mapping[Team, BoardFigures]
    series: tuple[BoardPoint, ...]

    game = "bauerschspiel"

    @property
    def players(self) -> tuple[BoardFigures, ...]:
        return tuple(self.teams[Team.of_seat(seat)] for seat in range(SEATS))

    @property
    def games(self) -> int:
        return self.teams[Team.A].games

    def evening(self, seat: int) -> BoardEvenings:
        """Return what the evening gives the player on `seat` in a group."""
        return BoardEvenings(1, self.players[seat])

    def partners(self) -> dict[Team, tuple[int, int]]:
        """Return each team's games and games won: its two players' as partners."""
        return {team: (self.teams[team].games, self.teams[team].games_won) for team in Team}

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "players": [
                {"seat": seat, **figures.to_dict()} for seat, figures in enumerate(self.players)
            ],
            "teams": {team.value: self.teams[team].to_dict() for team in Team},
            "series": [point.to_dict() for point in self.series],
        }


def bauerschspiel_stats(
    records: Iterable[Record], before: BauerschspielStats | None = None
) -> BauerschspielStats:
    """Fold a Bauerschspiel evening's games (in order) into its figures and series.

    With `before`, the statistics of the games before these, fold on from there.
    """
    counts = {team: [0, 0] for team in Team}
    series: list[BoardPoint] = []
    if before is not None:
        counts = {
            team: [before.teams[team].games_won, before.teams[team].nullchen] for team in Team
        }
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
    return BauerschspielStats(teams, tuple(series))


def fold(records: Iterable[Record], rules: Any, before: Stats | None) -> Stats:
    """Fold a Bauerschspiel evening's games, from the statistics `before` them (if any)."""
    assert before is None or isinstance(before, BauerschspielStats)
    return bauerschspiel_stats(records, before)


STATS = GameStats(fold, BoardEvenings)
