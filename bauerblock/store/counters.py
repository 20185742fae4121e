"""Rate-limit counters in a SQLite file: one budget per address for every worker of a box.

flask-limiter counts in each process's memory unless told otherwise, so two gunicorn
workers gave every address twice its limits. This storage of the `limits` package keeps
fixed-window counters in a file of their own (`sqlite:////abs/path`, `sqlite:///relative`),
one upsert per hit, and needs no server. A file apart from the sheets' database keeps the
counters' writes off the sheets' write lock.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from typing import ClassVar

from limits.storage import Storage

SCHEME = "sqlite"
PURGE_EVERY = 1000
"""Hits between two sweeps of the counters whose window has passed."""

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


class SQLiteStorage(Storage):
    """Fixed-window counters in a SQLite table (limits' storage, registered as sqlite://)."""

    # limits registers storages by this class attribute, though its base annotates an instance's.
    STORAGE_SCHEME: ClassVar[list[str]] = [SCHEME]  # type: ignore[misc]

    def __init__(self, uri: str, wrap_exceptions: bool = False, **options: float | str | bool):
        self.path = uri.split("://", 1)[1][1:] or ":memory:"
        self._local = threading.local()
        self._hits = 0
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)

    @property
    def base_exceptions(self) -> type[Exception]:
        return sqlite3.Error

    def _db(self) -> sqlite3.Connection:
        """Return this thread's connection; a forked worker opens its own."""
        local = self._local
        if getattr(local, "pid", None) != os.getpid():
            directory = os.path.dirname(self.path)
            if directory:
                os.makedirs(directory, exist_ok=True)
            # Autocommit: each statement is its own transaction, the upsert atomic.
            db = sqlite3.connect(self.path, timeout=5, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            # A counter lost with the machine's power costs nothing worth an fsync per hit.
            db.execute("PRAGMA synchronous=OFF")
            db.execute(CREATE)
            local.db, local.pid = db, os.getpid()
        return local.db

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        db = self._db()
        # fetchall ends the statement, and with it the write.
        rows = db.execute(
            INCR, {"key": key, "amount": amount, "expires": now + expiry, "now": now}
        ).fetchall()
        self._hits += 1
        if self._hits % PURGE_EVERY == 0:
            db.execute("DELETE FROM counters WHERE expires <= ?", [now])
        return rows[0][0]

    def get(self, key: str) -> int:
        row = self._row(key)
        return row[0] if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        return row[1] if row else time.time()

    def _row(self, key: str) -> tuple[int, float] | None:
        return (
            self._db()
            .execute(
                "SELECT hits, expires FROM counters WHERE key = ? AND expires > ?",
                [key, time.time()],
            )
            .fetchone()
        )

    def check(self) -> bool:
        try:
            self._db().execute("SELECT 1").fetchall()
        except sqlite3.Error:
            return False
        return True

    def reset(self) -> int | None:
        return self._db().execute("DELETE FROM counters").rowcount

    def clear(self, key: str) -> None:
        self._db().execute("DELETE FROM counters WHERE key = ?", [key])
