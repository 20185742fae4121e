"""A Bolachen evening's figures by seat, its settlement, and its totals deal by deal."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from bauerblock.engine.stats.settlement import Payment, settle
from bauerblock.engine.stats.tally import GameStats, Record, Tally
from bauerblock.games.bolachen.rules import NAME
from bauerblock.games.bolachen.rules.game import SEATS as BOLACHEN_SEATS
from bauerblock.games.bolachen.rules.game import Contract


@dataclass(frozen=True)
class Contracts(Tally):
    """A count per contract."""

    brand: int = 0
    bettel: int = 0
    mord: int = 0

    @property
    def total(self) -> int:
        return self.brand + self.bettel + self.mord


@dataclass(frozen=True)
class DealFigures(Tally):
    """What a Bolachen evening says about a seat."""

    deals: int = 0
    """Deals played at the table (every seat plays every deal)."""
    dealt: int = 0
    declared: Contracts = Contracts()
    declared_won: Contracts = Contracts()
    total: int = 0
    """Points (soft score) or cents (hard score)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "deals": self.deals,
            "dealt": self.dealt,
            "declared": self.declared.to_dict(),
            "declared_won": self.declared_won.to_dict(),
            "total": self.total,
        }


@dataclass(frozen=True)
class TotalsPoint:
    """The totals by seat after one deal."""

    number: int
    totals: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "totals": list(self.totals)}


@dataclass(frozen=True)
class DealEvenings(Tally):
    """A roster player's Bolachen evenings: their seats' figures summed (GroupFigures)."""

    BALANCES: ClassVar[tuple[str, ...]] = ("cents",)

    evenings: int = 0
    figures: DealFigures = field(default_factory=DealFigures)
    """Deals and contracts; its `total` mixes units, so `points` and `cents` keep them apart."""
    points: int = 0
    """Totals of evenings on paper (soft score)."""
    cents: int = 0
    """Totals of evenings for money (hard score): the money balance."""

    def group_dict(self) -> dict[str, Any]:
        deals = self.figures
        return {
            "bolachen": {
                "evenings": self.evenings,
                "deals": deals.deals,
                "declared": deals.declared.to_dict(),
                "declared_won": deals.declared_won.to_dict(),
                "points": self.points,
                "cents": self.cents,
            }
        }


@dataclass(frozen=True)
class BolachenStats:
    """A Bolachen evening's figures by seat, its settlement, and its totals deal by deal."""

    players: tuple[DealFigures, ...]
    unit: str
    series: tuple[TotalsPoint, ...]

    game = NAME

    @property
    def games(self) -> int:
        return len(self.series)

    @property
    def payments(self) -> tuple[Payment, ...]:
        return settle({seat: p.total for seat, p in enumerate(self.players)})

    def evening(self, seat: int) -> DealEvenings:
        """Return what the evening gives the player on `seat` in a group, by its unit."""
        figures = self.players[seat]
        money = self.unit == "cents"
        return DealEvenings(
            1, figures, points=0 if money else figures.total, cents=figures.total if money else 0
        )

    def partners(self) -> dict[Any, tuple[int, int]]:
        """Return no partners: each plays for himself."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "unit": self.unit,
            "players": [
                {"seat": seat, **figures.to_dict()} for seat, figures in enumerate(self.players)
            ],
            "payments": [payment.to_dict() for payment in self.payments],
            "series": [point.to_dict() for point in self.series],
        }


def bolachen_stats(
    records: Iterable[Record], unit: str = "points", before: BolachenStats | None = None
) -> BolachenStats:
    """Fold a Bolachen evening's deals (in order) into its figures, settlement and series.

    With `before`, the statistics of the deals before these, fold on from there.
    """
    if before is None:
        before = BolachenStats((DealFigures(),) * BOLACHEN_SEATS, unit, ())
    dealt = [seat.dealt for seat in before.players]
    declared = [seat.declared.to_dict() for seat in before.players]
    declared_won = [seat.declared_won.to_dict() for seat in before.players]
    series = list(before.series)
    for record in records:
        declarer, contract = record["declarer"], Contract(record["contract"]).value
        dealt[record["dealer"]] += 1
        declared[declarer][contract] += 1
        declared_won[declarer][contract] += bool(record["won"])
        series.append(TotalsPoint(record["number"], tuple(record["totals_after"])))
    totals = series[-1].totals if series else (0,) * BOLACHEN_SEATS
    players = tuple(
        DealFigures(
            deals=len(series),
            dealt=dealt[seat],
            declared=Contracts(**declared[seat]),
            declared_won=Contracts(**declared_won[seat]),
            total=totals[seat],
        )
        for seat in range(BOLACHEN_SEATS)
    )
    return BolachenStats(players, unit, tuple(series))


def fold(records: Iterable[Record], rules: Any, before: BolachenStats | None) -> BolachenStats:
    """Fold a Bolachen evening's deals under its rules' unit, from the statistics `before`
    them (if any)."""
    return bolachen_stats(records, rules.unit, before)


STATS = GameStats(fold, DealEvenings)
