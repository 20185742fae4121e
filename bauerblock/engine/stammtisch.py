"""A Stammtisch's statistics: its evenings' figures summed per roster player
(docs/rules.md section 6).

Each evening is a sheet's statistics (engine.stats) and the roster numbers by seat; the
group's figures are their sum, per player and per pair of partners, so a group folds no
game: it adds the evenings' tallies. What an evening gives a player is its game's own
(`Stats.evening`, a `GroupFigures` of engine.stats.FOLDS): no game is named here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cached_property
from operator import attrgetter
from typing import Any, TypeVar

from bauerblock.engine.stats import (
    FOLDS,
    Payment,
    Stats,
    Tally,
    TeamFigures,
    settle,
)

MONEY = "cents"
"""The balance a group settles in transfers: a game's money (its `GroupFigures` names it)."""


@dataclass(frozen=True)
class Seating:
    """An evening of the group: the sheet, the roster numbers by seat, its statistics."""

    sheet_id: str
    title: str
    created: str
    players: tuple[int, ...]
    stats: Stats

    # Kept on the evening once worked out: a group re-sums an evening it holds unchanged.
    @cached_property
    def records(self) -> dict[int, PlayerRecord]:
        """Return what the evening gives each roster player who sat in it."""
        stats = self.stats
        return {
            number: PlayerRecord(1, {stats.game: stats.evening(seat)})
            for seat, number in enumerate(self.players)
        }

    @cached_property
    def partners(self) -> dict[tuple[int, int], Partnership]:
        """Return the games each pair of partners played together (teams only)."""
        pairs = {}
        for team, (games, won) in self.stats.partners().items():
            one, other = (self.players[seat] for seat in team.seats)
            pairs[_pair(one, other)] = Partnership(games, won)
        return pairs


@dataclass(frozen=True)
class PlayerRecord(Tally):
    """A roster player's evenings: what each game's evenings gave them, summed."""

    evenings: int = 0
    games: Mapping[str, Any] = field(default_factory=dict)
    """Each game's `GroupFigures` by the game's name, for the games the player sat in."""

    def __add__(self, other: object) -> PlayerRecord:
        if not isinstance(other, PlayerRecord):
            return NotImplemented
        return total((self, other), PlayerRecord())

    def of(self, game: str) -> Any:
        """Return what the evenings of `game` gave the player (empty: none)."""
        found = self.games.get(game)
        return found if found is not None else FOLDS[game].evenings()

    def balance(self, name: str) -> int:
        """Return a balance (steins_balance, cents) summed over the games that keep it."""
        return sum(
            getattr(figures, name) for figures in self.games.values() if name in figures.BALANCES
        )


def balances() -> tuple[str, ...]:
    """Return the balances the registered games keep, in the games' order."""
    names = (name for entry in FOLDS.values() for name in entry.evenings.BALANCES)
    return tuple(dict.fromkeys(names))


@dataclass(frozen=True)
class Partnership(TeamFigures):
    """Two roster players as partners: their games together and the games won together."""


@dataclass(frozen=True)
class BalancePoint:
    """Where each roster player's balances stand after an evening: a point of the chart."""

    sheet_id: str
    title: str
    created: str
    game: str
    balances: Mapping[str, tuple[int, ...]]
    """Each balance of `balances()` by roster player, in the roster's order."""


@dataclass(frozen=True)
class GroupStats:
    """A group's figures: by roster player, by pair of partners, the money and the series."""

    roster: Mapping[int, str]
    players: Mapping[int, PlayerRecord]
    partners: Mapping[tuple[int, int], Partnership]
    series: tuple[BalancePoint, ...]
    evenings: int = 0

    @property
    def payments(self) -> tuple[Payment, ...]:
        """Return the money balance settled in the fewest transfers (roster numbers)."""
        return settle({number: record.balance(MONEY) for number, record in self.players.items()})

    def partner(self, one: int, other: int) -> Partnership:
        """Return the partnership of two roster players, whichever is named first."""
        return self.partners.get(_pair(one, other), Partnership())

    def to_dict(self) -> dict[str, Any]:
        """Return the figures in the shape of the API's getGroupStats."""
        return {
            "evenings": self.evenings,
            "players": [
                _player_dict(number, self.roster[number], self.players[number])
                for number in self.roster
            ],
            "partners": [
                {"players": list(pair), **together.to_dict()}
                for pair, together in sorted(self.partners.items())
            ],
            "payments": [payment.to_dict() for payment in self.payments],
            "series": [
                {
                    "id": point.sheet_id,
                    "title": point.title,
                    "created": point.created,
                    "game": point.game,
                    **{name: list(values) for name, values in point.balances.items()},
                }
                for point in self.series
            ],
        }


def group_stats(roster: Mapping[int, str], evenings: Iterable[Seating]) -> GroupStats:
    """Sum the evenings (oldest first) per roster player and per pair of partners."""
    numbers = list(roster)
    sat: dict[int, list[PlayerRecord]] = {number: [] for number in numbers}
    pairs: dict[tuple[int, int], list[Partnership]] = {}
    running = {name: dict.fromkeys(numbers, 0) for name in balances()}
    series = []
    for evening in evenings:
        for number, record in evening.records.items():
            sat[number].append(record)
            for name, balance in running.items():
                balance[number] += record.balance(name)
        for pair, together in evening.partners.items():
            pairs.setdefault(pair, []).append(together)
        series.append(
            BalancePoint(
                evening.sheet_id,
                evening.title,
                evening.created,
                evening.stats.game,
                {name: tuple(balance.values()) for name, balance in running.items()},
            )
        )
    return GroupStats(
        roster,
        {number: total(records, PlayerRecord()) for number, records in sat.items()},
        {pair: total(together, Partnership()) for pair, together in pairs.items()},
        tuple(series),
        evenings=len(series),
    )


T = TypeVar("T", bound=Tally)


def total(tallies: Sequence[T], empty: T) -> T:
    """Return the tallies summed field by field (`empty` for none): `sum` without a `+` each.

    Adding two at a time builds a tally per step; a group sums hundreds of evenings, so
    each field's column is summed at once.
    """
    if not tallies:
        return empty
    names = [f.name for f in fields(empty)]
    columns = zip(*map(attrgetter(*names), tallies), strict=True)
    summed = {}
    for name, column in zip(names, columns, strict=True):
        inner = getattr(empty, name)
        if isinstance(inner, Tally):
            summed[name] = total(column, inner)
        elif isinstance(inner, Mapping):
            summed[name] = _total_by_key(column)
        else:
            summed[name] = sum(column)
    return type(empty)(**summed)


def _total_by_key(mappings: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Return tallies kept by key summed key by key (a key missing counts nothing)."""
    grouped: dict[str, list[Any]] = {}
    for mapping in mappings:
        for key, tally in mapping.items():
            grouped.setdefault(key, []).append(tally)
    return {key: total(tallies, type(tallies[0])()) for key, tallies in grouped.items()}


def _pair(one: int, other: int) -> tuple[int, int]:
    return (one, other) if one < other else (other, one)


def _player_dict(number: int, name: str, record: PlayerRecord) -> dict[str, Any]:
    games = (record.of(game).group_dict() for game in FOLDS)
    return {
        "number": number,
        "name": name,
        "evenings": record.evenings,
        **{key: value for part in games for key, value in part.items()},
    }
