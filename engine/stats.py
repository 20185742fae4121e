"""Statistics of an evening: a pure fold over a sheet's games as replayed (API.md "Statistics").

The fold reads each game's record in the shape of its `GameRecord.to_dict()`, which the
store keeps for every game: a sheet's statistics replay nothing, and a group sums the
figures of its evenings (`+`) without looking at a single game again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from engine.bolachen.game import SEATS as BOLACHEN_SEATS
from engine.bolachen.game import Contract
from engine.teams import Points, Team

Record = Mapping[str, Any]
"""One game as its sheet's engine replayed it: `GameRecord.to_dict()`."""

BAUERCHEN_SEATS = 4
SCHNEIDER_OR_WORSE = ("schneider", "schwarz")


# --- Summing figures ---------------------------------------------------------------------


class Tally:
    """Counts that add up field by field: one evening's and a group's alike."""

    def __add__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return type(self)(
            **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)}
        )

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


# --- Bauerchen ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Figures(Tally):
    """What an evening says about a team, or a seat (its team's figures but its own solos)."""

    games: int = 0
    games_won: int = 0
    home_games: int = 0
    home_won: int = 0
    away_games: int = 0
    away_won: int = 0
    spritz_games: int = 0
    spritz_won: int = 0
    schneider_won: int = 0
    """Won with the loser schneider or schwarz."""
    schwarz_won: int = 0
    melds_20: int = 0
    melds_40: int = 0
    solos: int = 0
    """Kart'ab played: a team's every one, a seat's only where the entry named the player."""
    solos_won: int = 0
    rounds_won: int = 0
    rounds_lost: int = 0
    knoddels: int = 0
    """Knoddel taken: one for every round lost."""
    steins_won: int = 0
    steins_lost: int = 0


FIGURES = tuple(f.name for f in fields(Figures))


@dataclass(frozen=True)
class ScorePoint:
    """Where the evening stood after one game: a point of the charts."""

    number: int
    round: int
    score: Points
    steins: Points
    round_winner: Team | None
    stein: Team | None
    """The team that won a Stein with this game, if any."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "round": self.round,
            "score": self.score.to_dict(),
            "steins": self.steins.to_dict(),
            "round_winner": self.round_winner.value if self.round_winner else None,
            "stein": self.stein.value if self.stein else None,
        }


@dataclass(frozen=True)
class BauerchenStats:
    """A Bauerchen evening's figures by seat and by team, and its score game by game."""

    players: tuple[Figures, ...]
    teams: Mapping[Team, Figures]
    series: tuple[ScorePoint, ...]

    game = "bauerchen"

    @property
    def games(self) -> int:
        return self.teams[Team.A].games

    @property
    def rounds(self) -> int:
        return self.teams[Team.A].rounds_won + self.teams[Team.B].rounds_won

    def to_dict(self) -> dict[str, Any]:
        """Return the figures in API.md's shape; seats carry their number."""
        return {
            "game": self.game,
            "games": self.games,
            "rounds": self.rounds,
            "players": [
                {"seat": seat, **figures.to_dict()} for seat, figures in enumerate(self.players)
            ],
            "teams": {team.value: self.teams[team].to_dict() for team in Team},
            "series": [point.to_dict() for point in self.series],
        }


def _count_game(record: Record, counts: Mapping[Team, dict[str, int]]) -> None:
    """Add what one game gives each team to its counts: every figure but the seats' solos."""
    # Plain counters, not a Figures per game: a 1000-game evening folds in milliseconds.
    entry = record["entry"]
    winner = Team(record["winner"])
    home = Team(record["home"])
    spritzed = bool(entry.get("spritz"))
    band = record.get("band")
    solo = entry.get("solo")
    round_winner = record.get("round_winner")
    stein = "stein" in record["events"]
    for meld in entry.get("melds") or ():
        counts[Team(meld["team"])][f"melds_{meld['kind']}"] += 1
    for team, count in counts.items():
        won = winner is team
        place = "home" if home is team else "away"
        count["games"] += 1
        count[f"{place}_games"] += 1
        if spritzed:
            count["spritz_games"] += 1
        if won:
            count["games_won"] += 1
            count[f"{place}_won"] += 1
            count["spritz_won"] += spritzed
            count["schneider_won"] += band in SCHNEIDER_OR_WORSE
            count["schwarz_won"] += band == "schwarz"
        if solo and solo["team"] == team:
            count["solos"] += 1
            count["solos_won"] += bool(solo["won"])
        if round_winner is None:
            continue
        if round_winner == team:
            count["rounds_won"] += 1
            count["steins_won"] += stein
        else:
            count["rounds_lost"] += 1
            count["knoddels"] += 1
            count["steins_lost"] += stein


def soloist(record: Record) -> int | None:
    """Return the seat an entry named as the Kart'ab's player (None: not named, or no solo)."""
    solo = record["entry"].get("solo")
    return solo.get("player") if solo else None


def bauerchen_stats(records: Iterable[Record]) -> BauerchenStats:
    """Fold a Bauerchen evening's games (in order) into its figures and series."""
    counts = {team: dict.fromkeys(FIGURES, 0) for team in Team}
    solos = [[0, 0] for _ in range(BAUERCHEN_SEATS)]
    series: list[ScorePoint] = []
    steins = Points()
    for record in records:
        _count_game(record, counts)
        seat = soloist(record)
        if seat is not None:
            solos[seat][0] += 1
            solos[seat][1] += bool(record["entry"]["solo"]["won"])
        round_winner = Team(record["round_winner"]) if record.get("round_winner") else None
        stein = round_winner if "stein" in record["events"] else None
        if stein:
            steins = steins.add(stein, 1)
        score = record["score_after"]
        series.append(
            ScorePoint(
                number=record["number"],
                round=record["round"],
                score=Points(score["A"], score["B"]),
                steins=steins,
                round_winner=round_winner,
                stein=stein,
            )
        )
    teams = {team: Figures(**count) for team, count in counts.items()}
    players = tuple(
        replace(teams[Team.of_seat(seat)], solos=played, solos_won=won)
        for seat, (played, won) in enumerate(solos)
    )
    return BauerchenStats(players, teams, tuple(series))


# --- Bauerschspiel -----------------------------------------------------------------------


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
class BauerschspielStats:
    """A Bauerschspiel evening's games won and Nullchen by team, and its board game by game."""

    teams: Mapping[Team, BoardFigures]
    series: tuple[BoardPoint, ...]

    game = "bauerschspiel"

    @property
    def players(self) -> tuple[BoardFigures, ...]:
        return tuple(self.teams[Team.of_seat(seat)] for seat in range(BAUERCHEN_SEATS))

    @property
    def games(self) -> int:
        return self.teams[Team.A].games

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


def bauerschspiel_stats(records: Iterable[Record]) -> BauerschspielStats:
    """Fold a Bauerschspiel evening's games (in order) into its figures and series."""
    counts = {team: [0, 0] for team in Team}
    series = []
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


# --- Bolachen ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Contracts(Tally):
    """A count per contract."""

    brand: int = 0
    bettel: int = 0
    mord: int = 0

    @property
    def total(self) -> int:
        return self.brand + self.bettel + self.mord


CONTRACTS = tuple(f.name for f in fields(Contracts))


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
class Payment:
    """One transfer of a settlement: `payer` pays `payee` `amount` (points or cents)."""

    payer: int
    payee: int
    amount: int

    def to_dict(self) -> dict[str, int]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount}


@dataclass(frozen=True)
class TotalsPoint:
    """The totals by seat after one deal."""

    number: int
    totals: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "totals": list(self.totals)}


@dataclass(frozen=True)
class BolachenStats:
    """A Bolachen evening's figures by seat, its settlement, and its totals deal by deal."""

    players: tuple[DealFigures, ...]
    unit: str
    series: tuple[TotalsPoint, ...]

    game = "bolachen"

    @property
    def games(self) -> int:
        return len(self.series)

    @property
    def payments(self) -> tuple[Payment, ...]:
        return settle({seat: p.total for seat, p in enumerate(self.players)})

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


def bolachen_stats(records: Iterable[Record], unit: str = "points") -> BolachenStats:
    """Fold a Bolachen evening's deals (in order) into its figures, settlement and series."""
    seats = range(BOLACHEN_SEATS)
    dealt = [0] * BOLACHEN_SEATS
    declared = [dict.fromkeys(CONTRACTS, 0) for _ in seats]
    declared_won = [dict.fromkeys(CONTRACTS, 0) for _ in seats]
    series = []
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
        for seat in seats
    )
    return BolachenStats(players, unit, tuple(series))


EXACT_UP_TO = 12
"""Up to this many open balances the settlement is the fewest transfers there are; past it
(a big group) one transfer fewer than the balances, which may be one or two more."""


def settle(balances: Mapping[int, int]) -> tuple[Payment, ...]:
    """Return the fewest transfers that bring every balance to zero (they must sum to zero).

    n balances need n - g transfers when they split into at most g groups that each sum to
    zero: find the most such groups, then within each the one furthest down pays the one
    furthest up (each transfer settles at least one of the two). Ties go to the lower
    number and the largest transfer comes first, so the same balances give the same list.
    """
    if sum(balances.values()):
        raise ValueError("Balances to settle must sum to zero.")
    owed = {key: amount for key, amount in sorted(balances.items()) if amount}
    groups = _zero_sum_groups(owed) if len(owed) <= EXACT_UP_TO else [list(owed)]
    payments = [payment for group in groups for payment in _pay_down(owed, group)]
    return tuple(sorted(payments, key=lambda p: (-p.amount, p.payer, p.payee)))


def _zero_sum_groups(owed: Mapping[int, int]) -> list[list[int]]:
    """Split the keys into the most groups whose balances each sum to zero."""
    keys = list(owed)
    full = (1 << len(keys)) - 1
    sums = [0] * (full + 1)
    best = [0] * (full + 1)
    last = [0] * (full + 1)
    # best[mask]: the most zero-sum groups that taking mask's keys one by one can close;
    # a group closes whenever the keys taken so far sum to zero.
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + owed[keys[low]]
        choices = ((best[mask & ~(1 << i)], -i) for i in range(len(keys)) if mask & (1 << i))
        value, index = max(choices)
        best[mask], last[mask] = value + (sums[mask] == 0), -index
    order, mask = [], full
    while mask:
        order.append(keys[last[mask]])
        mask &= ~(1 << last[mask])
    order.reverse()
    groups, group, running = [], [], 0
    for key in order:
        group.append(key)
        running += owed[key]
        if running == 0:
            groups.append(sorted(group))
            group = []
    return groups


def _pay_down(owed: Mapping[int, int], group: list[int]) -> list[Payment]:
    """Settle one group: the one furthest down pays the one furthest up, until all are even."""
    left = {key: owed[key] for key in group}
    payments = []
    while left:
        payer = min(left, key=lambda key: (left[key], key))
        payee = max(left, key=lambda key: (left[key], -key))
        amount = min(-left[payer], left[payee])
        payments.append(Payment(payer, payee, amount))
        for key, change in ((payer, amount), (payee, -amount)):
            left[key] += change
            if not left[key]:
                del left[key]
    return payments


# --- Any game ----------------------------------------------------------------------------

Stats = BauerchenStats | BauerschspielStats | BolachenStats


def evening_stats(game: str, rules: Any, records: Iterable[Record]) -> Stats:
    """Fold the games of a sheet of `game` (records in order) under its resolved `rules`."""
    if game == "bolachen":
        return bolachen_stats(records, rules.unit)
    if game == "bauerschspiel":
        return bauerschspiel_stats(records)
    return bauerchen_stats(records)
