"""A tournament's draws, both kinds: made with a sheet for each table, ended, drawn anew.

The steps are written once: the stored tournament (a Preisbauer's or a Paarturnier's) says
what its engine makes of each (`next_draw`, `ended`, `check_open`, `check_redo`). Every
write is one BEGIN IMMEDIATE transaction that re-reads the tournament under the write lock,
so two organisers pressing "draw" at once make one draw.
"""

import json
import secrets

from sqlite_utils import Database

from bauerblock.store import idempotency
from bauerblock.store.common import bump, now
from bauerblock.store.db import immediate
from bauerblock.store.sheets import insert_sheet, new_sheet
from bauerblock.store.tournaments.cards import issue_cards
from bauerblock.store.tournaments.rows import (
    TABLE_SUFFIX,
    Drawn,
    NewDraw,
    check_draw,
    close_tables,
    games_by_table,
)
from bauerblock.store.tournaments.stored import Stored, read, table_game


def draw_next(
    db: Database,
    tournament_id: str,
    token: str,
    *,
    seed: str | None = None,
) -> tuple[Stored, Drawn]:
    """Draw the next draw and make a sheet for each of its tables; return both.

    `token` is the tournament's edit token (checked by the caller): the tables' tokens are
    derived from it. Raise TournamentNotFound, the engine's StateConflict (tables still
    play, the planned draws are done, the tournament is finished; a Paarturnier's
    PairsConflict) or RuleError (fewer than four players).
    """
    with immediate(db):
        stored = read(db, tournament_id)
        made, rows = stored.next_draw(seed or secrets.token_hex(8))
        insert_draw(db, stored, token, rows)
        bump(db, "tournaments", tournament_id)
        return read(db, tournament_id), made


def end_draw(db: Database, tournament_id: str, number: int) -> Stored:
    """End draw `number` (the latest): its open rounds count for nobody, its tables close.

    Ending it again changes nothing. Raise TournamentNotFound, DrawNotFound, or the
    engine's StateConflict for an earlier draw or a finished tournament.
    """
    with immediate(db):
        stored = read(db, tournament_id)
        check_draw(stored.tournament.draws, number)
        if stored.ended(number) == stored.tournament.draws[number - 1]:
            return stored
        stored.check_open()
        close_draw(db, tournament_id, number)
        return read(db, tournament_id)


def redo_draw(db: Database, tournament_id: str, number: int) -> None:
    """Delete draw `number` (the latest, while none of its tables has a game) and its sheets.

    A Preisbauer's players who entered or withdrew while it stood count as having done so
    before it (its kind's `redone`). Raise TournamentNotFound, DrawNotFound, or the engine's
    StateConflict (a finished tournament too).
    """
    with immediate(db):
        stored = read(db, tournament_id)
        check_draw(stored.tournament.draws, number)
        stored.check_open()
        stored.check_redo(number, games_by_table(db, tournament_id, number))
        delete_draw(db, tournament_id, number)
        stored.redone(db, number)


# --- a draw's rows ---------------------------------------------------------------------


def insert_draw(db: Database, stored: Stored, token: str, draw: NewDraw) -> None:
    """Store a new draw's rows and make its tables' sheets (in the caller's transaction).

    `token` is the tournament's edit token: the tables' cards are derived from it, and each
    new sheet takes its table's card for the evening as its edit token. The draw before is
    closed then: its pads, polling their ETags, see it at once.
    """
    number, at = draw.columns["number"], now()
    cards = issue_cards(db, stored.id, token, (table.number for table in draw.tables))
    touch_tables(db, stored.id, number - 1, at)
    db.table("draws").insert(
        {
            **draw.columns,
            "tournament_id": stored.id,
            "byes": json.dumps(list(draw.columns["byes"])),
            "ended": None,
            "created": at,
        }
    )
    for table in draw.tables:
        sheet, _ = new_sheet(
            table_game(stored.kind),
            players=list(table.players),
            rules=stored.rules.to_dict(),
            title=stored.title + TABLE_SUFFIX.format(draw=number, table=table.number),
            token=cards[table.number],
        )
        insert_sheet(db, sheet)
        db.table("draw_tables").insert(
            {
                "tournament_id": stored.id,
                "draw": number,
                "number": table.number,
                "seats": json.dumps(list(table.seats)),
                "sheet_id": sheet.id,
                **table.columns,
            }
        )
    close_tables(db, stored.id)


def close_draw(db: Database, tournament_id: str, number: int) -> None:
    """Mark draw `number` ended: its tables take no more games from their phones."""
    at = now()
    db.execute(
        "UPDATE draws SET ended = ? WHERE tournament_id = ? AND number = ?",
        [at, tournament_id, number],
    )
    touch_tables(db, tournament_id, number, at)
    close_tables(db, tournament_id)
    bump(db, "tournaments", tournament_id)


def touch_tables(db: Database, tournament_id: str, draw: int, at: str) -> None:
    """Give each table of a draw a new version: a pad polling its ETag sees it closed."""
    db.execute(
        "UPDATE sheets SET version = version + 1, updated = ? WHERE id IN "
        "(SELECT sheet_id FROM draw_tables WHERE tournament_id = ? AND draw = ?)",
        [at, tournament_id, draw],
    )


def delete_draw(db: Database, tournament_id: str, number: int) -> None:
    """Delete draw `number` with its tables' sheets, its corrections and the key that made it."""
    # Their links live on in the printed cards: each will say the draw was drawn anew.
    db.execute(
        "INSERT OR REPLACE INTO redrawn_sheets (sheet_id, tournament_id, draw, at) "
        "SELECT sheet_id, tournament_id, draw, ? FROM draw_tables "
        "WHERE tournament_id = ? AND draw = ?",
        [now(), tournament_id, number],
    )
    made = db.execute(
        "SELECT created FROM draws WHERE tournament_id = ? AND number = ?", [tournament_id, number]
    ).fetchone()
    # The sheets go first; their tables follow them (ON DELETE CASCADE), then the draw.
    db.execute(
        "DELETE FROM sheets WHERE id IN "
        "(SELECT sheet_id FROM draw_tables WHERE tournament_id = ? AND draw = ?)",
        [tournament_id, number],
    )
    db.execute("DELETE FROM draws WHERE tournament_id = ? AND number = ?", [tournament_id, number])
    # Corrections that left no game behind: the tables they named are gone.
    db.execute(
        "DELETE FROM corrections WHERE tournament_id = ? AND draw = ?", [tournament_id, number]
    )
    # A key that made the draw must make it anew, not answer with a draw that is gone. The
    # answers are sealed with their keys (no SQL reads them), so every answer kept since the
    # draw was made goes: a retry of those is then refused or done once, as a new request.
    if made is not None:
        db.execute(
            "DELETE FROM idempotency WHERE owner = ? AND created >= ?",
            [idempotency.tournament(tournament_id), made[0]],
        )
    close_tables(db, tournament_id)
    bump(db, "tournaments", tournament_id)
