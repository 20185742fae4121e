"""Zielwurf's statistics: games won by team (its fold, engine.stats.FOLDS)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from bauerblock.engine.stats import GameStats, Record, Tally
from bauerblock.engine.teams import Team


@dataclass(frozen=True)
class Throws(Tally):
    games: int = 0
    games_won: int = 0


@dataclass(frozen=True)
class ZielwurfEvenings(Tally):
    """A roster player's Zielwurf evenings (engine.stats.GroupFigures)."""

    BALANCES: ClassVar[tuple[str, ...]] = ()

    evenings: int = 0
    throws: Throws = field(default_factory=Throws)

    def group_dict(self) -> dict[str, Any]:
        return {"zielwurf": {"evenings": self.evenings, **self.throws.to_dict()}}


@dataclass(frozen=True)
class ZielwurfStats:
    teams: Mapping[Team, Throws]

    game = "zielwurf"

    @property
    def players(self) -> tuple[Throws, ...]:
        return tuple(self.teams[Team.of_seat(seat)] for seat in range(4))

    @property
    def games(self) -> int:
        return self.teams[Team.A].games

    def evening(self, seat: int) -> ZielwurfEvenings:
        return ZielwurfEvenings(1, self.players[seat])

    def partners(self) -> dict[Team, tuple[int, int]]:
        return {team: (self.teams[team].games, self.teams[team].games_won) for team in Team}

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "players": [{"seat": s, **f.to_dict()} for s, f in enumerate(self.players)],
            "teams": {team.value: self.teams[team].to_dict() for team in Team},
        }


def fold(records: Iterable[Record], rules: Any, before: ZielwurfStats | None) -> ZielwurfStats:
    won = {team: before.teams[team].games_won if before else 0 for team in Team}
    games = before.games if before else 0
    for record in records:
        won[Team(record["winner"])] += 1
        games += 1
    return ZielwurfStats({team: Throws(games, won[team]) for team in Team})


STATS = GameStats(fold, ZielwurfEvenings)
