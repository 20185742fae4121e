"""Rate limits counted once per box, a daily cap on new tournaments and groups, downloads
limited as reads of their own, and a draw charged by its sheets (the downloads' cache:
test_export_cache.py).

flask-limiter counted in each worker's memory, so two gunicorn workers gave every address
twice its limits. The counters now live in a SQLite file of the instance folder
(bauerblock.store.counters), which every worker of the box shares.
"""

import socket
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests

from bauerblock.store.counters import SQLiteStorage, prepare, uri_for
from tests.conftest import start_gunicorn, stop_gunicorn
from tests.pages import csrf

NEW_SHEET = {"game": "bauerchen"}
SIXTEEN = [f"P{n}" for n in range(1, 17)]


# --- the shared counters ---------------------------------------------------------------


def hold_a_worker(server: str) -> socket.socket:
    """Open a request whose headers never end: the worker that takes it waits for them."""
    address = urlsplit(server)
    held = socket.create_connection((address.hostname, address.port), timeout=10)
    held.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n")
    taken(address.port)
    return held


def taken(port: int) -> None:
    """Wait until a worker has accepted every connection to `port`: else a worker freed later
    could take the held one, and the next requests would go to the other worker."""
    deadline = time.monotonic() + 30
    while waiting_to_be_accepted(port):
        assert time.monotonic() < deadline, "no worker accepted the held request"
        time.sleep(0.02)


def waiting_to_be_accepted(port: int) -> int:
    """Return how many connections wait in the listening socket's queue (/proc/net/tcp's
    rx_queue of a socket in state LISTEN, 0A)."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
            return int(fields[4].split(":")[1], 16)
    raise AssertionError(f"nothing listens on port {port}")


def release(held: socket.socket) -> bytes:
    """End the held request's headers; return its answer (the worker is free again)."""
    held.sendall(b"\r\n")
    answer = b""
    while chunk := held.recv(65536):
        answer += chunk
    held.close()
    return answer


@pytest.mark.parametrize(
    ("storage", "shared"),
    [(None, True), ("memory://", False)],
    ids=["default-sqlite-file", "memory-per-worker"],
)
def test_two_gunicorn_workers_share_one_budget(tmp_path, storage, shared):
    env = {"BAUERBLOCK_RATELIMIT_SHEETS": "3 per minute"}
    if storage:
        env["BAUERBLOCK_RATELIMIT_STORAGE_URI"] = storage
    server = start_gunicorn(tmp_path, workers=2, ratelimit=True, env=env)
    http = requests.Session()
    http.trust_env = False

    def new_sheet() -> int:
        return http.post(f"{server}/api/v1/sheets", json=NEW_SHEET, timeout=10).status_code

    try:
        # One worker waits on a held request: the other answers the first two sheets.
        first = hold_a_worker(server)
        assert [new_sheet(), new_sheet()] == [201, 201]
        # Now that one waits too; the first is freed and answers the next two.
        second = hold_a_worker(server)
        assert release(first).startswith(b"HTTP/1.1 200")
        answered = [new_sheet(), new_sheet()]
        assert release(second).startswith(b"HTTP/1.1 200")
    finally:
        stop_gunicorn(server)
    # Shared: the third sheet of the address is its last. Per worker: each had its own three.
    assert answered == ([201, 429] if shared else [201, 201])


def test_the_counters_file_is_one_budget_for_every_process(tmp_path):
    prepare(str(tmp_path / "counters.sqlite3"))
    uri = uri_for(str(tmp_path / "counters.sqlite3"))
    one, other = SQLiteStorage(uri), SQLiteStorage(uri)
    assert one.incr("k", 60) == 1 and other.incr("k", 60) == 2
    assert one.incr("k", 60, amount=3) == 5 and other.get("k") == 5
    assert other.get_expiry("k") > 0 and one.get("unknown") == 0
    # A window that has passed starts again.
    assert one.incr("short", -1) == 1 and other.incr("short", 60) == 1
    other.clear("k")
    assert one.get("k") == 0 and one.check()
    assert one.reset() >= 1 and other.get("short") == 0


def test_the_default_storage_is_the_counters_file_of_the_instance_folder(app_with, tmp_path):
    app = app_with()
    assert app.config["RATELIMIT_STORAGE_URI"] == uri_for(
        str(tmp_path / "instance" / "ratelimits.sqlite3")
    )
    client = app.test_client()
    assert client.post("/api/v1/sheets", json=NEW_SHEET).status_code == 201
    assert (tmp_path / "instance" / "ratelimits.sqlite3").exists()


def test_the_environment_names_another_storage(app_with, monkeypatch):
    monkeypatch.setenv("BAUERBLOCK_RATELIMIT_STORAGE_URI", "memory://")
    app = app_with()
    limiter = app.extensions["limiter"]
    limiter = next(iter(limiter)) if isinstance(limiter, set) else limiter
    assert type(limiter.storage).__name__ == "MemoryStorage"


# --- the daily cap on new tournaments and groups ------------------------------------------


def test_new_tournaments_and_groups_have_a_daily_cap_per_address(app_with):
    client = app_with(RATELIMIT_NEW_GROUPS="2 per day").test_client()
    # A refused form costs nothing: the organiser may mistype.
    bad = client.post("/g", data={"csrf_token": csrf(client), "name": ""})
    assert bad.status_code == 422
    assert client.post("/api/v1/groups", json={"name": "Linde"}).status_code == 201
    made = client.post("/t", data={"csrf_token": csrf(client), "title": "Preisbauer"})
    assert made.status_code == 303
    refused = client.post("/api/v1/tournaments", json={})
    assert refused.status_code == 429
    assert "new tournaments and groups today" in refused.json["message"]
    assert int(refused.headers["Retry-After"]) > 3600
    page = client.post("/g", data={"csrf_token": csrf(client), "name": "Linde"})
    assert page.status_code == 429 and page.mimetype == "text/html"
    # Sheets are not capped by it, and another address has a cap of its own.
    assert client.post("/api/v1/sheets", json=NEW_SHEET).status_code == 201
    elsewhere = {"REMOTE_ADDR": "192.0.2.9"}
    other = client.post("/api/v1/groups", json={"name": "Linde"}, environ_base=elsewhere)
    assert other.status_code == 201


# --- downloads ---------------------------------------------------------------------------


def new_sheet_with_a_game(client) -> dict:
    sheet = client.post("/api/v1/sheets", json=NEW_SHEET).json
    auth = {"Authorization": f"Bearer {sheet['edit_token']}"}
    games = f"/api/v1/sheets/{sheet['id']}/games"
    assert client.post(games, json={"card_points": {"A": 80}}, headers=auth).status_code == 201
    return {**sheet, "auth": auth, "games": games}


def test_downloads_have_a_budget_of_their_own(app_with):
    # The JSON's build costs 5 (web.responses.BUILD_COST), the page's copy of it 1.
    client = app_with(RATELIMIT_EXPORTS="6 per minute").test_client()
    sheet = new_sheet_with_a_game(client)
    assert client.get(f"/api/v1/sheets/{sheet['id']}/export").status_code == 200
    assert client.get(f"/s/{sheet['id']}/export.json").status_code == 200
    refused = client.get(f"/api/v1/sheets/{sheet['id']}/export?format=pdf")
    assert refused.status_code == 429 and "downloads" in refused.json["message"]
    assert client.get(f"/s/{sheet['id']}/export.pdf").status_code == 429
    # The sheet itself and its page are still read.
    assert client.get(f"/api/v1/sheets/{sheet['id']}").status_code == 200
    assert client.get(f"/s/{sheet['id']}").status_code == 200


# --- a draw charged by its sheets --------------------------------------------------------


def test_a_draw_costs_the_writes_of_the_sheets_it_makes(app_with):
    client = app_with(RATELIMIT_WRITES="5 per minute").test_client()
    made = client.post("/api/v1/tournaments", json={"players": SIXTEEN}).json
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    draws = f"/api/v1/tournaments/{made['id']}/draws"
    drawn = client.post(draws, json={}, headers=auth)
    assert drawn.status_code == 201 and len(drawn.json["tables"]) == 4
    # Four sheets made, four of five writes spent: one write is left.
    assert client.delete(f"{draws}/1", headers=auth).status_code == 204
    assert client.post(draws, json={}, headers=auth).status_code == 429


def test_the_pages_draw_is_charged_by_its_sheets_too(app_with):
    client = app_with(RATELIMIT_WRITES="5 per minute").test_client()
    data = {"csrf_token": csrf(client), "title": "Preisbauer", "players": "\n".join(SIXTEEN)}
    made = client.post("/t", data=data)
    assert made.status_code == 303
    tournament = made.headers["Location"].split("/")[2]
    form = {"csrf_token": csrf(client)}
    assert client.post(f"/t/{tournament}/draws", data=form).status_code == 303
    # Four sheets made, four of five writes spent: one write is left.
    assert client.post(f"/t/{tournament}/players/1/withdraw", data=form).status_code == 303
    assert client.post(f"/t/{tournament}/players/2/withdraw", data=form).status_code == 429


def test_a_refused_draw_costs_one_write(app_with):
    client = app_with(RATELIMIT_WRITES="2 per minute").test_client()
    made = client.post("/api/v1/tournaments", json={"players": ["A", "B"]}).json
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    draws = f"/api/v1/tournaments/{made['id']}/draws"
    assert client.post(draws, json={}, headers=auth).status_code == 422
    assert client.post(draws, json={}, headers=auth).status_code == 422
    assert client.post(draws, json={}, headers=auth).status_code == 429
