"""Bolachen's options and named rule sets (the soft score and the hard score), and one deal:
the contract, whether the declarer made it, and who pays whom."""

# Field types stay strings (PEP 563): engine.options reads them to check overrides.
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bauerblock.engine import options
from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import Line, check_entry
from bauerblock.engine.options import is_int
from bauerblock.engine.stats.settlement import euros

MAX_TARIFF = 10_000
"""A hundred euros a unit is no pub game: a larger tariff is a typing slip."""
MAX_LIMIT = 1_000_000
OPTION_BOUNDS = {"tariff": (1, MAX_TARIFF), "limit": (0, MAX_LIMIT)}


@dataclass(frozen=True)
class Rules(options.Options):
    """How a table scores Bolachen; the default is the soft score, on paper, without limit."""

    preset: str = "soft"
    tariff: int | None = None
    """Cents a defender pays per unit of the contract's value; None: the soft score."""
    mord_pays_five: bool = False
    """Hard score only: a Mord pays 5 × tariff instead of 3 × tariff."""
    limit: int = 0
    """The evening ends when a player's total reaches it (points, or cents); 0: no limit."""

    @property
    def hard(self) -> bool:
        """Tell whether the score is kept in money (cents) rather than points."""
        return self.tariff is not None

    @property
    def unit(self) -> str:
        """Return what totals count: "points" (soft) or "cents" (hard)."""
        return "cents" if self.hard else "points"

    def validate(self) -> None:
        """Refuse options no table could play."""
        if self.tariff is not None and not 1 <= self.tariff <= MAX_TARIFF:
            raise RuleError(
                "tariff_range",
                most=MAX_TARIFF,
            )
        if self.mord_pays_five and not self.hard:
            raise RuleError(
                "mord_pays_five_soft",
            )
        if not 0 <= self.limit <= MAX_LIMIT:
            raise RuleError("limit_range", most=MAX_LIMIT)


PRESETS: dict[str, Rules] = {
    "soft": Rules(),
    "hard": Rules(preset="hard", tariff=10),
}


def resolve_rules(spec: dict[str, Any] | None = None) -> Rules:
    """Return the rules a request names: a preset (default soft) plus overrides."""
    return options.resolve(PRESETS, spec)


SEATS = 3
TRICKS = 10
"""Ten cards each, so ten tricks a deal; the other two lie in the Dopper."""


class Contract(StrEnum):
    """What the declarer undertakes."""

    BRAND = "brand"
    BETTEL = "bettel"
    MORD = "mord"


class Suit(StrEnum):
    """The suits of the Bavarian pack, highest first for a Brand."""

    HERZ = "herz"
    SCHELLEN = "schellen"
    GRAS = "gras"
    EICHEL = "eichel"


# Made once: iterating an enum class is slow (tuples: an unhashable value is refused, not raised).
CONTRACTS = tuple(Contract)
SUITS = tuple(Suit)
CONTRACT_NAMES = {Contract.BRAND: "Brand", Contract.BETTEL: "Bettel", Contract.MORD: "Mord"}
SUIT_NAMES = {suit: suit.value.capitalize() for suit in Suit}
"""The Bavarian names: Herz, Schellen, Gras, Eichel."""
VALUES = {Contract.BRAND: 1, Contract.BETTEL: 2, Contract.MORD: 3}
MORD_PAYS_FIVE = 5
BRAND_TRICKS = 6
"""A Brand needs at least six of the ten tricks."""


@dataclass(frozen=True)
class Bid:
    """A contract with its trump suit (a Brand only), as the table announces it."""

    contract: Contract
    trump: Suit | None = None

    @classmethod
    def named(cls, contract: Contract | str, trump: Suit | str | None = None) -> Bid:
        """Return the bid a contract and a trump suit name; ValueError for names of none."""
        return cls(Contract(contract), Suit(trump) if trump is not None else None)

    @property
    def label(self) -> str:
        """Return the bid in the table's words: Mord, Bettel, Brand Herz."""
        name = CONTRACT_NAMES[self.contract]
        return f"{name} {SUIT_NAMES[self.trump]}" if self.trump else name


RANKING: tuple[Bid, ...] = (
    Bid(Contract.MORD),
    Bid(Contract.BETTEL),
    *(Bid(Contract.BRAND, suit) for suit in Suit),
)
"""Every bid, highest first: Mord > Bettel > Brand Herz > Schellen > Gras > Eichel."""


def rank(contract: Contract | str, trump: Suit | str | None = None) -> int:
    """Return a bid's place in RANKING, 0 for the highest; refuse a bid that is none."""
    try:
        return RANKING.index(Bid.named(contract, trump))
    except ValueError:
        raise RuleError(
            "bid_unknown",
            contract=contract,
            trump=trump,
        ) from None


@dataclass(frozen=True)
class Game:
    """One deal as entered: declarer, bid, and the tricks taken or simply won or lost."""

    declarer: int
    bid: Bid
    won: bool
    tricks: int | None = None


@dataclass(frozen=True)
class Outcome:
    """What one deal gives each seat: points under the soft score, cents under the hard."""

    game: Game
    value: int
    stake: int
    points: tuple[int, ...]
    unit: str
    breakdown: tuple[Line, ...]

    @property
    def won(self) -> bool:
        return self.game.won

    def to_dict(self) -> dict[str, Any]:
        """Return the outcome in the shape of the API's scoreBolachen answer, and a little more."""
        game = self.game
        return {
            "won": game.won,
            "value": self.value,
            "points": list(self.points),
            "breakdown": [line.to_dict() for line in self.breakdown],
            "declarer": game.declarer,
            "contract": game.bid.contract.value,
            "trump": game.bid.trump.value if game.bid.trump else None,
            "tricks": game.tricks,
            "stake": self.stake,
            "unit": self.unit,
        }


ENTRY_FIELDS = ("declarer", "contract", "trump", "tricks", "won")


def parse_game(entry: Mapping[str, Any], rules: Rules) -> Game:
    """Read a deal entry (the JSON of the API's scoreBolachen without `rules`)."""
    check_entry(entry, ENTRY_FIELDS, lambda field: RuleError("bolachen_field_unknown", field=field))
    declarer = entry.get("declarer")
    if not is_int(declarer) or not 0 <= declarer < SEATS:
        raise RuleError(
            "declarer_seat",
            declarer=declarer,
        )
    bid = _bid(entry.get("contract"), entry.get("trump"))
    tricks, won = entry.get("tricks"), entry.get("won")
    if (tricks is None) == (won is None):
        raise RuleError(
            "tricks_or_won",
        )
    if won is not None:
        if not isinstance(won, bool):
            raise RuleError("won_not_bool")
        return Game(declarer, bid, won)
    if not is_int(tricks) or not 0 <= tricks <= TRICKS:
        raise RuleError(
            "tricks_range",
            most=TRICKS,
            tricks=tricks,
        )
    return Game(declarer, bid, made(bid.contract, tricks), tricks)


def _bid(contract: Any, trump: Any) -> Bid:
    # Raw JSON values: checked against the contracts and suits before they become enums.
    if contract not in CONTRACTS:
        raise RuleError(
            "contract_unknown",
            contract=contract,
        )
    contract = Contract(contract)
    if contract is not Contract.BRAND:
        if trump is not None:
            raise RuleError(
                "trump_not_allowed",
                contract=CONTRACT_NAMES[contract],
            )
        return Bid(contract)
    if trump is None:
        raise RuleError("trump_missing")
    if trump not in SUITS:
        raise RuleError(
            "trump_unknown",
            trump=trump,
        )
    return Bid(contract, Suit(trump))


def made(contract: Contract, tricks: int) -> bool:
    """Tell whether `tricks` make the contract: Brand 6 or more, Bettel none, Mord all ten."""
    if contract is Contract.BRAND:
        return tricks >= BRAND_TRICKS
    if contract is Contract.BETTEL:
        return tricks == 0
    return tricks == TRICKS


NEEDS = {
    Contract.BRAND: f"at least {BRAND_TRICKS} tricks",
    Contract.BETTEL: "no trick",
    Contract.MORD: f"all {TRICKS} tricks",
}


def value_of(contract: Contract, rules: Rules) -> int:
    """Return the units a contract is worth: 1, 2, 3, or 5 for a Mord paying five."""
    if contract is Contract.MORD and rules.hard and rules.mord_pays_five:
        return MORD_PAYS_FIVE
    return VALUES[contract]


def score(game: Game, rules: Rules) -> Outcome:
    """Score one deal: each defender pays the stake to the declarer, or is paid it."""
    bid, declarer = game.bid, game.declarer
    value = value_of(bid.contract, rules)
    # The soft score counts units on paper; the hard score pays the tariff per unit.
    stake = value * rules.tariff if rules.tariff is not None else value
    sign = 1 if game.won else -1
    points = tuple(2 * sign * stake if seat == declarer else -sign * stake for seat in range(SEATS))
    lines = [Line("contract", f"Seat {declarer} plays {bid.label}: worth {value}.")]
    if value != VALUES[bid.contract]:
        lines.append(Line("mord_pays_five", f"A Mord pays {MORD_PAYS_FIVE} × the tariff."))
    verdict = "made" if game.won else "lost"
    if game.tricks is None:
        lines.append(Line("entered", f"Entered: the {CONTRACT_NAMES[bid.contract]} was {verdict}."))
    else:
        lines.append(
            Line(
                "tricks",
                f"Seat {declarer} took {game.tricks}; a {CONTRACT_NAMES[bid.contract]} needs "
                f"{NEEDS[bid.contract]}: {verdict}.",
            )
        )
    if rules.hard:
        each = f"{euros(stake)} ({value} × {euros(rules.tariff or 0)})"
        how = "receives {} from" if game.won else "pays {} to"
        lines.append(Line("hard", f"Seat {declarer} {how.format(each)} each defender."))
    else:
        lines.append(
            Line(
                "soft",
                f"Seat {declarer} scores {points[declarer]:+d}, each defender {-sign * stake:+d}.",
            )
        )
    return Outcome(game, value, stake, points, rules.unit, tuple(lines))
