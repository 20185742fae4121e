"""A sheet's state as the pages and the API read it: resumed from the stored standing (no
game replayed), paged from a game on, as JSON, and its entity tag; its edit token checked;
the sheet loaded with its whole log (its games' totals counted from the start).

The reads that cost the same at game 1000 as at game 10 (its version, a range of its
games, one entry, the games that closed its rounds) are each one indexed query.
"""

import hmac
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from sqlite_utils import Database

from bauerblock.engine.digits import whole
from bauerblock.store.common import entity_tag, token_matches
from bauerblock.store.errors import SheetNotFound
from bauerblock.store.sheets.checkpoints import absolute, state_after
from bauerblock.store.sheets.head import (
    MAX_GAMES,
    Entry,
    Sheet,
    SheetHead,
    head_of,
    load_head,
    resumed,
)


def resumed_state(sheet: SheetHead) -> dict[str, Any]:
    """Return the engine's state of the sheet at its standing: `current`, no games yet."""
    return resumed(sheet).to_dict()


def replay(sheet: Sheet, games_from: int = 1) -> dict[str, Any]:
    """Return the sheet's state as its engine replayed it at the last write.

    `current`, then `games` (from game `games_from` on, to page a long evening) and the
    `rounds` those games closed. The games are stored as replayed, so reading replays nothing.
    """
    games_from = max(1, games_from)
    log = zip(sheet.entries, sheet.games, sheet.closed, strict=True)
    games = [StoredGame(number, *game) for number, game in enumerate(log, start=1)]
    return paged(sheet, games[games_from - 1 :], games_from)


@dataclass(frozen=True)
class StoredGame:
    """One stored game: the entry as posted, the game as replayed, the rounds it closed."""

    number: int
    entry: Entry
    game: Mapping[str, Any]
    closed: tuple[Mapping[str, Any], ...]


def page(db: Database, head: SheetHead, first: int, count: int) -> dict[str, Any]:
    """Return the sheet's state as `replay` pages it, with at most `count` games from game
    `first` on (and the rounds they closed): a bounded read however long the evening."""
    return paged(
        head,
        stored_games(db, head, "AND number >= ? ORDER BY number LIMIT ?", [first, count]),
        first,
    )


def paged(head: SheetHead, games: Sequence[StoredGame], games_from: int) -> dict[str, Any]:
    """Return the sheet's state at its standing with `games` (from game `games_from` on) and
    the rounds they closed, as `replay` gives it."""
    state = resumed_state(head)
    state["games"] = [game.game for game in games]
    if "rounds" in state:
        state["rounds"] = [r for game in games for r in game.closed]
    state["games_from"] = games_from
    return state


def stored_games(db: Database, sheet: SheetHead, rest: str, params: list[Any]) -> list[StoredGame]:
    """Return the sheet's games that the rest of the query (`rest`: `AND` conditions, the
    order, a limit) picks, with `params` for its marks; their totals from the start."""
    rows = db.execute(
        f"SELECT number, entry, record, closed FROM entries WHERE sheet_id = ? {rest}",
        [sheet.id, *params],
    ).fetchall()
    if not rows:
        return []
    numbers = [row[0] for row in rows]
    counted = absolute(db, sheet, min(numbers), max(numbers))
    return [
        StoredGame(
            number=number,
            entry=json.loads(entry),
            game=counted(number, json.loads(record)),
            closed=tuple(json.loads(closed)),
        )
        for number, entry, record, closed in rows
    ]


def before_game(db: Database, sheet: SheetHead, number: int) -> Any:
    """Return the engine's state of the sheet before game `number` (len + 1: the next one),
    holding no games: the game's own SheetState, whose face reads its game's properties.

    The next game's resumes from the sheet's standing; an earlier one's from the checkpoint
    before it, at most CHECKPOINT - 1 games played on.
    """
    return state_after(db, sheet, number - 1)


def etag(sheet: SheetHead) -> str:
    """Return the sheet's entity tag (unquoted): it changes with every write."""
    return entity_tag(sheet.id, sheet.version)


def version_of_etag(sheet_id: str, tag: str) -> int | None:
    """Return the version of the sheet an entity tag names, or None if it is no tag of it."""
    version = whole(tag.partition("-")[0])
    if version is None:
        return None
    return version if hmac.compare_digest(entity_tag(sheet_id, version), tag) else None


def check_token(sheet: SheetHead, token: str | None) -> bool:
    """Tell whether `token` is the sheet's edit token."""
    return token_matches(token, sheet.token_hash)


def load_sheet(db: Database, sheet_id: str) -> Sheet | None:
    """Return the stored sheet with its log of games, or None for an unknown id."""
    # One read transaction, so the settings and the log come from the same version.
    with db.atomic():
        head = head_of(db, sheet_id)
        if head is None:
            return None
        games = stored_games(db, head, "ORDER BY number", [])
    return Sheet(
        **{f.name: getattr(head, f.name) for f in fields(SheetHead)},
        entries=tuple(game.entry for game in games),
        games=tuple(game.game for game in games),
        closed=tuple(game.closed for game in games),
    )


def require_sheet(db: Database, sheet_id: str) -> Sheet:
    """Return the stored sheet with its log of games; raise SheetNotFound for an unknown id."""
    sheet = load_sheet(db, sheet_id)
    if sheet is None:
        raise SheetNotFound()
    return sheet


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
