"""Sheets over real HTTP against gunicorn with two workers: nothing lost, nothing doubled."""

from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

pytestmark = pytest.mark.server

THREADS = 6
GAMES_PER_THREAD = 5


def new_sheet(url):
    response = requests.post(f"{url}/api/v1/sheets", json={"game": "bauerchen"}, timeout=10)
    assert response.status_code == 201
    return response.json()


def games_url(url, sheet):
    return f"{url}/api/v1/sheets/{sheet['id']}/games"


def test_concurrent_writers_lose_nothing(live_server):
    sheet = new_sheet(live_server)
    headers = {"Authorization": f"Bearer {sheet['edit_token']}"}

    def write(thread: int) -> list[int]:
        with requests.Session() as session:
            return [
                session.post(
                    games_url(live_server, sheet),
                    json={"result": {"winner": "AB"[thread % 2], "band": "frei"}},
                    headers=headers,
                    timeout=30,
                ).status_code
                for _ in range(GAMES_PER_THREAD)
            ]

    with ThreadPoolExecutor(THREADS) as pool:
        statuses = [status for batch in pool.map(write, range(THREADS)) for status in batch]
    assert statuses == [201] * THREADS * GAMES_PER_THREAD
    state = requests.get(f"{live_server}/api/v1/sheets/{sheet['id']}", timeout=10).json()
    assert [game["number"] for game in state["games"]] == list(range(1, 31))
    assert state["version"] == sheet["version"] + THREADS * GAMES_PER_THREAD


def test_concurrent_retries_of_one_tap_record_it_once(live_server):
    sheet = new_sheet(live_server)
    entry = {"card_points": {"A": 80}}

    def tap(key: str) -> tuple[int, dict]:
        response = requests.post(
            games_url(live_server, sheet),
            json=entry,
            headers={"Authorization": f"Bearer {sheet['edit_token']}", "Idempotency-Key": key},
            timeout=30,
        )
        return response.status_code, response.json()

    keys = [f"tap-key-{n}" for n in range(4) for _ in range(THREADS)]
    with ThreadPoolExecutor(THREADS) as pool:
        answers = list(pool.map(tap, keys))
    assert {status for status, _ in answers} == {201}
    numbers = {
        key: {
            body["game"]["number"] for (_, body), k in zip(answers, keys, strict=True) if k == key
        }
        for key in set(keys)
    }
    assert all(len(found) == 1 for found in numbers.values()), numbers
    state = requests.get(f"{live_server}/api/v1/sheets/{sheet['id']}", timeout=10).json()
    assert len(state["games"]) == 4


def test_etag_round_trip_over_http(live_server):
    sheet = new_sheet(live_server)
    url = f"{live_server}/api/v1/sheets/{sheet['id']}"
    tag = requests.get(url, timeout=10).headers["ETag"]
    assert requests.get(url, headers={"If-None-Match": tag}, timeout=10).status_code == 304
    headers = {"Authorization": f"Bearer {sheet['edit_token']}", "If-Match": tag}
    entry = {"card_points": {"A": 72}}
    assert requests.post(f"{url}/games", json=entry, headers=headers, timeout=10).status_code == 201
    assert requests.post(f"{url}/games", json=entry, headers=headers, timeout=10).status_code == 412
