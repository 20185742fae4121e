"""The Preisbauer's roster: made with its first players, late entries, withdrawals, returns.

A Paarturnier's pairs are fixed at its start: it refuses every step here. Every write is one
BEGIN IMMEDIATE transaction that re-reads the tournament under the write lock; a step with
an Idempotency-Key is done once.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from sqlite_utils import Database

from bauerblock.engine import tournament as engine
from bauerblock.engine.errors import RuleError
from bauerblock.engine.names import clean_text
from bauerblock.store import idempotency
from bauerblock.store.common import now
from bauerblock.store.db import immediate
from bauerblock.store.tournaments.preisbauer import (
    StoredTournament,
    gaps_json,
    player_name,
    player_row,
    read,
)
from bauerblock.store.tournaments.rows import (
    MAX_TITLE,
    bump,
    insert_tournament,
    stored_kind,
)
from bauerblock.store.tournaments.stored import STORED_KINDS

NEW_TOURNAMENTS = "new:tournaments"
"""The owner of the keys of tournaments not yet made (the new-tournament form's)."""


def create(
    db: Database,
    *,
    title: str | None,
    rules: Mapping[str, Any] | None,
    players: Sequence[str],
    format: Mapping[str, Any] | None,
    idempotency_key: str | None,
    pairs: Sequence[Sequence[str]] | None = None,
) -> tuple[StoredTournament, str]:
    """Store a new Preisbauer with its first players; return it and its edit token.

    Raise RuleError for pairs instead of players, a bad format, rule set, title or name, or
    more than 200 players. A retry with the same key starts no second one: it returns the
    first and its token (IdempotencyConflict or BadKey for a key reused or unlike the pad's).
    """
    if pairs:
        raise RuleError(
            "players_not_pairs",
            "A Preisbauer registers players, not pairs: give format.kind 'pairs' "
            "for a pair tournament.",
        )
    format = {key: value for key, value in (format or {}).items() if key != "kind"}
    resolved_format = engine.resolve_format(format)
    resolved_rules = engine.table_rules(rules, resolved_format)
    at = now()
    tournament_title = clean_text(title or "", MAX_TITLE, "title") or f"Preisbauer {at[:10]}"
    if isinstance(players, str):
        raise RuleError("players_not_list", "players is a list of names.")
    entered = engine.Tournament(resolved_format)
    for name in players:
        try:
            entered = _with(entered, engine.enter(entered, player_name(name)))
        except engine.DuplicateName as twice:
            # A list with a name twice is input no state would take (422), unlike a name
            # already on a tournament's roster (duplicate_name: 409).
            raise RuleError(
                "player_name_twice",
                "{name} is in the list twice (player {number}): "
                "add an initial or a suffix such as jun.",
                **twice.params,
            ) from twice
    request = idempotency.fingerprint(
        {"title": title, "rules": rules, "players": list(players), "format": format}
    )
    with immediate(db):
        first = idempotency.made_before(db, NEW_TOURNAMENTS, idempotency_key, request)
        if first is not None:
            return read(db, first[0]), first[1]
        tournament_id, token = insert_tournament(
            db, tournament_title, resolved_rules, resolved_format.to_dict(), at
        )
        idempotency.remember_made(
            db, NEW_TOURNAMENTS, idempotency_key, request, tournament_id, token
        )
        db.table("tournament_players").insert_all(
            player_row(tournament_id, player) for player in entered.players
        )
        return read(db, tournament_id), token


def add_players(
    db: Database, tournament_id: str, names: Sequence[str]
) -> tuple[engine.Player, ...]:
    """Register players, who join from the next draw on, in one transaction: all of them,
    or none on a refusal; return them.

    Raise TournamentNotFound, the engine's TournamentFinished or PairsConflict, or
    RuleError (a bad name, a name registered already, 200 players).
    """
    _refuse_pairs(db, tournament_id)
    cleaned = [player_name(name) for name in names]
    with immediate(db):
        stored = read(db, tournament_id)
        engine.check_open(stored.tournament, stored.rounds)
        entered = stored.tournament
        for name in cleaned:
            entered = _with(entered, engine.enter(entered, name))
        added = entered.players[len(stored.tournament.players) :]
        db.table("tournament_players").insert_all(player_row(tournament_id, p) for p in added)
        bump(db, tournament_id)
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
    _refuse_pairs(db, tournament_id)
    with immediate(db):
        stored = read(db, tournament_id)
        before = _player(stored.tournament, number)
        engine.check_open(stored.tournament, stored.rounds)
        player = change(stored.tournament, number)
        if player != before:
            db.execute(
                "UPDATE tournament_players SET withdrawn_draw = ?, gaps = ? "
                "WHERE tournament_id = ? AND number = ?",
                [player.withdrawn_from, gaps_json(player.gaps), tournament_id, number],
            )
            bump(db, tournament_id)
        return player


def _refuse_pairs(db: Database, tournament_id: str) -> None:
    """Refuse a roster change of a kind whose entrants are fixed (a Paarturnier's pairs);
    raise TournamentNotFound."""
    STORED_KINDS[stored_kind(db, tournament_id)].check_roster()


def _player(tournament: engine.Tournament, number: int) -> engine.Player:
    player = tournament.player(number)
    if player is None:
        raise engine.PlayerNotFound(
            "player_not_found", "The tournament has no player {number}.", number=number
        )
    return player


def _with(tournament: engine.Tournament, player: engine.Player) -> engine.Tournament:
    return replace(tournament, players=(*tournament.players, player))
