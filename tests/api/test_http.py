"""The API speaks HTTP as RFC 9110 and its neighbours say: CORS for browser apps of other
origins (never for the pages), 415 for a body that is not JSON, `Location` on every 201,
weak comparison for `If-None-Match`, exports chosen by `Accept`, and the IETF RateLimit
fields on every answer a rate limit counted."""

import json
import re
from pathlib import Path

import pytest

from bauerblock.api.cors import EXPOSED_HEADERS, REQUEST_HEADERS
from tests.conftest import make_app

OPENAPI_FILE = Path(__file__).parents[2] / "openapi" / "openapi.json"
ORIGIN = {"Origin": "https://club.example"}


@pytest.fixture
def sheet(client):
    """Return a new sheet's answer, its edit token's header and its first game's answer."""
    made = client.post("/api/v1/sheets", json={"game": "bauerchen"})
    auth = {"Authorization": f"Bearer {made.json['edit_token']}"}
    game = client.post(
        f"/api/v1/sheets/{made.json['id']}/games", json={"card_points": {"A": 80}}, headers=auth
    )
    return made, auth, game


def operations():
    """Yield (path, method, operation) of every operation of the committed document."""
    document = json.loads(OPENAPI_FILE.read_text())
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method != "parameters":
                yield path, method, operation


def concrete(path: str, sheet_id: str) -> str:
    """Return `path` with every parameter filled (a sheet's id, a number)."""
    return re.sub(r"\{number\}", "1", re.sub(r"\{[a-z_]+_id\}", sheet_id, path))


# --- CORS --------------------------------------------------------------------------------


@pytest.mark.parametrize(("path", "method", "operation"), list(operations()))
def test_every_operation_answers_a_preflight(client, sheet, path, method, operation):
    made, _, _ = sheet
    asked = {
        **ORIGIN,
        "Access-Control-Request-Method": method.upper(),
        "Access-Control-Request-Headers": ", ".join(REQUEST_HEADERS).lower(),
    }
    answer = client.options(concrete(path, made.json["id"]), headers=asked)
    assert answer.status_code == 200, operation["operationId"]
    assert answer.headers["Access-Control-Allow-Origin"] == "*"
    assert method.upper() in answer.headers["Access-Control-Allow-Methods"].split(", ")
    allowed = {h.strip().lower() for h in answer.headers["Access-Control-Allow-Headers"].split(",")}
    assert {h.lower() for h in REQUEST_HEADERS} <= allowed
    assert "Access-Control-Allow-Credentials" not in answer.headers


def test_a_write_and_a_read_of_another_origin_see_the_apis_headers(client, sheet):
    made, auth, _ = sheet
    games = f"/api/v1/sheets/{made.json['id']}/games"
    wrote = client.post(games, json={"card_points": {"A": 80}}, headers={**auth, **ORIGIN})
    read = client.get(f"/api/v1/sheets/{made.json['id']}", headers=ORIGIN)
    for answer in (wrote, read):
        assert answer.headers["Access-Control-Allow-Origin"] == "*"
        exposed = answer.headers["Access-Control-Expose-Headers"].split(", ")
        assert set(exposed) == set(EXPOSED_HEADERS)
        assert {"ETag", "Idempotent-Replayed", "Retry-After", "Location"} <= set(exposed)
        # A 405's Allow, a 401's WWW-Authenticate, the document's version (issue 35).
        assert {"Allow", "WWW-Authenticate", "API-Version"} <= set(exposed)
        assert {"RateLimit", "RateLimit-Policy"} <= set(exposed)
        assert "Access-Control-Allow-Credentials" not in answer.headers
        # One answer for every origin: nothing varies by it.
        assert "Origin" not in answer.headers.get("Vary", "")
    refused = client.post(games, json={"card_points": {"A": 5}}, headers={**auth, **ORIGIN})
    assert refused.status_code == 422 and refused.headers["Access-Control-Allow-Origin"] == "*"


@pytest.mark.parametrize("path", ["/", "/s/{id}", "/api/docs"])
def test_the_pages_stay_same_origin(client, sheet, path):
    made, _, _ = sheet
    page = path.replace("{id}", made.json["id"])
    answer = client.get(page, headers=ORIGIN)
    assert answer.status_code == 200
    assert not [name for name, _ in answer.headers if name.startswith("Access-Control-")]
    preflight = client.options(page, headers={**ORIGIN, "Access-Control-Request-Method": "POST"})
    assert not [name for name, _ in preflight.headers if name.startswith("Access-Control-")]


def test_the_fast_polls_304_carries_the_cors_headers(app, client, sheet):
    made, _, _ = sheet
    path = f"/api/v1/sheets/{made.json['id']}"
    asked = {**ORIGIN, "If-None-Match": client.get(path).headers["ETag"]}
    before = app.wsgi_app.answered
    # The first 304 is Flask's (the middleware learns its headers), the second the middleware's.
    answers = [client.get(path, headers=asked) for _ in range(3)]
    assert app.wsgi_app.answered > before
    for answer in answers:
        assert answer.status_code == 304
        assert answer.headers["Access-Control-Allow-Origin"] == "*"
        assert "ETag" in answer.headers["Access-Control-Expose-Headers"]


# --- 415, Location, If-None-Match --------------------------------------------------------


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded"])
def test_a_body_that_is_not_json_is_refused_with_415(client, content_type):
    headers = {"Content-Type": content_type} if content_type else {}
    answer = client.post("/api/v1/sheets", data='{"game": "bauerchen"}', headers=headers)
    assert answer.status_code == 415
    assert answer.json["code"] == 415 and answer.json["reason"] == "unsupported_media_type"
    assert "application/json" in answer.json["message"]
    assert client.get("/api/v1/sheets/x").status_code == 404  # nothing was made


@pytest.mark.parametrize(
    "path", ["/api/v1/sheets", "/api/v1/groups", "/api/v1/tournaments", "/api/v1/bolachen/score"]
)
def test_no_body_where_one_is_required_is_415(client, path):
    answer = client.post(path)
    assert answer.status_code == 415, answer.json
    assert answer.json["reason"] == "unsupported_media_type"
    assert "Content-Type: application/json" in answer.json["message"]


def test_no_body_where_it_is_optional_is_taken(client):
    made = client.post("/api/v1/tournaments", json={"players": ["A", "B", "C", "D"]}).json
    headers = {"Authorization": f"Bearer {made['edit_token']}"}
    assert (
        client.post(f"/api/v1/tournaments/{made['id']}/draws", headers=headers).status_code == 201
    )


def test_every_operation_with_a_body_documents_415():
    for _, _, operation in operations():
        if "requestBody" in operation:
            assert "415" in operation["responses"], operation["operationId"]


def test_every_201_says_where_it_lives(client, sheet):
    made, _, game = sheet
    sheet_id = made.json["id"]
    assert made.headers["Location"] == made.json["links"]["self"]
    assert game.headers["Location"].endswith(f"/api/v1/sheets/{sheet_id}/games/1")
    tournament = client.post("/api/v1/tournaments", json={"players": list("ABCD")})
    organiser = {"Authorization": f"Bearer {tournament.json['edit_token']}"}
    base = tournament.headers["Location"]
    assert base == tournament.json["links"]["self"]
    player = client.post(f"{base}/players", json={"name": "Erna"}, headers=organiser)
    assert player.headers["Location"] == f"{base}/players/{player.json['number']}"
    draw = client.post(f"{base}/draws", json={"seed": "s"}, headers=organiser)
    assert draw.headers["Location"] == f"{base}/draws/{draw.json['number']}"
    group = client.post("/api/v1/groups", json={"name": "Linde"})
    owner = {"Authorization": f"Bearer {group.json['edit_token']}"}
    assert group.headers["Location"] == group.json["links"]["self"]
    roster = client.post(
        f"{group.headers['Location']}/players", json={"name": "Fritz"}, headers=owner
    )
    assert roster.headers["Location"] == group.headers["Location"]
    evening = client.post(
        f"{group.headers['Location']}/sheets",
        json={"game": "bauerchen", "players": [1, "Hans", "Karl", "Lise"]},
        headers=owner,
    )
    assert evening.status_code == 201
    assert evening.headers["Location"] == evening.json["links"]["self"]
    created = [op for _, _, op in operations() if "201" in op["responses"]]
    assert len(created) == 12
    for operation in created:
        assert operation["responses"]["201"]["headers"]["Location"]["required"]


@pytest.mark.parametrize(
    "asked",
    ["{tag}", "W/{tag}", '"other", W/{tag}', "*"],
    ids=["strong", "weak", "a list", "star"],
)
@pytest.mark.parametrize("kind", ["sheet", "tournament"])
def test_if_none_match_compares_weakly(client, kind, asked):
    if kind == "sheet":
        made = client.post("/api/v1/sheets", json={"game": "bauerchen"})
    else:
        made = client.post("/api/v1/tournaments", json={"players": list("ABCD")})
    path = made.json["links"]["self"]
    tag = client.get(path).headers["ETag"]
    for _ in range(2):  # Flask's 304, then (a sheet) the fast poll's
        answer = client.get(path, headers={"If-None-Match": asked.format(tag=tag)})
        assert answer.status_code == 304 and answer.headers["ETag"] == tag
    assert client.get(path, headers={"If-None-Match": '"other", W/"1-x"'}).status_code == 200


# --- Exports by Accept -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("accept", "query", "media_type"),
    [
        (None, "", "text/csv"),
        ("*/*", "", "text/csv"),
        ("application/pdf", "", "application/pdf"),
        ("application/json", "", "application/json"),
        ("text/html, application/pdf;q=0.9, text/csv;q=0.5", "", "application/pdf"),
        ("image/png", "", "text/csv"),
        ("application/pdf", "?format=json", "application/json"),
    ],
)
def test_an_export_is_chosen_by_accept_unless_the_query_names_it(
    client, sheet, accept, query, media_type
):
    made, _, _ = sheet
    headers = {"Accept": accept} if accept else {}
    for export in (
        made.json["links"]["export"],
        client.post("/api/v1/tournaments", json={}).json["links"]["export"],
    ):
        answer = client.get(f"{export}{query}", headers=headers)
        assert answer.status_code == 200 and answer.mimetype == media_type
        assert "Accept" in answer.headers["Vary"]
        assert answer.headers["Content-Disposition"].startswith("attachment")
    if media_type == "application/pdf":
        assert answer.data.startswith(b"%PDF")


def test_the_document_types_each_export():
    exports = {
        op["operationId"]: op for _, _, op in operations() if op["operationId"].startswith("export")
    }
    assert len(exports) == 16
    for name in ("exportSheet", "exportTournament", "exportSeries", "exportSeriesPlayer"):
        content = exports[name]["responses"]["200"]["content"]
        assert content["application/pdf"]["schema"] == {"type": "string", "format": "binary"}
        assert content["text/csv"]["schema"] == {"type": "string"}
        assert "$ref" in content["application/json"]["schema"]
        (query,) = [p for p in exports[name]["parameters"] if p["name"] == "format"]
        assert "Accept" in query["description"] and "default" not in query["schema"]
        # One operation a format besides: one media type each, as the combined one types it.
        for kind, media in (
            ("Csv", "text/csv"),
            ("Json", "application/json"),
            ("Pdf", "application/pdf"),
        ):
            (only,) = exports[f"{name}{kind}"]["responses"]["200"]["content"].items()
            assert only == (media, content[media])
            assert "parameters" not in exports[f"{name}{kind}"]  # no format, no Accept to choose


@pytest.mark.parametrize(
    ("kind", "media_type"),
    [("csv", "text/csv"), ("json", "application/json"), ("pdf", "application/pdf")],
)
def test_an_export_of_one_format_answers_it_whatever_accept_says(client, sheet, kind, media_type):
    made, _, _ = sheet
    for export in (
        made.json["links"]["export"],
        client.post("/api/v1/tournaments", json={}).json["links"]["export"],
    ):
        answer = client.get(f"{export}/{kind}", headers={"Accept": "text/html, application/xml"})
        assert answer.status_code == 200 and answer.mimetype == media_type
        assert answer.headers["Content-Disposition"].startswith("attachment")
        # The same file as the combined operation's of that format, charged to the same limit.
        assert answer.data == client.get(f"{export}?format={kind}").data
        assert "RateLimit" in answer.headers
    missing = client.get(f"/api/v1/sheets/nosuchsheet/export/{kind}")
    assert missing.status_code == 404 and missing.json["reason"] == "sheet_not_found"


# --- RateLimit fields --------------------------------------------------------------------

FIELD = re.compile(r'"(?P<name>[a-z_]+-\d+)";(?P<a>[qr])=(?P<n>\d+);(?P<b>[wt])=(?P<s>\d+)')


def items(value: str) -> dict[str, tuple[int, int]]:
    """Parse a RateLimit or RateLimit-Policy field into {name: (quota or left, seconds)}."""
    parsed = {}
    for item in value.split(", "):
        matched = FIELD.fullmatch(item)
        assert matched, value
        parsed[matched["name"]] = (int(matched["n"]), int(matched["s"]))
    return parsed


def test_every_limited_answer_and_a_429_carry_the_ratelimit_fields(tmp_path, monkeypatch):
    client = make_app(tmp_path, monkeypatch, RATELIMIT_WRITES="3 per minute").test_client()
    made = client.post("/api/v1/sheets", json={"game": "bauerchen"})
    assert items(made.headers["RateLimit-Policy"]) == {"sheets-60": (10000, 60)}
    auth = {"Authorization": f"Bearer {made.json['edit_token']}"}
    games = f"/api/v1/sheets/{made.json['id']}/games"
    left = []
    for _ in range(3):
        answer = client.post(games, json={"card_points": {"A": 80}}, headers=auth)
        assert answer.status_code == 201
        assert items(answer.headers["RateLimit-Policy"]) == {"writes-60": (3, 60)}
        (remaining, seconds) = items(answer.headers["RateLimit"])["writes-60"]
        assert 0 < seconds <= 60
        left.append(remaining)
    assert left == [2, 1, 0]
    refused = client.post(games, json={"card_points": {"A": 80}}, headers=auth)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert items(refused.headers["RateLimit"])["writes-60"][0] == 0
    assert items(refused.headers["RateLimit-Policy"]) == {"writes-60": (3, 60)}
    # A read no limit counts carries neither.
    read = client.get(f"/api/v1/sheets/{made.json['id']}")
    assert "RateLimit" not in read.headers and "RateLimit-Policy" not in read.headers


def test_the_document_names_the_ratelimit_fields_where_they_come():
    for _, _, operation in operations():
        limited = operation["responses"]["429"]["headers"]
        assert {"Retry-After", "RateLimit", "RateLimit-Policy"} <= set(limited)
    counted = {
        op["operationId"]
        for _, _, op in operations()
        if any(
            "RateLimit" in answer.get("headers", {})
            for code, answer in op["responses"].items()
            if code.startswith("2")
        )
    }
    assert {
        "createSheet",
        "recordGame",
        "amendGame",
        "deleteGame",
        "exportSheet",
        "drawNext",
    } <= counted
    assert not {"getSheet", "getTournament", "listRulesets", "scoreBauerchen"} & counted


def test_every_api_answer_names_the_document_version(client):
    version = client.get("/api/openapi.json").json["info"]["version"]
    for path in ("/api/v1/rulesets", "/api/v1/sheets/nope", "/api/openapi.json"):
        assert client.get(path).headers["API-Version"] == version
    assert client.post("/api/v1/sheets", data="x").headers["API-Version"] == version
    # The pages keep to no document.
    assert "API-Version" not in client.get("/").headers


def test_an_exports_ratelimit_field_counts_what_it_cost(tmp_path, monkeypatch):
    """A built export costs 5, a kept one 1: RateLimit says what is left after the charge."""
    client = make_app(tmp_path, monkeypatch, RATELIMIT_EXPORTS="12 per minute").test_client()
    made = client.post("/api/v1/sheets", json={"game": "bauerchen"}).json
    export = f"/api/v1/sheets/{made['id']}/export?format=csv"
    left = []
    for _ in range(3):
        answer = client.get(export)
        assert answer.status_code == 200
        left.append(items(answer.headers["RateLimit"])["exports-60"][0])
    assert left == [7, 6, 5]
    for _ in range(5):
        assert client.get(export).status_code == 200
    refused = client.get(export)
    assert refused.status_code == 429
    assert items(refused.headers["RateLimit"])["exports-60"][0] == 0
