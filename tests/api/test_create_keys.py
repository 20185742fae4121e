"""A key that creates must be random enough, and its replay goes to its own client only
(issue 26): the replay of a create hands out the edit token again.

The API takes 16 to 64 characters for createSheet, createTournament and createGroup (the
other writes 8 to 64), scoped by the caller's address; the pages scope their forms' keys by
the address and the phone's device cookie.
"""

import pytest

from tests.pages import csrf

SHEET = {"game": "bauerchen", "players": ["Hans", "Grete", "Karl", "Lise"]}
CREATES = [
    ("/api/v1/sheets", SHEET),
    ("/api/v1/tournaments", {"title": "Preisbauer", "players": [f"S{n}" for n in range(8)]}),
    ("/api/v1/groups", {"name": "Zur Linde"}),
]
LONG_KEY = "f3b0c44298fc1c14"  # 16 characters, as random as half a UUID's hex


@pytest.mark.parametrize(("path", "body"), CREATES)
def test_a_short_key_is_refused_on_a_create_and_nothing_is_made(client, path, body):
    refused = client.post(path, json=body, headers={"Idempotency-Key": "abcdefgh12"})
    assert refused.status_code == 422, refused.json
    assert refused.json["reason"] == "create_key_too_short"
    assert list(refused.json["errors"]) == ["headers"]
    assert list(refused.json["errors"]["headers"]) == ["Idempotency-Key"]
    made = client.post(path, json=body, headers={"Idempotency-Key": LONG_KEY})
    again = client.post(path, json=body, headers={"Idempotency-Key": LONG_KEY})
    assert made.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true" and again.json["id"] == made.json["id"]


def test_a_short_key_still_serves_the_other_writes(client):
    sheet = client.post("/api/v1/sheets", json=SHEET).json
    recorded = client.post(
        f"/api/v1/sheets/{sheet['id']}/games",
        json={"result": {"winner": "A", "band": "frei"}},
        headers={"Authorization": f"Bearer {sheet['edit_token']}", "Idempotency-Key": "game-0001"},
    )
    assert recorded.status_code == 201, recorded.json


def test_the_document_asks_creates_for_16_characters(client):
    document = client.get("/api/openapi.json").json
    for path, operation in (("/api/v1/sheets", "post"), ("/api/v1/groups", "post")):
        parameters = document["paths"][path].get("parameters", [])
        parameters += document["paths"][path][operation].get("parameters", [])
        key = next(p for p in parameters if p.get("name") == "Idempotency-Key")
        assert key["schema"]["pattern"] == "^[A-Za-z0-9_-]{16,64}$"


def test_the_start_forms_key_replays_to_the_same_phone_only(app):
    form = {
        "game": "bauerchen",
        "preset": "lautern",
        "key": "k" * 32,
        **{f"player{n}": name for n, name in enumerate(SHEET["players"])},
    }

    def start(client, address):
        data = {**form, "csrf_token": csrf(client)}
        made = client.post("/s", data=data, environ_base={"REMOTE_ADDR": address})
        assert made.status_code == 303, made.text
        return made.headers["Location"]

    phone, neighbour = app.test_client(), app.test_client()
    first = start(phone, "192.0.2.1")
    assert start(phone, "192.0.2.1") == first  # the same phone's retry: the same sheet
    # Behind the same address, another phone sending the same key gets a sheet of its own.
    assert start(neighbour, "192.0.2.1") != first
