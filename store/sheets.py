"""Sheets: an evening's settings and its log of games, kept in SQLite and replayed by the engine.

Every write is one BEGIN IMMEDIATE transaction that re-reads the sheet, checks the expected
version, replays the engine over the new log (a refusal propagates and nothing is written),
writes the log and bumps the version.
"""

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from http import HTTPStatus
from typing import Any, Protocol

from sqlite_utils import Database

from engine.errors import RuleError
from engine.games import sheet_game
from store.db import immediate
from store.errors import GameNotFound, IdempotencyConflict, SheetNotFound, StaleVersion

Entry = Mapping[str, Any]
"""A game as the client posted it: JSON, validated by the engine's replay."""

MAX_NAME = 40
MAX_TITLE = 80


class Rules(Protocol):
    """A game's resolved rule set, as the engine returns it."""

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Sheet:
    """One stored sheet: its settings, its version and its log of games."""

    id: str
    game: str
    title: str
    players: tuple[str, ...]
    first_dealer: int
    rules: Rules
    version: int
    created: str
    updated: str
    entries: tuple[Entry, ...]
    token_hash: str = field(repr=False)


@dataclass(frozen=True)
class Written:
    """A sheet just written, and its replayed state (`SheetState.to_dict()`)."""

    sheet: Sheet
    state: dict[str, Any]


@dataclass(frozen=True)
class Appended:
    """The answer to recording a game: the first answer again when a retry replays it."""

    number: int
    status: int
    body: dict[str, Any]
    etag: str
    replayed: bool


def create_sheet(
    db: Database,
    game: str,
    *,
    players: Sequence[str] | None = None,
    first_dealer: int = 0,
    rules: Mapping[str, Any] | None = None,
    title: str | None = None,
) -> tuple[Sheet, str]:
    """Store a new, empty sheet; return it and its edit token (shown to the creator once).

    Raise RuleError for an unknown game or rule set, a wrong number of players, a bad name
    or title, or a first dealer who is no seat.
    """
    module = sheet_game(game)
    resolved = module.resolve_rules(dict(rules) if rules is not None else None)
    names = _player_names(players, module.SEATS, game)
    # The engine is the judge of the settings: an empty replay refuses a bad first dealer.
    module.replay(resolved, first_dealer, [])
    now = _now()
    sheet_title = _clean(title or "", MAX_TITLE, "The title") or f"{game.capitalize()} {now[:10]}"
    token = secrets.token_urlsafe(24)
    sheet = Sheet(
        id=secrets.token_urlsafe(16),
        game=game,
        title=sheet_title,
        players=names,
        first_dealer=first_dealer,
        rules=resolved,
        version=1,
        created=now,
        updated=now,
        entries=(),
        token_hash=_token_hash(token),
    )
    with immediate(db):
        db["sheets"].insert(
            {
                "id": sheet.id,
                "game": sheet.game,
                "title": sheet.title,
                "players": json.dumps(list(names)),
                "first_dealer": first_dealer,
                "rules": json.dumps(resolved.to_dict()),
                "token_hash": sheet.token_hash,
                "version": sheet.version,
                "created": now,
                "updated": now,
            }
        )
    return sheet, token


def load_sheet(db: Database, sheet_id: str) -> Sheet | None:
    """Return the stored sheet with its log of games, or None for an unknown id."""
    # One read transaction, so the settings and the log come from the same version.
    with db.atomic():
        row = next(db.query("SELECT * FROM sheets WHERE id = ?", [sheet_id]), None)
        if row is None:
            return None
        entries = tuple(
            json.loads(r["entry"])
            for r in db.query(
                "SELECT entry FROM entries WHERE sheet_id = ? ORDER BY number", [sheet_id]
            )
        )
    return Sheet(
        id=row["id"],
        game=row["game"],
        title=row["title"],
        players=tuple(json.loads(row["players"])),
        first_dealer=row["first_dealer"],
        rules=sheet_game(row["game"]).resolve_rules(json.loads(row["rules"])),
        version=row["version"],
        created=row["created"],
        updated=row["updated"],
        entries=entries,
        token_hash=row["token_hash"],
    )


def check_token(sheet: Sheet, token: str | None) -> bool:
    """Tell whether `token` is the sheet's edit token."""
    if not isinstance(token, str):
        return False
    return hmac.compare_digest(_token_hash(token), sheet.token_hash)


def replay(sheet: Sheet) -> dict[str, Any]:
    """Return the sheet's state: `current`, `games` and `rounds`, replayed by its engine."""
    return _replay(sheet, sheet.entries)


def document(sheet: Sheet, state: Mapping[str, Any]) -> dict[str, Any]:
    """Return the sheet as JSON: its settings and version, then its replayed state."""
    return {
        "id": sheet.id,
        "game": sheet.game,
        "title": sheet.title,
        "version": sheet.version,
        "created": sheet.created,
        "updated": sheet.updated,
        "rules": sheet.rules.to_dict(),
        "players": list(sheet.players),
        "first_dealer": sheet.first_dealer,
        **state,
    }


def etag(sheet: Sheet) -> str:
    """Return the sheet's entity tag (unquoted): it changes with every write."""
    return _etag(sheet.id, sheet.version)


def version_of_etag(sheet_id: str, tag: str) -> int | None:
    """Return the version of the sheet an entity tag names, or None if it is no tag of it."""
    version, _, _ = tag.partition("-")
    if not version.isdigit() or not version.isascii():
        return None
    return int(version) if hmac.compare_digest(_etag(sheet_id, int(version)), tag) else None


def append_game(
    db: Database,
    sheet_id: str,
    entry: Entry,
    *,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
) -> Appended:
    """Record the next game and return the answer `{"game", "state"}` to give the client.

    With an idempotency key seen before, return that request's answer and write nothing:
    the key is looked up before the version is checked, so a retried request whose first
    attempt went through is answered, not refused as stale.

    Raise SheetNotFound, IdempotencyConflict (the key came with another body), StaleVersion,
    or the engine's RuleError/GameError; on any of them nothing is written.
    """
    request_hash = hashlib.sha256(_canonical(entry).encode()).hexdigest()
    # The look-up and the insert of the key share the game's transaction: two racing
    # retries queue on the write lock, and the second finds the first one's answer.
    with immediate(db):
        sheet = _read(db, sheet_id)
        if idempotency_key is not None:
            stored = _stored_answer(db, sheet_id, idempotency_key, request_hash)
            if stored is not None:
                return stored
        _check_version(sheet, expected_version)
        written = _rewrite(db, sheet, [*sheet.entries, entry], start=None)
        number = len(written.sheet.entries)
        body = {
            "game": written.state["games"][number - 1],
            "state": document(written.sheet, written.state),
        }
        status = HTTPStatus.CREATED.value
        if idempotency_key is not None:
            db["idempotency_keys"].insert(
                {
                    "sheet_id": sheet_id,
                    "key": idempotency_key,
                    "request_hash": request_hash,
                    "status": status,
                    "response": _canonical(body),
                    "created": written.sheet.updated,
                }
            )
        return Appended(number, status, body, etag(written.sheet), replayed=False)


def amend_game(
    db: Database,
    sheet_id: str,
    number: int,
    entry: Entry,
    *,
    expected_version: int | None = None,
) -> Written:
    """Replace game `number` and replay the sheet.

    Raise SheetNotFound, GameNotFound, StaleVersion, or the engine's GameError naming the
    first game the change makes illegal; on any of them nothing is written.
    """
    with immediate(db):
        sheet = _read(db, sheet_id)
        _check_version(sheet, expected_version)
        entries = list(sheet.entries)
        entries[_index(sheet, number)] = entry
        return _rewrite(db, sheet, entries, start=number)


def delete_game(
    db: Database,
    sheet_id: str,
    number: int,
    *,
    expected_version: int | None = None,
) -> Written:
    """Remove game `number`, renumber the later games and replay the sheet.

    Raise as `amend_game` does.
    """
    with immediate(db):
        sheet = _read(db, sheet_id)
        _check_version(sheet, expected_version)
        entries = list(sheet.entries)
        del entries[_index(sheet, number)]
        return _rewrite(db, sheet, entries, start=number)


def _read(db: Database, sheet_id: str) -> Sheet:
    sheet = load_sheet(db, sheet_id)
    if sheet is None:
        raise SheetNotFound(sheet_id)
    return sheet


def _index(sheet: Sheet, number: int) -> int:
    if not 1 <= number <= len(sheet.entries):
        raise GameNotFound(sheet.id, number)
    return number - 1


def _check_version(sheet: Sheet, expected_version: int | None) -> None:
    """Refuse a write made from an older version of the sheet (None: any version)."""
    # Checked before the game number: a stale page may name a game that is gone.
    if expected_version is not None and expected_version != sheet.version:
        raise StaleVersion(expected_version, sheet.version)


def _rewrite(db: Database, sheet: Sheet, entries: list[Entry], *, start: int | None) -> Written:
    """Store `entries` as the sheet's log from game `start` on (None: append the last)."""
    state = _replay(sheet, entries)
    start = len(entries) if start is None else start
    # Games from `start` on are rewritten rather than renumbered in place: an UPDATE of
    # the numbers could collide with the primary key midway.
    db.execute("DELETE FROM entries WHERE sheet_id = ? AND number >= ?", [sheet.id, start])
    db["entries"].insert_all(
        {"sheet_id": sheet.id, "number": number, "entry": _canonical(entry)}
        for number, entry in enumerate(entries[start - 1 :], start=start)
    )
    now = _now()
    db.execute("UPDATE sheets SET version = version + 1, updated = ? WHERE id = ?", [now, sheet.id])
    sheet = replace(sheet, version=sheet.version + 1, updated=now, entries=tuple(entries))
    return Written(sheet, state)


def _replay(sheet: Sheet, entries: Sequence[Entry]) -> dict[str, Any]:
    return sheet_game(sheet.game).replay(sheet.rules, sheet.first_dealer, entries).to_dict()


def _stored_answer(db: Database, sheet_id: str, key: str, request_hash: str) -> Appended | None:
    row = next(
        db.query("SELECT * FROM idempotency_keys WHERE sheet_id = ? AND key = ?", [sheet_id, key]),
        None,
    )
    if row is None:
        return None
    if not hmac.compare_digest(row["request_hash"], request_hash):
        raise IdempotencyConflict(key)
    body = json.loads(row["response"])
    number = body["game"]["number"]
    return Appended(number, row["status"], body, _etag(sheet_id, body["state"]["version"]), True)


def _player_names(players: Sequence[str] | None, seats: int, game: str) -> tuple[str, ...]:
    if players is None:
        players = [""] * seats
    if isinstance(players, str) or len(players) != seats:
        raise RuleError(f"{game.capitalize()} is played by {seats}: give {seats} player names.")
    # A name left blank gets its seat's default, as on a paper pad.
    return tuple(
        _clean(name, MAX_NAME, "A player's name") or f"Spieler {seat}"
        for seat, name in enumerate(players, start=1)
    )


def _clean(text: object, limit: int, what: str) -> str:
    """Return `text` on one line with single spaces; refuse non-text or text over `limit`."""
    if not isinstance(text, str):
        raise RuleError(f"{what} must be text.")
    # split() also drops newlines and tabs, which would break a CSV row or a PDF line.
    cleaned = " ".join(text.split())
    if len(cleaned) > limit:
        raise RuleError(f"{what} may be at most {limit} characters long.")
    return cleaned


def _token_hash(token: str) -> str:
    # A plain SHA-256 suffices: the token is 192 random bits, so no slow, salted password
    # hash is needed against guessing, and equal digests for equal tokens allow no attack.
    return hashlib.sha256(token.encode()).hexdigest()


def _etag(sheet_id: str, version: int) -> str:
    # The id's digest keeps a tag of one sheet from ever matching another sheet's.
    return f"{version}-{hashlib.sha256(sheet_id.encode()).hexdigest()[:16]}"


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
