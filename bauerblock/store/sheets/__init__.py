"""Sheets: an evening's settings and its log of games, kept in SQLite and replayed by the engine.

The face of the sheets' store: a new sheet made and stored here, every other name from
- `head`: the sheet as stored (head, log, bounds, a table's place and closed draw);
- `state`: the sheet and its log read, its state resumed, paged and as JSON, its tag, its
  token checked;
- `log`: games played on by the engine and their rows stored, a change planned ahead;
- `checkpoints`: the standing kept every CHECKPOINT games, the running totals counted from it;
- `writes`: a game recorded, amended or deleted inside the caller's transaction
  (services.sheets holds the transaction, the retry's key and a table's consequences).
"""

import json
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from sqlite_utils import Database

from bauerblock.engine.errors import RuleError
from bauerblock.engine.games import sheet_game
from bauerblock.engine.names import clean_text
from bauerblock.store import idempotency
from bauerblock.store.common import entity_tag, new_id, new_token, now, token_hash
from bauerblock.store.db import immediate
from bauerblock.store.sheets.head import (
    MAX_GAMES,
    MAX_NAME,
    MAX_TITLE,
    Entry,
    Sheet,
    SheetHead,
    Written,
    head_of,
    load_head,
)
from bauerblock.store.sheets.state import (
    before_game,
    check_token,
    etag,
    load_sheet,
    replay,
    require_sheet,
    resumed_state,
    version_of_etag,
)

__all__ = [
    "MAX_GAMES",
    "MAX_NAME",
    "MAX_TITLE",
    "NEW_SHEETS",
    "Entry",
    "Sheet",
    "SheetHead",
    "Written",
    "before_game",
    "check_token",
    "create_sheet",
    "entity_tag",
    "etag",
    "head_of",
    "insert_sheet",
    "load_head",
    "load_sheet",
    "new_sheet",
    "replay",
    "require_sheet",
    "resumed_state",
    "version_of_etag",
]

NEW_SHEETS = "new:sheets"
"""The owner of the keys of sheets not yet made (the start form's)."""


def create_sheet(
    db: Database,
    game: str,
    *,
    players: Sequence[str] | None = None,
    first_dealer: int = 0,
    rules: Mapping[str, Any] | None = None,
    title: str | None = None,
    idempotency_key: str | None = None,
) -> tuple[Sheet, str]:
    """Store a new, empty sheet; return it and its edit token (shown to the creator once).

    A retry with the same key (the start form's, sent twice) starts no second sheet: it
    returns the first one, as it is now, and its token. Raise RuleError for an unknown game
    or rule set, a wrong number of players, a bad name or title, or a first dealer who is
    no seat; IdempotencyConflict or BadKey.
    """
    sheet, token = new_sheet(
        game, players=players, first_dealer=first_dealer, rules=rules, title=title
    )
    request = idempotency.fingerprint(
        {"game": game, "players": players, "first": first_dealer, "rules": rules, "title": title}
    )

    def make() -> tuple[Sheet, str]:
        insert_sheet(db, sheet)
        return sheet, token

    with immediate(db):
        made, token, _ = idempotency.create_once(
            db, NEW_SHEETS, idempotency_key, request, make, partial(require_sheet, db)
        )
    return made, token


def new_sheet(
    game: str,
    *,
    players: Sequence[str] | None = None,
    first_dealer: int = 0,
    rules: Mapping[str, Any] | None = None,
    title: str | None = None,
    token: str | None = None,
) -> tuple[Sheet, str]:
    """Return a new, empty sheet, not yet stored, and its edit token (`token`, default: a
    random one); refuse as `create_sheet`."""
    module = sheet_game(game)
    resolved = module.resolve_rules(dict(rules) if rules is not None else None)
    names = _player_names(players, module.SEATS, game)
    # The engine is the judge of the settings: an empty replay refuses a bad first dealer.
    module.replay(resolved, first_dealer, [])
    written = now()
    sheet_title = (
        clean_text(title or "", MAX_TITLE, "title") or f"{game.capitalize()} {written[:10]}"
    )
    sheet_id = new_id()
    token = token if token is not None else new_token()
    sheet = Sheet(
        id=sheet_id,
        game=game,
        title=sheet_title,
        players=names,
        first_dealer=first_dealer,
        rules=resolved,
        version=1,
        created=written,
        updated=written,
        played=0,
        standing=None,
        token_hash=token_hash(token),
    )
    return sheet, token


def insert_sheet(db: Database, sheet: SheetHead) -> None:
    """Store a new sheet inside the caller's write transaction."""
    db.table("sheets").insert(
        {
            "id": sheet.id,
            "game": sheet.game,
            "title": sheet.title,
            "players": json.dumps(list(sheet.players)),
            "first_dealer": sheet.first_dealer,
            "rules": json.dumps(sheet.rules.to_dict()),
            "token_hash": sheet.token_hash,
            "version": sheet.version,
            "created": sheet.created,
            "updated": sheet.updated,
        }
    )


def _player_names(players: Sequence[str] | None, seats: int, game: str) -> tuple[str, ...]:
    if players is None:
        players = [""] * seats
    if isinstance(players, str) or len(players) != seats:
        raise RuleError(
            "players_count",
            game=game.capitalize(),
            seats=seats,
        )
    # A name left blank gets its seat's default, as on a paper pad.
    return tuple(
        clean_text(name, MAX_NAME, "name") or f"Spieler {seat}"
        for seat, name in enumerate(players, start=1)
    )
