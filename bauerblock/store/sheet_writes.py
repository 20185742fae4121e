"""A sheet's writes: a game recorded, amended or deleted, each one BEGIN IMMEDIATE transaction
that re-reads the sheet, checks the expected version, replays the engine over the new log (a
refusal propagates and nothing is written), writes the log and bumps the version.
"""

from http import HTTPStatus

from sqlite_utils import Database

from bauerblock.store import idempotency, tables
from bauerblock.store.common import digest, entity_tag
from bauerblock.store.db import immediate
from bauerblock.store.errors import GameNotFound, SheetFull, StaleVersion
from bauerblock.store.sheet_head import MAX_GAMES, Appended, Entry, SheetHead, Written, found
from bauerblock.store.sheet_log import apply_plan, plan_ahead, plan_now, play_on, store_rows
from bauerblock.store.sheet_state import document, paged


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
        head = found(db, sheet_id)
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
        rows, state = play_on(head, head.standing, [entry])
        head = store_rows(db, head, rows, start=head.played + 1, standing=head.standing)
        game = state["games"][0]
        finished = tables.written(
            db, head, game["number"], "record", correction=correction, at=head.updated
        )
        if finished:
            head = found(db, sheet_id)  # the game finished the tournament: its place says so
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

    planned = plan_ahead(db, sheet_id, number, entries)
    with immediate(db):
        head = found(db, sheet_id)
        # Closed before stale: closing the draw gave the sheet a new version, and a phone's
        # tap from before is refused for what happened, not as another phone's write.
        tables.check_open(head, correction)
        _check_version(head, expected_version)
        _check_number(head, number)
        written = apply_plan(db, head, plan_now(db, head, planned, number, entries), start=number)
        at = written.head.updated
        if tables.written(db, head, number, "amend", correction=correction, at=at):
            written = Written(found(db, sheet_id), written.state)
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

    planned = plan_ahead(db, sheet_id, number, entries)
    with immediate(db):
        head = found(db, sheet_id)
        if idempotency_key is not None and idempotency.recall(db, owner, idempotency_key, request):
            return Written(head, paged(db, head, number))
        # Closed before stale: closing the draw gave the sheet a new version, and a phone's
        # tap from before is refused for what happened, not as another phone's write.
        tables.check_open(head, correction)
        _check_version(head, expected_version)
        _check_number(head, number)
        written = apply_plan(db, head, plan_now(db, head, planned, number, entries), start=number)
        tables.written(db, head, number, "delete", correction=correction, at=written.head.updated)
        if idempotency_key is not None:
            answer = idempotency.Answer(HTTPStatus.OK.value, {"deleted": number})
            idempotency.remember(db, owner, idempotency_key, request, answer)
        return written


def recorded_as(db: Database, sheet_id: str, idempotency_key: str) -> int | None:
    """Return the game a write of the sheet with this key recorded or deleted (None: the key
    recorded nothing). Raise BadKey for a key the pad never makes."""
    answer = idempotency.answered(db, idempotency.sheet(sheet_id), idempotency_key)
    if answer is None:
        return None
    game = answer.body.get("game") or {}
    number = game.get("number", answer.body.get("deleted"))
    return number if isinstance(number, int) else None


def _appended(head: SheetHead, answer: idempotency.Answer, *, replayed: bool) -> Appended:
    body = answer.body
    tag = entity_tag(head.id, body["state"]["version"])
    return Appended(body["game"]["number"], answer.status, body, tag, replayed, head)


def _check_number(sheet: SheetHead, number: int) -> None:
    if not 1 <= number <= sheet.played:
        raise GameNotFound(sheet.id, number)


def _check_version(sheet: SheetHead, expected_version: int | None) -> None:
    """Refuse a write made from an older version of the sheet (None: any version)."""
    # Checked before the game number: a stale page may name a game that is gone.
    if expected_version is not None and expected_version != sheet.version:
        raise StaleVersion(expected_version, sheet.version)
