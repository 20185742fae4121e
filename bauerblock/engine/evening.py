"""What every game's sheet shares: an entry's first check, a game's refusal by its number,
breakdown lines, the deal's rotation, closed rounds, the replay as a fold over the log, and
snapshots of where an evening stands."""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from bauerblock.engine.errors import GameError, RuleError
from bauerblock.engine.options import Dataclass, Plain, is_int, refuse_unknown
from bauerblock.engine.teams import Points, Team


def check_entry(
    entry: object, fields: Collection[str], unknown: Callable[[str], RuleError]
) -> None:
    """Refuse a game's `entry` that is no object, or has a field none of `fields` (the game's
    refusal `unknown` of the first)."""
    if not isinstance(entry, Mapping):
        raise RuleError("entry_not_object")
    refuse_unknown(entry, fields, unknown)


@contextmanager
def numbered(number: int) -> Iterator[None]:
    """Refuse what the block refuses as game `number`: a GameError naming it."""
    try:
        yield
    except RuleError as error:
        raise GameError(number, error) from error


@dataclass(frozen=True)
class Line:
    """One line of a breakdown: a code for translation and an English text."""

    code: str
    text: str

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "text": self.text}


@dataclass(frozen=True)
class RoundRecord:
    """A finished round (or board): who won it, and the score it ended on."""

    number: int
    winner: Team
    final: Points

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "winner": self.winner.value, "final": self.final.to_dict()}


class Played(Protocol):
    """Where a game's evening stands: at least how many games it has played."""

    @property
    def played(self) -> int: ...


RulesT = TypeVar("RulesT")
StandingT = TypeVar("StandingT", bound=Played)
RecordT = TypeVar("RecordT", bound=Plain)


@dataclass(frozen=True)
class Evening(Generic[RulesT, StandingT, RecordT]):
    """A replayed sheet of any game: rules, first dealer, standing and the games played.

    Each game's SheetState names its types (`Evening[Rules, Standing, GameRecord]`), sets
    `seats`, says where it stands (`current`) and adds what it keeps besides.
    """

    seats: ClassVar[int]
    rules: RulesT
    first_dealer: int
    standing: StandingT
    games: tuple[RecordT, ...] = ()

    @property
    def dealer(self) -> int:
        """Return the seat that deals the next game."""
        return dealer_of(self.first_dealer, self.standing.played + 1, self.seats)

    @property
    def finished(self) -> bool:
        """Tell whether the sheet takes no more games (an evening that has no end: never)."""
        return False

    def current(self) -> dict[str, Any]:
        """Return where the evening stands, as the API's getSheet answers its `current`."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """Return `current` and `games` as the API's getSheet answers them."""
        return {"current": self.current(), "games": [game.to_dict() for game in self.games]}


@dataclass(frozen=True)
class EveningOfRounds(Evening[RulesT, StandingT, RecordT]):
    """A replayed sheet whose games close rounds (or boards): it keeps them too."""

    rounds: tuple[RoundRecord, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Return `current`, `games` and `rounds` as the API's getSheet answers them."""
        return {**super().to_dict(), "rounds": [r.to_dict() for r in self.rounds]}


def dealer_of(first_dealer: int, number: int, seats: int) -> int:
    """Return the seat dealing game `number` (1-based): the deal moves one seat a game."""
    return (first_dealer + number - 1) % seats


def check_first_dealer(first_dealer: object, seats: int) -> None:
    """Refuse a first dealer who is no seat."""
    if not is_int(first_dealer) or not 0 <= first_dealer < seats:
        raise RuleError("first_dealer_seat", last=seats - 1)


State = TypeVar("State")


def fold(state: State, entries: Iterable[Mapping[str, Any]], play: Callable[..., State]) -> State:
    """Play every entry in order from `state`; the first illegal one raises its GameError."""
    for entry in entries:
        state = play(state, entry)
    return state


def replayer(
    start: Callable[[Any, int], State], play: Callable[[State, Mapping[str, Any]], State]
) -> Callable[[Any, int, Iterable[Mapping[str, Any]]], State]:
    """Return a game's `replay` from its `start` and `play`: the state after every game of
    the log, refusing the first illegal one."""

    def replay(rules: Any, first_dealer: int, entries: Iterable[Mapping[str, Any]]) -> State:
        return fold(start(rules, first_dealer), entries, play)

    return replay


Standing = TypeVar("Standing", bound=Dataclass)


def snapshot(standing: Dataclass) -> dict[str, Any]:
    """Return a game's standing (a frozen dataclass) as plain JSON values."""
    # As dataclasses.asdict gives it, without its deep copy of every value: a long replay
    # takes one snapshot a game.
    return {name: _plain(getattr(standing, name)) for name in _names(type(standing))}


def _plain(value: Any) -> Any:
    # A standing's points are a dataclass of their own; its other values are JSON already.
    if dataclasses.is_dataclass(value):
        return snapshot(typing.cast(Dataclass, value))
    return value


@functools.cache
def _names(kind: type) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(kind))


@functools.cache
def _hints(kind: type) -> dict[str, Any]:
    # The annotations are strings (PEP 563): resolving them compiles each, so once a kind.
    return typing.get_type_hints(kind)


def alike_but(new: Dataclass, stored: Dataclass, counted: Collection[str]) -> bool:
    """Tell whether two standings are equal in every field but the `counted` ones."""
    return all(
        getattr(new, name) == getattr(stored, name)
        for name in _names(type(new))
        if name not in counted
    )


def restore(kind: type[Standing], data: Mapping[str, Any]) -> Standing:
    """Return the standing a snapshot holds, rebuilding its Points and tuples."""
    hints = _hints(kind)
    values = {}
    for field in dataclasses.fields(kind):
        if field.name not in data:
            # A snapshot stored before the field existed: the field's default is its value.
            continue
        value, hint = data[field.name], hints[field.name]
        if hint is Points:
            value = Points(**value)
        elif typing.get_origin(hint) is tuple:
            value = tuple(value)
        values[field.name] = value
    return kind(**values)
