"""Sheets: an evening's settings and its log of games, kept in SQLite and replayed by the engine.

Every write is one BEGIN IMMEDIATE transaction that re-reads the sheet, checks the expected
version, replays the engine over the new log (a refusal propagates and nothing is written),
writes the log and bumps the version.
"""

import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from datetime import UTC, datetime
from http import HTTPStatus
from typing import Any, Protocol

from sqlite_utils import Database

from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import snapshot
from bauerblock.engine.games import resume, sheet_game
from bauerblock.store import tables
from bauerblock.store.db import immediate
from bauerblock.store.errors import (
    GameNotFound,
    IdempotencyConflict,
    SheetNotFound,
    StaleVersion,
)

Entry = Mapping[str, Any]
"""A game as the client posted it: JSON, validated by the engine's replay."""

MAX_NAME = 40
MAX_TITLE = 80


class Rules(Protocol):
    """A game's resolved rule set, as the engine returns it."""

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class SheetHead:
    """A stored sheet's settings and version, and where its evening stands: no games."""

    id: str
    game: str
    title: str
    players: tuple[str, ...]
    first_dealer: int
    rules: Rules
    version: int
    created: str
    updated: str
    played: int
    standing: Mapping[str, Any] | None
    """The engine's snapshot of the standing after the last game (None before the first)."""
    token_hash: str = field(repr=False)
    group: Mapping[str, Any] | None = None
    """The Stammtisch the evening was started in: `{"id", "players": [roster numbers]}`."""
    tournament: Mapping[str, Any] | None = None
    """A tournament table's place, `{"id", "draw", "table", "ended", "closed"}` and, once
    closed, `closed_by`: "finished", "next_draw" or "ended"; None for other sheets."""


@dataclass(frozen=True)
class Sheet(SheetHead):
    """A stored sheet with its log: the entries as posted and the games as last replayed."""

    entries: tuple[Entry, ...] = ()
    games: tuple[dict[str, Any], ...] = ()
    closed: tuple[tuple[dict[str, Any], ...], ...] = ()
    """The rounds (or boards) each game closed, game by game."""


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
    sheet, token = new_sheet(
        game, players=players, first_dealer=first_dealer, rules=rules, title=title
    )
    with immediate(db):
        insert_sheet(db, sheet)
    return sheet, token


def new_sheet(
    game: str,
    *,
    players: Sequence[str] | None = None,
    first_dealer: int = 0,
    rules: Mapping[str, Any] | None = None,
    title: str | None = None,
    token_of: Callable[[str], str] | None = None,
) -> tuple[Sheet, str]:
    """Return a new, empty sheet, not yet stored, and its edit token; refuse as `create_sheet`.

    `token_of` gives the edit token for the new sheet's id (default: a random one).
    """
    module = sheet_game(game)
    resolved = module.resolve_rules(dict(rules) if rules is not None else None)
    names = _player_names(players, module.SEATS, game)
    # The engine is the judge of the settings: an empty replay refuses a bad first dealer.
    module.replay(resolved, first_dealer, [])
    now = _now()
    sheet_title = _clean(title or "", MAX_TITLE, "The title") or f"{game.capitalize()} {now[:10]}"
    sheet_id = secrets.token_urlsafe(16)
    token = token_of(sheet_id) if token_of is not None else secrets.token_urlsafe(24)
    sheet = Sheet(
        id=sheet_id,
        game=game,
        title=sheet_title,
        players=names,
        first_dealer=first_dealer,
        rules=resolved,
        version=1,
        created=now,
        updated=now,
        played=0,
        standing=None,
        token_hash=_token_hash(token),
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


def load_head(db: Database, sheet_id: str) -> SheetHead | None:
    """Return the sheet's settings, version and standing without its games (None: unknown)."""
    with db.atomic():
        return _head(db, sheet_id)


def load_sheet(db: Database, sheet_id: str) -> Sheet | None:
    """Return the stored sheet with its log of games, or None for an unknown id."""
    # One read transaction, so the settings and the log come from the same version.
    with db.atomic():
        head = _head(db, sheet_id)
        if head is None:
            return None
        rows = list(
            db.query(
                "SELECT entry, record, closed FROM entries WHERE sheet_id = ? ORDER BY number",
                [sheet_id],
            )
        )
    return Sheet(
        **{f.name: getattr(head, f.name) for f in fields(SheetHead)},
        entries=tuple(json.loads(row["entry"]) for row in rows),
        games=tuple(json.loads(row["record"]) for row in rows),
        closed=tuple(tuple(json.loads(row["closed"])) for row in rows),
    )


class TokenHolder(Protocol):
    """What is kept with the hash of its edit token: a sheet, a group."""

    @property
    def token_hash(self) -> str: ...


def check_token(sheet: TokenHolder, token: str | None) -> bool:
    """Tell whether `token` is the sheet's edit token."""
    if not isinstance(token, str):
        return False
    return hmac.compare_digest(_token_hash(token), sheet.token_hash)


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


def before_game(db: Database, sheet: SheetHead, number: int):
    """Return the engine's state of the sheet before game `number` (len + 1: the next one).

    It resumes from the stored standing after game `number - 1`: nothing is replayed.
    """
    module = sheet_game(sheet.game)
    standing = sheet.standing if number > sheet.played else _standing_before(db, sheet.id, number)
    return resume(module, sheet.rules, sheet.first_dealer, standing)


def document(sheet: SheetHead, state: Mapping[str, Any]) -> dict[str, Any]:
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
        **({"group": dict(sheet.group)} if sheet.group is not None else {}),
        **({"tournament": dict(sheet.tournament)} if sheet.tournament else {}),
        **state,
    }


def etag(sheet: SheetHead) -> str:
    """Return the sheet's entity tag (unquoted): it changes with every write."""
    return entity_tag(sheet.id, sheet.version)


def version_of_etag(sheet_id: str, tag: str) -> int | None:
    """Return the version of the sheet an entity tag names, or None if it is no tag of it."""
    version, _, _ = tag.partition("-")
    if not version.isdigit() or not version.isascii():
        return None
    return int(version) if hmac.compare_digest(entity_tag(sheet_id, int(version)), tag) else None


def append_game(
    db: Database,
    sheet_id: str,
    entry: Entry,
    *,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
    correction: bool = False,
) -> Appended:
    """Record the next game and return the answer `{"game", "state"}` to give the client.

    The answer's state pages the games from the new one on (`games_from`): a long evening
    grows by one game without reading, replaying or sending the games before it.

    With an idempotency key seen before, return that request's answer and write nothing:
    the key is looked up before the version is checked, so a retried request whose first
    attempt went through is answered, not refused as stale.

    `correction`: the organiser writes (the tournament's token): a closed draw's table
    takes it, and it is kept in the tournament's corrections.

    Raise SheetNotFound, IdempotencyConflict (the key came with another body), StaleVersion,
    SheetClosed, or the engine's RuleError/GameError; on any of them nothing is written.
    """
    request_hash = hashlib.sha256(_canonical(entry).encode()).hexdigest()
    # The look-up and the insert of the key share the game's transaction: two racing
    # retries queue on the write lock, and the second finds the first one's answer.
    with immediate(db):
        head = _head(db, sheet_id)
        if head is None:
            raise SheetNotFound(sheet_id)
        if idempotency_key is not None:
            stored = _stored_answer(db, sheet_id, idempotency_key, request_hash)
            if stored is not None:
                return stored
        # Closed before stale: closing the draw gave the sheet a new version, and a phone's
        # tap from before is refused for what happened, not as another phone's write.
        tables.check_open(head, correction)
        _check_version(head, expected_version)
        rows, state = _play_on(head, head.standing, [entry])
        head = _store_rows(db, head, rows, start=head.played + 1, standing=head.standing)
        game = state["games"][0]
        tables.written(db, head, game["number"], "record", correction=correction, at=head.updated)
        body = {"game": game, "state": document(head, {**state, "games_from": game["number"]})}
        status = HTTPStatus.CREATED.value
        if idempotency_key is not None:
            db.table("idempotency_keys").insert(
                {
                    "sheet_id": sheet_id,
                    "key": idempotency_key,
                    "request_hash": request_hash,
                    "status": status,
                    "response": _canonical(body),
                    "created": head.updated,
                }
            )
        return Appended(game["number"], status, body, etag(head), replayed=False)


def amend_game(
    db: Database,
    sheet_id: str,
    number: int,
    entry: Entry,
    *,
    expected_version: int | None = None,
    correction: bool = False,
) -> Written:
    """Replace game `number` and replay the sheet from it (`correction` as `append_game`).

    Raise SheetNotFound, GameNotFound, StaleVersion, SheetClosed, or the engine's GameError
    naming the first game the change makes illegal; on any of them nothing is written.
    """
    with immediate(db):
        sheet = _read(db, sheet_id)
        # Closed before stale: closing the draw gave the sheet a new version, and a phone's
        # tap from before is refused for what happened, not as another phone's write.
        tables.check_open(sheet, correction)
        _check_version(sheet, expected_version)
        entries = list(sheet.entries)
        entries[_index(sheet, number)] = entry
        written = _rewrite(db, sheet, entries, start=number)
        at = written.sheet.updated
        tables.written(db, sheet, number, "amend", correction=correction, at=at)
        return written


def delete_game(
    db: Database,
    sheet_id: str,
    number: int,
    *,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
    correction: bool = False,
) -> Written:
    """Remove game `number`, renumber the later games and replay the sheet from there.

    With an idempotency key seen before, delete nothing and return the sheet as it is: a
    resent delete whose first attempt went through must not take the game after it.
    Raise as `amend_game` does, and IdempotencyConflict (the key came with another request).
    """
    # Prefixed, so no game entry (a JSON object) hashes the same under the same key.
    request_hash = hashlib.sha256(f"delete:{number}".encode()).hexdigest()
    with immediate(db):
        sheet = _read(db, sheet_id)
        if idempotency_key is not None and _key_seen(db, sheet_id, idempotency_key, request_hash):
            return Written(sheet, replay(sheet))
        # Closed before stale: closing the draw gave the sheet a new version, and a phone's
        # tap from before is refused for what happened, not as another phone's write.
        tables.check_open(sheet, correction)
        _check_version(sheet, expected_version)
        entries = list(sheet.entries)
        del entries[_index(sheet, number)]
        written = _rewrite(db, sheet, entries, start=number)
        at = written.sheet.updated
        tables.written(db, sheet, number, "delete", correction=correction, at=at)
        if idempotency_key is not None:
            db.table("idempotency_keys").insert(
                {
                    "sheet_id": sheet_id,
                    "key": idempotency_key,
                    "request_hash": request_hash,
                    "status": HTTPStatus.OK.value,
                    "response": _canonical({"deleted": number}),
                    "created": written.sheet.updated,
                }
            )
        return written


def _key_seen(db: Database, sheet_id: str, key: str, request_hash: str) -> bool:
    """Tell whether `key` came before with this request; refuse it with another."""
    row = next(
        db.query(
            "SELECT request_hash FROM idempotency_keys WHERE sheet_id = ? AND key = ?",
            [sheet_id, key],
        ),
        None,
    )
    if row is not None and not hmac.compare_digest(row["request_hash"], request_hash):
        raise IdempotencyConflict(key)
    return row is not None


def _head(db: Database, sheet_id: str) -> SheetHead | None:
    # A tournament's table knows its place from the draw that made it (one index look-up).
    row = next(
        db.query(
            """
            SELECT sheets.*, draw_tables.tournament_id, draw_tables.draw,
                draw_tables.number AS table_number, draws.ended, tournaments.format,
                tournaments.finished,
                (SELECT MAX(number) FROM draws AS later
                 WHERE later.tournament_id = draw_tables.tournament_id) AS latest
            FROM sheets
            LEFT JOIN draw_tables ON draw_tables.sheet_id = sheets.id
            LEFT JOIN draws ON draws.tournament_id = draw_tables.tournament_id
                AND draws.number = draw_tables.draw
            LEFT JOIN tournaments ON tournaments.id = draw_tables.tournament_id
            WHERE sheets.id = ?
            """,
            [sheet_id],
        ),
        None,
    )
    if row is None:
        return None
    last = next(
        db.query(
            "SELECT number, standing FROM entries WHERE sheet_id = ? ORDER BY number DESC LIMIT 1",
            [sheet_id],
        ),
        None,
    )
    return SheetHead(
        id=row["id"],
        game=row["game"],
        title=row["title"],
        players=tuple(json.loads(row["players"])),
        first_dealer=row["first_dealer"],
        rules=sheet_game(row["game"]).resolve_rules(json.loads(row["rules"])),
        version=row["version"],
        created=row["created"],
        updated=row["updated"],
        played=last["number"] if last else 0,
        standing=json.loads(last["standing"]) if last else None,
        token_hash=row["token_hash"],
        tournament=None if row["tournament_id"] is None else tables.place(row),
        group=_group_of(db, sheet_id),
    )


def _group_of(db: Database, sheet_id: str) -> dict[str, Any] | None:
    row = next(
        db.query("SELECT group_id, players FROM group_sheets WHERE sheet_id = ?", [sheet_id]),
        None,
    )
    return {"id": row["group_id"], "players": json.loads(row["players"])} if row else None


def _read(db: Database, sheet_id: str) -> Sheet:
    sheet = load_sheet(db, sheet_id)
    if sheet is None:
        raise SheetNotFound(sheet_id)
    return sheet


def _index(sheet: Sheet, number: int) -> int:
    if not 1 <= number <= len(sheet.entries):
        raise GameNotFound(sheet.id, number)
    return number - 1


def _check_version(sheet: SheetHead, expected_version: int | None) -> None:
    """Refuse a write made from an older version of the sheet (None: any version)."""
    # Checked before the game number: a stale page may name a game that is gone.
    if expected_version is not None and expected_version != sheet.version:
        raise StaleVersion(expected_version, sheet.version)


def resumed_state(sheet: SheetHead) -> dict[str, Any]:
    """Return the engine's state of the sheet at its standing: `current`, no games yet."""
    module = sheet_game(sheet.game)
    return resume(module, sheet.rules, sheet.first_dealer, sheet.standing).to_dict()


def _play_on(
    sheet: SheetHead, standing: Mapping[str, Any] | None, entries: Sequence[Entry]
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Replay `entries` from a standing; return their rows to store and the state they give.

    Raise the engine's GameError naming the first game that is illegal there.
    """
    module = sheet_game(sheet.game)
    state = resume(module, sheet.rules, sheet.first_dealer, standing)
    rows = []
    for entry in entries:
        closed_before = len(getattr(state, "rounds", ()))
        state = module.play(state, entry)
        rows.append(
            {
                "number": state.standing.played,
                "entry": _canonical(entry),
                "record": _canonical(state.games[-1].to_dict()),
                # Only games that end a round (or board) close one; Bolachen has none.
                "closed": _canonical(
                    [r.to_dict() for r in getattr(state, "rounds", ())[closed_before:]]
                ),
                "standing": _canonical(snapshot(state.standing)),
            }
        )
    return rows, state.to_dict()


def _store_rows(
    db: Database,
    sheet: SheetHead,
    rows: list[dict[str, Any]],
    *,
    start: int,
    standing: Mapping[str, Any] | None,
) -> SheetHead:
    """Replace the log from game `start` on with `rows`, bump the version; return the head.

    `standing` is the standing before game `start`, the sheet's standing if no row follows.
    """
    # Games from `start` on are rewritten rather than renumbered in place: an UPDATE of
    # the numbers could collide with the primary key midway.
    db.execute("DELETE FROM entries WHERE sheet_id = ? AND number >= ?", [sheet.id, start])
    db.table("entries").insert_all({"sheet_id": sheet.id, **row} for row in rows)
    now = _now()
    db.execute("UPDATE sheets SET version = version + 1, updated = ? WHERE id = ?", [now, sheet.id])
    return replace(
        sheet,
        version=sheet.version + 1,
        updated=now,
        played=start - 1 + len(rows),
        standing=json.loads(rows[-1]["standing"]) if rows else standing,
    )


def _rewrite(db: Database, sheet: Sheet, entries: list[Entry], *, start: int) -> Written:
    """Store `entries` as the sheet's log, replaying it from game `start` on."""
    before = _standing_before(db, sheet.id, start)
    rows, _ = _play_on(sheet, before, entries[start - 1 :])
    head = _store_rows(db, sheet, rows, start=start, standing=before)
    kept = start - 1
    sheet = replace(
        sheet,
        **{f.name: getattr(head, f.name) for f in fields(SheetHead)},
        entries=tuple(entries),
        games=sheet.games[:kept] + tuple(json.loads(row["record"]) for row in rows),
        closed=sheet.closed[:kept] + tuple(tuple(json.loads(row["closed"])) for row in rows),
    )
    return Written(sheet, replay(sheet))


def _standing_before(db: Database, sheet_id: str, number: int) -> dict[str, Any] | None:
    """Return the stored standing after game `number - 1` (None before the first game)."""
    row = next(
        db.query(
            "SELECT standing FROM entries WHERE sheet_id = ? AND number = ?",
            [sheet_id, number - 1],
        ),
        None,
    )
    return json.loads(row["standing"]) if row else None


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
    return Appended(
        number, row["status"], body, entity_tag(sheet_id, body["state"]["version"]), True
    )


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


def entity_tag(entity_id: str, version: int) -> str:
    """Return the entity tag (unquoted) of a sheet or tournament at a version."""
    # The id's digest keeps a tag of one sheet from ever matching another sheet's.
    return f"{version}-{hashlib.sha256(entity_id.encode()).hexdigest()[:16]}"


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
