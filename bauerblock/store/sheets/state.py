"""A sheet's state as the pages and the API read it: resumed from the stored standing (no
game replayed), paged from a game on, as JSON, and its entity tag; its edit token checked;
the sheet loaded with its whole log (its games' totals counted from the start).
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
from bauerblock.store.sheets.head import Entry, Sheet, SheetHead, head_of, resumed


def resumed_state(sheet: SheetHead) -> dict[str, Any]:
    """Return the engine's state of the sheet at its standing: `current`, no games yet."""
    return resumed(sheet).to_dict()


def replay(sheet: Sheet, games_from: int = 1) -> dict[str, Any]:
    """Return the sheet's state as its engine replayed it at the last write.

    `current`, then `games` (from game `games_from` on, to page a long evening) and the
    `rounds` those games closed. The games are stored as replayed, so reading replays nothing.
    """
    games_from = max(1, games_from)
    state = resumed_state(sheet)
    state["games"] = list(sheet.games[games_from - 1 :])
    if "rounds" in state:
        state["rounds"] = [r for closed in sheet.closed[games_from - 1 :] for r in closed]
    state["games_from"] = games_from
    return state


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
        raise SheetNotFound(sheet_id)
    return sheet
