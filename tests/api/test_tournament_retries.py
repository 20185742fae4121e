"""A draw's writes retried with their Idempotency-Key: drawNext and endDraw answer their
first answer byte for byte (the draw's JSON changes as its tables play, so the answer is
kept, not told again), and a key an older release kept the step's result for is answered
as that release answered it."""

import json

import pytest

from bauerblock import store
from bauerblock.api import idempotent
from bauerblock.store import idempotency
from tests.api.tournament_calls import auth, create, record, url

NAMES = [f"Spieler {n}" for n in range(1, 9)]
ROUND_FOR_A = [{"result": {"winner": "A", "band": "schwarz"}}] * 4
"""A round won by A: the table's progress in its draw's JSON moves."""


@pytest.fixture
def made(client):
    """A Preisbauer of eight players: two tables a draw."""
    return create(client, {"players": NAMES, "format": {"rounds_per_draw": 3, "draws": 2}})


def same_answer(first, again):
    """Assert that `again` is `first` again: its code, its bytes, its headers."""
    assert again.status_code == first.status_code
    assert again.data == first.data
    for name in ("ETag", "Location", "Content-Type"):
        assert again.headers.get(name) == first.headers.get(name)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers


def test_a_retried_draw_answers_its_first_answer_after_its_tables_played(client, made):
    keyed = auth(made, **{"Idempotency-Key": "draw-one-0001"})
    first = client.post(url(made, "draws"), json={"seed": "linde"}, headers=keyed)
    assert first.status_code == 201 and first.json["number"] == 1
    # The tables' edit tokens are there (a write's answer is the organiser's).
    assert all("edit_token" in table["sheet"] for table in first.json["tables"])
    for game in ROUND_FOR_A:
        assert record(client, first.json["tables"][0], game).status_code == 201
    again = client.post(url(made, "draws"), json={"seed": "linde"}, headers=keyed)
    same_answer(first, again)
    # Answered, not drawn again; the draw as it stands has moved on.
    assert len(client.get(url(made)).json["draws"]) == 1
    now = client.get(url(made, "draws", 1), headers=auth(made)).json
    assert now != first.json and now["tables"][0] != first.json["tables"][0]


def test_a_retried_end_answers_its_first_answer(client, made):
    drawn = client.post(url(made, "draws"), json={}, headers=auth(made)).json
    keyed = auth(made, **{"Idempotency-Key": "end-one-00001"})
    first = client.post(url(made, "draws", 1, "end"), headers=keyed)
    assert first.status_code == 200 and first.json["ended"] is True
    assert first.json["tables"][0]["sheet"]["id"] == drawn["tables"][0]["sheet"]["id"]
    late = client.post(url(made, "players"), json={"name": "Spät"}, headers=auth(made))
    assert late.status_code == 201  # the tournament moves on
    again = client.post(url(made, "draws", 1, "end"), headers=keyed)
    same_answer(first, again)  # its ETag the version the end left


def keep_as_before(app, made, path, key, result):
    """Keep `result` for `key` as a release before did: the step's, not the answer."""
    headers = auth(made, **{"Idempotency-Key": key})
    with app.test_request_context(path, method="POST", json={}, headers=headers):
        owner = idempotency.tournament(made["id"])
        request, scope = idempotent._fingerprint(), idempotent._caller()
        db = store.get_db()
        idempotency.remember(db, owner, key, request, idempotency.Kept(result), scope=scope)
        db.commit()
    return headers


def without_links(draw: dict) -> dict:
    """Return a draw's JSON as a step kept it: its tables' sheets without their links."""
    kept = json.loads(json.dumps(draw))
    for table in kept["tables"]:
        del table["sheet"]["links"]
    return kept


def test_a_draw_kept_by_an_older_release_is_answered_as_it_was_kept(app, client, made):
    first = client.post(url(made, "draws"), json={}, headers=auth(made))
    kept = {**without_links(first.json), "seed": "as-kept"}
    version = client.get(url(made)).json["version"]
    path = url(made, "draws")
    result = {"result": {"number": 1, "draw": kept, "version": version - 1}}
    headers = keep_as_before(app, made, path, "old-draw-key-1", result)
    again = client.post(path, json={}, headers=headers)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json == {**first.json, "seed": "as-kept"}  # with its tables' links again
    assert again.headers["Location"] == first.headers["Location"]
    assert again.headers["ETag"] != first.headers["ETag"]  # the version it kept
    assert len(client.get(url(made)).json["draws"]) == 1


def test_a_draw_the_store_kept_by_number_is_answered_as_it_is_now(app, client, made):
    first = client.post(url(made, "draws"), json={}, headers=auth(made))
    path = url(made, "draws", 1, "end")
    ended = client.post(path, headers=auth(made))
    headers = keep_as_before(app, made, path, "old-end-key-01", {"number": 1})
    again = client.post(path, json={}, headers=headers)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json == ended.json and again.json["number"] == first.json["number"]
    assert again.headers["ETag"] == ended.headers["ETag"]
