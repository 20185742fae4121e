"""Persistence: sheets and their games in one SQLite file, shared by the API and the pages.

Neither the engine nor the templates touch SQL; everything goes through the functions here.
"""

import logging
import os
import sqlite3
import threading
import time
from pathlib import Path

from flask import Flask, current_app
from sqlite_utils import Database

from bauerblock.store.db import connect, ensure_schema, init_database
from bauerblock.store.errors import (
    GameNotFound,
    IdempotencyConflict,
    SheetNotFound,
    StaleVersion,
    StoreError,
)
from bauerblock.store.maintenance import (
    backup_command,
    expire_command,
    init_db_command,
    restore_command,
)
from bauerblock.store.replica import replicating, write_bound
from bauerblock.store.sheets import (
    Entry,
    Sheet,
    SheetHead,
    Written,
    before_game,
    check_token,
    create_sheet,
    etag,
    load_head,
    load_sheet,
    replay,
    resumed_state,
    version_of_etag,
)
from bauerblock.store.sheets.state import (
    StoredGame,
    closing_game,
    closing_games,
    current_etag,
    entry_of,
    game_at,
    games_between,
    games_numbered,
    sheet_version,
    state_from,
    version_and_lock,
)
from bauerblock.store.stats import sheet_stats

__all__ = [
    "Entry",
    "GameNotFound",
    "IdempotencyConflict",
    "Sheet",
    "SheetHead",
    "SheetNotFound",
    "StaleVersion",
    "StoreError",
    "StoredGame",
    "Written",
    "before_game",
    "check_token",
    "closing_game",
    "closing_games",
    "connect",
    "create_sheet",
    "current_etag",
    "ensure_schema",
    "entry_of",
    "etag",
    "game_at",
    "games_between",
    "games_numbered",
    "get_db",
    "init_app",
    "init_database",
    "load_head",
    "load_sheet",
    "replay",
    "resumed_state",
    "sheet_stats",
    "sheet_version",
    "state_from",
    "version_and_lock",
    "version_of_etag",
]


_local = threading.local()


def get_db() -> Database:
    """Return this thread's connection to the app's database, opening it on first use."""
    # Kept from request to request: closing the last connection to a WAL database
    # checkpoints it, which would put a checkpoint (and its fsyncs) on every request.
    # The pid keeps a forked worker from using its parent's connection.
    key = (os.getpid(), current_app.config["DATABASE"])
    if getattr(_local, "key", None) != key:
        previous = getattr(_local, "db", None)
        if previous is not None and _local.key[0] == key[0]:
            previous.close()
        config = current_app.config
        _local.db = connect(key[1], replicated=replicating(config), wal_bound=write_bound(config))
        _local.key = key
    return _local.db


def end_request(exception: BaseException | None = None) -> None:
    """Roll back whatever transaction a failed request left open on this connection."""
    db = getattr(_local, "db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


_ready: dict[str, int] = {}
"""The database files brought to the schema, and by which process: a gunicorn worker,
forked from the master that did it before any worker booted (gunicorn_conf.on_starting),
boots without touching the file."""
BOOT_WAIT_S = 60.0
"""How long a start waits, trying again, for a database that is locked or failing."""
BOOT_BACKOFF_S = (0.1, 5.0)
"""The first and the longest pause between two tries."""

_log = logging.getLogger(__name__)


def prepare_database(path: str | Path, *, replicated: bool = False) -> int:
    """Bring the database to its schema as a start does: while the file is locked or fails
    (a VACUUM holding the write lock, a WAL being recovered), wait and try again with a
    growing pause, for BOOT_WAIT_S; return the schema version."""
    deadline = time.monotonic() + BOOT_WAIT_S
    pause = BOOT_BACKOFF_S[0]
    while True:
        try:
            return init_database(path, replicated=replicated)
        except sqlite3.OperationalError as error:
            if time.monotonic() + pause > deadline:
                raise
            _log.warning("The database is not ready (%s): trying again in %.1f s.", error, pause)
            time.sleep(pause)
            pause = min(pause * 2, BOOT_BACKOFF_S[1])


def init_app(app: Flask) -> None:
    """Ensure the schema, end each request's transaction and add the operators' commands
    (`flask init-db`, `flask expire`, `flask backup PATH`, `flask restore`).

    In a process forked from one that ensured the schema already (gunicorn's workers) the
    file is not touched: a worker's boot never waits for the database, nor fails on it.
    """
    path = app.config["DATABASE"]
    if _ready.get(path, os.getpid()) == os.getpid():
        prepare_database(path, replicated=replicating(app.config))
        _ready[path] = os.getpid()
    app.teardown_appcontext(end_request)
    app.cli.add_command(init_db_command)
    app.cli.add_command(expire_command)
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
