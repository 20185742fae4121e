"""Crash safety: kill gunicorn with SIGKILL in the middle of writes; nothing acknowledged is lost.

Several threads record games as fast as they can; each game that was answered 2xx is
remembered with its number. The master and its workers are killed at once (their process
group) while writes are in flight, then a new server starts on the same file: every
acknowledged game is there with its entry, and SQLite finds the file intact.
"""

import signal
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from tests.conftest import start_gunicorn, stop_gunicorn

pytestmark = pytest.mark.server

THREADS = 6
SHEETS = 3
MAX_WRITES_PER_THREAD = 400  # bounded, whatever happens
ACKNOWLEDGED_BEFORE_KILL = 150
SECONDS = 20


def entry(thread: int, n: int) -> dict:
    """A valid game, varied by thread and count (card points 8..117; never 65, a tie)."""
    points = 8 + (thread * 37 + n) % 110
    return {"card_points": {"A": 66 if points == 65 else points}}


def test_acknowledged_games_survive_sigkill(tmp_path):
    http = requests.Session()
    http.trust_env = False
    acknowledged: list[tuple[str, int, dict]] = []
    statuses: list[int] = []
    lock = threading.Lock()
    killed = threading.Event()

    def write(thread: int) -> None:
        sheet = sheets[thread % SHEETS]
        url = f"{server}/api/v1/sheets/{sheet['id']}/games"
        headers = {"Authorization": f"Bearer {sheet['edit_token']}"}
        with requests.Session() as session:
            session.trust_env = False
            for n in range(MAX_WRITES_PER_THREAD):
                if killed.is_set():
                    return
                game = entry(thread, n)
                try:
                    response = session.post(url, json=game, headers=headers, timeout=10)
                except requests.RequestException:
                    continue  # the server is gone or going: the game may or may not be kept
                with lock:
                    statuses.append(response.status_code)
                    if response.ok:
                        number = response.json()["game"]["number"]
                        acknowledged.append((sheet["id"], number, game))

    server = start_gunicorn(tmp_path, workers=4)
    try:
        sheets = []
        for _ in range(SHEETS):
            created = http.post(f"{server}/api/v1/sheets", json={"game": "bauerchen"}, timeout=10)
            assert created.status_code == 201
            sheets.append(created.json())
        with ThreadPoolExecutor(THREADS) as pool:
            writers = [pool.submit(write, thread) for thread in range(THREADS)]
            deadline = time.monotonic() + SECONDS
            while len(acknowledged) < ACKNOWLEDGED_BEFORE_KILL and time.monotonic() < deadline:
                time.sleep(0.01)
            # The master and every worker at once, with writes in flight.
            stop_gunicorn(server, signal.SIGKILL)
            killed.set()
            for writer in writers:
                writer.result()
    finally:
        stop_gunicorn(server, signal.SIGKILL)

    # Normally the kill comes at ACKNOWLEDGED_BEFORE_KILL; a slow machine gets until SECONDS.
    assert len(acknowledged) >= 30
    assert not [status for status in statuses if status >= 500]

    restarted = start_gunicorn(tmp_path, workers=2)
    try:
        for sheet in sheets:
            # The sheet's GET answers a page of games: follow `next` to the last.
            games, url = [], f"{restarted}/api/v1/sheets/{sheet['id']}"
            while url:
                state = http.get(url, timeout=10).json()
                games += state["games"]
                url = state["next"]
            kept = {game["number"]: game["entry"] for game in games}
            assert list(kept) == list(range(1, len(kept) + 1))
            for sheet_id, number, game in acknowledged:
                if sheet_id == sheet["id"]:
                    assert kept.get(number) == game, (sheet_id, number)
        # The restarted server writes on where the killed one stopped.
        sheet = sheets[0]
        more = http.post(
            f"{restarted}/api/v1/sheets/{sheet['id']}/games",
            json=entry(0, 0),
            headers={"Authorization": f"Bearer {sheet['edit_token']}"},
            timeout=10,
        )
        assert more.status_code == 201
    finally:
        stop_gunicorn(restarted)

    with sqlite3.connect(restarted.database) as db:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []
