"""Every write of the API is safe to retry: the same Idempotency-Key answers the first answer."""

import json
import sqlite3

import pytest

from tests.versions import if_match

SHEETS = "/api/v1/sheets"
GROUPS = "/api/v1/groups"
TOURNAMENTS = "/api/v1/tournaments"
A_WINS = {"card_points": {"A": 80}}
B_WINS = {"card_points": {"B": 80}}


def auth(body, key=None):
    headers = {"Authorization": f"Bearer {body['edit_token']}"}
    if key is not None:
        headers["Idempotency-Key"] = key
    return headers


@pytest.fixture
def sheet(client):
    response = client.post(SHEETS, json={"game": "bauerchen", "title": "Retries"})
    assert response.status_code == 201
    return response.get_json()


@pytest.fixture
def group(client):
    response = client.post(GROUPS, json={"name": "Linde", "players": ["Hans", "Grete", "Karl"]})
    assert response.status_code == 201
    return response.get_json()


def games(client, sheet):
    return client.get(f"{SHEETS}/{sheet['id']}").get_json()["games"]


def test_a_retried_delete_deletes_one_game(client, sheet):
    for entry in (A_WINS, B_WINS, A_WINS):
        assert client.post(f"{SHEETS}/{sheet['id']}/games", json=entry, headers=auth(sheet))
    url = f"{SHEETS}/{sheet['id']}/games/2"
    headers = {**auth(sheet, "undo-game-two"), **if_match(client, sheet["id"])}
    first = client.delete(url, headers=headers)
    again = client.delete(url, headers=headers)
    assert first.status_code == again.status_code == 200
    assert again.get_data() == first.get_data()
    assert again.headers["ETag"] == first.headers["ETag"]
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert [g["entry"] for g in games(client, sheet)] == [A_WINS, A_WINS]
    # The same key for another game: refused, and nothing is deleted.
    other = client.delete(f"{SHEETS}/{sheet['id']}/games/1", headers=headers)
    assert other.status_code == 422
    assert len(games(client, sheet)) == 2


def test_a_retried_create_group_sheet_makes_one_evening(client, group):
    url = f"{GROUPS}/{group['id']}/sheets"
    body = {"game": "bolachen", "players": [1, 2, 3]}
    first = client.post(url, json=body, headers=auth(group, "evening-one"))
    again = client.post(url, json=body, headers=auth(group, "evening-one"))
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert again.get_json()["edit_token"] == first.get_json()["edit_token"]
    assert len(client.get(f"{GROUPS}/{group['id']}").get_json()["sheets"]) == 1
    changed = client.post(url, json={**body, "title": "Other"}, headers=auth(group, "evening-one"))
    assert changed.status_code == 422
    assert "Idempotency-Key" in changed.get_json()["message"]
    assert len(client.get(f"{GROUPS}/{group['id']}").get_json()["sheets"]) == 1


def test_a_retried_add_group_player_gets_its_first_answer(client, group):
    url = f"{GROUPS}/{group['id']}/players"
    first = client.post(url, json={"name": "Fritz"}, headers=auth(group, "add-fritz-1"))
    again = client.post(url, json={"name": "Fritz"}, headers=auth(group, "add-fritz-1"))
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json() == {"number": 4, "name": "Fritz"}
    assert again.headers["ETag"] == first.headers["ETag"]
    # Without the key the same name is a new request: the roster has Fritz already.
    assert client.post(url, json={"name": "Fritz"}, headers=auth(group)).status_code == 409


def test_a_retried_tournament_write_gets_its_first_answer(client):
    made = client.post(TOURNAMENTS, json={"players": ["A1", "B1", "C1", "D1"]}).get_json()
    url = f"{TOURNAMENTS}/{made['id']}/players"
    first = client.post(url, json={"name": "Erna"}, headers=auth(made, "late-erna-1"))
    again = client.post(url, json={"name": "Erna"}, headers=auth(made, "late-erna-1"))
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    players = client.get(f"{TOURNAMENTS}/{made['id']}").get_json()["players"]
    assert [p["name"] for p in players].count("Erna") == 1
    withdraw = f"{url}/5"
    assert client.delete(withdraw, headers=auth(made, "withdraw-erna")).status_code == 204
    assert client.delete(withdraw, headers=auth(made, "withdraw-erna")).status_code == 204


def test_a_draw_redone_after_keyed_writes_takes_its_key_anew(client):
    # The kept answers are sealed: redoing a draw once read them as JSON and answered 500.
    made = client.post(TOURNAMENTS, json={"players": ["A1", "B1", "C1", "D1"]}).get_json()
    draws = f"{TOURNAMENTS}/{made['id']}/draws"
    assert client.post(draws, headers=auth(made, "draw-one-1")).status_code == 201
    assert client.post(f"{draws}/1/end", headers=auth(made, "end-one-1")).status_code == 200
    assert client.delete(f"{draws}/1", headers=auth(made, "redo-one-1")).status_code == 204
    again = client.post(draws, headers=auth(made, "draw-one-1"))
    assert again.status_code == 201 and again.get_json()["number"] == 1
    assert "Idempotent-Replayed" not in again.headers
    assert client.get(f"{TOURNAMENTS}/{made['id']}").get_json()["draws"][0]["ended"] is False


def test_a_key_is_the_callers_own(client, sheet):
    """Another caller with the same key gets no first answer: its request meets the rights."""
    other = client.post(SHEETS, json={"game": "bauerchen"}).get_json()
    url = f"{SHEETS}/{sheet['id']}/games"
    assert client.post(url, json=A_WINS, headers=auth(sheet, "tap-tap-tap")).status_code == 201
    stranger = client.post(
        url, json=A_WINS, headers={**auth(other), "Idempotency-Key": "tap-tap-tap"}
    )
    assert stranger.status_code == 403
    anonymous = client.post(url, json=B_WINS, headers={"Idempotency-Key": "tap-tap-tap"})
    assert anonymous.status_code == 401
    assert len(games(client, sheet)) == 1


@pytest.mark.parametrize("key", ["short", "x" * 65, "has space!", "ümlaut-key"])
def test_a_key_unlike_the_pads_is_refused(client, sheet, key):
    response = client.post(f"{SHEETS}/{sheet['id']}/games", json=A_WINS, headers=auth(sheet, key))
    assert response.status_code == 422
    assert "8 to 64" in response.get_json()["message"]
    assert games(client, sheet) == []


def test_a_created_sheet_keeps_no_token_in_clear(app, client):
    key = {"Idempotency-Key": "new-sheet-key-0001"}
    first = client.post(SHEETS, json={"game": "bolachen"}, headers=key)
    again = client.post(SHEETS, json={"game": "bolachen"}, headers=key)
    assert again.get_json()["edit_token"] == first.get_json()["edit_token"]
    assert again.get_json()["id"] == first.get_json()["id"]
    with sqlite3.connect(app.config["DATABASE"]) as db:
        stored = json.dumps(db.execute("SELECT * FROM idempotency").fetchall())
    assert first.get_json()["edit_token"] not in stored
    assert "new-one-1" not in stored


@pytest.mark.parametrize(
    "raw",
    # (A number past Python's 4300 digits is the parser's to refuse: issue 19's "500s".)
    ["[" * 5000 + "]" * 5000, '"\\ud800"', "{bad"],
)
def test_a_keyed_write_with_a_hostile_body_is_refused_with_422(client, sheet, raw):
    response = client.post(
        f"{SHEETS}/{sheet['id']}/games",
        data=raw,
        content_type="application/json",
        headers=auth(sheet, "hostile-body-1"),
    )
    assert response.status_code == 422
    assert games(client, sheet) == []
