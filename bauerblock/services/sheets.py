"""A sheet's use cases: create it, record, amend or delete a game.

Each is one write transaction through the store: the sheet's head read once under its write
lock (here, or by a face that holds the lock with `locked`), the key looked up, the write
checked and stored, what a tournament's table leaves behind (a kept
correction, the tournament finished), the result kept for a retry with the same key. An
amendment or a deletion is planned (the later games scored again) before the write lock.
The results (`services.results`) carry what both faces tell, typed: the API serialises
them, the pad renders them.
"""

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import partial
from typing import ClassVar, Protocol, TypeVar

from sqlite_utils import Database

from bauerblock.services import keys
from bauerblock.services.keys import Key
from bauerblock.services.results import CHANGED_PAGE, Changed, Recorded, Result, again, first_result
from bauerblock.store import idempotency, sheets
from bauerblock.store.common import digest
from bauerblock.store.db import immediate, in_write
from bauerblock.store.sheets import Entry, Sheet, SheetHead, Written
from bauerblock.store.sheets.head import found, head_of
from bauerblock.store.sheets.log import plan_ahead
from bauerblock.store.sheets.writes import change, check_write, record
from bauerblock.store.tournaments import tables as tournament_tables


@dataclass(frozen=True)
class Created:
    """A sheet just made (for a retry with its key: the first one, as it is now)."""

    sheet: Sheet
    token: str
    """Its edit token, shown to its creator once."""


@dataclass(frozen=True)
class NewSheet:
    """A new sheet's settings, as a face read them (the start form, the API's body)."""

    game: str
    players: Sequence[str] | None = None
    """In seat order; None: the game's default names."""
    first_dealer: int = 0
    rules: Mapping[str, object] | None = None
    """A preset and options; None: the game's default rule set."""
    title: str | None = None


def create_sheet(db: Database, new: NewSheet, *, idempotency_key: str | None = None) -> Created:
    """Make a new, empty sheet; a retry with the same key makes none (`store.create_sheet`).

    Raise RuleError for an unknown game or rule set, a wrong number of players, a bad name
    or title, a first dealer who is no seat; IdempotencyConflict or BadKey.
    """
    return Created(
        *sheets.create_sheet(
            db,
            new.game,
            players=new.players,
            first_dealer=new.first_dealer,
            rules=new.rules,
            title=new.title,
            idempotency_key=idempotency_key,
        )
    )


Done = TypeVar("Done", bound=Recorded | Changed, covariant=True)


@dataclass(frozen=True)
class Asked:
    """What a face's write of one game asks besides the game: the version its page showed
    (None: any), its idempotency key (None: no retry is answered), and the head if it holds
    the write lock."""

    expected_version: int | None = None
    idempotency_key: str | Key | None = None
    head: SheetHead | None = None
    """The sheet's head as the face read it under the write lock it holds (`locked`), to be
    written on as it is; None: the write reads it under its own lock."""


ANYHOW = Asked()
"""A write that asks for no version and keeps no key."""


class Table(Protocol):
    """Who writes a sheet, as far as what it may write and what its write leaves goes: a
    table's phone (`PHONE`), or the organiser correcting it (services.corrections)."""

    def check(self, head: SheetHead, expected_version: int | None) -> None:
        """Refuse a write this writer may not make to the sheet as it stands."""

    def leave(self, db: Database, written: Written, number: int, action: str) -> SheetHead:
        """Leave what the `written` write of game `number` leaves; return the head as it is
        then."""


class Phone:
    """A sheet's own writer (its edit token): a closed draw's table refuses it."""

    def check(self, head: SheetHead, expected_version: int | None) -> None:
        check_write(head, expected_version, correction=False)

    def leave(self, db: Database, written: Written, number: int, action: str) -> SheetHead:
        return table_written(db, written, number, action)


PHONE = Phone()


class Change(Protocol[Done]):
    """A write of one game asked of a sheet: record, amend or delete it."""

    def write(self, db: Database, sheet_id: str, table: Table, asked: Asked) -> Done:
        """Write it in one transaction as `table` may; a retry with the key answers the
        first result."""


@contextmanager
def locked(db: Database, sheet_id: str) -> Iterator[SheetHead | None]:
    """Hold the sheet's write lock for the block and read its head under it, once (None: no
    such sheet).

    A tap's face checks its right on that head, writes on it (`Asked.head`) and reads
    what its answer shows before the COMMIT: the answer is the sheet as written, and nothing
    is read after it.
    """
    with immediate(db):
        yield head_of(db, sheet_id)


def _head(db: Database, sheet_id: str, asked: Asked) -> SheetHead:
    """Return the sheet's head under the write lock: the caller's (`locked`), else read now."""
    head = asked.head
    if head is None:
        return found(db, sheet_id)
    if not in_write(db) or head.id != sheet_id:
        raise RuntimeError("a head passed to a write is read under its lock (locked)")
    return head


def _once(
    db: Database,
    sheet_id: str,
    table: Table,
    asked: Asked,
    key: Key | None,
    action: str,
    number: int,
    write: Callable[[SheetHead], Written],
    kind: type[Result],
) -> Result:
    """Write game `number` of the sheet as `table` may (`write` on its head), in one
    transaction with its result kept for its key; with a key seen before, answer the first
    result (a `kind`) and write nothing."""
    # The look-up and the insert of the key share the game's transaction: two racing
    # retries queue on the write lock, and the second finds the first one's result.
    with immediate(db):
        head = _head(db, sheet_id, asked)

        def step() -> Result:
            table.check(head, asked.expected_version)
            written = write(head)
            left = table.leave(db, written, written.state["games_from"], action)
            return first_result(kind, left, written.state, replayed=False, scored=written.scored)

        first = partial(again, db, head, number, kind=kind)
        return keys.once(db, idempotency.sheet(sheet_id), key, step, first)


@dataclass(frozen=True)
class Record:
    """Record the next game, played on from the sheet's standing (no game before it is
    read).

    With a key seen before, answer the first result (`replayed`) and write nothing: the key
    is looked up before the version is checked, so a retried tap whose first attempt went
    through is answered, not refused as stale. Raise SheetNotFound, IdempotencyConflict,
    BadKey, StaleVersion, SheetClosed, SheetFull or the engine's RuleError/GameError; on any
    of them nothing is written.
    """

    entry: Entry

    def write(self, db: Database, sheet_id: str, table: Table, asked: Asked) -> Recorded:
        key = keys.key_of(asked.idempotency_key, self.entry)
        # A record always kept its sheet: its retry reads no page (no game number asked).
        recorded = partial(record, db, entry=self.entry)
        return _once(db, sheet_id, table, asked, key, "record", 0, recorded, Recorded)


@dataclass(frozen=True)
class _Rewrite:
    """An amendment or a deletion of game `number` (`entry`: what it becomes; None: it is
    deleted, the later move up), planned before the write lock (a retry's too; under the
    caller's lock, with its `head`, planned there)."""

    number: int
    entry: Entry | None
    action: ClassVar[str]

    def key(self, asked: Asked) -> Key | None:
        """Return the write's key, with what a retry of it must repeat."""
        return keys.key_of(asked.idempotency_key, {"amend": self.number, "entry": self.entry})

    def write(self, db: Database, sheet_id: str, table: Table, asked: Asked) -> Changed:
        # Amending game 1 of a full sheet scores 3000 games again: done before the lock, in a
        # read transaction, the lock is held to look up the key and store the rows.
        number, planned = self.number, plan_ahead(db, sheet_id, self.number, self.entry)
        changed = partial(
            change, db, number=number, entry=self.entry, planned=planned, count=CHANGED_PAGE
        )
        key = self.key(asked)
        return _once(db, sheet_id, table, asked, key, self.action, number, changed, Changed)


@dataclass(frozen=True)
class Amend(_Rewrite):
    """Replace game `number` and score the later games again; a retry with the key answers
    the first result.

    Raise SheetNotFound, GameNotFound, StaleVersion, SheetClosed, IdempotencyConflict,
    BadKey, or the engine's GameError naming the first game the change makes illegal; on
    any of them nothing is written.
    """

    entry: Entry
    action: ClassVar[str] = "amend"


@dataclass(frozen=True)
class Delete(_Rewrite):
    """Remove game `number`; the later games move up and are scored again.

    With a key seen before, delete nothing and answer the first result: a resent delete
    whose first attempt went through must not take the game after it. Raise as `Amend`
    does.
    """

    entry: None = None
    action: ClassVar[str] = "delete"

    def key(self, asked: Asked) -> Key | None:
        # Prefixed, so no game entry (a JSON object) has the fingerprint of a delete.
        key = asked.idempotency_key
        if isinstance(key, str):
            return Key(idempotency.check_key(key), digest(f"delete:{self.number}"))
        return key


def write(db: Database, sheet_id: str, change: Change[Result], asked: Asked = ANYHOW) -> Result:
    """Write one game of the sheet as its phone (its edit token): `change` says which."""
    return change.write(db, sheet_id, PHONE, asked)


def record_game(
    db: Database,
    sheet_id: str,
    entry: Entry,
    *,
    expected_version: int | None = None,
    idempotency_key: str | Key | None = None,
) -> Recorded:
    """Record the next game as the sheet's phone (`Record`)."""
    return write(db, sheet_id, Record(entry), Asked(expected_version, idempotency_key))


def amend_game(
    db: Database,
    sheet_id: str,
    number: int,
    entry: Entry,
    *,
    expected_version: int | None = None,
    idempotency_key: str | Key | None = None,
) -> Changed:
    """Replace game `number` as the sheet's phone (`Amend`)."""
    return write(db, sheet_id, Amend(number, entry), Asked(expected_version, idempotency_key))


def delete_game(
    db: Database,
    sheet_id: str,
    number: int,
    *,
    expected_version: int | None = None,
    idempotency_key: str | Key | None = None,
) -> Changed:
    """Remove game `number` as the sheet's phone (`Delete`)."""
    return write(db, sheet_id, Delete(number), Asked(expected_version, idempotency_key))


def recorded_as(db: Database, sheet_id: str, idempotency_key: str) -> int | None:
    """Return the game a write of the sheet with this key recorded, amended or deleted
    (None: the key wrote nothing): for a pad that lost the answer and asks before it takes
    the tap back. Raise BadKey for a key the pad never makes."""
    first = keys.answered(db, idempotency.sheet(sheet_id), idempotency_key)
    if first is None:
        return None
    # A write keeps its number; a game recorded before `Answered` its game; the pad's old
    # answers `deleted`.
    number = first.get("number") or (first.get("game") or {}).get("number") or first.get("deleted")
    return number if isinstance(number, int) else None


def table_written(db: Database, written: Written, number: int, action: str) -> SheetHead:
    """Leave what a write at a tournament's table leaves; return the head as it is then."""
    head = written.head
    played = bool(written.state["current"].get("finished"))
    place = tournament_tables.written(db, head, action, finished=played)
    # The game finished the tournament: the table's place says so (nothing read again).
    return head if place is None else replace(head, tournament=place)
