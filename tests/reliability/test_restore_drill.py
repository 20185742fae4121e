"""The box dies: games written through a live server replicated by Litestream to a folder;
the server and Litestream are killed with SIGKILL; the replica is restored into a fresh
instance folder (`flask restore`) and served; every game acknowledged more than a second
before the kill is there, in order, and the restored file is intact.

Loopback only; the writers stop by themselves (WRITE_S, MAX_GAMES_PER_THREAD).
"""

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urljoin

import pytest
import requests

from bauerblock.store.replica import ReplicaError, restore
from tests.conftest import ROOT, start_gunicorn, stop_gunicorn

pytestmark = pytest.mark.server

THREADS = 3
WRITE_S = 5.0
MAX_GAMES_PER_THREAD = 300
LOSES_AT_MOST_S = 1.0  # what docs/operating.md promises a restore loses


def entry(thread: int, n: int) -> dict:
    """A valid game, varied by thread and count (card points 8..117; never 65, a tie)."""
    points = 8 + (thread * 37 + n) % 110
    return {"card_points": {"A": 66 if points == 65 else points}}


def flask(*arguments: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "flask", "--app", "bauerblock", *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def settings(folder: Path, replica: Path) -> dict[str, str]:
    """The environment of an instance in `folder`, as start_gunicorn lays it out."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("BAUERBLOCK_")}
    return {
        **clean,
        "BAUERBLOCK_DATABASE": str(folder / "bauerblock.sqlite3"),
        "BAUERBLOCK_INSTANCE_PATH": str(folder / "instance"),
        "BAUERBLOCK_REPLICA": str(replica),
    }


def test_a_restore_keeps_every_game_acknowledged_a_second_before_the_box_died(tmp_path):
    replica = tmp_path / "replica"
    box, fresh = tmp_path / "box", tmp_path / "fresh"
    box.mkdir()
    fresh.mkdir()
    http = requests.Session()
    http.trust_env = False
    acknowledged: list[tuple[float, str, int, dict]] = []
    lock = threading.Lock()
    stop = threading.Event()

    # One worker each: the drill is about the replica, and the machine is shared.
    server = start_gunicorn(box, workers=1, serve=True, env={"BAUERBLOCK_REPLICA": str(replica)})
    try:
        sheets = []
        for _ in range(THREADS):
            created = http.post(f"{server}/api/v1/sheets", json={"game": "bauerchen"}, timeout=10)
            assert created.status_code == 201
            sheets.append(created.json())

        def write(thread: int) -> None:
            sheet = sheets[thread]
            url = f"{server}/api/v1/sheets/{sheet['id']}/games"
            headers = {"Authorization": f"Bearer {sheet['edit_token']}"}
            with requests.Session() as session:
                session.trust_env = False
                for n in range(MAX_GAMES_PER_THREAD):
                    if stop.is_set():
                        return
                    game = entry(thread, n)
                    try:
                        answer = session.post(url, json=game, headers=headers, timeout=10)
                    except requests.RequestException:
                        return  # the box is gone
                    if answer.status_code == 201:
                        with lock:
                            acknowledged.append(
                                (
                                    time.monotonic(),
                                    sheet["id"],
                                    answer.json()["game"]["number"],
                                    game,
                                )
                            )

        with ThreadPoolExecutor(THREADS) as pool:
            writers = [pool.submit(write, thread) for thread in range(THREADS)]
            time.sleep(WRITE_S)
            # The box dies with writes in flight: launcher, Litestream, gunicorn, its workers.
            killed_at = time.monotonic()
            os.killpg(server.process.pid, signal.SIGKILL)
            stop.set()
            for writer in writers:
                writer.result()
    finally:
        stop_gunicorn(server, signal.SIGKILL)

    before = [game for game in acknowledged if game[0] < killed_at - LOSES_AT_MOST_S]
    assert len(before) >= 10, (len(before), len(acknowledged))

    # A fresh instance folder on another box: restore the replica, then serve it.
    restored = flask("restore", env=settings(fresh, replica))
    assert restored.returncode == 0, restored.stderr
    assert f"{THREADS} sheets" in restored.stdout
    # Restoring again over what came back is refused: it holds evenings now.
    with pytest.raises(ReplicaError, match="fresh instance folder"):
        restore(fresh / "bauerblock.sqlite3", str(replica))

    with sqlite3.connect(fresh / "bauerblock.sqlite3") as db:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []

    served = start_gunicorn(fresh, workers=1)
    try:
        for sheet in sheets:
            # The sheet's GET answers a page of games: follow `next` to the last.
            games, url = [], f"{served}/api/v1/sheets/{sheet['id']}"
            while url:
                state = http.get(url, timeout=10).json()
                games += state["games"]
                url = state["next"] and urljoin(str(served), state["next"])
            kept = {game["number"]: game["entry"] for game in games}
            assert list(kept) == list(range(1, len(kept) + 1))
            for _, sheet_id, number, game in before:
                if sheet_id == sheet["id"]:
                    assert kept.get(number) == game, (sheet_id, number)
        # The restored service writes on where the replica stopped.
        sheet = sheets[0]
        more = http.post(
            f"{served}/api/v1/sheets/{sheet['id']}/games",
            json=entry(0, 0),
            headers={"Authorization": f"Bearer {sheet['edit_token']}"},
            timeout=10,
        )
        assert more.status_code == 201
    finally:
        stop_gunicorn(served)
