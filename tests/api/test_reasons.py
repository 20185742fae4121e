"""Every refusal's body carries a stable `reason` beside flask-smorest's `code` and `message`."""

import json
from pathlib import Path

import pytest

from bauerblock.api.reasons import (
    FIELD_REASONS,
    MISSING_REASONS,
    UNKNOWN_REASONS,
    reasons,
    reasons_table,
)
from bauerblock.engine.codes import raised
from tests.versions import if_match

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
    headers = auth(sheet, **if_match(client, sheet["id"]))
    amend = client.put(f"{games(sheet)}/9", json={"home": "A"}, headers=headers)
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


@pytest.mark.parametrize(
    ("url", "body", "reason"),
    [
        ("/api/v1/bolachen/score", {"contract": "brand", "trump": "herz"}, "declarer_seat"),
        ("/api/v1/bolachen/score", {"declarer": 0, "contract": "grand"}, "contract_unknown"),
        ("/api/v1/bolachen/score", {"declarer": 0, "contract": "bettel", "won": 1}, "won_not_bool"),
        (
            "/api/v1/bolachen/score",
            {"declarer": 0, "contract": "mord", "tricks": 11},
            "tricks_range",
        ),
        ("/api/v1/bauerchen/score", {"card_points": {"A": 72}}, "home_missing"),
        ("/api/v1/bauerchen/score", {"home": "C", "card_points": {"A": 72}}, "team_unknown"),
        ("/api/v1/bauerchen/score", {"home": "A", "card_points": {"C": 72}}, "card_points_teams"),
        (
            "/api/v1/bauerchen/score",
            {"home": "A", "result": {"winner": "A", "band": "halb"}},
            "band_unknown",
        ),
        (
            "/api/v1/bauerchen/score",
            {"home": "A", "solo": {"team": "A", "won": "yes"}},
            "solo_won_not_bool",
        ),
        (
            "/api/v1/bauerchen/score",
            {"home": "A", "card_points": {"A": 72}, "melds": [{"team": "A", "kind": "30"}]},
            "meld_kind_unknown",
        ),
        (
            "/api/v1/bauerchen/score",
            {"home": "A", "solo": {"team": "A", "won": True}, "spritz": -1},
            "spritz_range",
        ),
        (SHEETS, {"players": ["Hans"]}, "game_unknown"),
        (SHEETS, {"game": 7}, "game_unknown"),
        (SHEETS, {"game": "bauerchen", "first_dealer": 4}, "first_dealer_seat"),
        (SHEETS, {"game": "bauerchen", "title": "x" * 500}, "text_too_long"),
        (SHEETS, {"game": "bauerchen", "rules": {"preset": "skat"}}, "preset_unknown"),
        (SHEETS, {"game": "bauerchen", "rules": {"jokers": 2}}, "option_unknown"),
        (SHEETS, {"game": "bauerchen", "rules": {"carry_over": "ja"}}, "option_type"),
        (SHEETS, {"game": "bauerchen", "rules": {"round_limit": 100}}, "round_limit_range"),
        (SHEETS, {"game": "bolachen", "rules": {"limit": -1}}, "limit_range"),
        (SHEETS, {"game": "bauerschspiel", "rules": {"strokes": 0}}, "strokes_range"),
        (TOURNAMENTS, {"format": {"rounds_per_draw": 0}}, "whole_number_range"),
        (TOURNAMENTS, {"format": {"tiebreak": "lot"}}, "tiebreak_unknown"),
        (TOURNAMENTS, {"format": {"rounds": 3}}, "format_unknown_field"),
    ],
)
def test_a_refused_field_carries_the_code_the_rules_give_it(client, url, body, reason):
    answer = refused(client.post(url, json=body), 422, reason)
    assert answer["errors"]["json"]  # the field at fault, as before
    assert reason in reasons()


def test_every_field_s_reason_is_a_422_of_the_rules():
    mapped = {*FIELD_REASONS.values(), *MISSING_REASONS.values(), *UNKNOWN_REASONS.values()}
    codes = raised()
    assert mapped and all(code in codes and reasons()[code][0] == 422 for code in mapped)


def test_the_request_s_form_gets_a_fixed_reason(client, sheet):
    refused(client.post(games(sheet), json={"home": "A"}), 401, "token_missing")
    wrong = client.post(games(sheet), json={}, headers={"Authorization": "Bearer nope"})
    refused(wrong, 403, "token_wrong")
    body = client.post(SHEETS, data="{", content_type="application/json")
    refused(body, 422, "invalid_body")
    # A field the rules have no one code for (seats, a roster, a tournament's list).
    refused(client.post(SHEETS, json={"game": "bauerchen", "players": 7}), 422, "invalid_body")
    refused(client.patch(f"{SHEETS}/{sheet['id']}"), 405, "method_not_allowed")
    export = client.get(f"{SHEETS}/{sheet['id']}/export", query_string={"format": "xls"})
    refused(export, 422, "invalid_query")
    key = auth(sheet, **{"Idempotency-Key": "k" * 201})
    entry = {"home": "A", "result": {"winner": "A", "band": "frei"}}
    bad_key = refused(
        client.post(games(sheet), json=entry, headers=key), 422, "idempotency_key_invalid"
    )
    # A header's refusal is named under errors.headers, as a query's under errors.query.
    assert bad_key["errors"] == {"headers": {"Idempotency-Key": [bad_key["message"]]}}


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
    schemas = DOCUMENT["components"]["schemas"]
    assert "Error" not in schemas  # openapi-generator would rename it ModelError
    # An open set: a string, so a code added within v1 breaks no generated client; the
    # known ones are listed (the description, docs/api.md), werkzeug's unused ones not.
    assert "Reason" not in schemas
    assert set(reasons()) >= set(raised()) | {"precondition_required", "not_found"}
    assert not {"i_m_a_teapot", "gone", "locked", "conflict"} & set(reasons())
    for name in ("Problem", "Refusal"):
        described = schemas[name]["properties"]["reason"]
        assert described["type"] == "string" and "enum" not in described
        assert "open set" in described["description"]
        for code in raised():
            assert f"- `{code}`: " in described["description"], code
        assert "`invalid_body` (422)" in described["description"]
        assert "_schema" in schemas[name]["properties"]["errors"]["description"]
    problem_fields = ["type", "title", "status", "detail", "instance", "reason"]
    assert schemas["Problem"]["required"] == problem_fields
    v1_fields = {"type", "title", "code", "status", "message", "detail", "reason"}
    assert set(schemas["Refusal"]["required"]) == v1_fields


def test_every_error_answer_offers_both_bodies():
    answers = [
        answer
        for path in DOCUMENT["paths"].values()
        for operation in path.values()
        if isinstance(operation, dict)
        for status, answer in operation["responses"].items()
        if int(status) >= 400
    ]
    components = DOCUMENT["components"]["responses"]
    assert len(answers) > 100
    for answer in answers:
        content = components[answer["$ref"].rpartition("/")[2]] if "$ref" in answer else answer
        assert content["content"] == {
            "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}},
            "application/json": {"schema": {"$ref": "#/components/schemas/Refusal"}},
        }


def test_docs_api_md_has_every_reason_with_its_status():
    docs = (Path(__file__).parents[2] / "docs" / "api.md").read_text()
    assert reasons_table() in docs, (
        "docs/api.md's table of reasons is stale: run .venv/bin/python tools/reasons.py"
    )


PROBLEM = {"Accept": "application/problem+json"}


def problem(response, status: int, reason: str) -> dict:
    """Check a problem document (RFC 9457) and return it."""
    body = response.get_json()
    assert response.status_code == status, body
    assert response.mimetype == "application/problem+json"
    assert body["type"] == f"/api/v1/problems/{reason}"
    assert body["status"] == status and body["reason"] == reason
    assert body["title"] and body["detail"]
    assert "code" not in body and "message" not in body
    return body


def test_a_problem_for_a_422_in_german_or_english(client, sheet):
    entry = {"home": "A", "card_points": {"A": 5}}
    german = auth(sheet, **PROBLEM, **{"Accept-Language": "de"})
    body = problem(
        client.post(games(sheet), json=entry, headers=german), 422, "card_points_impossible"
    )
    assert body["title"] == "Unprocessable Entity"
    assert body["detail"].startswith("Spiel 1: Team A kann nicht 5 Augen haben")
    assert body["instance"] == games(sheet)
    assert body["errors"]["json"]["_schema"][0].startswith("Game 1: Team A cannot")
    english = client.post(games(sheet), json=entry, headers=auth(sheet, **PROBLEM))
    assert problem(english, 422, "card_points_impossible")["detail"].startswith("Game 1: Team A")
    # The v1 body keeps its fields, with type, title and detail added.
    v1 = client.post(games(sheet), json=entry, headers=auth(sheet))
    body = refused(v1, 422, "card_points_impossible")
    assert body["status"] == "Unprocessable Entity" and body["title"] == body["status"]
    assert body["type"] == "/api/v1/problems/card_points_impossible"
    assert body["detail"] == body["message"]


def test_a_problem_for_a_404_a_409_and_a_412(client, sheet):
    missing = problem(client.get(f"{SHEETS}/nope", headers=PROBLEM), 404, "sheet_not_found")
    assert missing["instance"] == f"{SHEETS}/nope"
    assert refused(client.get(f"{SHEETS}/nope"), 404, "sheet_not_found")["title"] == "Not Found"
    names = [f"Spieler {n}" for n in range(1, 9)]
    made = client.post(TOURNAMENTS, json={"players": names}).get_json()
    draws = f"{TOURNAMENTS}/{made['id']}/draws"
    assert client.post(draws, json={}, headers=auth(made)).status_code == 201
    problem(client.post(draws, json={}, headers=auth(made, **PROBLEM)), 409, "draw_still_playing")
    refused(client.post(draws, json={}, headers=auth(made)), 409, "draw_still_playing")
    entry = {"home": "A", "result": {"winner": "A", "band": "frei"}}
    old = client.post(games(sheet), json=entry, headers=auth(sheet)).headers["ETag"]
    assert client.post(games(sheet), json=entry, headers=auth(sheet)).status_code == 201
    stale = auth(sheet, **PROBLEM, **{"If-Match": old})
    problem(client.post(games(sheet), json=entry, headers=stale), 412, "stale_version")
    v1 = client.post(games(sheet), json=entry, headers=auth(sheet, **{"If-Match": old}))
    refused(v1, 412, "stale_version")


def test_a_problem_s_type_describes_its_reason(client):
    for reason in ("draw_still_playing", "invalid_body", "not_found"):
        described = client.get(f"/api/v1/problems/{reason}").get_json()
        status, meaning = reasons()[reason]
        assert described == {
            "type": f"/api/v1/problems/{reason}",
            "reason": reason,
            "status": status,
            "title": described["title"],
            "meaning": meaning,
        }
    assert reasons()["draw_still_playing"][0] == 409
    assert reasons()["idempotency_conflict"][0] == 422
    problem(client.get("/api/v1/problems/no_such_reason", headers=PROBLEM), 404, "not_found")


def test_a_client_that_takes_both_gets_the_v1_body_unless_it_prefers_problems(client):
    either = {"Accept": "application/json, application/problem+json;q=0.9"}
    assert client.get(f"{SHEETS}/nope", headers=either).mimetype == "application/json"
    anything = client.get(f"{SHEETS}/nope", headers={"Accept": "*/*"})
    assert anything.mimetype == "application/json"
    assert "Accept" in anything.headers["Vary"]
