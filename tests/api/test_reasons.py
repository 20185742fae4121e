"""Every refusal's body carries a stable `reason` beside flask-smorest's `code` and `message`."""

import json
from pathlib import Path

import pytest

from bauerblock.engine.codes import raised_codes

SHEETS = "/api/v1/sheets"
TOURNAMENTS = "/api/v1/tournaments"
GROUPS = "/api/v1/groups"
DOCUMENT = json.loads((Path(__file__).parents[2] / "openapi" / "openapi.json").read_text())


@pytest.fixture
def sheet(client):
    body = {"game": "bauerchen", "players": ["Hans", "Grete", "Karl", "Lise"]}
    response = client.post(SHEETS, json=body)
    assert response.status_code == 201
    return response.get_json()


def auth(owner, **headers):
    return {"Authorization": f"Bearer {owner['edit_token']}", **headers}


def games(sheet):
    return f"{SHEETS}/{sheet['id']}/games"


def refused(response, status: int, reason: str) -> dict:
    body = response.get_json()
    assert response.status_code == status, body
    assert body["code"] == status and body["message"]
    assert body["reason"] == reason, body
    return body


def test_a_rule_refusal_names_its_code_beside_the_words(client, sheet):
    entry = {"home": "A", "card_points": {"A": 5}}
    body = refused(
        client.post(games(sheet), json=entry, headers=auth(sheet)), 422, "card_points_impossible"
    )
    assert body["message"].startswith("Game 1: Team A cannot have taken 5 card points")
    assert body["errors"] == {"json": {"_schema": [body["message"]]}}


def test_not_found_of_the_store_and_of_the_router(client, sheet):
    refused(client.get(f"{SHEETS}/no-such-sheet"), 404, "sheet_not_found")
    refused(client.get(f"{TOURNAMENTS}/no-such-tournament"), 404, "tournament_not_found")
    amend = client.put(f"{games(sheet)}/9", json={"home": "A"}, headers=auth(sheet))
    refused(amend, 404, "game_not_found")
    refused(client.get("/api/v1/no-such-path"), 404, "not_found")


def test_a_stale_version_and_an_unknown_one(client, sheet):
    entry = {"home": "A", "result": {"winner": "A", "band": "frei"}}
    first = client.post(games(sheet), json=entry, headers=auth(sheet))
    old = first.headers["ETag"]
    assert client.post(games(sheet), json=entry, headers=auth(sheet)).status_code == 201
    stale = client.post(games(sheet), json=entry, headers=auth(sheet, **{"If-Match": old}))
    assert refused(stale, 412, "stale_version")["message"].startswith("The sheet changed")
    unknown = client.post(games(sheet), json=entry, headers=auth(sheet, **{"If-Match": '"x"'}))
    refused(unknown, 412, "version_unknown")


def test_the_request_s_form_gets_a_fixed_reason(client, sheet):
    refused(client.post(games(sheet), json={"home": "A"}), 401, "token_missing")
    wrong = client.post(games(sheet), json={}, headers={"Authorization": "Bearer nope"})
    refused(wrong, 403, "token_wrong")
    body = client.post(SHEETS, data="{", content_type="application/json")
    refused(body, 422, "invalid_body")
    refused(client.post(SHEETS, json={"game": 7}), 422, "invalid_body")
    refused(client.patch(f"{SHEETS}/{sheet['id']}"), 405, "method_not_allowed")
    export = client.get(f"{SHEETS}/{sheet['id']}/export", query_string={"format": "xls"})
    refused(export, 422, "invalid_query")
    key = auth(sheet, **{"Idempotency-Key": "k" * 201})
    entry = {"home": "A", "result": {"winner": "A", "band": "frei"}}
    refused(client.post(games(sheet), json=entry, headers=key), 422, "idempotency_key_invalid")


def test_a_state_conflict_and_a_roster_conflict(client):
    names = [f"Spieler {n}" for n in range(1, 9)]
    made = client.post(TOURNAMENTS, json={"players": names}).get_json()
    draws = f"{TOURNAMENTS}/{made['id']}/draws"
    assert client.post(draws, json={}, headers=auth(made)).status_code == 201
    refused(client.post(draws, json={}, headers=auth(made)), 409, "draw_still_playing")
    group = client.post(GROUPS, json={"name": "Linde", "players": ["Anna"]}).get_json()
    again = client.post(
        f"{GROUPS}/{group['id']}/players", json={"name": "anna"}, headers=auth(group)
    )
    refused(again, 409, "roster_name_taken")


def test_the_document_describes_reason_and_lists_every_code():
    error = DOCUMENT["components"]["schemas"]["Error"]
    reason = error["properties"]["reason"]
    assert reason["type"] == "string"
    for code in raised_codes():
        assert f"- `{code}`: " in reason["description"], code
    assert "`invalid_body` (422)" in reason["description"]
