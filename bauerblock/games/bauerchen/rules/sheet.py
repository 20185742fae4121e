"""An evening of Bauerchen: rounds, Knoddel and Steine replayed from the log of games."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import (
    EveningOfRounds,
    RoundRecord,
    alike_but,
    check_first_dealer,
    numbered,
    replayer,
)
from bauerblock.engine.teams import Points, Team
from bauerblock.games.bauerchen.rules.game import Game, Outcome, parse_game, score
from bauerblock.games.bauerchen.rules.rules import Rules

SEATS = 4


def home_of(dealer: int) -> Team:
    """Return the home team: forehand's, the seat after the dealer, announces trumps."""
    return Team.of_seat(dealer + 1)


@dataclass(frozen=True)
class Standing:
    """Where an evening stands between two games."""

    played: int = 0
    round: int = 1
    score: Points = Points()
    knoddels: Points = Points()
    steins: Points = Points()
    rounds_won: Points = Points()


@dataclass(frozen=True)
class GameRecord:
    """One game of the sheet, as scored under its history."""

    number: int
    round: int
    dealer: int
    home: Team
    entry: Mapping[str, Any]
    outcome: Outcome
    events: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        outcome = self.outcome
        return {
            "number": self.number,
            "round": self.round,
            "dealer": self.dealer,
            "home": self.home.value,
            "entry": dict(self.entry),
            "points": outcome.points.to_dict(),
            "score_after": outcome.score_after.to_dict(),
            "events": list(self.events),
            "winner": outcome.winner.value,
            "band": outcome.band.value if outcome.band else None,
            "round_winner": outcome.round_winner.value if outcome.round_winner else None,
            "breakdown": [line.to_dict() for line in outcome.breakdown],
        }


@dataclass(frozen=True)
class SheetState(EveningOfRounds[Rules, Standing, GameRecord]):
    """The replayed sheet: every game and round, and what comes next."""

    seats: ClassVar[int] = SEATS

    @property
    def home(self) -> Team:
        return home_of(self.dealer)

    @property
    def rounds_played(self) -> int:
        """Return the rounds completed: the current round is the next one."""
        return self.standing.round - 1

    @property
    def finished(self) -> bool:
        """Tell whether the sheet has played its round limit or a team won its rounds to win."""
        return _finished(self.rules, self.standing)

    @property
    def decider(self) -> bool:
        """Tell whether the next round is the Gehampelter: both one Knoddel short."""
        short = self.rules.knoddels_per_stein - 1
        return self.standing.knoddels.a == short == self.standing.knoddels.b

    def current(self) -> dict[str, Any]:
        """Return the score, Knoddel, Steine and round, and who deals and plays home next."""
        standing = self.standing
        return {
            "score": standing.score.to_dict(),
            "knoddels": standing.knoddels.to_dict(),
            "steins": standing.steins.to_dict(),
            "decider": self.decider,
            "dealer": self.dealer,
            "home": self.home.value,
            "round": standing.round,
            "games_played": standing.played,
            "rounds_played": self.rounds_played,
            "rounds_won": standing.rounds_won.to_dict(),
            "finished": self.finished,
        }


def start(rules: Rules, first_dealer: int) -> SheetState:
    """Return the empty sheet of an evening."""
    check_first_dealer(first_dealer, SEATS)
    return SheetState(rules, first_dealer, Standing())


def scored(state: SheetState, entry: Mapping[str, Any]) -> tuple[Game, Outcome]:
    """Return the game `entry` enters as the sheet's next and what it scores there (its
    home the sheet's unless the entry names one, from the round's score, in a Gehampelter
    if the round is one)."""
    game = parse_game(entry, state.rules, home=state.home)
    return game, score(game, state.rules, state.standing.score, decider=state.decider)


def play(state: SheetState, entry: Mapping[str, Any]) -> SheetState:
    """Return the sheet with one more game; refuse it with a GameError naming the game."""
    number = state.standing.played + 1
    dealer, home = state.dealer, state.home
    with numbered(number):
        if state.finished and state.rules.rounds_to_win:
            won = state.standing.rounds_won
            raise RuleError(
                "table_won",
                a=won.a,
                b=won.b,
            )
        if state.finished:
            # A wrong earlier game is why a table would play on: say how to fix it.
            raise RuleError(
                "table_finished",
                rounds=state.rounds_played,
            )
        game, outcome = scored(state, entry)
    events = ["home_changed"] if game.home is not home else []
    standing = replace(state.standing, played=number, score=outcome.score_after)
    rounds = state.rounds
    if outcome.round_winner:
        standing, round_events = _close_round(state.rules, standing, outcome.round_winner)
        events += round_events
        rounds += (RoundRecord(state.standing.round, outcome.round_winner, outcome.score_after),)
        if _finished(state.rules, standing):
            events.append("table_finished")
    record = GameRecord(
        number, state.standing.round, dealer, game.home, entry, outcome, tuple(events)
    )
    return replace(state, standing=standing, games=(*state.games, record), rounds=rounds)


def _finished(rules: Rules, standing: Standing) -> bool:
    """Tell whether the rounds completed reach the round limit, or a team its rounds to win."""
    won = standing.rounds_won
    if rules.rounds_to_win and max(won.a, won.b) >= rules.rounds_to_win:
        return True
    return bool(rules.round_limit) and standing.round - 1 >= rules.round_limit


def _close_round(rules: Rules, standing: Standing, winner: Team) -> tuple[Standing, list[str]]:
    """Give the loser a Knoddel, perhaps a Stein, and start the next round."""
    loser = winner.other
    events = ["round_won", "knoddel"]
    knoddels, steins = standing.knoddels.add(loser, 1), standing.steins
    rounds_won = standing.rounds_won.add(winner, 1)
    if knoddels[loser] >= rules.knoddels_per_stein:
        knoddels, steins = Points(), steins.add(winner, 1)
        events.append("stein")
    carried = 0
    if rules.carry_over:
        # One game never wins two rounds: at most target - 1 carries. A Kart'ab ends the
        # round below a target past 12: nothing is past the target, so nothing carries.
        carried = max(0, min(standing.score[winner] - rules.target, rules.target - 1))
        if carried:
            events.append("carry_over")
    score = Points.only(winner, carried)
    return replace(
        standing,
        round=standing.round + 1,
        score=score,
        knoddels=knoddels,
        steins=steins,
        rounds_won=rounds_won,
    ), events


replay = replayer(start, play)


# --- What only counts --------------------------------------------------------------------
# Steine only count, and so do rounds won while no number of them wins the table: a change
# that gives them to the other team and leaves the rest as it was plays every later game
# alike (the store moves its checkpoints instead of replaying them). The score, the Knoddel
# and the round decide later games: they must be equal.

RUNNING: tuple[str, ...] = ()
"""The record's fields that repeat running totals: none (the standing alone keeps them)."""


def drift(rules: Rules, new: Standing, stored: Standing) -> dict[str, Points] | None:
    """Return how far `new`'s Steine (and rounds won) stand from `stored`'s when every later
    game plays alike from both; None if not."""
    counted = ("steins",) if rules.rounds_to_win else ("steins", "rounds_won")
    if not alike_but(new, stored, counted):
        return None
    return {name: getattr(new, name) - getattr(stored, name) for name in counted}


def shift(standing: Standing, by: Mapping[str, Points]) -> Standing:
    """Return the standing with its counted totals moved by a `drift`."""
    return replace(standing, **{name: getattr(standing, name) + d for name, d in by.items()})


def rebased(record: Mapping[str, Any], base: Standing, sign: int) -> dict[str, Any]:
    """Return the record as it is: it repeats no running total."""
    return dict(record)
