"""Amending or deleting a game needs If-Match: a request sent twice never touches a second
game, whether the client retries it or its HTTP stack does (issue 35)."""

import pytest

SHEETS = "/api/v1/sheets"
A_WINS = {"card_points": {"A": 80}}
B_WINS = {"card_points": {"B": 80}}


@pytest.fixture
def sheet(client):
    response = client.post(SHEETS, json={"game": "bauerchen", "title": "If-Match"})
    assert response.status_code == 201
    body = response.get_json()
    for entry in (A_WINS, B_WINS):
        url = f"{SHEETS}/{body['id']}/games"
        assert client.post(url, json=entry, headers=auth(body)).status_code == 201
    return body


def auth(sheet, **headers):
    return {"Authorization": f"Bearer {sheet['edit_token']}", **headers}


def tag(client, sheet):
    return client.get(f"{SHEETS}/{sheet['id']}").headers["ETag"]


def entries(client, sheet):
    return [g["entry"] for g in client.get(f"{SHEETS}/{sheet['id']}").get_json()["games"]]


def game(sheet, number):
    return f"{SHEETS}/{sheet['id']}/games/{number}"


def test_a_delete_sent_twice_deletes_one_game(client, sheet):
    """The issue's scenario: two games, DELETE game 1 twice, as a stack retries it."""
    headers = auth(sheet, **{"If-Match": tag(client, sheet)})
    first = client.delete(game(sheet, 1), headers=headers)
    again = client.delete(game(sheet, 1), headers=headers)
    assert first.status_code == 200
    assert again.status_code == 412
    assert again.get_json()["reason"] == "stale_version"
    # The 412 names the current version, so the client can read again and decide.
    assert again.headers["ETag"] == first.headers["ETag"] == tag(client, sheet)
    assert entries(client, sheet) == [B_WINS]


def test_an_amend_sent_twice_changes_one_game(client, sheet):
    headers = auth(sheet, **{"If-Match": tag(client, sheet)})
    solo = {"solo": {"team": "B", "won": True}}
    assert client.put(game(sheet, 1), json=solo, headers=headers).status_code == 200
    again = client.put(game(sheet, 1), json=solo, headers=headers)
    assert again.status_code == 412
    assert again.headers["ETag"] == tag(client, sheet)
    assert entries(client, sheet) == [solo, B_WINS]


@pytest.mark.parametrize("if_match", [None, "", "*"])
def test_amend_and_delete_without_a_version_get_428(client, sheet, if_match):
    extra = {} if if_match is None else {"If-Match": if_match}
    deleted = client.delete(game(sheet, 1), headers=auth(sheet, **extra))
    amended = client.put(game(sheet, 1), json=A_WINS, headers=auth(sheet, **extra))
    for refused in (deleted, amended):
        assert refused.status_code == 428
        body = refused.get_json()
        assert body["reason"] == "precondition_required"
        assert "If-Match" in body["message"]
        assert "ETag" not in refused.headers  # nothing to retry blindly with
    assert entries(client, sheet) == [A_WINS, B_WINS]


def test_428_in_german_by_its_code(client, sheet):
    headers = auth(sheet, **{"Accept-Language": "de", "Accept": "application/problem+json"})
    refused = client.delete(game(sheet, 1), headers=headers)
    assert refused.status_code == 428
    assert refused.headers["Content-Language"] == "de"
    assert "braucht If-Match" in refused.get_json()["detail"]
    english = client.delete(game(sheet, 1), headers=auth(sheet))
    assert english.headers["Content-Language"] == "en"
    assert english.get_json()["detail"] == english.get_json()["message"]


def test_the_token_is_checked_before_the_version(client, sheet):
    assert client.delete(game(sheet, 1)).status_code == 401
    assert client.delete(game(sheet, 1), headers={"Authorization": "Bearer x"}).status_code == 403


def test_a_keyed_retry_replays_the_first_answer(client, sheet):
    headers = auth(sheet, **{"If-Match": tag(client, sheet), "Idempotency-Key": "undo-one-0001"})
    first = client.delete(game(sheet, 1), headers=headers)
    again = client.delete(game(sheet, 1), headers=headers)
    assert first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_data() == first.get_data()
    assert entries(client, sheet) == [B_WINS]


def test_if_match_takes_a_list_naming_the_current_tag(client, sheet):
    current = tag(client, sheet)
    listed = f'"x", {current}, "1-nothing"'
    deleted = client.delete(game(sheet, 2), headers=auth(sheet, **{"If-Match": listed}))
    assert deleted.status_code == 200
    assert entries(client, sheet) == [A_WINS]


def test_a_list_of_older_tags_is_stale(client, sheet):
    old = tag(client, sheet)
    client.delete(game(sheet, 2), headers=auth(sheet, **{"If-Match": old}))
    refused = client.delete(game(sheet, 1), headers=auth(sheet, **{"If-Match": f'"x", {old}'}))
    assert refused.status_code == 412
    assert refused.get_json()["reason"] == "stale_version"
    assert entries(client, sheet) == [A_WINS]


def test_a_weak_tag_never_matches(client, sheet):
    """If-Match compares strongly (RFC 9110, 13.1.1): W/"current" is no match."""
    current = tag(client, sheet)
    refused = client.delete(game(sheet, 1), headers=auth(sheet, **{"If-Match": f"W/{current}"}))
    assert refused.status_code == 412
    assert refused.get_json()["reason"] == "version_unknown"
    assert "weak" in refused.get_json()["message"]
    assert refused.headers["ETag"] == current
    assert entries(client, sheet) == [A_WINS, B_WINS]


def test_another_sheets_tag_names_no_version(client, sheet):
    other = client.post(SHEETS, json={"game": "bauerchen"}).get_json()
    refused = client.delete(game(sheet, 1), headers=auth(sheet, **{"If-Match": tag(client, other)}))
    assert refused.status_code == 412
    assert refused.get_json()["reason"] == "version_unknown"
    assert entries(client, sheet) == [A_WINS, B_WINS]


def test_recording_keeps_if_match_optional(client, sheet):
    url = f"{SHEETS}/{sheet['id']}/games"
    assert client.post(url, json=A_WINS, headers=auth(sheet)).status_code == 201
    stale = client.post(url, json=A_WINS, headers=auth(sheet, **{"If-Match": '"1-x"'}))
    assert stale.status_code == 412
    assert stale.headers["ETag"] == tag(client, sheet)


def test_the_document_requires_if_match_and_declares_428(client):
    spec = client.get("/api/openapi.json").get_json()
    operations = spec["paths"]["/api/v1/sheets/{sheet_id}/games/{number}"]
    for method in ("put", "delete"):
        parameters = {p["name"]: p for p in operations[method]["parameters"]}
        assert parameters["If-Match"]["required"] is True
        assert "428" in operations[method]["responses"]
        assert "ETag" in operations[method]["responses"]["412"]["headers"]
