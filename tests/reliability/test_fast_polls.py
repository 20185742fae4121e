"""Up-to-date polls of public reads are answered before Flask, with Flask's very 304.

bauerblock.web.polls answers a poll whose copy is current from the version alone, without
Flask's request handling; its 304 must be the one Flask sends (ETag, Vary, Cache-Control and
the security headers), and nothing that needs a right or more than the version may pass it.
"""

import pytest
from flask import request_started
from werkzeug.test import Client

HX = {"HX-Request": "true"}


@pytest.fixture
def made(client):
    """Return a sheet with a game and a tournament, made through the API."""
    sheet = client.post("/api/v1/sheets", json={"game": "bauerchen"}).json
    auth = {"Authorization": f"Bearer {sheet['edit_token']}"}
    games = f"/api/v1/sheets/{sheet['id']}/games"
    assert client.post(games, json={"card_points": {"A": 80}}, headers=auth).status_code == 201
    tournament = client.post("/api/v1/tournaments", json={"players": list("ABCD")}).json
    return {"sheet": sheet, "auth": auth, "games": games, "tournament": tournament}


def polls(made) -> dict[str, tuple[str, dict[str, str]]]:
    sheet, tournament = made["sheet"]["id"], made["tournament"]["id"]
    return {
        "api-sheet": (f"/api/v1/sheets/{sheet}", {}),
        "pad": (f"/s/{sheet}", HX),
        "board": (f"/t/{tournament}", HX),
    }


def learnt(client, path: str, headers: dict[str, str]) -> dict[str, str]:
    """Load `path`, poll it once (Flask shows the middleware its 304); return the poll's headers."""
    asked = {**headers, "If-None-Match": client.get(path, headers=headers).headers["ETag"]}
    assert client.get(path, headers=asked).status_code == 304
    return asked


def middleware(app):
    return app.wsgi_app


def flask_alone(app) -> Client:
    """Return a client of the app without the middleware: Flask answers every request."""
    return Client(middleware(app).app)


def comparable(headers) -> dict[str, str]:
    return {name: value for name, value in headers.items() if name != "Date"}


@pytest.mark.parametrize("kind", ["api-sheet", "pad", "board"])
def test_the_middlewares_304_is_flasks(app, client, made, kind):
    path, headers = polls(made)[kind]
    tag = client.get(path, headers=headers).headers["ETag"]
    asked = {**headers, "If-None-Match": tag}
    flasks = flask_alone(app).get(path, headers=asked)
    assert flasks.status_code == 304
    # The first poll of a kind goes to Flask (which shows the middleware its headers).
    first = client.get(path, headers=asked)
    before = middleware(app).answered
    fast = client.get(path, headers=asked)
    assert middleware(app).answered == before + 1
    assert first.status_code == fast.status_code == 304 and fast.data == b""
    assert comparable(fast.headers) == comparable(first.headers) == comparable(flasks.headers)
    for name in ("ETag", "Content-Security-Policy", "X-Frame-Options"):
        assert fast.headers[name] == flasks.headers[name]
    if kind != "api-sheet":
        assert fast.headers["Cache-Control"] == "no-store"
        assert "HX-Request" in fast.headers["Vary"]


def test_a_fast_poll_starts_no_flask_request(app, client, made):
    path, headers = polls(made)["pad"]
    asked = learnt(client, path, headers)
    started = []

    def count(sender, **extra):
        started.append(sender)

    request_started.connect(count, app)
    try:
        for _ in range(5):
            assert client.get(path, headers=asked).status_code == 304
        assert started == []
        # A full read does start one.
        assert client.get(path, headers=headers).status_code == 200
        assert len(started) == 1
    finally:
        request_started.disconnect(count, app)


def test_a_poll_after_a_write_gets_the_new_state(client, made):
    path, headers = polls(made)["api-sheet"]
    asked = {**headers, "If-None-Match": client.get(path).headers["ETag"]}
    assert client.get(path, headers=asked).status_code == 304
    assert client.get(path, headers=asked).status_code == 304
    client.post(made["games"], json={"card_points": {"B": 80}}, headers=made["auth"])
    fresh = client.get(path, headers=asked)
    assert fresh.status_code == 200 and len(fresh.json["games"]) == 2


def test_what_needs_more_than_the_version_goes_to_flask(app, client, made):
    sheet_id = made["sheet"]["id"]
    pad, _ = polls(made)["pad"]
    tag = learnt(client, pad, HX)["If-None-Match"]
    before = middleware(app).answered
    # A query, no htmx, an unknown id, a stale tag: Flask answers as it always did.
    asked = [
        (f"{pad}?before=1", {**HX, "If-None-Match": tag}),
        (pad, {"If-None-Match": tag}),
        ("/s/nosuchsheet", {**HX, "If-None-Match": tag}),
        (pad, {**HX, "If-None-Match": 'W/"0-x"'}),
    ]
    statuses = [client.get(path, headers=headers).status_code for path, headers in asked]
    assert statuses == [flask_alone(app).get(p, headers=h).status_code for p, h in asked]
    assert statuses == [304, 200, 404, 200]
    # The edit page's poll needs the edit right: never answered here.
    stranger = app.test_client()
    stranger.get("/")
    stranger.get(f"/s/{sheet_id}/edit", headers={**HX, "If-None-Match": tag})
    assert middleware(app).answered == before


def test_an_organiser_poll_is_left_to_flask(app, client, made):
    tournament = made["tournament"]["id"]
    board, _ = polls(made)["board"]
    asked = learnt(client, board, HX)
    before = middleware(app).answered
    client.get(f"/t/{tournament}/organiser", headers=asked)
    assert middleware(app).answered == before


def test_an_untrusted_host_goes_to_flask(app, client, made):
    path, headers = polls(made)["api-sheet"]
    asked = learnt(client, path, headers)
    app.config["TRUSTED_HOSTS"] = ["bauerblock.example"]
    before = middleware(app).answered
    client.get(path, headers=asked)
    assert middleware(app).answered == before
    client.get(path, headers=asked, base_url="http://bauerblock.example")
    assert middleware(app).answered == before + 1


def test_the_middleware_can_be_switched_off(app, client, made):
    app.config["FAST_POLLS"] = False
    path, headers = polls(made)["api-sheet"]
    asked = {**headers, "If-None-Match": client.get(path).headers["ETag"]}
    for _ in range(3):
        assert client.get(path, headers=asked).status_code == 304
    assert middleware(app).answered == 0
