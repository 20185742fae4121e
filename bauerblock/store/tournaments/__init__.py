"""Tournaments, both kinds: the one face the API, the pages and the exports call.

A tournament is a Preisbauer (partners drawn anew each draw) or a Paarturnier (fixed pairs
in groups, then a knock-out); its format's `kind` says which. The engine
(`engine.tournament`, `kinds.pairs.engine`) judges every step and computes the
standings; the store reads and writes the rows:

- `store.tournaments.rows`: the rows both kinds share (tournament, draws, tables,
  corrections), tokens and tags, and every write's steps (a new version, a key remembered);
- `store.tournaments.stored`: every kind made and read from its rows (`STORED_KINDS`, each
  a `TournamentKind`);
- `store.tournaments.draws`: the draws of both kinds: made, ended, drawn anew;
- a kind of its own folder registers its stored class in `STORED_KINDS` (the Paarturnier's
  `bauerblock/kinds/pairs/store.py`, made with its pairs).
- `store.tournaments.names`: which names a reader sees (a series' hidden and forgotten);
- `store.tournaments.seats`: where an entrant sits now, from the current draw alone.

The store returns these things (the stored kind's typed state), never answers: each face
tells them in its own words (the API's JSON: `api.kinds`).
"""

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from bauerblock.engine.games import resume, sheet_game
from bauerblock.engine.teams import Points
from bauerblock.engine.tournament import Player, player_of
from bauerblock.store.tournaments.cards import (
    TableNow,
    card_numbers,
    card_token,
    check_card,
    sheet_tokens,
    table_now,
    table_token,
)
from bauerblock.store.tournaments.draws import draw_next, end_draw, redo_draw
from bauerblock.store.tournaments.names import Names, stand_ins
from bauerblock.store.tournaments.rows import (
    MAX_TITLE,
    Correction,
    Drawn,
    TableRow,
    check_token,
    etag,
    insert_tournament,
)
from bauerblock.store.tournaments.seats import SeatNow, seat_now
from bauerblock.store.tournaments.stored import (
    ROSTERS,
    STORED_KINDS,
    TABLE_GAMES,
    Roster,
    Stored,
    TournamentKind,
    kind_of,
    load,
    stored_kind,
    table_game,
)

__all__ = [
    "MAX_TITLE",
    "ROSTERS",
    "STORED_KINDS",
    "TABLE_GAMES",
    "Correction",
    "Drawn",
    "Names",
    "Redrawn",
    "Roster",
    "SeatNow",
    "Stored",
    "TableNow",
    "TableRow",
    "TableScore",
    "TournamentKind",
    "card_numbers",
    "card_token",
    "check_card",
    "check_token",
    "create_tournament",
    "draw_next",
    "end_draw",
    "etag",
    "insert_tournament",
    "kind_of",
    "load_tournament",
    "redo_draw",
    "redrawn",
    "registered",
    "roster",
    "seat_now",
    "sheet_tokens",
    "table_game",
    "table_now",
    "table_scores",
    "table_token",
    "tournament_version",
]


def create_tournament(
    db: Database,
    *,
    title: str | None = None,
    rules: Mapping[str, Any] | None = None,
    format: Mapping[str, Any] | None = None,
    idempotency_key: str | None = None,
    **entrants: Any,
) -> tuple[Stored, str]:
    """Store a new tournament of the kind its format names with its first entrants (the
    kind's field of them: a Preisbauer's `players`, a Paarturnier's `pairs` of two names
    each); return it and its edit token.

    Raise RuleError for a bad format, rule set, title or name, another kind's entrants, or
    more than 200 players. A retry of a Preisbauer with the same key starts no second one:
    it returns the first and its token (IdempotencyConflict or BadKey for a key reused or
    unlike the pad's).
    """
    # Each kind makes itself, and refuses the others' entrants.
    return kind_of(format).create(
        db, title=title, rules=rules, format=format, idempotency_key=idempotency_key, **entrants
    )


def load_tournament(db: Database, tournament_id: str, names: Names | None = None) -> Stored | None:
    """Return the tournament with its players, draws and tables' rounds (None: unknown),
    its names as `names` lets its reader see them (None: as stored, for a read that shows
    no name: a forgotten one is empty)."""
    with db.atomic():
        stored = load(db, tournament_id)
        if stored is None or names is None:
            return stored
        words = stand_ins(db, tournament_id, names)
        return stored.veiled(words) if words else stored


def registered(stored: Stored, number: int) -> Player:
    """Return player `number` of a stored tournament as registered now (an engine Player);
    raise PlayerNotFound for none (a Paarturnier registers pairs, no players)."""
    return player_of(stored.player(number), number)


def roster(db: Database, tournament_id: str) -> Roster:
    """Return the roster steps of the tournament's kind, each one transaction: players
    registered (from the next draw on, all of them or none on a refusal), a player withdrawn
    or reinstated (again: no change). Raise TournamentNotFound, or the kind's refusal when
    its entrants are fixed (a Paarturnier's pairs); a step raises its engine's refusals."""
    kind = stored_kind(db, tournament_id)
    kind.check_roster()
    return ROSTERS[kind.kind]


def tournament_version(db: Database, tournament_id: str) -> int | None:
    """Return the tournament's version alone, for a poll that finds nothing new."""
    row = db.execute("SELECT version FROM tournaments WHERE id = ?", [tournament_id]).fetchone()
    return row[0] if row else None


@dataclass(frozen=True)
class TableScore:
    """Where a table's sheet stands: the games played and the open round's score (none
    played: a table with no game yet)."""

    played: int = 0
    score: Points = Points()


def table_scores(db: Database, tournament_id: str, draw: int) -> dict[int, TableScore]:
    """Return where each table of a draw stands, by table number, in one read.

    A table with no game yet is missing. Read from each sheet's standing (its row's): no
    game is replayed.
    """
    rows = db.query(
        """
        SELECT draw_tables.number AS table_number, sheets.game, sheets.standing
        FROM draw_tables JOIN sheets ON sheets.id = draw_tables.sheet_id
        WHERE draw_tables.tournament_id = ? AND draw_tables.draw = ?
            AND sheets.standing IS NOT NULL
        """,
        [tournament_id, draw],
    )
    standings = {row["table_number"]: _standing(row["game"], row["standing"]) for row in rows}
    return {
        table: TableScore(standing.played, standing.score) for table, standing in standings.items()
    }


def _standing(game: str, snapshot: str) -> Any:
    """Return where a table's sheet of `game` stands, as its stored snapshot says."""
    module = sheet_game(game)
    return resume(module, module.resolve_rules(), 0, json.loads(snapshot)).standing


@dataclass(frozen=True)
class Redrawn:
    """Where a table's sheet was before its draw was drawn anew: its tournament and draw."""

    tournament: str
    draw: int


def redrawn(db: Database, sheet_id: str) -> Redrawn | None:
    """Return where a table's sheet was before its draw was drawn anew (None: never was),
    for the page an old table card's link now opens."""
    row = db.execute(
        "SELECT tournament_id, draw FROM redrawn_sheets WHERE sheet_id = ?", [sheet_id]
    ).fetchone()
    return Redrawn(tournament=row[0], draw=row[1]) if row else None
