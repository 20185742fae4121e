"""Every write of the OpenAPI document takes an Idempotency-Key: it declares the header, a
malformed key is refused before any work (422), and a retry answers the first answer."""

import re

import pytest

WRITES = ("post", "put", "patch", "delete")
CALCULATORS = "/score"
"""The score calculators (POST /api/v1/<game>/score) answer a sum and store nothing."""
MALFORMED = "no!"


def document(client) -> dict:
    return client.get("/api/openapi.json").json


def write_operations(spec: dict) -> list[tuple[str, str, list[dict]]]:
    found = []
    for path, item in spec["paths"].items():
        if path.endswith(CALCULATORS):
            continue
        for method in WRITES:
            if method in item:
                parameters = item.get("parameters", []) + item[method].get("parameters", [])
                found.append((path, method, parameters))
    return found


def test_every_write_declares_the_idempotency_key(client):
    writes = write_operations(document(client))
    assert len(writes) >= 13
    for path, method, parameters in writes:
        names = {(p.get("in"), p.get("name")) for p in parameters}
        assert ("header", "Idempotency-Key") in names, f"{method.upper()} {path}"


def test_every_write_refuses_a_malformed_key_before_any_work(client):
    for path, method, _ in write_operations(document(client)):
        url = re.sub(r"\{number\}", "1", path)
        url = re.sub(r"\{[^}]+\}", "nope", url)
        answer = client.open(url, method=method, json={}, headers={"Idempotency-Key": MALFORMED})
        assert answer.status_code == 422, f"{method.upper()} {path}: {answer.status_code}"


@pytest.fixture
def withdrawn(client):
    made = client.post("/api/v1/tournaments", json={"players": ["A", "B", "C", "D"]}).json
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    player = f"/api/v1/tournaments/{made['id']}/players/2"
    assert client.delete(player, headers=auth).status_code == 204
    return player, auth


def test_a_reinstate_retried_with_its_key_answers_the_first_answer(client, withdrawn):
    player, auth = withdrawn
    keyed = {**auth, "Idempotency-Key": "reinstate-2-once"}
    first = client.post(f"{player}/reinstate", headers=keyed)
    assert first.status_code == 200 and first.json["number"] == 2
    assert client.delete(player, headers=auth).status_code == 204
    again = client.post(f"{player}/reinstate", headers=keyed)
    # The retry is answered, not done again: the player stays withdrawn.
    assert again.status_code == 200 and again.json == first.json
    assert again.headers.get("Idempotent-Replayed") == "true"
    tournament = client.get(player.rsplit("/players", 1)[0]).json
    (two,) = [p for p in tournament["players"] if p["number"] == 2]
    assert two["active"] is False
