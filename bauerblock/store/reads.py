"""Reads of a sheet that cost the same at game 1000 as at game 10: its version, a range of
its games, one entry, the games that closed its rounds. Each is one indexed query."""

import json
from typing import Any

from sqlite_utils import Database

from bauerblock.store.common import entity_tag
from bauerblock.store.sheets import MAX_GAMES, Entry, SheetHead, load_head
from bauerblock.store.sheets.state import StoredGame, paged, stored_games


def sheet_version(db: Database, sheet_id: str) -> int | None:
    """Return the sheet's version (None: no such sheet), reading nothing else."""
    row = db.execute("SELECT version FROM sheets WHERE id = ?", [sheet_id]).fetchone()
    return row[0] if row else None


def version_and_lock(db: Database, sheet_id: str) -> tuple[int, str] | None:
    """Return the sheet's version and its token hash (None: no such sheet), nothing else:
    what a poll of the edit view needs to check the right before it answers 304."""
    row = db.execute("SELECT version, token_hash FROM sheets WHERE id = ?", [sheet_id]).fetchone()
    return (row[0], row[1]) if row else None


def current_etag(db: Database, sheet_id: str) -> str | None:
    """Return the sheet's entity tag (unquoted) from its version alone (None: no such sheet)."""
    version = sheet_version(db, sheet_id)
    return None if version is None else entity_tag(sheet_id, version)


def games_between(db: Database, sheet: SheetHead, first: int, last: int) -> list[StoredGame]:
    """Return games `first` to `last` (both included) in order."""
    return stored_games(db, sheet, "AND number BETWEEN ? AND ? ORDER BY number", [first, last])


def games_numbered(db: Database, sheet: SheetHead, numbers: list[int]) -> list[StoredGame]:
    """Return the games with these numbers, in order."""
    marks = ", ".join("?" * len(numbers))
    return stored_games(db, sheet, f"AND number IN ({marks}) ORDER BY number", numbers)


def entry_of(db: Database, sheet_id: str, number: int) -> Entry | None:
    """Return game `number`'s entry as posted (None: no such game)."""
    row = db.execute(
        "SELECT entry FROM entries WHERE sheet_id = ? AND number = ?", [sheet_id, number]
    ).fetchone()
    return json.loads(row[0]) if row else None


def closing_games(db: Database, sheet: SheetHead, *, before: int, count: int) -> list[StoredGame]:
    """Return the last `count` games before game `before` that closed a round, latest first."""
    return stored_games(
        db, sheet, "AND closed <> '[]' AND number < ? ORDER BY number DESC LIMIT ?", [before, count]
    )


def closing_game(db: Database, sheet: SheetHead, round_number: int) -> StoredGame | None:
    """Return the game that closed round `round_number` (1 for the first), or None."""
    if round_number < 1:
        return None
    # The rounds close one by one, so the n-th game closing one closed round n.
    found = stored_games(
        db, sheet, "AND closed <> '[]' ORDER BY number LIMIT 1 OFFSET ?", [round_number - 1]
    )
    return found[0] if found else None


def state_from(
    db: Database, sheet_id: str, games_from: int = 1, limit: int = MAX_GAMES
) -> tuple[SheetHead, dict[str, Any]] | None:
    """Return the sheet's head and its state as `replay` gives it, reading only the games
    from `games_from` on, at most `limit` of them (None: no such sheet)."""
    games_from = max(1, games_from)
    # One read transaction, so the head and the games come from the same version.
    with db.atomic():
        sheet = load_head(db, sheet_id)
        if sheet is None:
            return None
        # Past the last game there is nothing to read (and SQLite takes no bigger integers).
        first = min(games_from, sheet.played + 1)
        stored = games_between(db, sheet, first, min(sheet.played, first + limit - 1))
    return sheet, paged(sheet, stored, games_from)


def game_at(db: Database, sheet_id: str, number: int) -> tuple[SheetHead, StoredGame | None] | None:
    """Return the sheet's head and its game `number` as stored (None: no such game), read
    together (None: no such sheet)."""
    with db.atomic():
        sheet = load_head(db, sheet_id)
        if sheet is None:
            return None
        found = games_between(db, sheet, number, number) if number <= sheet.played else []
    return sheet, (found[0] if found else None)
