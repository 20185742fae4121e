"""Sheets: an evening's settings and its log of games, kept in SQLite and replayed by the engine.

Every write is one BEGIN IMMEDIATE transaction that re-reads the sheet, checks the expected
version, replays the engine over the new log (a refusal propagates and nothing is written),
writes the log and bumps the version.
"""

import hmac
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from http import HTTPStatus
from typing import Any, Protocol

from sqlite_utils import Database

from bauerblock.engine.digits import whole
from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import snapshot
from bauerblock.engine.games import resume, sheet_game
from bauerblock.engine.names import clean_text
from bauerblock.store import idempotency, tables
from bauerblock.store.common import (
    canonical,
    digest,
    entity_tag,
    new_id,
    new_token,
    now,
    token_hash,
)
from bauerblock.store.db import immediate, in_write
from bauerblock.store.errors import (
    GameNotFound,
    SheetFull,
    SheetNotFound,
    StaleVersion,
)

Entry = Mapping[str, Any]
"""A game as the client posted it: JSON, validated by the engine's replay."""

MAX_NAME = 40
MAX_TITLE = 80
NEW_SHEETS = "new:sheets"
"""The owner of the keys of sheets not yet made (the start form's)."""
MAX_GAMES = 3000
"""A sheet takes at most this many games: a long evening has 200; the cap bounds every cost."""


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
    """A sheet just written: its new head, and its state paged from the changed game on.

    `state` is `SheetState.to_dict()` with the games (and the rounds they closed) from
    `state["games_from"]` on, as `replay(sheet, games_from)` gives it.
    """

    head: SheetHead
    state: dict[str, Any]


@dataclass(frozen=True)
class Appended:
    """The answer to recording a game: the first answer again when a retry replays it."""

    number: int
    status: int
    body: dict[str, Any]
    etag: str
    replayed: bool
    head: SheetHead
    """The sheet's head after the write (for a replayed retry: as it is now)."""


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
    with immediate(db):
        first = idempotency.made_before(db, NEW_SHEETS, idempotency_key, request)
        if first is not None:
            return require_sheet(db, first[0]), first[1]
        insert_sheet(db, sheet)
        idempotency.remember_made(db, NEW_SHEETS, idempotency_key, request, sheet.id, token)
    return sheet, token


def require_sheet(db: Database, sheet_id: str) -> Sheet:
    """Return the stored sheet with its log of games; raise SheetNotFound for an unknown id."""
    sheet = load_sheet(db, sheet_id)
    if sheet is None:
        raise SheetNotFound(sheet_id)
    return sheet


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
    written = now()
    sheet_title = (
        clean_text(title or "", MAX_TITLE, "title") or f"{game.capitalize()} {written[:10]}"
    )
    sheet_id = new_id()
    token = token_of(sheet_id) if token_of is not None else new_token()
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


def load_head(db: Database, sheet_id: str) -> SheetHead | None:
    """Return the sheet's settings, version and standing without its games (None: unknown)."""
    with db.atomic():
        return head_of(db, sheet_id)


def load_sheet(db: Database, sheet_id: str) -> Sheet | None:
    """Return the stored sheet with its log of games, or None for an unknown id."""
    # One read transaction, so the settings and the log come from the same version.
    with db.atomic():
        head = head_of(db, sheet_id)
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
    return hmac.compare_digest(token_hash(token), sheet.token_hash)


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
    version = whole(tag.partition("-")[0])
    if version is None:
        return None
    return version if hmac.compare_digest(entity_tag(sheet_id, version), tag) else None


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

    Raise SheetNotFound, IdempotencyConflict (the key came with another body), BadKey,
    StaleVersion, SheetClosed, SheetFull (MAX_GAMES played), or the engine's
    RuleError/GameError; on any of them nothing is written.
    """
    request = idempotency.fingerprint(entry)
    owner = idempotency.sheet(sheet_id)
    # The look-up and the insert of the key share the game's transaction: two racing
    # retries queue on the write lock, and the second finds the first one's answer.
    with immediate(db):
        head = _found(db, sheet_id)
        if idempotency_key is not None:
            stored = idempotency.recall(db, owner, idempotency_key, request)
            if stored is not None:
                return _appended(head, stored, replayed=True)
        # Closed before stale: closing the draw gave the sheet a new version, and a phone's
        # tap from before is refused for what happened, not as another phone's write.
        tables.check_open(head, correction)
        _check_version(head, expected_version)
        if head.played >= MAX_GAMES:
            raise SheetFull(MAX_GAMES)
        rows, state = _play_on(head, head.standing, [entry])
        head = _store_rows(db, head, rows, start=head.played + 1, standing=head.standing)
        game = state["games"][0]
        finished = tables.written(
            db, head, game["number"], "record", correction=correction, at=head.updated
        )
        if finished:
            head = _found(db, sheet_id)  # the game finished the tournament: its place says so
        body = {"game": game, "state": document(head, {**state, "games_from": game["number"]})}
        answer = idempotency.Answer(HTTPStatus.CREATED.value, body)
        if idempotency_key is not None:
            idempotency.remember(db, owner, idempotency_key, request, answer)
        return _appended(head, answer, replayed=False)


def amend_game(
    db: Database,
    sheet_id: str,
    number: int,
    entry: Entry,
    *,
    expected_version: int | None = None,
    correction: bool = False,
) -> Written:
    """Replace game `number` and replay the sheet from it (`correction` as `append_game`);
    return the head and the state paged from game `number` on.

    Only the games from `number` on are read and replayed: amending the last game costs
    the same at game 3000 as at game 50. Raise SheetNotFound, GameNotFound, StaleVersion,
    SheetClosed, or the engine's GameError naming the first game the change makes illegal;
    on any of them nothing is written.
    """

    def entries(later: list[Entry]) -> list[Entry]:
        return [entry, *later]

    planned = _planned(db, sheet_id, number, entries)
    with immediate(db):
        head = _found(db, sheet_id)
        # Closed before stale: closing the draw gave the sheet a new version, and a phone's
        # tap from before is refused for what happened, not as another phone's write.
        tables.check_open(head, correction)
        _check_version(head, expected_version)
        _check_number(head, number)
        written = _apply(db, head, _current(db, head, planned, number, entries), start=number)
        at = written.head.updated
        if tables.written(db, head, number, "amend", correction=correction, at=at):
            written = Written(_found(db, sheet_id), written.state)
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
    """Remove game `number`, renumber the later games and replay the sheet from there;
    return the head and the state paged from game `number` on.

    With an idempotency key seen before, delete nothing and return the sheet as it is: a
    resent delete whose first attempt went through must not take the game after it.
    Raise as `amend_game` does, and IdempotencyConflict (the key came with another request).
    """
    # Prefixed, so no game entry (a JSON object) has the fingerprint of a delete.
    request = digest(f"delete:{number}")
    owner = idempotency.sheet(sheet_id)

    def entries(later: list[Entry]) -> list[Entry]:
        return later

    planned = _planned(db, sheet_id, number, entries)
    with immediate(db):
        head = _found(db, sheet_id)
        if idempotency_key is not None and idempotency.recall(db, owner, idempotency_key, request):
            return Written(head, _paged(db, head, number))
        # Closed before stale: closing the draw gave the sheet a new version, and a phone's
        # tap from before is refused for what happened, not as another phone's write.
        tables.check_open(head, correction)
        _check_version(head, expected_version)
        _check_number(head, number)
        written = _apply(db, head, _current(db, head, planned, number, entries), start=number)
        tables.written(db, head, number, "delete", correction=correction, at=written.head.updated)
        if idempotency_key is not None:
            answer = idempotency.Answer(HTTPStatus.OK.value, {"deleted": number})
            idempotency.remember(db, owner, idempotency_key, request, answer)
        return written


def _appended(head: SheetHead, answer: idempotency.Answer, *, replayed: bool) -> Appended:
    body = answer.body
    tag = entity_tag(head.id, body["state"]["version"])
    return Appended(body["game"]["number"], answer.status, body, tag, replayed, head)


def _found(db: Database, sheet_id: str) -> SheetHead:
    head = head_of(db, sheet_id)
    if head is None:
        raise SheetNotFound(sheet_id)
    return head


def _entries_from(db: Database, sheet_id: str, number: int) -> list[Entry]:
    """Return the entries of game `number` and the games after it, in order."""
    rows = db.execute(
        "SELECT entry FROM entries WHERE sheet_id = ? AND number >= ? ORDER BY number",
        [sheet_id, number],
    )
    return [json.loads(row[0]) for row in rows]


def _paged(db: Database, head: SheetHead, games_from: int) -> dict[str, Any]:
    """Return the sheet's state as `replay` pages it, reading the games from `games_from` on."""
    rows = db.execute(
        "SELECT record, closed FROM entries WHERE sheet_id = ? AND number >= ? ORDER BY number",
        [head.id, games_from],
    ).fetchall()
    state = resumed_state(head)
    state["games"] = [json.loads(row[0]) for row in rows]
    if "rounds" in state:
        state["rounds"] = [r for row in rows for r in json.loads(row[1])]
    state["games_from"] = games_from
    return state


def head_of(db: Database, sheet_id: str) -> SheetHead | None:
    """Return the sheet's head inside the caller's transaction (None: unknown)."""
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


def _check_number(sheet: SheetHead, number: int) -> None:
    if not 1 <= number <= sheet.played:
        raise GameNotFound(sheet.id, number)


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
                "entry": canonical(entry),
                "record": canonical(state.games[-1].to_dict()),
                # Only games that end a round (or board) close one; Bolachen has none.
                "closed": canonical(
                    [r.to_dict() for r in getattr(state, "rounds", ())[closed_before:]]
                ),
                "standing": canonical(snapshot(state.standing)),
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
    written = now()
    db.execute(
        "UPDATE sheets SET version = version + 1, updated = ? WHERE id = ?", [written, sheet.id]
    )
    return replace(
        sheet,
        version=sheet.version + 1,
        updated=written,
        played=start - 1 + len(rows),
        standing=json.loads(rows[-1]["standing"]) if rows else standing,
    )


@dataclass(frozen=True)
class _Plan:
    """The games from one on, replayed at one version of the sheet: the rows to store."""

    version: int
    before: Mapping[str, Any] | None
    rows: list[dict[str, Any]]
    state: dict[str, Any]
    error: RuleError | None


Later = Callable[[list[Entry]], list[Entry]]
"""The new entries from the changed game on, given the entries after it."""


def _plan(db: Database, head: SheetHead, start: int, entries: Later) -> _Plan:
    """Replay the games from `start` on (the entries `entries` gives) at head's version."""
    later = _entries_from(db, head.id, start + 1)
    before = _standing_before(db, head.id, start)
    try:
        rows, state = _play_on(head, before, entries(later))
    except RuleError as error:
        return _Plan(head.version, before, [], {}, error)
    return _Plan(head.version, before, rows, state, None)


def _planned(db: Database, sheet_id: str, number: int, entries: Later) -> _Plan | None:
    """Replay the games from `number` on before the write lock is taken (None: not now).

    Amending game 1 of a full sheet scores 3000 games again: done here, in a read
    transaction, the write lock is held only to store the rows.
    """
    if in_write(db):
        return None  # an outer write holds the lock already: planned under it
    with db.atomic():
        head = head_of(db, sheet_id)
        if head is None or not 1 <= number <= head.played:
            return None
        return _plan(db, head, number, entries)


def _current(
    db: Database, head: SheetHead, planned: _Plan | None, start: int, entries: Later
) -> _Plan:
    """Return the plan if the sheet is still at its version, else plan again under the lock."""
    # Every write bumps the version: the same version is the same log.
    if planned is not None and planned.version == head.version:
        return planned
    return _plan(db, head, start, entries)


def _apply(db: Database, head: SheetHead, plan: _Plan, *, start: int) -> Written:
    """Store a plan's rows from game `start` on (or raise its refusal); return the written."""
    if plan.error is not None:
        raise plan.error
    head = _store_rows(db, head, plan.rows, start=start, standing=plan.before)
    return Written(head, {**plan.state, "games_from": start})


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


def _player_names(players: Sequence[str] | None, seats: int, game: str) -> tuple[str, ...]:
    if players is None:
        players = [""] * seats
    if isinstance(players, str) or len(players) != seats:
        raise RuleError(
            "players_count",
            "{game} is played by {seats}: give {seats} player names.",
            game=game.capitalize(),
            seats=seats,
        )
    # A name left blank gets its seat's default, as on a paper pad.
    return tuple(
        clean_text(name, MAX_NAME, "name") or f"Spieler {seat}"
        for seat, name in enumerate(players, start=1)
    )
