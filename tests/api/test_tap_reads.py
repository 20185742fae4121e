"""What a game recorded through the API reads: the sheet's head (one statement) before the
write lock and under it, and the key; nothing after its COMMIT, at game 3 as at game 300."""

import pytest

from bauerblock import store
from tests.api import tournament_calls as calls
from tests.long_sheets import fill
from tests.statements import read_after_the_write, reads, traced

SHEETS = "/api/v1/sheets"
PLAIN = {"result": {"winner": "A", "band": "frei"}}


@pytest.mark.parametrize("played", [3, 300])
def test_a_keyed_tap_reads_three_times_and_nothing_after_its_commit(app, client, played):
    body = {"game": "bauerchen", "players": ["Hans", "Grete", "Karl", "Lise"]}
    sheet = client.post(SHEETS, json=body).get_json()
    with app.app_context():
        fill(store.get_db(), sheet["id"], PLAIN, played)
    headers = {"Authorization": f"Bearer {sheet['edit_token']}", "Idempotency-Key": "tap-0000001"}
    url = f"{SHEETS}/{sheet['id']}/games"
    answer, seen = traced(
        app, lambda: client.post(url, json={"game": "bauerchen", **PLAIN}, headers=headers)
    )
    assert answer.status_code == 201 and answer.get_json()["game"]["number"] == played + 1
    selects = reads(seen)
    assert len(selects) <= 3, selects
    assert read_after_the_write(seen) == []


PREISBAUER = {"title": "Preisbauer", "players": [f"Spieler {n}" for n in range(1, 9)]}
PAIRS = {
    "title": "Bauer-WM",
    "pairs": [[f"Erste {n}", f"Zweite {n}"] for n in range(1, 9)],
    "format": {"kind": "pairs", "rounds_to_win": 2, "group_size": 4},
}
ROUND_FOR_A = {"result": {"winner": "A", "band": "schwarz"}}


@pytest.mark.parametrize("tournament", [PREISBAUER, PAIRS], ids=["preisbauer", "pairs"])
def test_a_tables_tap_reads_three_times_and_nothing_after_its_commit(app, client, tournament):
    made = calls.create(client, tournament)
    sheet = calls.draw(client, made).json["tables"][0]["sheet"]
    url = f"{SHEETS}/{sheet['id']}/games"
    closed = 0
    # Taps until the table's first round is closed (its tournament's format wants more).
    for number in range(1, 10):
        headers = {
            "Authorization": f"Bearer {sheet['edit_token']}",
            "Idempotency-Key": f"tap-{number:07}",
        }
        answer, seen = traced(app, lambda: client.post(url, json=ROUND_FOR_A, headers=headers))  # noqa: B023
        assert answer.status_code == 201 and answer.get_json()["game"]["number"] == number
        assert len(reads(seen)) <= 3, reads(seen)
        assert read_after_the_write(seen) == []
        closed = len(answer.get_json()["state"]["rounds"])
        if closed:
            break
    assert closed == 1 and not answer.get_json()["state"]["current"]["finished"]
