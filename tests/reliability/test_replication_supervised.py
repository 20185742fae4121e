"""Replication that cannot die alone (bauerblock/serve.py, store/replica.py): a Litestream
that ends is started again within seconds and the replica then holds every acknowledged
write; a Litestream that hangs holding the WAL is restarted and the WAL stays bounded;
stopping the service, front or no front, leaves none of its processes behind; /healthz
says whether replication is current and `?deep=1` its lag.

The service is started as bin/serve starts it (`bauerblock-serve`), with a folder replica.
"""

import contextlib
import os
import signal
import sqlite3
import threading
import time
from pathlib import Path

import pytest
import requests

from bauerblock.store.replica import restore
from tests.conftest import start_gunicorn, stop_gunicorn

pytestmark = pytest.mark.server

BACK_WITHIN_S = 5.0
GAME = {"card_points": {"A": 70}}


def descendants(pid: int) -> dict[int, str]:
    """Return every process under `pid` (children, theirs, ...): pid and command line."""
    parents, lines = {}, {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if fields[0] == "Z":
                    continue  # ended, not yet reaped
                parents[int(entry.name)] = int(fields[1])
                raw = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
                lines[int(entry.name)] = raw.decode(errors="replace")
    found: dict[int, str] = {}
    level = {pid}
    while level:
        level = {child for child, parent in parents.items() if parent in level}
        found |= {child: lines[child] for child in level}
    return found


def litestream_of(server) -> int | None:
    lines = descendants(server.process.pid).items()
    found = [pid for pid, line in lines if "litestream replicate" in line]
    return found[0] if found else None


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_for(check, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


@pytest.fixture
def http():
    session = requests.Session()
    session.trust_env = False
    return session


def serve(folder: Path, **options):
    return start_gunicorn(
        folder,
        workers=1,
        serve=True,
        env={"BAUERBLOCK_REPLICA": str(folder / "replica"), **options.pop("env", {})},
        **options,
    )


def new_sheet(http, server) -> dict:
    made = http.post(f"{server}/api/v1/sheets", json={"game": "bauerchen"}, timeout=10)
    assert made.status_code == 201
    return made.json()


def record(http, server, sheet) -> int:
    answer = http.post(
        f"{server}/api/v1/sheets/{sheet['id']}/games",
        json=GAME,
        headers={"Authorization": f"Bearer {sheet['edit_token']}"},
        timeout=10,
    )
    assert answer.status_code == 201, answer.text
    return answer.json()["game"]["number"]


def deep(http, server) -> dict:
    return http.get(f"{server}/healthz?deep=1", timeout=10).json()


def test_a_killed_litestream_is_back_within_seconds_and_the_replica_holds_every_write(
    tmp_path, http
):
    server = serve(tmp_path)
    try:
        sheet = new_sheet(http, server)
        acknowledged = [record(http, server, sheet) for _ in range(5)]
        wait_for(lambda: deep(http, server)["current"], 10, "replication never current")
        assert http.get(f"{server}/healthz", timeout=10).text == "ok"

        first = litestream_of(server)
        assert first is not None
        os.kill(first, signal.SIGKILL)
        wait_for(lambda: not alive(first), 5, "litestream did not die")
        back = wait_for(
            lambda: (pid := litestream_of(server)) not in (None, first) and pid,
            BACK_WITHIN_S,
            "litestream was not started again",
        )
        acknowledged += [record(http, server, sheet) for _ in range(20)]
        seen = wait_for(
            lambda: (found := deep(http, server))["current"] and found["restarts"] and found,
            10,
            "replication never current again",
        )
        assert seen["litestream"] == "running" and seen["lag_s"] <= 5
        assert litestream_of(server) == back
    finally:
        stop_gunicorn(server)

    restored = tmp_path / "restored.sqlite3"
    restore(restored, str(tmp_path / "replica"))
    with sqlite3.connect(restored) as db:
        kept = [row[0] for row in db.execute("SELECT number FROM entries ORDER BY number")]
    assert kept == acknowledged == list(range(1, 26))


def test_the_wal_stays_bounded_while_litestream_hangs(tmp_path, http):
    limit_mb = 4
    server = serve(tmp_path, env={"BAUERBLOCK_WAL_LIMIT_MB": str(limit_mb)})
    wal = Path(f"{server.database}-wal")
    largest = 0
    waited: list[str | None] = []
    stop = threading.Event()

    def write() -> None:
        with requests.Session() as session:
            session.trust_env = False
            sheet = new_sheet(session, server)
            for _ in range(3000):  # bounded, whatever happens
                if stop.is_set():
                    return
                with contextlib.suppress(requests.RequestException):
                    answer = session.post(
                        f"{server}/api/v1/sheets/{sheet['id']}/games",
                        json=GAME,
                        headers={"Authorization": f"Bearer {sheet['edit_token']}"},
                        timeout=10,
                    )
                    if answer.status_code == 503:
                        waited.append(answer.headers.get("Retry-After"))

    try:
        hung = litestream_of(server)
        assert hung is not None
        os.kill(hung, signal.SIGSTOP)  # alive, holding its read transaction, doing nothing
        writers = [threading.Thread(target=write) for _ in range(3)]
        for writer in writers:
            writer.start()
        deadline = time.monotonic() + 25
        while time.monotonic() < deadline:
            with contextlib.suppress(FileNotFoundError):
                largest = max(largest, wal.stat().st_size)
            time.sleep(0.1)
        stop.set()
        for writer in writers:
            writer.join()
        assert not alive(hung) and litestream_of(server) not in (None, hung)
        wait_for(lambda: deep(http, server)["current"], 15, "replication never current again")
        with contextlib.suppress(ProcessLookupError):
            os.kill(hung, signal.SIGCONT)
        # Writes go on once the WAL is emptied.
        assert record(http, server, new_sheet(http, server)) == 1
    finally:
        stop.set()
        stop_gunicorn(server)
    print(f"largest WAL {largest} bytes, {len(waited)} writes answered 503")
    # Past 1.5 times the bound the writes wait (503, Retry-After) until the supervisor has
    # restarted the Litestream that holds the WAL: the bound holds however busy the machine
    # is (6.3 MB with 4 MB set, also with the cores loaded), where it grew to 15-27 MB
    # under the whole suite while the writes went on, and a WAL nobody checkpoints grows by
    # hundreds of MB in that time (the 270 MB in 16 s). Writes slowed by a loaded
    # machine may not reach 1.5 times the bound before the restart: then none waited.
    assert set(waited) <= {"5"}
    assert waited or largest < 1.5 * limit_mb * 1024 * 1024
    assert largest <= 2 * limit_mb * 1024 * 1024


@pytest.mark.parametrize(
    ("front", "sig"), [(True, signal.SIGTERM), (False, signal.SIGKILL)], ids=["front", "bare"]
)
def test_stopping_the_service_leaves_no_process_behind(tmp_path, http, front, sig):
    server = serve(tmp_path, front=front)
    try:
        started = descendants(server.process.pid)
        names = " ".join(started.values())
        assert "gunicorn" in names and "litestream " in names
        assert ("nginx" in names) == front
        # The launcher alone, not its process group: what it started must follow it.
        os.kill(server.process.pid, sig)
        server.process.wait(timeout=30)
        wait_for(
            lambda: not [pid for pid in started if alive(pid)],
            30,
            f"left behind: {[started[pid] for pid in started if alive(pid)]}",
        )
    finally:
        stop_gunicorn(server, signal.SIGKILL)
