"""The WAL's bound for a replicated worker's writes: past it a write waits (503) instead of
growing the WAL that a hung Litestream holds (store/replica.py, bauerblock/serve.py)."""

import sqlite3
import weakref
from pathlib import Path

from sqlite_utils import Database

_bounds: "weakref.WeakKeyDictionary[Database, tuple[Path, int]]" = weakref.WeakKeyDictionary()
"""The connections whose writes wait while the WAL is past a bound: its file and bytes."""


def bind_wal(db: Database, path: str | Path, most: int) -> None:
    """Make the connection's writes wait while the WAL of the file at `path` is over `most`
    bytes."""
    _bounds[db] = (Path(f"{path}-wal"), most)


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
