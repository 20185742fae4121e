"""Rate-limit counters in a SQLite file: one budget per address for every worker of a box.

flask-limiter counts in each process's memory unless told otherwise, so two gunicorn
workers gave every address twice its limits. This storage of the `limits` package keeps
fixed-window counters in a file of their own (`sqlite:////abs/path`, `sqlite:///relative`),
one upsert per hit, and needs no server. A file apart from the sheets' database keeps the
counters' writes off the sheets' write lock.

The file is made and checked when the app starts (`prepare`). If it cannot be reached
later (locked past LOCK_TIMEOUT, deleted, unreadable), the limits neither fail (500) nor
quietly grow: each worker counts in its own memory, every hit as `workers` hits, so the
box's budget is divided between its workers; one warning is logged, and the file is tried
again RETRY_AFTER seconds later. A file made anew (a worker restarted) is reopened by
every worker, so that they share it again.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from typing import ClassVar

from limits.storage import MemoryStorage, Storage

log = logging.getLogger(__name__)

SCHEME = "sqlite"
PURGE_EVERY = 1000
"""Hits between two sweeps of the counters whose window has passed."""
LOCK_TIMEOUT = 0.25
"""Seconds a hit waits for a locked file before it is counted in the worker."""
RETRY_AFTER = 5.0
"""Seconds a worker counts on its own before it tries the file again."""

CREATE = """
CREATE TABLE IF NOT EXISTS counters (
    key TEXT PRIMARY KEY,
    hits INTEGER NOT NULL,
    expires REAL NOT NULL
) WITHOUT ROWID
"""
# A counter whose window has passed starts again; SET reads the row's old values throughout.
INCR = """
INSERT INTO counters (key, hits, expires) VALUES (:key, :amount, :expires)
ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN expires <= :now THEN excluded.hits ELSE hits + excluded.hits END,
    expires = CASE WHEN expires <= :now THEN excluded.expires ELSE expires END
RETURNING hits
"""


def uri_for(path: str) -> str:
    """Return the storage URI of the counters file at `path`."""
    return f"{SCHEME}:///{path}"


def prepare(path: str) -> None:
    """Make the counters file at `path` (and its table), or raise sqlite3.Error / OSError."""
    directory = os.path.dirname(path)
    if directory:
        os.makedirs(directory, exist_ok=True)
    db = sqlite3.connect(path, timeout=LOCK_TIMEOUT, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(CREATE)
        db.execute("DELETE FROM counters WHERE expires <= ?", [time.time()])
    finally:
        db.close()


class Unreachable(Exception):
    """The counters file is gone, or was replaced under this connection."""


class SQLiteStorage(Storage):
    """Fixed-window counters in a SQLite table (limits' storage, registered as sqlite://);
    counted in the worker, divided by `workers`, while the file cannot be reached."""

    # limits registers storages by this class attribute, though its base annotates an instance's.
    STORAGE_SCHEME: ClassVar[list[str]] = [SCHEME]  # type: ignore[misc]

    def __init__(
        self, uri: str, wrap_exceptions: bool = False, workers: int = 1, **options: float | str
    ):
        self.path = uri.split("://", 1)[1][1:] or ":memory:"
        self.workers = max(1, int(workers))
        self._local = threading.local()
        self._hits = 0
        self._alone = MemoryStorage()
        self._alone_until = 0.0
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)

    @property
    def base_exceptions(self) -> type[Exception]:
        return sqlite3.Error

    def _db(self) -> sqlite3.Connection:
        """Return this thread's connection to the file as it is now (reopened if replaced)."""
        local = self._local
        try:
            inode = os.stat(self.path).st_ino if self.path != ":memory:" else 0
        except FileNotFoundError:
            raise Unreachable(f"{self.path} is missing") from None
        if getattr(local, "pid", None) != os.getpid() or local.inode != inode:
            # Autocommit: each statement is its own transaction, the upsert atomic.
            db = sqlite3.connect(self.path, timeout=LOCK_TIMEOUT, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            # A counter lost with the machine's power costs nothing worth an fsync per hit.
            db.execute("PRAGMA synchronous=OFF")
            db.execute(CREATE)
            local.db, local.pid, local.inode = db, os.getpid(), inode
        return local.db

    def _shared(self) -> bool:
        """Tell whether to count in the file (not while this worker counts on its own)."""
        return time.monotonic() >= self._alone_until

    def _alone_now(self, error: Exception) -> None:
        """Count in this worker for a while; say so once (the first hit that could not)."""
        if self._alone_until == 0.0:
            log.warning(
                "Rate-limit counters %s unreachable (%s): each worker counts on its own, "
                "with the budget divided by %d workers, until it answers again.",
                self.path,
                error,
                self.workers,
            )
        self._alone_until = time.monotonic() + RETRY_AFTER

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        if self._shared():
            now = time.time()
            try:
                db = self._db()
                # fetchall ends the statement, and with it the write.
                rows = db.execute(
                    INCR, {"key": key, "amount": amount, "expires": now + expiry, "now": now}
                ).fetchall()
            except (sqlite3.Error, Unreachable) as error:
                self._alone_now(error)
            else:
                self._back()
                self._hits += 1
                if self._hits % PURGE_EVERY == 0:
                    db.execute("DELETE FROM counters WHERE expires <= ?", [now])
                return rows[0][0]
        # Alone, each hit counts for every worker: the budget divided between them.
        return self._alone.incr(key, expiry, amount * self.workers)

    def _back(self) -> None:
        """The file answers again: count in it (and log that, once)."""
        if self._alone_until:
            log.warning("Rate-limit counters %s answer again: shared counting.", self.path)
            self._alone_until = 0.0
            self._alone.reset()

    def get(self, key: str) -> int:
        row = self._row(key)
        if row is None:
            return self._alone.get(key) if not self._shared() else 0
        return row[0]

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        if row is None:
            return self._alone.get_expiry(key) if not self._shared() else time.time()
        return row[1]

    def _row(self, key: str) -> tuple[int, float] | None:
        if not self._shared():
            return None
        try:
            return (
                self._db()
                .execute(
                    "SELECT hits, expires FROM counters WHERE key = ? AND expires > ?",
                    [key, time.time()],
                )
                .fetchone()
            )
        except (sqlite3.Error, Unreachable) as error:
            self._alone_now(error)
            return None

    def check(self) -> bool:
        try:
            self._db().execute("SELECT 1").fetchall()
        except (sqlite3.Error, Unreachable):
            return False
        return True

    def reset(self) -> int | None:
        self._alone.reset()
        return self._db().execute("DELETE FROM counters").rowcount

    def clear(self, key: str) -> None:
        self._alone.clear(key)
        self._db().execute("DELETE FROM counters WHERE key = ?", [key])
