"""A worker's boot waits for nothing: the master brings the database to its schema before
any worker boots (gunicorn_conf.on_starting), so a worker respawned while the file is
write-locked (`flask expire`'s VACUUM on a large file, a long write) boots without the lock.
Before, its boot took the write lock for the schema check, failed after the busy timeout,
and gunicorn halted the whole service for one bad boot (exit code 3).
"""

import contextlib
import os
import signal
import sqlite3
import time
from pathlib import Path

import pytest
import requests

from bauerblock import store
from tests.conftest import start_gunicorn, stop_gunicorn

pytestmark = pytest.mark.server

LOCKED_S = 15.0
BOOTED_WITHIN_S = 30.0
ANSWER_WITHIN_S = 20.0


def children(pid: int) -> list[int]:
    """Return the processes whose parent is `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == pid:
                    found.append(int(entry.name))
    return found


def opened(master: int, database: Path) -> bool:
    """Tell whether a worker of `master` has the database file open."""
    for pid in children(master):
        with contextlib.suppress(OSError):
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                with contextlib.suppress(OSError):
                    if os.readlink(fd) == str(database):
                        return True
    return False


def answers(http: requests.Session, server) -> bool:
    with contextlib.suppress(requests.RequestException):
        return http.get(f"{server}/healthz", timeout=1).status_code == 200
    return False


def test_a_worker_respawned_under_a_15_second_write_lock_leaves_the_service_answering(tmp_path):
    http = requests.Session()
    http.trust_env = False
    server = start_gunicorn(tmp_path, workers=1)
    lock = sqlite3.connect(server.database, isolation_level=None)
    try:
        created = http.post(f"{server}/api/v1/sheets", json={"game": "bauerchen"}, timeout=10)
        assert created.status_code == 201
        sheet = created.json()["id"]
        (worker,) = children(server.process.pid)

        lock.execute("BEGIN IMMEDIATE")  # the write lock, as a VACUUM holds it
        os.kill(worker, signal.SIGKILL)
        # The lock is held LOCKED_S from the moment the new worker has booted (it answers)
        # or has the file open to wait for the lock: its imports alone take seconds here.
        deadline = time.monotonic() + BOOTED_WITHIN_S
        while not (answers(http, server) or opened(server.process.pid, server.database)):
            assert server.process.poll() is None, server.log_text()[-3000:]
            assert time.monotonic() < deadline, server.log_text()[-3000:]
            time.sleep(0.2)
        deadline = time.monotonic() + LOCKED_S
        while time.monotonic() < deadline:
            assert server.process.poll() is None, server.log_text()[-3000:]
            time.sleep(0.5)
        assert worker not in children(server.process.pid)
        lock.execute("ROLLBACK")

        deadline = time.monotonic() + ANSWER_WITHIN_S
        while True:
            assert server.process.poll() is None, server.log_text()[-3000:]
            with contextlib.suppress(requests.RequestException):
                read = http.get(f"{server}/api/v1/sheets/{sheet}", timeout=5)
                if read.status_code == 200:
                    break
            assert time.monotonic() < deadline, server.log_text()[-3000:]
            time.sleep(0.2)
        assert read.json()["id"] == sheet
        again = http.post(f"{server}/api/v1/sheets", json={"game": "bauerchen"}, timeout=10)
        assert again.status_code == 201
    finally:
        lock.close()
        stop_gunicorn(server)


def test_a_start_waits_for_a_locked_database_instead_of_failing(tmp_path, monkeypatch):
    """A start that must migrate while the file is locked tries again with a growing pause."""
    path = tmp_path / "fresh.sqlite3"
    sqlite3.connect(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(store.db, "BUSY_TIMEOUT_S", 0.05)
    pauses: list[float] = []

    def pause(seconds: float) -> None:
        pauses.append(seconds)
        if len(pauses) == 3:
            holder.execute("ROLLBACK")

    monkeypatch.setattr(store.time, "sleep", pause)
    assert store.prepare_database(path) == len(store.db.MIGRATIONS)
    holder.close()
    assert pauses[:3] == [0.1, 0.2, 0.4]


def test_a_worker_whose_boot_fails_leaves_the_master_running_and_another_boots(tmp_path):
    """gunicorn halts for a failed boot; this one's master starts another worker instead."""
    http = requests.Session()
    http.trust_env = False
    server = start_gunicorn(tmp_path, workers=1)
    key = tmp_path / "instance" / "secret_key"
    kept = key.read_text()
    try:
        (worker,) = children(server.process.pid)
        key.unlink()
        key.mkdir()  # unreadable, even for root: the next worker's boot fails
        os.kill(worker, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while "The worker failed to boot" not in server.log_text():
            assert server.process.poll() is None, server.log_text()[-3000:]
            assert time.monotonic() < deadline, server.log_text()[-3000:]
            time.sleep(0.2)
        key.rmdir()
        key.write_text(kept)
        deadline = time.monotonic() + ANSWER_WITHIN_S
        while not answers(http, server):
            assert server.process.poll() is None, server.log_text()[-3000:]
            assert time.monotonic() < deadline, server.log_text()[-3000:]
            time.sleep(0.2)
    finally:
        if key.is_dir():
            key.rmdir()
            key.write_text(kept)
        stop_gunicorn(server)
