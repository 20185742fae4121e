"""Zielwurf's rules: a game's winner scores a point; the first team to the target wins the
round (the engine module a sheet keeps, engine.games.SheetGame)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from bauerblock.engine import options
from bauerblock.engine.errors import GameError, RuleError
from bauerblock.engine.evening import EveningOfRounds, RoundRecord, check_first_dealer, replayer
from bauerblock.engine.teams import TEAMS, Points, Team

NAME = "zielwurf"
SEATS = 4
RESULT = ("games_played", "round", "score")
OPTION_BOUNDS = {"target": (1, 9)}


@dataclass(frozen=True)
class Rules:
    """The target a round is played to."""

    preset: str = "kurz"
    target: int = 3

    def validate(self) -> None:
        if not 1 <= self.target <= 9:
            raise RuleError("zielwurf_target_range", low=1, high=9)

    def to_dict(self) -> dict[str, Any]:
        return options.to_dict(self)


PRESETS: dict[str, Rules] = {"kurz": Rules(), "lang": Rules("lang", 5)}


def resolve_rules(spec: dict[str, Any] | None = None) -> Rules:
    return options.resolve(PRESETS, spec)


@dataclass(frozen=True)
class Game:
    winner: Team


def parse_game(entry: Mapping[str, Any], rules: Rules) -> Game:
    """Read `{"winner": "A" | "B"}`."""
    winner = entry.get("winner") if isinstance(entry, Mapping) else None
    if winner not in TEAMS or set(entry) - {"winner"}:
        raise RuleError("zielwurf_winner_unknown", winner=winner)
    return Game(Team(winner))


def score(game: Game, rules: Rules, before: Points | None = None) -> Points:
    """Return the round's score after the game."""
    return (before or Points()).add(game.winner, 1)


@dataclass(frozen=True)
class Standing:
    played: int
    round: int
    score: Points


@dataclass(frozen=True)
class GameRecord:
    number: int
    round: int
    dealer: int
    entry: Mapping[str, Any]
    winner: Team
    score_after: Points
    round_winner: Team | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "round": self.round,
            "dealer": self.dealer,
            "entry": dict(self.entry),
            "winner": self.winner.value,
            "score_after": self.score_after.to_dict(),
            "round_winner": self.round_winner.value if self.round_winner else None,
            "events": ["round_won"] if self.round_winner else [],
        }


@dataclass(frozen=True)
class SheetState(EveningOfRounds[Rules, Standing, GameRecord]):
    seats: ClassVar[int] = SEATS

    def current(self) -> dict[str, Any]:
        standing = self.standing
        return {
            "score": standing.score.to_dict(),
            "dealer": self.dealer,
            "round": standing.round,
            "games_played": standing.played,
        }


def start(rules: Rules, first_dealer: int) -> SheetState:
    check_first_dealer(first_dealer, SEATS)
    return SheetState(rules, first_dealer, Standing(0, 1, Points()))


def play(state: SheetState, entry: Mapping[str, Any]) -> SheetState:
    standing = state.standing
    number = standing.played + 1
    try:
        game = parse_game(entry, state.rules)
    except RuleError as error:
        raise GameError(number, error) from error
    after = score(game, state.rules, standing.score)
    won = game.winner if after[game.winner] >= state.rules.target else None
    record = GameRecord(number, standing.round, state.dealer, entry, game.winner, after, won)
    rounds, next_round, kept = state.rounds, standing.round, after
    if won:
        rounds += (RoundRecord(standing.round, won, after),)
        next_round, kept = next_round + 1, Points()
    return replace(
        state,
        standing=Standing(number, next_round, kept),
        games=(*state.games, record),
        rounds=rounds,
    )


replay = replayer(start, play)


# Nothing only counts: the round's score decides when it ends, and the rounds are numbered.
RUNNING: tuple[str, ...] = ()


def drift(rules: Rules, new: Standing, stored: Standing) -> None:
    """Return None: two standings that differ play later games differently."""
    return None


def shift(standing: Standing, by: object) -> Standing:
    return standing


def rebased(record: Mapping[str, Any], base: Standing, sign: int) -> dict[str, Any]:
    return dict(record)
