"""A Stammtisch's statistics: its evenings' figures summed per roster player
(docs/rules.md section 6).

Each evening is a sheet's statistics (engine.stats) and the roster numbers by seat; the
group's figures are their sum, per player and per pair of partners, so a group folds no
game: it adds the evenings' tallies.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cached_property
from operator import attrgetter
from typing import Any, TypeVar

from bauerblock.engine.stats import (
    BauerchenStats,
    BauerschspielStats,
    BoardFigures,
    BolachenStats,
    DealFigures,
    Figures,
    Payment,
    Stats,
    Tally,
    settle,
)
from bauerblock.engine.teams import Team


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
        return evening_records(self)

    @cached_property
    def partners(self) -> dict[tuple[int, int], Partnership]:
        """Return the games each pair of partners played together (teams only)."""
        return evening_partners(self)


@dataclass(frozen=True)
class PlayerRecord(Tally):
    """A roster player's evenings: the figures of every seat they sat on, summed."""

    evenings: int = 0
    bauerchen_evenings: int = 0
    bauerchen: Figures = field(default_factory=Figures)
    bauerschspiel_evenings: int = 0
    bauerschspiel: BoardFigures = field(default_factory=BoardFigures)
    bolachen_evenings: int = 0
    bolachen: DealFigures = field(default_factory=DealFigures)
    """Deals and contracts; its `total` mixes units, so `points` and `cents` keep them apart."""
    points: int = 0
    """Totals of Bolachen evenings on paper (soft score)."""
    cents: int = 0
    """Totals of Bolachen evenings for money (hard score): the money balance."""

    @property
    def steins_balance(self) -> int:
        """Return Steine won less Steine lost: the beer tally."""
        return self.bauerchen.steins_won - self.bauerchen.steins_lost

    @property
    def win_rate(self) -> float | None:
        """Return the share of Bauerchen games won (None before the first game)."""
        games = self.bauerchen.games
        return self.bauerchen.games_won / games if games else None


@dataclass(frozen=True)
class Partnership(Tally):
    """Two roster players as partners: their games together and the games won together."""

    games: int = 0
    games_won: int = 0


@dataclass(frozen=True)
class BalancePoint:
    """Where each roster player's balances stand after an evening: a point of the chart."""

    sheet_id: str
    title: str
    created: str
    game: str
    steins_balance: tuple[int, ...]
    cents: tuple[int, ...]


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
        return settle({number: record.cents for number, record in self.players.items()})

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
                    "steins_balance": list(point.steins_balance),
                    "cents": list(point.cents),
                }
                for point in self.series
            ],
        }


def group_stats(roster: Mapping[int, str], evenings: Iterable[Seating]) -> GroupStats:
    """Sum the evenings (oldest first) per roster player and per pair of partners."""
    numbers = list(roster)
    sat: dict[int, list[PlayerRecord]] = {number: [] for number in numbers}
    pairs: dict[tuple[int, int], list[Partnership]] = {}
    steins, cents = dict.fromkeys(numbers, 0), dict.fromkeys(numbers, 0)
    series = []
    for evening in evenings:
        for number, record in evening.records.items():
            sat[number].append(record)
            steins[number] += record.steins_balance
            cents[number] += record.cents
        for pair, together in evening.partners.items():
            pairs.setdefault(pair, []).append(together)
        series.append(
            BalancePoint(
                evening.sheet_id,
                evening.title,
                evening.created,
                evening.stats.game,
                tuple(steins[number] for number in numbers),
                tuple(cents[number] for number in numbers),
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
        summed[name] = total(column, inner) if isinstance(inner, Tally) else sum(column)
    return type(empty)(**summed)


def evening_records(evening: Seating) -> dict[int, PlayerRecord]:
    """Return what one evening gives each roster player who sat in it."""
    stats = evening.stats
    records = {}
    for seat, number in enumerate(evening.players):
        if isinstance(stats, BauerchenStats):
            record = PlayerRecord(1, bauerchen_evenings=1, bauerchen=stats.players[seat])
        elif isinstance(stats, BauerschspielStats):
            record = PlayerRecord(1, bauerschspiel_evenings=1, bauerschspiel=stats.players[seat])
        else:
            record = _bolachen_record(stats, seat)
        records[number] = record
    return records


def evening_partners(evening: Seating) -> dict[tuple[int, int], Partnership]:
    """Return the games each pair of partners played together in one evening (teams only)."""
    stats = evening.stats
    if isinstance(stats, BolachenStats):
        return {}
    pairs = {}
    for team in Team:
        one, other = (evening.players[seat] for seat in team.seats)
        figures = stats.teams[team]
        pairs[_pair(one, other)] = Partnership(figures.games, figures.games_won)
    return pairs


def _bolachen_record(stats: BolachenStats, seat: int) -> PlayerRecord:
    figures = stats.players[seat]
    money = stats.unit == "cents"
    return PlayerRecord(
        evenings=1,
        bolachen_evenings=1,
        bolachen=figures,
        points=0 if money else figures.total,
        cents=figures.total if money else 0,
    )


def _pair(one: int, other: int) -> tuple[int, int]:
    return (one, other) if one < other else (other, one)


def _player_dict(number: int, name: str, record: PlayerRecord) -> dict[str, Any]:
    board, deals = record.bauerschspiel, record.bolachen
    return {
        "number": number,
        "name": name,
        "evenings": record.evenings,
        "bauerchen_evenings": record.bauerchen_evenings,
        **record.bauerchen.to_dict(),
        "win_rate": record.win_rate,
        "steins_balance": record.steins_balance,
        "bauerschspiel": {"evenings": record.bauerschspiel_evenings, **board.to_dict()},
        "bolachen": {
            "evenings": record.bolachen_evenings,
            "deals": deals.deals,
            "declared": deals.declared.to_dict(),
            "declared_won": deals.declared_won.to_dict(),
            "points": record.points,
            "cents": record.cents,
        },
    }
