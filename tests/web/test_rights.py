"""Rights that stay on the phone (issue 19): the cookie holds a device id and no token, a
poll gets no 304 without the right, answers with a token are no-store, the phone can forget
its rights, the access log masks every link's token, and the cookies suit a public service."""

from __future__ import annotations

import json
import logging
import re
import sqlite3
import time
import urllib.request

import pytest

from bauerblock.web import rights
from tests.conftest import make_app, start_gunicorn, stop_gunicorn
from tests.pages import csrf

API = "/api/v1"
PLAYERS = ["Hans", "Grete", "Karl", "Lise"]
NAMES = [*PLAYERS, "Otto", "Erna", "Fritz", "Anna"]
HX = {"HX-Request": "true"}


def made(client) -> dict[str, dict]:
    """Make a sheet, a tournament with a draw and a group through the API (with tokens)."""
    sheet = client.post(f"{API}/sheets", json={"game": "bauerchen", "players": PLAYERS}).json
    tournament = client.post(f"{API}/tournaments", json={"title": "Preisbauer", "players": NAMES})
    tournament = tournament.json
    bearer = {"Authorization": f"Bearer {tournament['edit_token']}"}
    client.post(f"{API}/tournaments/{tournament['id']}/draws", json={}, headers=bearer)
    group = client.post(f"{API}/groups", json={"name": "Stammtisch", "players": PLAYERS}).json
    return {"sheet": sheet, "tournament": tournament, "group": group}


def take_links(client, things: dict[str, dict]) -> None:
    """Open each edit or organiser link on the phone `client`: it hands the right over."""
    links = {"sheet": "/s/{id}/edit/{edit_token}", "tournament": "/t/{id}/organiser/{edit_token}"}
    links["group"] = "/g/{id}/edit/{edit_token}"
    # A sheet's edit link answers with the pad itself (the QR code's phone saves a round trip);
    # the organiser's and the group's links redirect to their pages.
    answers = {"sheet": 200, "tournament": 303, "group": 303}
    for kind, thing in things.items():
        path = links[kind].format(**thing)
        assert client.get(path).status_code == answers[kind], path


def tokens(things: dict[str, dict]) -> list[str]:
    return [thing["edit_token"] for thing in things.values()]


def decoded_session(app, client) -> dict:
    """Return the session cookie as the app reads it (its own serializer, its secret key)."""
    cookie = client.get_cookie(app.config["SESSION_COOKIE_NAME"])
    assert cookie is not None
    return app.session_interface.get_signing_serializer(app).loads(cookie.value)


def test_the_session_cookie_holds_a_device_id_and_no_token(app, client):
    things = made(client)
    take_links(client, things)
    assert client.get(f"/s/{things['sheet']['id']}/edit").status_code == 200
    assert client.get(f"/t/{things['tournament']['id']}/organiser").status_code == 200
    cookie = client.get_cookie(app.config["SESSION_COOKIE_NAME"]).value
    session = decoded_session(app, client)
    assert isinstance(session[rights.DEVICE], str) and len(session[rights.DEVICE]) >= 32
    text = json.dumps(session)
    for token in tokens(things):
        assert token not in text and token not in cookie
    assert not {"edit", "group_edit", "tournaments"} & set(session)
    # The store holds the device's hash and sealed tokens: no cookie, no token either.
    with sqlite3.connect(app.config["DATABASE"]) as db:
        rows = db.execute("SELECT device, kind, item, sealed FROM device_rights").fetchall()
    assert {row[1] for row in rows} == {"edit", "tournaments", "group_edit"}
    stored = json.dumps(rows)
    assert session[rights.DEVICE] not in stored
    assert not any(token in stored for token in tokens(things))


def test_an_older_cookie_with_tokens_is_taken_over_and_emptied(app, client):
    sheet = made(client)["sheet"]
    with client.session_transaction() as session:
        session["edit"] = {sheet["id"]: sheet["edit_token"]}
        session.permanent = True
    assert client.get(f"/s/{sheet['id']}/edit").status_code == 200
    session = decoded_session(app, client)
    assert "edit" not in session and sheet["edit_token"] not in json.dumps(session)
    assert client.get(f"/s/{sheet['id']}/edit").status_code == 200


def test_no_304_without_the_right_on_the_edit_and_organiser_pages(app, client):
    things = made(client)
    take_links(client, things)
    sheet_id, tournament_id = things["sheet"]["id"], things["tournament"]["id"]
    stranger = app.test_client()
    for path in (f"/s/{sheet_id}/edit", f"/t/{tournament_id}/organiser"):
        etag = client.get(path, headers=HX).headers["ETag"]
        assert client.get(path, headers={**HX, "If-None-Match": etag}).status_code == 304
        # The same poll from a phone without the right is refused, not told "unchanged".
        refused = stranger.get(path, headers={**HX, "If-None-Match": etag})
        assert refused.status_code == 403, path
    # The read-only views still answer 304 to anyone.
    view = f"/s/{sheet_id}"
    etag = stranger.get(view, headers=HX).headers["ETag"]
    assert stranger.get(view, headers={**HX, "If-None-Match": etag}).status_code == 304


def test_every_answer_that_carries_a_token_is_no_store(app, client):
    sheet = client.post(f"{API}/sheets", json={"game": "bauerchen", "players": PLAYERS})
    tournament = client.post(f"{API}/tournaments", json={"title": "P", "players": NAMES})
    group = client.post(f"{API}/groups", json={"name": "Stammtisch", "players": PLAYERS})
    t, g = tournament.json, group.json
    bearer = {"Authorization": f"Bearer {t['edit_token']}"}
    drawn = client.post(f"{API}/tournaments/{t['id']}/draws", json={}, headers=bearer)
    evening = client.post(
        f"{API}/groups/{g['id']}/sheets",
        json={"game": "bauerchen", "players": [1, 2, 3, 4]},
        headers={"Authorization": f"Bearer {g['edit_token']}"},
    )
    with_tables = client.get(f"{API}/tournaments/{t['id']}", headers=bearer)
    for name, answer in {
        "createSheet": sheet,
        "createTournament": tournament,
        "createGroup": group,
        "drawNext": drawn,
        "createGroupSheet": evening,
        "getTournament with its token": with_tables,
    }.items():
        assert answer.status_code in (200, 201), name
        assert b'"edit_token"' in answer.data, name
        assert answer.headers["Cache-Control"] == "no-store", name
    # An answer without a token may be kept as before.
    public = client.get(f"{API}/tournaments/{t['id']}")
    assert b'"edit_token"' not in public.data and "no-store" not in public.headers.get(
        "Cache-Control", ""
    )
    take_links(client, {"sheet": sheet.json, "tournament": t, "group": g})
    for path in (
        f"/s/{sheet.json['id']}/edit",
        f"/t/{t['id']}/organiser",
        f"/t/{t['id']}/draws/1/cards",
        f"/g/{g['id']}",
    ):
        page = client.get(path)
        assert page.status_code == 200, path
        assert page.headers["Cache-Control"] == "no-store", path


def test_forgetting_the_phone_drops_every_right(app, client):
    things = made(client)
    take_links(client, things)
    sheet_id, tournament_id = things["sheet"]["id"], things["tournament"]["id"]
    start = client.get("/").text
    assert "Dieses Handy vergessen" in start and f"/s/{sheet_id}/edit" in start
    # Without the CSRF token nothing is forgotten.
    assert client.post("/forget").status_code == 403
    assert client.get(f"/s/{sheet_id}/edit").status_code == 200
    device = decoded_session(app, client)[rights.DEVICE]
    answer = client.post("/forget", data={"csrf_token": csrf(client)})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"
    assert client.get(f"/s/{sheet_id}/edit").status_code == 403
    assert client.get(f"/t/{tournament_id}/organiser").status_code == 403
    assert "Dieses Handy vergessen" not in client.get("/").text
    session = decoded_session(app, client)
    assert rights.DEVICE not in session and "recent" not in session
    group = client.get(f"/g/{things['group']['id']}").text
    assert "Link zum Stammtisch" not in group
    with sqlite3.connect(app.config["DATABASE"]) as db:
        assert db.execute("SELECT count(*) FROM device_rights").fetchone() == (0,)
    assert device not in json.dumps(session)


def test_a_right_lapses_unused_and_renews_when_used(app, client, monkeypatch):
    sheet = made(client)["sheet"]
    take_links(client, {"sheet": sheet})
    life = int(app.permanent_session_lifetime.total_seconds())
    assert life == 14 * 24 * 3600
    now = rights.time.time()
    # Used after a day: renewed (the store's time, and the cookie sent again).
    monkeypatch.setattr(rights.time, "time", lambda: now + 24 * 3600)
    used = client.get(f"/s/{sheet['id']}/edit")
    assert used.status_code == 200 and "Set-Cookie" in used.headers
    # Polled soon after: no renewal, no cookie.
    assert "Set-Cookie" not in client.get(f"/s/{sheet['id']}/edit", headers=HX).headers
    # Unused for the session's life from the renewal on: the right has lapsed.
    monkeypatch.setattr(rights.time, "time", lambda: now + 24 * 3600 + life - 60)
    assert client.get(f"/s/{sheet['id']}/edit").status_code == 200
    monkeypatch.setattr(rights.time, "time", lambda: now + 24 * 3600 + 2 * life)
    assert client.get(f"/s/{sheet['id']}/edit").status_code == 403


@pytest.fixture
def public_app(tmp_path, monkeypatch):
    """An app configured as a public service behind one reverse proxy, over HTTPS."""
    return make_app(
        tmp_path,
        monkeypatch,
        SECURE_COOKIES="true",
        TRUSTED_HOSTS="bauerblock.example, www.bauerblock.example",
        PROXY_FIX=1,
    )


def test_a_public_service_has_secure_cookies_trusted_hosts_and_believes_its_proxy(public_app):
    client = public_app.test_client()
    proxied = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "bauerblock.example"}
    created = client.post(
        f"{API}/sheets",
        json={"game": "bauerchen", "players": PLAYERS},
        headers={"Host": "proxy.internal", **proxied},
    )
    assert created.status_code == 201
    # The links name the host and scheme the proxy forwarded, never the Host it was sent.
    assert created.json["links"]["edit"].startswith("https://bauerblock.example/s/")
    handed = client.get(
        created.json["links"]["edit"].removeprefix("https://bauerblock.example"),
        headers={"Host": "proxy.internal", **proxied},
    )
    assert handed.status_code == 200
    cookie = handed.headers["Set-Cookie"]
    assert cookie.startswith("__Host-session=")
    assert "; Secure" in cookie and "; Path=/" in cookie and "Domain" not in cookie
    lang = client.get("/lang/en", headers={"Host": "www.bauerblock.example"})
    assert "; Secure" in lang.headers["Set-Cookie"]
    # A Host the service does not answer for: 400, as a page (no traceback, no link).
    for host in ("evil.example", "bauerblock.example.evil.example"):
        answer = client.get("/", headers={"Host": host})
        assert answer.status_code == 400, host
        assert "evil" not in answer.text
    assert client.get("/", headers={"Host": "bauerblock.example"}).status_code == 200


def test_without_the_settings_forwarded_headers_are_ignored(app, client):
    created = client.post(
        f"{API}/sheets",
        json={"game": "bauerchen", "players": PLAYERS},
        headers={"X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"},
    )
    assert created.json["links"]["edit"].startswith("http://localhost/s/")
    handed = client.get(f"/s/{created.json['id']}/edit/{created.json['edit_token']}")
    cookie = handed.headers["Set-Cookie"]
    assert cookie.startswith("session=") and "Secure" not in cookie


def test_the_access_log_of_gunicorn_holds_no_token(tmp_path):
    server = start_gunicorn(tmp_path, workers=1)
    try:

        def call(method: str, path: str, body: dict | None = None) -> dict:
            data = json.dumps(body).encode() if body is not None else None
            request = urllib.request.Request(f"{server}{path}", data=data, method=method)
            request.add_header("Content-Type", "application/json")
            opener = urllib.request.build_opener(NoRedirect)
            with opener.open(request, timeout=10) as answer:
                text = answer.read().decode()
            return json.loads(text) if text.startswith("{") else {}

        sheet = call("POST", f"{API}/sheets", {"game": "bauerchen", "players": PLAYERS})
        t = call("POST", f"{API}/tournaments", {"title": "P", "players": NAMES})
        group = call("POST", f"{API}/groups", {"name": "Stammtisch", "players": PLAYERS})
        paths = [
            f"/s/{sheet['id']}/edit/{sheet['edit_token']}",
            f"/s/{sheet['id']}/edit?token={sheet['edit_token']}",
            f"/t/{t['id']}/organiser/{t['edit_token']}",
            f"/g/{group['id']}/edit/{group['edit_token']}",
            f"/g/{group['id']}/edit?x=1&token={group['edit_token']}",
        ]
        for path in paths:
            call("GET", path)
        # Each request's line, whatever it answered (a sheet's edit link answers 200, the
        # others 303): waiting for a count of 303s waited out the whole timeout.
        log = wait_for(server, lambda text: requests_logged(text, "GET") >= len(paths))
    finally:
        stop_gunicorn(server)
    for token in (sheet["edit_token"], t["edit_token"], group["edit_token"]):
        assert token not in log
    assert f"/s/{sheet['id']}/edit/… HTTP" in log
    assert f"/t/{t['id']}/organiser/… HTTP" in log
    assert f"/g/{group['id']}/edit?x=1&token=… HTTP" in log
    assert re.search(rf'"POST {API}/sheets HTTP/1.1" 201', log)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Take a 303 as the answer: the test wants the link's own request in the log."""

    def redirect_request(self, *args, **kwargs):
        return None

    def http_error_303(self, request, response, code, message, headers):
        return response


def requests_logged(log: str, method: str) -> int:
    """Return how many `method` requests the access log holds, the start's health checks not
    counted."""
    return log.count(f'"{method} /') - log.count(f'"{method} /healthz')


def wait_for(server, done, seconds: float = 10) -> str:
    """Return the server's log once `done` says it holds what the test sent."""
    deadline = time.monotonic() + seconds
    while True:
        text = server.log_text()
        if done(text) or time.monotonic() > deadline:
            return text
        time.sleep(0.1)


def test_the_error_logs_of_gunicorn_and_of_the_app_hold_no_token(app):
    from gunicorn.config import Config

    from bauerblock.gunicorn_conf import TokenMaskingLogger

    class Kept(logging.Handler):
        def __init__(self):
            super().__init__()
            self.lines: list[str] = []

        def emit(self, record):
            self.lines.append(record.getMessage())

    secret = "s3cr3t-token-of-the-sheet"
    logger, kept = TokenMaskingLogger(Config()), Kept()
    logger.error_log.addHandler(kept)
    app.logger.addHandler(kept)
    try:
        # What gunicorn writes when a request fails, and what Flask writes on a 500.
        logger.error("Error handling request %s", f"/s/abc/edit/{secret}")
        logger.warning("Error handling request /t/xyz/organiser/%s", secret)
        app.logger.error("Exception on /g/g1/edit?token=%s [GET]", secret)
    finally:
        logger.error_log.removeHandler(kept)
        app.logger.removeHandler(kept)
    assert kept.lines == [
        "Error handling request /s/abc/edit/…",
        "Error handling request /t/xyz/organiser/…",
        "Exception on /g/g1/edit?token=… [GET]",
    ]
