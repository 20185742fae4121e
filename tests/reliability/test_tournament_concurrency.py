"""Two (or eight) organisers pressing "draw" at once, under gunicorn with four workers.

Without a key exactly one press makes the draw and every other is refused with 409 (its
tables have not played yet); with one Idempotency-Key every press answers that one draw.
Nothing answers 5xx and no worker reports "database is locked".
"""

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

pytestmark = pytest.mark.server

THREADS = 8


def new_tournament(url: str) -> dict:
    response = requests.post(
        f"{url}/api/v1/tournaments",
        json={"players": [f"Spieler {n}" for n in range(1, 17)]},
        timeout=10,
    )
    assert response.status_code == 201, response.text
    return response.json()


def press_draw(url: str, tournament: dict, headers: dict) -> list[tuple[int, dict]]:
    def press(_: int) -> tuple[int, dict]:
        with requests.Session() as session:
            session.trust_env = False
            response = session.post(
                f"{url}/api/v1/tournaments/{tournament['id']}/draws",
                json={},
                headers={"Authorization": f"Bearer {tournament['edit_token']}", **headers},
                timeout=30,
            )
            return response.status_code, response.json()

    with ThreadPoolExecutor(THREADS) as pool:
        return list(pool.map(press, range(THREADS)))


def draws_of(url: str, tournament: dict) -> list[dict]:
    answer = requests.get(f"{url}/api/v1/tournaments/{tournament['id']}", timeout=10)
    return answer.json()["draws"]


@pytest.mark.parametrize("live_server", [{"workers": 4}], indirect=True)
def test_pressing_draw_at_once_makes_one_draw(live_server):
    tournament = new_tournament(live_server)
    answers = press_draw(live_server, tournament, {})
    statuses = sorted(status for status, _ in answers)
    assert statuses == [201] + [409] * (THREADS - 1), answers
    made = next(body for status, body in answers if status == 201)
    draws = draws_of(live_server, tournament)
    assert [d["number"] for d in draws] == [1]
    assert [t["sheet"]["id"] for t in draws[0]["tables"]] == [
        t["sheet"]["id"] for t in made["tables"]
    ]

    keyed = new_tournament(live_server)
    answers = press_draw(live_server, keyed, {"Idempotency-Key": "draw-once-key-0001"})
    assert {status for status, _ in answers} == {201}, answers
    assert len({repr(body) for _, body in answers}) == 1
    assert len(draws_of(live_server, keyed)) == 1

    log = live_server.log_text()
    assert "database is locked" not in log
    assert "Traceback" not in log, log[-3000:]
    statuses = re.findall(r'HTTP/1\.[01]" (\d{3}) ', log)
    assert not [status for status in statuses if status.startswith("5")]
