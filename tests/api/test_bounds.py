"""The API's bounds: a full sheet refused in words, amend and undo answers paged."""

from bauerblock import store
from bauerblock.store.sheets import MAX_GAMES
from tests.long_sheets import BOLACHEN_PLAIN, fill
from tests.versions import if_match

SHEETS = "/api/v1/sheets"


def bolachen(client):
    body = {"game": "bolachen", "players": ["Hans", "Grete", "Karl"], "rules": {"preset": "soft"}}
    response = client.post(SHEETS, json=body)
    assert response.status_code == 201
    return response.get_json()


def auth(sheet):
    return {"Authorization": f"Bearer {sheet['edit_token']}"}


def test_the_game_after_the_cap_is_refused_in_words(app, client):
    sheet = bolachen(client)
    with app.app_context():
        fill(store.get_db(), sheet["id"], BOLACHEN_PLAIN, MAX_GAMES)
    url = f"{SHEETS}/{sheet['id']}/games"
    refused = client.post(url, json=BOLACHEN_PLAIN, headers=auth(sheet))
    assert refused.status_code == 422
    assert refused.get_json()["message"] == "This sheet is full: at most 3000 games."
    with app.app_context():
        assert store.load_head(store.get_db(), sheet["id"]).played == MAX_GAMES


def test_amend_and_undo_answer_the_games_from_the_changed_one(app, client):
    sheet = bolachen(client)
    with app.app_context():
        fill(store.get_db(), sheet["id"], BOLACHEN_PLAIN, 40)
    game = f"{SHEETS}/{sheet['id']}/games"
    headers = {**auth(sheet), **if_match(client, sheet["id"])}
    amended = client.put(f"{game}/39", json={**BOLACHEN_PLAIN, "won": False}, headers=headers)
    assert amended.status_code == 200
    body = amended.get_json()
    assert body["games_from"] == 39 and [g["number"] for g in body["games"]] == [39, 40]
    assert body["current"]["games_played"] == 40
    assert body.pop("changed_game") == body["games"][0] and body.pop("games_more") is None
    read = client.get(f"{SHEETS}/{sheet['id']}", query_string={"games_from": 39}).get_json()
    assert read == body
    headers = {**auth(sheet), **if_match(client, sheet["id"])}
    undone = client.delete(f"{game}/40", headers=headers).get_json()
    assert undone["games_from"] == 40 and undone["games"] == []
    assert undone["changed_game"] is None and undone["games_more"] is None
    assert undone["current"]["games_played"] == 39
    assert undone["version"] == body["version"] + 1
