"""Figures that add up field by field, and the game record a fold reads."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import Field, dataclass, fields
from typing import Any, ClassVar, Protocol, Self

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


class Stats(Protocol):
    """An evening's statistics, as a game's fold gives them: they name their `game`, count
    its `games`, say what the evening gives the player on a seat in a group (`evening`) and
    each team's games and games won together (`partners`, empty for a game without teams)."""

    @property
    def game(self) -> str: ...
    @property
    def games(self) -> int: ...
    def evening(self, seat: int) -> GroupFigures: ...
    def partners(self) -> Mapping[Team, tuple[int, int]]: ...
    def to_dict(self) -> dict[str, Any]: ...


Fold = Callable[[Iterable[Record], Any, Stats | None], Stats]
"""A game's fold: its records in order, its resolved rules, the statistics to fold on from."""


@dataclass(frozen=True)
class GameStats:
    """A game's statistics (its folder's `stats.STATS`): its fold, and its `GroupFigures`,
    empty: what its evenings give a roster player who sat in none of them."""

    fold: Fold
    evenings: type[GroupFigures]
