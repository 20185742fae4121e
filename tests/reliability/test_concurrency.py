"""Retried taps from many phones at once, under gunicorn with four workers.

Several threads each send every game twice with the same Idempotency-Key, in an order of
their own: each key keeps exactly one game, every answer to a key names that game, nothing
answers 5xx and no worker ever reports "database is locked".
"""

import random
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

pytestmark = pytest.mark.server

THREADS = 8
# Valid in any order and at any score (65:65 would be a tie, so it is left out).
ENTRIES = [{"card_points": {"A": points}} for points in (30, 40, 45, 50, 55, 70, 80, 90, 100, 110)]
ENTRIES += [{"result": {"winner": "B", "band": "schneider"}}, {"solo": {"team": "A", "won": True}}]


@pytest.mark.parametrize("live_server", [{"workers": 4}], indirect=True)
def test_every_game_sent_twice_by_every_thread_is_kept_once(live_server):
    http = requests.Session()
    http.trust_env = False
    created = http.post(f"{live_server}/api/v1/sheets", json={"game": "bauerchen"}, timeout=10)
    assert created.status_code == 201
    sheet = created.json()
    games = f"{live_server}/api/v1/sheets/{sheet['id']}/games"
    token = {"Authorization": f"Bearer {sheet['edit_token']}"}
    keys = [f"tap-key-{n}" for n in range(len(ENTRIES))]

    def phone(seed: int) -> list[tuple[str, int, dict]]:
        order = [n for n in range(len(ENTRIES)) for _ in range(2)]
        random.Random(seed).shuffle(order)
        answers = []
        with requests.Session() as session:
            session.trust_env = False
            for n in order:
                response = session.post(
                    games,
                    json=ENTRIES[n],
                    headers={**token, "Idempotency-Key": keys[n]},
                    timeout=30,
                )
                answers.append((keys[n], response.status_code, response.json()))
        return answers

    with ThreadPoolExecutor(THREADS) as pool:
        answers = [answer for batch in pool.map(phone, range(THREADS)) for answer in batch]

    assert len(answers) == THREADS * 2 * len(ENTRIES)
    assert {status for _, status, _ in answers} == {201}, [a for a in answers if a[1] != 201][:3]
    numbers = {key: {body["game"]["number"] for k, _, body in answers if k == key} for key in keys}
    assert all(len(found) == 1 for found in numbers.values()), numbers
    kept = {key: found.pop() for key, found in numbers.items()}
    assert sorted(kept.values()) == list(range(1, len(ENTRIES) + 1))

    state = http.get(f"{live_server}/api/v1/sheets/{sheet['id']}", timeout=10).json()
    assert len(state["games"]) == len(ENTRIES)
    assert state["version"] == sheet["version"] + len(ENTRIES)
    for n, key in enumerate(keys):
        assert state["games"][kept[key] - 1]["entry"] == ENTRIES[n], key

    # What the workers said: the access log's status codes, and no error from the app.
    log = live_server.log_text()
    assert "database is locked" not in log
    assert "Traceback" not in log, log[-3000:]
    statuses = re.findall(r'HTTP/1\.[01]" (\d{3}) ', log)
    assert len(statuses) >= len(answers)
    assert not [status for status in statuses if status.startswith("5")]
