"""Abuse: writes without the token, oversized bodies, floods of requests.

Every write refuses a missing token (401) and a wrong one (403); a body over
MAX_CONTENT_LENGTH answers 413 (JSON on /api, a page elsewhere), streamed or not; sheet
creation and writes are rate limited per client address (429 with Retry-After), the API and
the score sheet's forms sharing one budget, and BAUERBLOCK_RATELIMIT_ENABLED=false switches
the limits off.
"""

import json
import re
from pathlib import Path

import pytest
import requests

from bauerblock import create_app
from bauerblock.web.guards import RATE_LIMITED_EXTENSION
from tests.pages import csrf, entry_form
from tests.versions import if_match

OPENAPI = json.loads((Path(__file__).parents[2] / "openapi" / "openapi.json").read_text())
OPERATIONS = [
    (method.upper(), path, operation)
    for path, item in OPENAPI["paths"].items()
    for method, operation in item.items()
    if method != "parameters"
]
WRITES = [
    (method, path) for method, path, op in OPERATIONS if op.get("security") and "{sheet_id}" in path
]
TOURNAMENT_WRITES = [
    (method, path, op)
    for method, path, op in OPERATIONS
    if method != "GET" and path.startswith("/api/v1/tournaments/{tournament_id}")
]
BODIES = [(method, path) for method, path, op in OPERATIONS if "requestBody" in op]
ERROR_KEYS = {"code", "status", "message", "errors", "reason", "type", "title", "detail"}
"""An error's v1 fields, with RFC 9457's type, title and detail beside them (docs/api.md)."""
ENTRY = {"card_points": {"A": 80}}
LIMIT = 64 * 1024


def url_of(path: str, sheet: dict) -> str:
    return path.replace("{sheet_id}", sheet["id"]).replace("{number}", "1")


def new_sheet(client, game="bauerchen", **extra) -> dict:
    response = client.post("/api/v1/sheets", json={"game": game, **extra})
    assert response.status_code == 201, response.json
    return response.json


def bearer(sheet: dict) -> dict[str, str]:
    return {"Authorization": f"Bearer {sheet['edit_token']}"}


def assert_error(response, status: int) -> dict:
    """Check an API refusal: the status, and the documented Error body with a message."""
    assert response.status_code == status, response.text
    assert response.mimetype == "application/json"
    body = response.json
    assert set(body) <= ERROR_KEYS
    assert body["code"] == status
    assert isinstance(body["message"], str) and body["message"]
    return body


# --- tokens ----------------------------------------------------------------------------


def test_the_document_names_every_write_as_needing_the_token():
    writes = {(m, p) for m, p, _ in OPERATIONS if m != "GET" and "{sheet_id}" in p}
    assert set(WRITES) == writes
    assert len(WRITES) == 3
    # A tournament's writes need the tournament's token (tests/api/test_tournaments.py).
    # Players in, out and back, the draws' three steps, a table card printed anew: seven.
    assert len(TOURNAMENT_WRITES) == 7
    assert all(op["security"] == [{"tournamentToken": []}] for _, _, op in TOURNAMENT_WRITES)
    # A series' writes (players in, renamed or hidden, forgotten; its tournaments and their
    # late entrants) need the series' token.
    series_writes = [
        op for method, path, op in OPERATIONS if method != "GET" and "{series_id}" in path
    ]
    assert len(series_writes) == 5
    assert all(op["security"] == [{"seriesToken": []}] for op in series_writes)
    # A group's writes need the group's token (test_group_writes_refuse_...).
    group_writes = {(m, p) for m, p, op in OPERATIONS if "{group_id}" in p and op.get("security")}
    assert group_writes == set(GROUP_WRITES)


AUTHORIZATIONS = [
    (None, 401),
    ("", 401),
    ("Bearer", 401),
    ("Bearer    ", 401),
    ("Basic aGFuczpncmV0ZQ==", 401),
    ("Bearer not-the-token", 403),
    ("Bearer {other}", 403),
    ("Bearer {token}x", 403),
]
GROUP_WRITES = {
    ("POST", "/api/v1/groups/{group_id}/players"): {"name": "Fritz"},
    ("POST", "/api/v1/groups/{group_id}/sheets"): {"game": "bauerchen", "players": [1, 2, 3, 4]},
}


@pytest.mark.parametrize(("method", "path"), WRITES)
@pytest.mark.parametrize(("authorization", "status"), AUTHORIZATIONS)
def test_writes_refuse_a_missing_or_wrong_token(client, method, path, authorization, status):
    sheet, other = new_sheet(client), new_sheet(client)
    client.post(f"/api/v1/sheets/{sheet['id']}/games", json=ENTRY, headers=bearer(sheet))
    version = client.get(f"/api/v1/sheets/{sheet['id']}").json["version"]
    headers = {}
    if authorization is not None:
        value = authorization.format(token=sheet["edit_token"], other=other["edit_token"])
        headers["Authorization"] = value
    body = ENTRY if method != "DELETE" else None
    response = client.open(url_of(path, sheet), method=method, json=body, headers=headers)
    assert_error(response, status)
    if status == 401:
        assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert client.get(f"/api/v1/sheets/{sheet['id']}").json["version"] == version
    # With its own token (and the version an amendment or a deletion names) it goes through.
    headers = {**bearer(sheet), **if_match(client, sheet["id"])}
    response = client.open(url_of(path, sheet), method=method, json=body, headers=headers)
    assert response.status_code in (200, 201), response.json


@pytest.mark.parametrize(("method", "path"), GROUP_WRITES)
@pytest.mark.parametrize(("authorization", "status"), AUTHORIZATIONS)
def test_group_writes_refuse_a_missing_or_wrong_token(client, method, path, authorization, status):
    group, other = (
        client.post("/api/v1/groups", json={"name": name, "players": ["A", "B", "C", "D"]}).json
        for name in ("Linde", "Krone")
    )
    url = path.replace("{group_id}", group["id"])
    before = client.get(f"/api/v1/groups/{group['id']}").json
    headers = {}
    if authorization is not None:
        value = authorization.format(token=group["edit_token"], other=other["edit_token"])
        headers["Authorization"] = value
    body = GROUP_WRITES[(method, path)]
    assert_error(client.open(url, method=method, json=body, headers=headers), status)
    assert client.get(f"/api/v1/groups/{group['id']}").json == before
    response = client.open(url, method=method, json=body, headers=bearer(group))
    assert response.status_code == 201, response.json


@pytest.mark.parametrize("path", ["/s/{id}/games", "/s/{id}/games/1", "/s/{id}/games/1/delete"])
def test_score_sheet_writes_refuse_a_browser_without_the_edit_link(client, path):
    sheet = new_sheet(client)
    client.post(f"/api/v1/sheets/{sheet['id']}/games", json=ENTRY, headers=bearer(sheet))
    # A CSRF token of its own, but never the sheet's edit link.
    response = client.post(
        path.format(id=sheet["id"]), data={"csrf_token": csrf(client), "result": "A:frei"}
    )
    assert response.status_code == 403
    assert response.mimetype == "text/html"
    assert len(client.get(f"/api/v1/sheets/{sheet['id']}").json["games"]) == 1


# --- body size -------------------------------------------------------------------------


def padded(size: int) -> bytes:
    """Return a JSON object of exactly `size` bytes."""
    head = b'{"game": "bauerchen", "title": "'
    return head + b"x" * (size - len(head) - 2) + b'"}'


@pytest.mark.parametrize(("method", "path"), BODIES)
def test_api_bodies_over_the_limit_answer_413(client, method, path):
    sheet = new_sheet(client)
    response = client.open(
        url_of(path, sheet),
        method=method,
        data=padded(LIMIT + 1),
        content_type="application/json",
        headers=bearer(sheet),
    )
    body = assert_error(response, 413)
    assert str(LIMIT) in body["message"]


def test_a_body_at_the_limit_is_read(client):
    response = client.post("/api/v1/sheets", data=padded(LIMIT), content_type="application/json")
    assert "at most 80 characters" in assert_error(response, 422)["message"]


def test_the_body_limit_is_configurable(app_with):
    client = app_with(MAX_CONTENT_LENGTH=1024).test_client()
    response = client.post("/api/v1/sheets", data=padded(1025), content_type="application/json")
    assert "1024" in assert_error(response, 413)["message"]
    response = client.post("/api/v1/sheets", json={"game": "bauerchen", "title": "x" * 50})
    assert response.status_code == 201


def test_the_body_limit_comes_from_the_environment(app_with, monkeypatch):
    monkeypatch.setenv("BAUERBLOCK_MAX_CONTENT_LENGTH", "2048")
    app = app_with()
    assert app.config["MAX_CONTENT_LENGTH"] == 2048


def test_a_page_post_over_the_limit_answers_an_html_413(client):
    response = client.post("/s", data={"csrf_token": csrf(client), "title": "x" * LIMIT})
    assert response.status_code == 413
    assert response.mimetype == "text/html"
    assert "<html" in response.text and "413" in response.text
    assert "Zu viel auf einmal gesendet" in response.text  # German first, at the table


@pytest.mark.server
def test_streamed_bodies_over_the_limit_answer_413_over_http(live_server):
    """A chunked body has no Content-Length: werkzeug alone would cut it off at the limit."""

    def chunks(size: int):
        body = padded(size)
        for start in range(0, len(body), 4096):
            yield body[start : start + 4096]

    http = requests.Session()
    http.trust_env = False
    json_type = {"Content-Type": "application/json"}
    response = http.post(
        f"{live_server}/api/v1/sheets", data=chunks(LIMIT + 1), headers=json_type, timeout=10
    )
    assert response.status_code == 413
    assert set(response.json()) <= ERROR_KEYS
    response = http.post(
        f"{live_server}/api/v1/sheets", data=chunks(1000), headers=json_type, timeout=10
    )
    assert "at most 80 characters" in response.json()["message"]
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    response = http.post(f"{live_server}/s", data=chunks(LIMIT + 1), headers=form, timeout=10)
    assert response.status_code == 413
    assert response.headers["Content-Type"].startswith("text/html")


# --- rate limits -----------------------------------------------------------------------


def assert_limited(response, html: bool = False, most: int = 61) -> None:
    if html:
        assert response.status_code == 429
        assert response.mimetype == "text/html"
    else:
        assert "Too many" in assert_error(response, 429)["message"]
    assert 1 <= int(response.headers["Retry-After"]) <= most


def test_sheet_creation_is_limited_per_client_across_api_and_pages(app_with):
    client = app_with(RATELIMIT_SHEETS="2 per minute").test_client()
    assert client.post("/api/v1/sheets", json={"game": "bauerchen"}).status_code == 201
    page = client.post("/s", data={"csrf_token": csrf(client), "game": "bauerchen"})
    assert page.status_code == 303
    assert_limited(client.post("/api/v1/sheets", json={"game": "bauerchen"}))
    assert_limited(client.post("/s", data={"csrf_token": csrf(client)}), html=True)
    # Another address has a budget of its own; reading is never limited.
    elsewhere = {"REMOTE_ADDR": "192.0.2.7"}
    response = client.post("/api/v1/sheets", json={"game": "bolachen"}, environ_base=elsewhere)
    assert response.status_code == 201
    for _ in range(5):
        assert client.get(f"/api/v1/sheets/{response.json['id']}").status_code == 200


def test_writes_are_limited_per_client_across_api_and_pages(app_with):
    client = app_with(RATELIMIT_WRITES="3 per minute").test_client()
    page = client.post("/s", data={"csrf_token": csrf(client), "game": "bauerchen"})
    sheet_id = re.fullmatch(r"/s/([^/]+)/edit", page.headers["Location"]).group(1)
    form = entry_form(client.get(f"/s/{sheet_id}/edit").text)
    assert client.post(f"/s/{sheet_id}/games", data={**form, "result": "A:frei"}).status_code == 303
    sheet = new_sheet(client)
    games = f"/api/v1/sheets/{sheet['id']}/games"
    assert client.post(games, json=ENTRY, headers=bearer(sheet)).status_code == 201
    headers = {**bearer(sheet), **if_match(client, sheet["id"])}
    assert client.put(f"{games}/1", json=ENTRY, headers=headers).status_code == 200
    assert_limited(client.delete(f"{games}/1", headers=headers))
    assert_limited(client.post(games, json=ENTRY, headers=bearer(sheet)))
    form = entry_form(client.get(f"/s/{sheet_id}/edit").text)
    refused = client.post(f"/s/{sheet_id}/games", data={**form, "result": "A:frei"})
    assert_limited(refused, html=True)
    assert len(client.get(games.removesuffix("/games")).json["games"]) == 1


@pytest.mark.parametrize("switch", ["false", "False", "0", "off"])
def test_rate_limits_switch_off(app_with, monkeypatch, switch):
    monkeypatch.setenv("BAUERBLOCK_RATELIMIT_ENABLED", switch)
    app = app_with(RATELIMIT_SHEETS="1 per minute", RATELIMIT_WRITES="1 per minute")
    assert app.config["RATELIMIT_ENABLED"] is False
    client = app.test_client()
    sheets = [new_sheet(client) for _ in range(4)]
    for _ in range(4):
        response = client.post(
            f"/api/v1/sheets/{sheets[0]['id']}/games", json=ENTRY, headers=bearer(sheets[0])
        )
        assert response.status_code == 201


def test_rate_limits_come_from_the_environment(app_with, monkeypatch):
    monkeypatch.setenv("BAUERBLOCK_RATELIMIT_SHEETS", "1 per hour")
    client = app_with().test_client()
    new_sheet(client)
    response = client.post("/api/v1/sheets", json={"game": "bauerchen"})
    assert_limited(response, most=3601)
    assert int(response.headers["Retry-After"]) > 61


def test_rate_limits_are_on_by_default(tmp_path, monkeypatch):
    monkeypatch.setenv("BAUERBLOCK_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.delenv("BAUERBLOCK_RATELIMIT_ENABLED", raising=False)
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite3")})
    assert app.config["RATELIMIT_ENABLED"] is True
    assert app.config["RATELIMIT_SHEETS"] and app.config["RATELIMIT_WRITES"]
    assert app.config["MAX_CONTENT_LENGTH"] == LIMIT


# --- hostile JSON ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "raw"),
    [
        # A lone surrogate is valid JSON but no Unicode text: it once made SQLite raise (500).
        ("/api/v1/sheets", r'{"game": "bauerchen", "title": "\ud800"}'),
        ("/api/v1/sheets", r'{"game": "bauerchen", "players": ["\udfff", "b", "c", "d"]}'),
        ("/api/v1/bauerchen/score", r'{"home": "A", "card_points": {"\ud800": 1}}'),
        # Numbers that are not whole, and not-quite booleans, were once taken and truncated.
        ("/api/v1/sheets", '{"game": "bauerchen", "first_dealer": 2.5e-42}'),
        ("/api/v1/sheets", '{"game": "bauerchen", "first_dealer": "1"}'),
        ("/api/v1/bauerchen/score", '{"home": "A", "card_points": {"A": 72.0}}'),
        ("/api/v1/bolachen/score", '{"declarer": 0, "contract": "mord", "won": 1}'),
        ("/api/v1/bolachen/score", '{"declarer": 0, "contract": "mord", "won": "yes"}'),
        (
            "/api/v1/bolachen/score",
            '{"declarer": 0, "contract": "mord", "won": true, "rules": {"mord_pays_five": 0}}',
        ),
        ("/api/v1/bauerchen/score", '{"home": "A", "card_points": {"A": 1e400}}'),
        ("/api/v1/bauerchen/score", '{"home": "A", "spritz": 99999999999999999999999}'),
        ("/api/v1/bauerchen/score", '{"home": "A", ' * 40 + "}" * 40),
        ("/api/v1/bauerchen/score", "[" * 5000 + "]" * 5000),
    ],
)
def test_hostile_json_is_refused_with_422(client, path, raw):
    response = client.post(path, data=raw, content_type="application/json")
    assert_error(response, 422)


def test_an_overlong_idempotency_key_is_refused(client):
    sheet = new_sheet(client)
    games = f"/api/v1/sheets/{sheet['id']}/games"
    headers = {**bearer(sheet), "Idempotency-Key": "k" * 65}
    assert_error(client.post(games, json=ENTRY, headers=headers), 422)
    headers["Idempotency-Key"] = "k" * 64
    assert client.post(games, json=ENTRY, headers=headers).status_code == 201


@pytest.mark.parametrize(
    ("if_match", "status"),
    [
        ('"", ""', 412),  # once parsed to a None tag and answered 500
        ('""', 412),
        ('W/""', 412),
        ('"no-such-version"', 412),
        (",", 412),  # a header naming no tag names no version the sheet had (RFC 9110)
        ("*", 428),  # names no version: a retry would amend whatever game is there
        ("{etag}", 200),
        ('W/"x", {etag}', 200),
    ],
)
def test_odd_if_match_headers_are_refused_or_honoured(client, if_match, status):
    sheet = new_sheet(client)
    games = f"/api/v1/sheets/{sheet['id']}/games"
    client.post(games, json=ENTRY, headers=bearer(sheet))
    etag = client.get(f"/api/v1/sheets/{sheet['id']}").headers["ETag"]
    headers = {**bearer(sheet), "If-Match": if_match.format(etag=etag)}
    response = client.put(f"{games}/1", json=ENTRY, headers=headers)
    if status in (412, 428):
        assert_error(response, status)
    else:
        assert response.status_code == status, response.json


def test_every_write_route_is_rate_limited(app):
    """A new write route must declare its rate limit (guards.limited on the view) or fail here."""
    counted = app.extensions[RATE_LIMITED_EXTENSION].items()
    limited = {endpoint for endpoint, methods in counted if set(methods) - {"GET"}}
    writes = {
        rule.endpoint
        for rule in app.url_map.iter_rules()
        if rule.methods - {"GET", "HEAD", "OPTIONS"}
    }
    # Stateless scoring writes nothing; it is limited by the body size alone. The pad's
    # card-points preview is a POST only to keep its CSRF token out of the URL: it scores and
    # stores nothing, like the scoring endpoints.
    stateless = {"scoring.BauerchenScore", "scoring.BolachenScore", "scoresheet.preview"}
    assert writes - limited == stateless
    assert limited <= writes


# --- inputs that once answered 500 -----------------------------------------------------

HUGE = "9" * 4400
"""More digits than Python turns into an int (sys.get_int_max_str_digits: 4300)."""


def any_url(path: str) -> str:
    """Return a path of the document with every parameter filled (unknown ids do)."""
    return re.sub(r"\{[^}]*(number|table)\}", "1", re.sub(r"\{\w+_id\}", "nope", path))


@pytest.mark.parametrize(("method", "path"), BODIES)
def test_a_json_integer_of_more_than_4300_digits_is_422_on_every_body(client, method, path):
    raw = f'{{"game": "bauerchen", "first_dealer": {HUGE}, "spritz": {HUGE}}}'
    response = client.open(any_url(path), method=method, data=raw, content_type="application/json")
    body = assert_error(response, 422)
    assert "4300 digits" in body["message"] and body["reason"] == "invalid_body"


@pytest.mark.parametrize("tag", [f'"{HUGE}"', f'"{HUGE}-0123456789abcdef"', f'W/"{HUGE}"'])
def test_an_if_match_of_4400_digits_is_412(client, tag):
    sheet = new_sheet(client)
    games = f"/api/v1/sheets/{sheet['id']}/games"
    headers = {**bearer(sheet), "If-Match": tag}
    assert_error(client.post(games, json=ENTRY, headers=headers), 412)
    assert client.get(f"/api/v1/sheets/{sheet['id']}").json["version"] == sheet["version"]


def pad(client, game="bauerchen", **rules) -> str:
    """Create a sheet through the start form; return its edit page's path."""
    data = {"csrf_token": csrf(client), "game": game, "first_dealer": "0", **rules}
    response = client.post("/s", data=data)
    assert response.status_code == 303, response.text
    return response.headers["Location"]


def tap(client, edit: str, **data):
    form = entry_form(client.get(edit).text)
    return client.post(edit.removesuffix("/edit") + "/games", data={**form, **data})


@pytest.mark.parametrize(
    "data",
    [
        {"result": "A:frei", "spritz": "²"},
        {"cp_team": "A", "cp": "²"},
        {"cp_team": "A", "cp": HUGE},
        {"result": "A:frei", "spritz": HUGE},
    ],
)
def test_odd_digits_in_the_pads_form_are_422(client, data):
    edit = pad(client)
    response = tap(client, edit, **data)
    assert response.status_code == 422, response.status_code
    sheet_id = edit.split("/")[2]
    assert client.get(f"/api/v1/sheets/{sheet_id}").json["games"] == []


@pytest.mark.parametrize("version", ["²", "\u0661", HUGE])
def test_an_odd_version_in_the_pads_form_is_no_version(client, version):
    edit = pad(client)
    response = tap(client, edit, result="A:frei", version=version)
    assert response.status_code == 303


def test_odd_tricks_of_a_bolachen_deal_are_422(client):
    edit = pad(client, game="bolachen", preset="soft")
    response = tap(client, edit, declarer="0", bid="mord", tricks="²")
    assert response.status_code == 422


@pytest.mark.parametrize(
    "fields",
    [
        {"game": "bauerschspiel", "strokes": "²"},
        {"game": "bolachen", "preset": "hard", "tariff": "²"},
        {"game": "bolachen", "preset": "soft", "limit": "²"},
        {"game": "bolachen", "preset": "soft", "limit": HUGE},
        {"game": "bauerchen", "first_dealer": "²"},
    ],
)
def test_odd_digits_in_the_start_form_are_422(client, fields):
    data = {"csrf_token": csrf(client), "first_dealer": "0", **fields}
    assert client.post("/s", data=data).status_code == 422


@pytest.mark.parametrize("field", ["rounds_per_draw", "draws", "bye_points"])
def test_odd_digits_in_the_tournament_form_are_422(client, field):
    data = {"csrf_token": csrf(client), "title": "Preisbauer", "players": "A\nB\nC\nD"}
    assert client.post("/t", data={**data, field: "²"}).status_code == 422


def test_a_roster_number_of_5000_digits_is_no_seat(client):
    data = {"csrf_token": csrf(client), "name": "Linde", "players": "A\nB\nC\nD"}
    group = client.post("/g", data=data).headers["Location"]
    seats = {f"seat{n}": str(n + 1) for n in range(4)} | {"seat0": "1" * 5000}
    start = {"csrf_token": csrf(client), "game": "bauerchen", "preset": "", **seats}
    response = client.post(f"{group}/sheets", data=start)
    assert response.status_code == 422
    assert "Wähle einen Spieler" in response.text


@pytest.mark.parametrize("target", ["/%0d%0aX:1", "/%0aSet-Cookie:x=1", "/s/%00", "/%e2%80%a8"])
def test_a_next_with_control_characters_goes_to_the_start_page(client, target):
    response = client.get(f"/lang/en?next={target}")
    assert response.status_code == 303
    assert response.headers["Location"] == "/"
    assert "X" not in response.headers and "x=1" not in response.headers.get("Set-Cookie", "")
