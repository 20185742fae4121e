"""An evening of Bolachen: totals by seat, replayed from the log of deals, up to a limit."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import Evening, alike_but, check_first_dealer, numbered, replayer
from bauerblock.games.bolachen.rules.game import SEATS, Outcome, Rules, parse_game, score


def forehand_of(dealer: int) -> int:
    """Return forehand, the seat after the dealer: it speaks first."""
    return (dealer + 1) % SEATS


@dataclass(frozen=True)
class Standing:
    """Where an evening stands between two deals."""

    played: int = 0
    totals: tuple[int, ...] = (0,) * SEATS
    ended_at: int | None = None
    """The game whose total reached the limit; no game is played after it."""


@dataclass(frozen=True)
class GameRecord:
    """One deal of the sheet, and the totals after it."""

    number: int
    dealer: int
    entry: Mapping[str, Any]
    outcome: Outcome
    totals_after: tuple[int, ...]
    events: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        outcome = self.outcome
        return {
            "number": self.number,
            "dealer": self.dealer,
            "forehand": forehand_of(self.dealer),
            "declarer": outcome.game.declarer,
            "entry": dict(self.entry),
            "contract": outcome.game.bid.contract.value,
            "trump": outcome.game.bid.trump.value if outcome.game.bid.trump else None,
            "tricks": outcome.game.tricks,
            "won": outcome.won,
            "value": outcome.value,
            "points": list(outcome.points),
            "totals_after": list(self.totals_after),
            "events": list(self.events),
            "breakdown": [line.to_dict() for line in outcome.breakdown],
        }


@dataclass(frozen=True)
class SheetState(Evening[Rules, Standing, GameRecord]):
    """The replayed sheet: every deal, the totals by seat, and who deals next."""

    seats: ClassVar[int] = SEATS

    @property
    def forehand(self) -> int:
        return forehand_of(self.dealer)

    @property
    def limit_reached(self) -> bool:
        return self.standing.ended_at is not None

    @property
    def finished(self) -> bool:
        """Tell whether a seat reached the limit: the sheet takes no more deals."""
        return self.limit_reached

    @property
    def limit_reached_by(self) -> tuple[int, ...]:
        """Return the seats whose total reached the limit (none while the evening runs)."""
        if not self.limit_reached:
            return ()
        return tuple(s for s, total in enumerate(self.standing.totals) if total >= self.rules.limit)

    def current(self) -> dict[str, Any]:
        """Return the totals by seat, the limit's state and who deals and leads next."""
        standing = self.standing
        return {
            "totals": list(standing.totals),
            "unit": self.rules.unit,
            "dealer": self.dealer,
            "forehand": self.forehand,
            "games_played": standing.played,
            "limit_reached": self.limit_reached,
            "limit_reached_by": list(self.limit_reached_by),
            "finished": self.finished,
        }


def start(rules: Rules, first_dealer: int) -> SheetState:
    """Return the empty sheet of an evening."""
    check_first_dealer(first_dealer, SEATS)
    return SheetState(rules, first_dealer, Standing())


def play(state: SheetState, entry: Mapping[str, Any]) -> SheetState:
    """Return the sheet with one more deal; refuse it with a GameError naming the game."""
    standing = state.standing
    number = standing.played + 1
    with numbered(number):
        if standing.ended_at is not None:
            raise RuleError(
                "evening_ended",
                ended_at=standing.ended_at,
                limit=state.rules.limit,
            )
        outcome = score(parse_game(entry, state.rules), state.rules)
    totals = tuple(a + b for a, b in zip(standing.totals, outcome.points, strict=True))
    events: tuple[str, ...] = ()
    ended_at = None
    if state.rules.limit and max(totals) >= state.rules.limit:
        events, ended_at = ("limit_reached",), number
    record = GameRecord(number, state.dealer, entry, outcome, totals, events)
    return replace(
        state,
        standing=Standing(number, totals, ended_at),
        games=(*state.games, record),
    )


replay = replayer(start, play)


# --- What only counts --------------------------------------------------------------------
# A game's points do not depend on the totals before it: an earlier game changed moves every
# later total by as much, and the store moves its checkpoints instead of replaying them all.

RUNNING = ("totals_after",)
"""The record's fields that repeat the running totals (the store counts them from a
checkpoint's standing, `rebased`)."""


def drift(rules: Rules, new: Standing, stored: Standing) -> tuple[int, ...] | None:
    """Return how far `new`'s totals stand from `stored`'s when every later deal plays alike
    from both: the same deal, and no limit (a total reaching it ends the evening); None if
    not."""
    if rules.limit or not alike_but(new, stored, ("totals",)):
        return None
    return tuple(a - b for a, b in zip(new.totals, stored.totals, strict=True))


def shift(standing: Standing, by: tuple[int, ...]) -> Standing:
    """Return the standing with its totals moved by a `drift`."""
    return replace(standing, totals=tuple(a + b for a, b in zip(standing.totals, by, strict=True)))


def rebased(record: Mapping[str, Any], base: Standing, sign: int) -> dict[str, Any]:
    """Return a deal's record with its totals counted from `base` (sign -1) or, so
    counted, from the evening's start again (sign 1)."""
    totals = zip(record["totals_after"], base.totals, strict=True)
    return {**record, "totals_after": [a + sign * b for a, b in totals]}
