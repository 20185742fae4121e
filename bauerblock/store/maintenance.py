"""What an operator runs now and then: the schema made or migrated, expiry of old keys and
idle data, and a backup.

`flask --app bauerblock init-db` creates or migrates the database's schema.

`flask --app bauerblock expire` drops idempotency keys older than 30 days and, when asked
(`--idle-days N` or the setting BAUERBLOCK_EXPIRE_IDLE_DAYS), the sheets, tournaments and
groups nobody touched for N days, then compacts the file (VACUUM).
`flask --app bauerblock backup PATH` copies the live database with SQLite's online backup.
`flask --app bauerblock restore` brings the Litestream replica back (store/replica.py).
"""

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext
from sqlite_utils import Database

from bauerblock.store import idempotency
from bauerblock.store.db import BUSY_TIMEOUT_S, connect, immediate, init_database
from bauerblock.store.replica import ReplicaError, replicating, restore


@dataclass(frozen=True)
class Expired:
    """How many of each went."""

    keys: int
    sheets: int
    tournaments: int
    groups: int


# A tournament's tables and a group's evenings go with their tournament or group, never
# alone: a group's `updated` follows its evenings and a tournament's its tables (the
# triggers of store/schema/), so an idle owner has idle sheets only.
_IDLE_SHEETS = (
    """
    SELECT id FROM sheets WHERE updated < :cutoff
    AND id NOT IN (SELECT sheet_id FROM group_sheets)
    AND id NOT IN (SELECT sheet_id FROM draw_tables)
    """,
    """
    SELECT sheet_id FROM draw_tables WHERE tournament_id IN
        (SELECT id FROM tournaments WHERE updated < :cutoff)
    """,
    """
    SELECT sheet_id FROM group_sheets WHERE group_id IN
        (SELECT id FROM groups WHERE updated < :cutoff)
    """,
)
"""The idle sheets: alone, a tournament's tables, a group's evenings."""


def expire(db: Database, *, idle_days: int | None = None) -> Expired:
    """Drop keys older than idempotency.KEY_DAYS and, with `idle_days`, whatever was idle
    that long.

    One transaction; the keys of what goes go with it (the triggers of store/schema/).
    """
    with immediate(db):
        keys = idempotency.expire(db)
        if idle_days is None:
            return Expired(keys, 0, 0, 0)
        cutoff = {
            "cutoff": (datetime.now(UTC) - timedelta(days=idle_days)).isoformat(timespec="seconds")
        }
        # The tables' and evenings' sheets first: their rows in draw_tables and
        # group_sheets follow them (ON DELETE CASCADE), then the owners themselves.
        sheets = sum(
            db.execute(f"DELETE FROM sheets WHERE id IN ({idle})", cutoff).rowcount
            for idle in _IDLE_SHEETS
        )
        tournaments = db.execute("DELETE FROM tournaments WHERE updated < :cutoff", cutoff).rowcount
        groups = db.execute("DELETE FROM groups WHERE updated < :cutoff", cutoff).rowcount
        return Expired(keys, sheets, tournaments, groups)


def vacuum(db: Database) -> None:
    """Give the pages freed back to the file system, and leave no WAL the database's size.

    VACUUM writes the whole database into the WAL. A checkpoint that waits for nobody
    (Litestream's own checkpoint takes what it still holds back) and a write of nothing then
    cut the WAL file to the journal's size limit (store/db.py's JOURNAL_SIZE_LIMIT).
    """
    db.execute("VACUUM")
    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    with immediate(db):
        db.execute(f"PRAGMA user_version = {int(db.execute('PRAGMA user_version').fetchone()[0])}")


def backup(source: str | Path, target: str | Path) -> None:
    """Copy the database at `source` to a new file `target`, while the service runs.

    SQLite's online backup copies a consistent snapshot while the service runs: in WAL
    mode the copy is one read transaction, which no writer waits for.
    """
    target = Path(target)
    if target.exists():
        raise FileExistsError(f"{target} exists already: give a new file.")
    target.parent.mkdir(parents=True, exist_ok=True)
    live = sqlite3.connect(source, timeout=BUSY_TIMEOUT_S)
    copy = sqlite3.connect(target)
    try:
        with copy:
            # In one step: a copy made in steps starts again whenever another worker
            # writes between two of them, and a busy night writes every few milliseconds.
            live.backup(copy)
    finally:
        copy.close()
        live.close()


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create or migrate the database schema (existing sheets are kept)."""
    path = current_app.config["DATABASE"]
    version = init_database(path)
    click.echo(f"Database {path} is at schema version {version}.")


@click.command("expire")
@click.option(
    "--idle-days",
    type=click.IntRange(min=1),
    default=None,
    help="Also remove sheets, tournaments and groups untouched for this many days "
    "(default: the setting BAUERBLOCK_EXPIRE_IDLE_DAYS, else never).",
)
@with_appcontext
def expire_command(idle_days: int | None) -> None:
    """Drop idempotency keys older than 30 days (and idle data, if asked), then VACUUM."""
    if idle_days is None:
        # A number from 1 on, or None: checked when the app started (bauerblock.settings).
        idle_days = current_app.config.get("EXPIRE_IDLE_DAYS")
    db = connect(current_app.config["DATABASE"], replicated=replicating(current_app.config))
    try:
        gone = expire(db, idle_days=idle_days)
        vacuum(db)
    finally:
        db.close()
    click.echo(
        f"Expired {gone.keys} idempotency keys, {gone.sheets} sheets, "
        f"{gone.tournaments} tournaments and {gone.groups} groups."
    )


@click.command("backup")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@with_appcontext
def backup_command(path: Path) -> None:
    """Copy the live database to PATH (a new file) with SQLite's online backup."""
    try:
        backup(current_app.config["DATABASE"], path)
    except FileExistsError as error:
        raise click.ClickException(str(error)) from error
    click.echo(f"Backed up {current_app.config['DATABASE']} to {path}.")


@click.command("restore")
@click.option(
    "--replica",
    default=None,
    help="The replica to restore: a folder or a URL (default: the setting BAUERBLOCK_REPLICA).",
)
@click.option(
    "--timestamp",
    default=None,
    help="Restore the database as it was at this time (RFC 3339, e.g. 2026-12-01T21:30:00Z).",
)
@with_appcontext
def restore_command(replica: str | None, timestamp: str | None) -> None:
    """Restore the Litestream replica into this instance's database, a fresh one."""
    replica = replica or current_app.config.get("REPLICA")
    if not replica:
        raise click.ClickException("No replica: set BAUERBLOCK_REPLICA or give --replica.")
    database = current_app.config["DATABASE"]
    try:
        counts = restore(database, replica, timestamp=timestamp)
    except ReplicaError as error:
        raise click.ClickException(str(error)) from error
    click.echo(
        f"Restored {database} from {replica}: {counts['sheets']} sheets, "
        f"{counts['tournaments']} tournaments, {counts['groups']} groups."
    )
