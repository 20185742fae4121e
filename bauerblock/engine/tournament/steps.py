"""The draw steps both kinds of tournament share: only the latest draw is ended or drawn
anew, and drawn anew only while none of its tables has a game.

The rule is here once; each kind words its refusals with codes of its own (`Refusals`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import Field, dataclass, replace
from typing import Any, ClassVar, Protocol, TypeVar

from bauerblock.engine.errors import StateConflict

MAX_DRAWS = 30
"""The most draws a tournament plans (a table's title leaves room for its number)."""


class Drawn(Protocol):
    """A draw of either kind, as far as its tables go."""

    @property
    def table_numbers(self) -> tuple[int, ...]: ...


class Endable(Drawn, Protocol):
    """A draw of either kind as a dataclass (`replace` ends a copy of it)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def ended(self) -> bool: ...


EndableT = TypeVar("EndableT", bound=Endable)


@dataclass(frozen=True)
class Refusals:
    """How a kind of tournament refuses a draw step, each given the number it names."""

    redo_not_latest: Callable[[int], StateConflict]
    """Given the latest draw's number."""
    redo_has_games: Callable[[int], StateConflict]
    """Given the number of the draw asked for."""
    end_not_latest: Callable[[int], StateConflict]
    """Given the latest draw's number."""


def check_latest(
    draws: Sequence[Drawn], number: int, refuse: Callable[[int], StateConflict]
) -> None:
    """Refuse a step on draw `number` unless it is the latest (`refuse` words it)."""
    if number != len(draws):
        raise refuse(len(draws))


def check_redo(
    draws: Sequence[Drawn], number: int, games: Mapping[int, int], refusals: Refusals
) -> None:
    """Refuse to redo draw `number` unless it is the latest and no table has a game.

    `games` gives the games recorded at each table of that draw, by table number.
    """
    check_latest(draws, number, refusals.redo_not_latest)
    if any(games.get(table, 0) for table in draws[-1].table_numbers):
        raise refusals.redo_has_games(number)


def end_draw(draws: Sequence[EndableT], number: int, refusals: Refusals) -> EndableT:
    """Return draw `number` ended (ending it twice changes nothing): only the latest."""
    check_latest(draws, number, refusals.end_not_latest)
    return replace(draws[-1], ended=True)
