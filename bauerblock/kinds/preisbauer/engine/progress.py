"""Where a tournament stands: tables' progress, the next draw, redraws, the roster.

Refusals come in two kinds: a step the state forbids now (`StateConflict`: HTTP 409)
and input no state would take (`RuleError`: HTTP 422).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bauerblock.engine.errors import RuleError, StateConflict
from bauerblock.engine.tournament.roster import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    DuplicateName,
    Player,
    TournamentFinished,
    player_of,
)

# Raised by player_of: every refusal of a Preisbauer's steps is named here.
from bauerblock.engine.tournament.roster import PlayerNotFound as PlayerNotFound
from bauerblock.engine.tournament.steps import Refusals
from bauerblock.kinds.preisbauer.engine.draw import Draw, draw
from bauerblock.kinds.preisbauer.engine.model import Rounds, Tournament


class TablesStillPlaying(StateConflict):
    """Refuse the next draw while a table of the current one still plays."""


class DrawsDone(StateConflict):
    """Refuse a draw past the planned ones."""


class DrawHasGames(StateConflict):
    """Refuse to redo a draw once one of its tables has a game."""


class NotLatestDraw(StateConflict):
    """Refuse to redo or end a draw that is not the latest."""


class TooFewPlayers(RuleError):
    """Refuse a draw with fewer than four active players."""


class TooManyPlayers(RuleError):
    """Refuse a player past the most a tournament takes."""


@dataclass(frozen=True)
class TableProgress:
    """How far a table has played: completed rounds of the rounds a draw has."""

    rounds_played: int
    rounds: int

    @property
    def finished(self) -> bool:
        return self.rounds_played >= self.rounds

    def to_dict(self) -> dict[str, Any]:
        return {
            "rounds_played": self.rounds_played,
            "rounds": self.rounds,
            "finished": self.finished,
        }


def table_progress(tournament: Tournament, rounds: Rounds, draw: int, table: int) -> TableProgress:
    """Return how far table `table` of draw `draw` has played."""
    played = len(rounds.get((draw, table), ()))
    return TableProgress(played, tournament.format.rounds_per_draw)


def draw_finished(tournament: Tournament, rounds: Rounds, number: int) -> bool:
    """Tell whether every table of draw `number` has played all its rounds."""
    done = tournament.draws[number - 1]
    return all(
        table_progress(tournament, rounds, number, table.number).finished for table in done.tables
    )


def draw_closed(tournament: Tournament, rounds: Rounds, number: int) -> bool:
    """Tell whether draw `number` is over: every table finished, or the draw ended."""
    return tournament.draws[number - 1].ended or draw_finished(tournament, rounds, number)


def finished(tournament: Tournament, rounds: Rounds) -> bool:
    """Tell whether the tournament is over: the last planned draw is finished or ended."""
    return tournament.final or (
        len(tournament.draws) >= tournament.format.draws
        and draw_closed(tournament, rounds, len(tournament.draws))
    )


def draw_locked(tournament: Tournament, rounds: Rounds, number: int) -> bool:
    """Tell whether draw `number` is closed to its tables' phones (the API's `closed`).

    It is once the next draw is made, the organiser ended it, or the tournament finished;
    then only the organiser's corrections change its tables. (store.tables asks the same
    of one table in SQL, so a write at a table needs no read of the whole tournament.)
    """
    return (
        number < len(tournament.draws)
        or tournament.draws[number - 1].ended
        or finished(tournament, rounds)
    )


def check_open(tournament: Tournament, rounds: Rounds) -> None:
    """Refuse a change of the roster or the draws once the tournament is finished."""
    if tournament.draws and finished(tournament, rounds):
        raise TournamentFinished()


def check_next_draw(tournament: Tournament, rounds: Rounds) -> None:
    """Refuse the next draw unless the current one is over, one is left and four play."""
    check_open(tournament, rounds)
    if len(tournament.draws) >= tournament.format.draws:
        raise DrawsDone(
            "draws_done",
            n=tournament.format.draws,
        )
    if tournament.draws and not draw_closed(tournament, rounds, len(tournament.draws)):
        raise TablesStillPlaying(
            "draw_still_playing",
            n=len(tournament.draws),
        )
    active = tournament.players_of(tournament.next_draw)
    if len(active) < MIN_PLAYERS:
        raise TooFewPlayers(
            "too_few_players",
            least=MIN_PLAYERS,
            n=len(active),
        )


def next_draw(tournament: Tournament, rounds: Rounds, seed: str) -> Draw:
    """Return the next draw of the tournament, refusing it while the state forbids one."""
    check_next_draw(tournament, rounds)
    active = tournament.players_of(tournament.next_draw)
    return draw(active, tournament.draws, seed)


REFUSALS = Refusals(
    redo_not_latest=lambda latest: NotLatestDraw("redo_not_latest", n=latest),
    redo_has_games=lambda number: DrawHasGames("draw_has_games", n=number),
    end_not_latest=lambda latest: NotLatestDraw("end_not_latest", n=latest),
)
"""How a Preisbauer refuses a draw step (engine.tournament.steps has the rule)."""


def enter(tournament: Tournament, name: str) -> Player:
    """Return a new player for the tournament: the next number, from the next draw on.

    Refuse a name already registered (compared by engine.names.name_key), naming that one.
    """
    same = tournament.named(name)
    if same is not None:
        raise DuplicateName(same.name, same.number)  # the name it collides with
    if len(tournament.players) >= MAX_PLAYERS:
        raise TooManyPlayers("too_many_players", most=MAX_PLAYERS)
    number = max((p.number for p in tournament.players), default=0) + 1
    return Player(number, name, joined_draw=tournament.next_draw)


def withdraw(tournament: Tournament, number: int) -> Player:
    """Return the player withdrawn from the next draw on (a second time changes nothing)."""
    player = player_of(tournament.player(number), number)
    if not player.active:
        return player
    return replace(player, withdrawn_from=tournament.next_draw)


def reinstate(tournament: Tournament, number: int) -> Player:
    """Return a withdrawn player active again from the next draw on (an active one: as is).

    Taken back before the next draw, the withdrawal never happened; later, the player
    re-enters from the next draw, with nothing for the draws missed (as a late entry).
    """
    player = player_of(tournament.player(number), number)
    if player.withdrawn_from is None:
        return player
    back = tournament.next_draw
    missed = player.withdrawn_from < back
    gaps = (*player.gaps, (player.withdrawn_from, back)) if missed else player.gaps
    return replace(player, withdrawn_from=None, gaps=gaps)
