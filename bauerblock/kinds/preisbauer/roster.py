"""The Preisbauer's roster after its start (`store.create`): late entries, withdrawals,
returns (`ROSTER`, its steps in the store's `ROSTERS`).

Every write is one BEGIN IMMEDIATE transaction that re-reads the tournament under the write
lock; a step with an Idempotency-Key is done once.
"""

from collections.abc import Callable, Sequence

from sqlite_utils import Database

from bauerblock.engine.tournament import player_of
from bauerblock.kinds.preisbauer import engine
from bauerblock.kinds.preisbauer.store import (
    StoredTournament,
    gaps_json,
    player_name,
    player_row,
    with_player,
)
from bauerblock.store.common import bump
from bauerblock.store.db import immediate
from bauerblock.store.tournaments.stored import Roster


def add_players(
    db: Database, tournament_id: str, names: Sequence[str]
) -> tuple[engine.Player, ...]:
    """Register players, who join from the next draw on, in one transaction: all of them,
    or none on a refusal; return them.

    Raise TournamentNotFound, the engine's TournamentFinished, or
    RuleError (a bad name, a name registered already, 200 players).
    """
    cleaned = [player_name(name) for name in names]
    with immediate(db):
        stored = StoredTournament.read(db, tournament_id)
        engine.check_open(stored.tournament, stored.rounds)
        entered = stored.tournament
        for name in cleaned:
            entered = with_player(entered, engine.enter(entered, name))
        added = entered.players[len(stored.tournament.players) :]
        db.table("tournament_players").insert_all(player_row(tournament_id, p) for p in added)
        bump(db, "tournaments", tournament_id)
        return added


def withdraw_player(db: Database, tournament_id: str, number: int) -> engine.Player:
    """Withdraw a player from the next draw on (again: no change); return the player.

    Raise TournamentNotFound, the engine's PlayerNotFound or TournamentFinished.
    """
    return _change_player(db, tournament_id, number, engine.withdraw)


def reinstate_player(db: Database, tournament_id: str, number: int) -> engine.Player:
    """Take a withdrawal back: the player plays again from the next draw on; return them.

    Raise TournamentNotFound, the engine's PlayerNotFound or TournamentFinished.
    """
    return _change_player(db, tournament_id, number, engine.reinstate)


def _change_player(
    db: Database,
    tournament_id: str,
    number: int,
    change: Callable[[engine.Tournament, int], engine.Player],
) -> engine.Player:
    """Store what `change` makes of a player (no change: no new version); return the player."""
    with immediate(db):
        stored = StoredTournament.read(db, tournament_id)
        before = player_of(stored.tournament.player(number), number)
        engine.check_open(stored.tournament, stored.rounds)
        player = change(stored.tournament, number)
        if player != before:
            db.execute(
                "UPDATE tournament_players SET withdrawn_draw = ?, gaps = ? "
                "WHERE tournament_id = ? AND number = ?",
                [player.withdrawn_from, gaps_json(player.gaps), tournament_id, number],
            )
            bump(db, "tournaments", tournament_id)
        return player


ROSTER = Roster(add_players, withdraw_player, reinstate_player)
