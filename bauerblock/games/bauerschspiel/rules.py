"""Bauerschspiel, the old Hessian variant of the Dillkreis: a stroke board
(docs/rules.md section 2).

Each team starts with five strokes (`+++++`). Each game the winner erases one and the
loser adds one; the first team to erase all its strokes gets a Nullchen on the board and
both teams start again at five. A sheet enters only the winning team of each game.
"""

# Field types stay strings (PEP 563): engine.options reads them to check overrides.
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from bauerblock.engine import options
from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import (
    EveningOfRounds,
    Line,
    RoundRecord,
    alike_but,
    check_entry,
    check_first_dealer,
    numbered,
    replayer,
)
from bauerblock.engine.teams import TEAMS, Points, Team

NAME = "bauerschspiel"
SEATS = 4
RESULT = ("games_played", "round", "strokes", "nullchen")
"""What a Stammtisch's list of evenings keeps of the sheet's `current`: its result."""
MAX_STROKES = 20
"""A board longer than twenty strokes is a typing slip, not a table's custom."""
OPTION_BOUNDS = {"strokes": (1, MAX_STROKES)}

ENTRY_FIELDS = ("winner",)


# --- Rules -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules(options.Options):
    """How a table keeps the stroke board; the default is the Dillkreis board of five."""

    preset: str = "dillkreis"
    strokes: int = 5

    def validate(self) -> None:
        """Refuse a board no table could keep."""
        if not 1 <= self.strokes <= MAX_STROKES:
            raise RuleError(
                "strokes_range",
                most=MAX_STROKES,
            )


PRESETS: dict[str, Rules] = {"dillkreis": Rules()}


def resolve_rules(spec: dict[str, Any] | None = None) -> Rules:
    """Return the rules a request names: a preset (default dillkreis) plus overrides."""
    return options.resolve(PRESETS, spec)


# --- One game ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """One game as entered: the team that won it."""

    winner: Team


@dataclass(frozen=True)
class Outcome:
    """The board after one game, and the team that got a Nullchen with it, if any."""

    winner: Team
    strokes_after: Points
    nullchen: Team | None
    breakdown: tuple[Line, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner.value,
            "strokes_after": self.strokes_after.to_dict(),
            "nullchen": self.nullchen.value if self.nullchen else None,
            "breakdown": [line.to_dict() for line in self.breakdown],
        }


def parse_game(entry: Mapping[str, Any], rules: Rules) -> Game:
    """Read a game entry: exactly `{"winner": "A" | "B"}`."""
    check_entry(
        entry, ENTRY_FIELDS, lambda field: RuleError("bauerschspiel_field_unknown", field=field)
    )
    winner = entry.get("winner")
    if winner not in TEAMS:
        raise RuleError(
            "winner_unknown",
            winner=winner,
        )
    return Game(Team(winner))


def score(game: Game, rules: Rules, before: Points | None = None) -> Outcome:
    """Move the board `before` the game (the start of the board by default) by one game."""
    if before is None:
        before = Points(rules.strokes, rules.strokes)
    for team in Team:
        if not 0 < before[team] < 2 * rules.strokes:
            raise RuleError(
                "board_range",
                strokes=rules.strokes,
                most=2 * rules.strokes - 1,
                team=team,
                score=before[team],
            )
    winner, loser = game.winner, game.winner.other
    after = before.add(winner, -1).add(loser, 1)
    lines = [
        Line("stroke_out", f"{winner} wins and erases a stroke: {after[winner]} left."),
        Line("stroke_on", f"{loser} loses and adds a stroke: {after[loser]}."),
    ]
    nullchen = winner if after[winner] == 0 else None
    if nullchen:
        lines.append(
            Line("nullchen", f"{winner} has erased every stroke: a Nullchen for {winner}.")
        )
    return Outcome(winner, after, nullchen, tuple(lines))


# --- An evening --------------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """Where the board stands between two games."""

    played: int
    round: int
    strokes: Points
    nullchen: Points = Points()


@dataclass(frozen=True)
class GameRecord:
    """One game of the sheet and the board after it."""

    number: int
    round: int
    dealer: int
    entry: Mapping[str, Any]
    outcome: Outcome
    nullchen_after: Points
    events: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        outcome = self.outcome
        return {
            "number": self.number,
            "round": self.round,
            "dealer": self.dealer,
            "entry": dict(self.entry),
            "winner": outcome.winner.value,
            # The board as the game left it: 0 for the team that got the Nullchen.
            "strokes_after": outcome.strokes_after.to_dict(),
            "nullchen_after": self.nullchen_after.to_dict(),
            "events": list(self.events),
            "nullchen": outcome.nullchen.value if outcome.nullchen else None,
            "breakdown": [line.to_dict() for line in outcome.breakdown],
        }


@dataclass(frozen=True)
class SheetState(EveningOfRounds[Rules, Standing, GameRecord]):
    """The replayed board: every game, every Nullchen (a round each), and who deals next."""

    seats: ClassVar[int] = SEATS

    def current(self) -> dict[str, Any]:
        """Return the board, the Nullchen, the round and who deals next."""
        standing = self.standing
        return {
            "strokes": standing.strokes.to_dict(),
            "nullchen": standing.nullchen.to_dict(),
            "dealer": self.dealer,
            "round": standing.round,
            "games_played": standing.played,
            "finished": self.finished,
        }


def start(rules: Rules, first_dealer: int) -> SheetState:
    """Return the empty board of an evening: both teams at the start count."""
    check_first_dealer(first_dealer, SEATS)
    board = Points(rules.strokes, rules.strokes)
    return SheetState(rules, first_dealer, Standing(0, 1, board))


def play(state: SheetState, entry: Mapping[str, Any]) -> SheetState:
    """Return the sheet with one more game; refuse it with a GameError naming the game."""
    standing = state.standing
    number = standing.played + 1
    with numbered(number):
        outcome = score(parse_game(entry, state.rules), state.rules, standing.strokes)
    events: tuple[str, ...] = ()
    rounds, next_round = state.rounds, standing.round
    strokes, nullchen = outcome.strokes_after, standing.nullchen
    if outcome.nullchen:
        # The board is wiped: both teams start again at the start count.
        events = ("nullchen",)
        nullchen = nullchen.add(outcome.nullchen, 1)
        rounds += (RoundRecord(standing.round, outcome.nullchen, outcome.strokes_after),)
        strokes, next_round = Points(state.rules.strokes, state.rules.strokes), next_round + 1
    record = GameRecord(number, standing.round, state.dealer, entry, outcome, nullchen, events)
    standing = Standing(number, next_round, strokes, nullchen)
    return replace(state, standing=standing, games=(*state.games, record), rounds=rounds)


replay = replayer(start, play)


# --- What only counts --------------------------------------------------------------------
# The Nullchen only count: a change that gives one to the other team and leaves the board as
# it was plays every later game alike (the store moves its checkpoints, not every row).

RUNNING = ("nullchen_after",)
"""The record's fields that repeat the running totals (the store counts them from a
checkpoint's standing, `rebased`)."""


def drift(rules: Rules, new: Standing, stored: Standing) -> Points | None:
    """Return how far `new`'s Nullchen stand from `stored`'s when every later game plays
    alike from both (the same board and round); None if not."""
    if not alike_but(new, stored, ("nullchen",)):
        return None
    return new.nullchen - stored.nullchen


def shift(standing: Standing, by: Points) -> Standing:
    """Return the standing with its Nullchen moved by a `drift`."""
    return replace(standing, nullchen=standing.nullchen + by)


def rebased(record: Mapping[str, Any], base: Standing, sign: int) -> dict[str, Any]:
    """Return a game's record with its Nullchen counted from `base` (sign -1) or, so
    counted, from the evening's start again (sign 1)."""
    after = record["nullchen_after"]
    counted = {team.value: after[team.value] + sign * base.nullchen[team] for team in TEAMS}
    return {**record, "nullchen_after": counted}
