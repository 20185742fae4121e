"""The SQLite file: connections, write transactions (held back while a replicated WAL is past
its bound) and the schema's migrations in order."""

import sqlite3
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlite_utils import Database

from bauerblock.store.errors import StoreError
from bauerblock.store.schema import groups, series, sheets, tournaments

# Long enough to queue behind other workers' writes (each a few milliseconds) at a busy
# table and Litestream's short locks (it asks for 5 s), short enough that a held lock (a
# VACUUM, a wedged writer) answers 503 in seconds (web/faults.py) instead of a hung request.
BUSY_TIMEOUT_S = 5.0
# What a WAL keeps of its file once it was checkpointed whole and starts again: without a
# limit the file keeps its largest size (after a VACUUM: the whole database's).
JOURNAL_SIZE_LIMIT = 4 * 1024 * 1024

# Schema version n is reached by running MIGRATIONS[n - 1]; append, never edit.
MIGRATIONS: tuple[Callable[[Database], None], ...] = (
    sheets.create_tables,
    tournaments.create_tournaments,
    sheets.index_closing_games,
    groups.create_groups,
    sheets.create_device_rights,
    tournaments.create_corrections,
    tournaments.create_pairs,
    sheets.unify_idempotency,
    tournaments.keep_moves,
    tournaments.close_on_the_row,
    tournaments.create_table_cards,
    tournaments.keep_what_changed,
    series.create_series,
    sheets.keep_checkpoints,
)


def connect(
    path: str | Path, *, replicated: bool = False, wal_bound: int | None = None
) -> Database:
    """Open the database file with the settings every connection needs; a `replicated`
    one leaves the WAL's checkpoints to Litestream (store/replica.py). With `wal_bound`
    (bytes) its writes are refused while the WAL is larger (`immediate`)."""
    # isolation_level=None: the driver opens no implicit transactions, so each write
    # transaction is exactly the BEGIN IMMEDIATE ... COMMIT of `immediate`.
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    db = Database(conn)
    db.execute("PRAGMA foreign_keys = ON")
    # In WAL mode NORMAL never corrupts the file; a power cut may only lose the last
    # commits, which a table re-enters, and it spares an fsync on every tapped game.
    db.execute("PRAGMA synchronous = NORMAL")
    # A WAL started again is cut below the bound too, so that only growth refuses writes.
    kept = JOURNAL_SIZE_LIMIT if wal_bound is None else min(JOURNAL_SIZE_LIMIT, wal_bound // 2)
    db.execute(f"PRAGMA journal_size_limit = {kept}")
    if wal_bound is not None:
        # Its writes wait while the WAL is over the bound (`check_wal`).
        _bounds[db] = (Path(f"{path}-wal"), wal_bound)
    # Freed pages are zeroed: a name forgotten (a series player's) leaves no bytes behind
    # in the file or its WAL.
    db.execute("PRAGMA secure_delete = ON")
    if replicated:
        # Litestream checkpoints itself, between two of its reads of the WAL; a checkpoint
        # of ours could race it (Litestream's tips: no automatic checkpoints beside it).
        db.execute("PRAGMA wal_autocheckpoint = 0")
    return db


_writing: "weakref.WeakSet[Database]" = weakref.WeakSet()
"""The connections inside a write transaction of `immediate`."""

_bounds: "weakref.WeakKeyDictionary[Database, tuple[Path, int]]" = weakref.WeakKeyDictionary()
"""The connections whose writes wait while the WAL is past a bound (a replicated worker's:
past it a write waits, 503, instead of growing the WAL that a hung Litestream holds): the
WAL's file and its bound in bytes."""


def check_wal(db: Database) -> None:
    """Refuse a write (sqlite3.OperationalError: 503, nothing changed) while the WAL is
    larger than the connection's bound.

    Litestream's read transaction keeps any checkpoint from starting the WAL again, and the
    supervisor (bauerblock/serve.py) looks at it once a second and restarts a Litestream that
    holds it; until then a busy box would grow the WAL by megabytes a second.
    """
    bound = _bounds.get(db)
    if bound is None:
        return
    wal, most = bound
    try:
        size = wal.stat().st_size
    except FileNotFoundError:
        return
    if size > most:
        raise sqlite3.OperationalError(
            f"the WAL holds {size} bytes, past its bound of {most}: replication lags"
        )


@contextmanager
def immediate(db: Database) -> Iterator[Database]:
    """Run the block as one write transaction, holding the write lock from its start.

    Inside another `immediate` block the block joins that transaction: several writes (a
    redraw, a form's names, an API write and its idempotency key) commit or fail as one.
    """
    if db in _writing:
        yield db
        return
    check_wal(db)
    # A deferred transaction that reads and then writes cannot upgrade its lock while
    # another worker writes: it fails with "database is locked" without waiting.
    # BEGIN IMMEDIATE takes the write lock first, so writers queue on the busy timeout.
    db.execute("BEGIN IMMEDIATE")
    _writing.add(db)
    try:
        yield db
        db.commit()
    except BaseException:
        # A no-op when the error already ended the transaction, so the error propagates.
        db.rollback()
        raise
    finally:
        _writing.discard(db)


def in_write(db: Database) -> bool:
    """Tell whether the connection is inside a write transaction of `immediate`."""
    return db in _writing


def schema_version(db: Database) -> int:
    """Return the schema version the file is at."""
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def _enable_wal(db: Database) -> None:
    """Switch the file to WAL, waiting while another worker starting at once holds it."""
    # The journal mode belongs to the file, so it is set once here, not per connection.
    # While another worker writes to the fresh file, SQLite answers the switch "locked" at
    # once (a deadlock, so its busy timeout does not wait): a worker that gave up there
    # failed to boot, and gunicorn then stopped the whole server.
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while True:
        try:
            db.enable_wal()
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def ensure_schema(db: Database) -> int:
    """Bring the file to the current schema and WAL mode; return the schema version.

    A file already at the schema is only read: no write lock is taken, so a start while
    another process holds the lock (a VACUUM, a long write) does not wait for it.
    """
    _enable_wal(db)
    if schema_version(db) == len(MIGRATIONS):
        return len(MIGRATIONS)
    # Checked and applied under the write lock: processes starting at once migrate once.
    with immediate(db):
        version = schema_version(db)
        if version > len(MIGRATIONS):
            raise StoreError(
                "schema_too_new",
                version=version,
            )
        for number, migrate in enumerate(MIGRATIONS[version:], start=version + 1):
            migrate(db)
            # PRAGMA takes no bound parameters; number is an int of ours.
            db.execute(f"PRAGMA user_version = {number}")
    return len(MIGRATIONS)


def init_database(path: str | Path, *, replicated: bool = False) -> int:
    """Create the database file and its schema if need be; return the schema version."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = connect(path, replicated=replicated)
    try:
        return ensure_schema(db)
    finally:
        db.close()
