"""Figures that add up field by field, the game record a fold reads, and what the statistics
of an evening of two teams share."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import Field, dataclass, fields
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from bauerblock.engine.options import Plain
from bauerblock.engine.teams import Team

Record = Mapping[str, Any]
"""One game as its sheet's engine replayed it: `GameRecord.to_dict()`."""


class Tally:
    """Counts that add up field by field: one evening's and a group's alike."""

    # Every tally is a dataclass: what dataclasses.fields asks of its argument.
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def __add__(self, other: object) -> Self:
        if type(other) is not type(self):
            return NotImplemented
        return type(self)(
            **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)}
        )

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


class GroupFigures(Protocol):
    """What a game's evenings give a roster player of a group (a `Tally` of the game's own):
    how many evenings, and the figures summed; `BALANCES` names the figures the group charts
    evening by evening (and "cents" is the money it settles)."""

    BALANCES: ClassVar[tuple[str, ...]]

    @property
    def evenings(self) -> int: ...

    def group_dict(self) -> dict[str, Any]:
        """Return the figures in the shape of the API's getGroupStats, a player's part."""
        ...


class Stats(Plain, Protocol):
    """An evening's statistics, as a game's fold gives them: they name their `game`, count
    its `games`, say what the evening gives the player on a seat in a group (`evening`) and
    each team's games and games won together (`partners`, empty for a game without teams)."""

    @property
    def game(self) -> str: ...
    @property
    def games(self) -> int: ...
    def evening(self, seat: int) -> GroupFigures: ...
    def partners(self) -> Mapping[Team, tuple[int, int]]: ...


S = TypeVar("S", bound=Stats)

Fold = Callable[[Iterable[Record], Any, S | None], S]
"""A game's fold: its records in order, its resolved rules, the statistics to fold on from
(the game's own `Stats`, as the fold gave them)."""


@dataclass(frozen=True)
class GameStats(Generic[S]):
    """A game's statistics (its folder's `stats.STATS`): its fold, and its `GroupFigures`,
    empty: what its evenings give a roster player who sat in none of them."""

    fold: Fold[S]
    evenings: type[GroupFigures]


@dataclass(frozen=True)
class TeamFigures(Tally):
    """What an evening of two teams says about a team, or a seat: its games and games won,
    before the game's own figures."""

    games: int = 0
    games_won: int = 0


F = TypeVar("F", bound=TeamFigures)
# A point of an evening's charts: where it stood after one game.
P = TypeVar("P", bound=Plain)


@dataclass(frozen=True)
class TeamStats(Generic[F, P]):
    """An evening of two teams' statistics (a `Stats`): the figures by seat and by team, and
    the series game by game. A game's class names its `game`, its `GroupFigures` (`EVENINGS`,
    made of the evenings and a seat's figures) and the counts that head its figures
    (`TOTALS`)."""

    game: ClassVar[str]
    EVENINGS: ClassVar[Callable[[int, Any], GroupFigures]]
    TOTALS: ClassVar[tuple[str, ...]] = ("games",)

    players: tuple[F, ...]
    teams: Mapping[Team, F]
    series: tuple[P, ...]

    @property
    def games(self) -> int:
        return self.teams[Team.A].games

    def evening(self, seat: int) -> GroupFigures:
        """Return what the evening gives the player on `seat` in a group."""
        # Asked of the class: a callable class attribute is no method of the instance.
        return type(self).EVENINGS(1, self.players[seat])

    def partners(self) -> dict[Team, tuple[int, int]]:
        """Return each team's games and games won: its two players' as partners."""
        return {team: (self.teams[team].games, self.teams[team].games_won) for team in Team}

    def to_dict(self) -> dict[str, Any]:
        """Return the figures in the shape of the API's getSheetStats; seats carry their number."""
        return {
            "game": self.game,
            **{name: getattr(self, name) for name in self.TOTALS},
            "players": [
                {"seat": seat, **figures.to_dict()} for seat, figures in enumerate(self.players)
            ],
            "teams": {team.value: self.teams[team].to_dict() for team in Team},
            "series": [point.to_dict() for point in self.series],
        }
