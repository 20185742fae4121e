"""Security headers on every response: API, docs, static files, pages, redirects and errors.

One app-wide after_request (guards.secure) sends them (a static file only those that belong
on it); the docs page keeps working under the Content-Security-Policy, as Chromium shows.
"""

from collections.abc import Collection

import pytest
import requests
from flask import url_for

from bauerblock import create_app
from bauerblock.web.guards import (
    CONTENT_SECURITY_POLICY,
    HEADERS,
    MANIFEST_TYPE,
    REDIRECT_HEADERS,
    STATIC_HEADERS,
    WORKER_HEADERS,
)

STATIC_FILES = {"web.static": "htmx.min.js", "api_docs_static.static": "swagger-init.js"}


def assert_secured(response, what: str, kept: Collection[str] = tuple(HEADERS)) -> None:
    """Check the security headers: all of them, or those `kept` of a static file's or a
    script's (issue 18: the document headers belong on documents only)."""
    for name, value in HEADERS.items():
        if name in kept:
            assert response.headers.get(name) == value, f"{what}: {name}"
        else:
            assert name not in response.headers, f"{what}: {name} on a file or a script"
    if "Content-Security-Policy" in kept:
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]


@pytest.fixture
def sheet(client):
    response = client.post("/api/v1/sheets", json={"game": "bauerchen"})
    sheet = response.json
    client.post(
        f"/api/v1/sheets/{sheet['id']}/games",
        json={"card_points": {"A": 80}},
        headers={"Authorization": f"Bearer {sheet['edit_token']}"},
    )
    return sheet


def test_every_route_and_method_sends_the_headers(app, client, sheet):
    """Each rule of the app, with each of its methods: whatever the answer, it is secured."""
    values = {"sheet_id": sheet["id"], "number": 1, "token": sheet["edit_token"]}
    group = client.post("/api/v1/groups", json={"name": "Linde", "players": ["A", "B"]}).json
    values["group_id"] = group["id"]
    values |= {"code": "en", "fmt": "csv", "tournament_id": "no-such-tournament", "kind": "view"}
    values["reason"] = "idempotency_key_invalid"
    values["key"] = "a-write-key-of-the-pad"
    values["series_id"] = "no-such-series"
    seen = set()
    for rule in app.url_map.iter_rules():
        arguments = {name: values.get(name) for name in rule.arguments}
        if "filename" in rule.arguments:
            arguments["filename"] = STATIC_FILES[rule.endpoint]
        with app.test_request_context():
            url = url_for(rule.endpoint, **arguments)
        for method in sorted(rule.methods):
            with client.open(url, method=method) as response:
                kept = HEADERS.keys()
                if response.mimetype == MANIFEST_TYPE or (
                    "filename" in rule.arguments and response.mimetype != "text/html"
                ):
                    kept = STATIC_HEADERS  # files the browser reads, never documents
                elif response.mimetype == "text/javascript":
                    kept = WORKER_HEADERS  # the service worker: its policy, no frames
                elif 300 <= response.status_code < 400 and not response.data:
                    kept = REDIRECT_HEADERS  # nothing to frame or run: the referrer policy
                assert_secured(response, f"{method} {url} ({response.status_code})", kept)
                seen.add(response.status_code)
    assert {200, 303, 401, 403, 415} <= seen, seen
    # A static route's error page is a document: it carries them all.
    with client.get("/static/no-such-file.js") as missing:
        assert missing.status_code == 404
        assert_secured(missing, "GET /static/no-such-file.js (404)")


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/api/v1/no-such-thing", 404),
        ("GET", "/no-such-page", 404),
        ("DELETE", "/api/v1/rulesets", 405),
        ("PUT", "/", 405),
        ("POST", "/api/v1/sheets", 415),  # no body where one is needed
        ("GET", "/api/v1/sheets/unknown", 404),
        ("GET", "/s/unknown", 404),
        ("POST", "/s", 403),  # no CSRF token
    ],
)
def test_errors_send_the_headers(client, method, path, status):
    response = client.open(path, method=method)
    assert response.status_code == status
    assert_secured(response, path)


def test_not_modified_and_redirects_send_the_headers(client, sheet):
    url = f"/api/v1/sheets/{sheet['id']}"
    tag = client.get(url).headers["ETag"]
    response = client.get(url, headers={"If-None-Match": tag})
    assert response.status_code == 304
    assert_secured(response, "304")
    response = client.get("/lang/en?next=/")
    assert response.status_code == 303
    # A redirect has no body to frame, sniff or script: it keeps the referrer policy alone.
    assert_secured(response, "303", kept=REDIRECT_HEADERS)


def test_limits_send_the_headers(tmp_path, monkeypatch):
    monkeypatch.setenv("BAUERBLOCK_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "db.sqlite3"),
            "RATELIMIT_SHEETS": "1 per minute",
            "MAX_CONTENT_LENGTH": 1024,
        }
    )
    client = app.test_client()
    client.post("/api/v1/sheets", json={"game": "bauerchen"})
    response = client.post("/api/v1/sheets", json={"game": "bauerchen"})
    assert response.status_code == 429
    assert_secured(response, "429")
    response = client.post("/api/v1/bauerchen/score", json={"home": "A", "title": "x" * 2000})
    assert response.status_code == 413
    assert_secured(response, "413")


def test_server_errors_send_the_headers(tmp_path, monkeypatch):
    monkeypatch.setenv("BAUERBLOCK_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite3")})

    def boom():
        raise RuntimeError("secret detail")

    app.add_url_rule("/api/v1/boom", "api_boom", boom)
    app.add_url_rule("/boom", "page_boom", boom)
    client = app.test_client()
    for path, mimetype in (("/api/v1/boom", "application/json"), ("/boom", "text/html")):
        response = client.get(path)
        assert response.status_code == 500
        assert response.mimetype == mimetype
        assert "secret detail" not in response.text
        assert_secured(response, path)


# --- the docs page in Chromium ---------------------------------------------------------


@pytest.mark.browser
@pytest.mark.server
def test_swagger_ui_works_under_the_content_security_policy(live_server, browser):
    # The process's one Chromium (tests/conftest.py): a second Playwright of its own in the
    # same process would find the first one's event loop running and refuse to start.
    problems, failed = [], []
    page = browser.new_page()
    try:
        page.on("console", lambda m: m.type in ("error", "warning") and problems.append(m.text))
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.on("response", lambda r: r.status >= 400 and failed.append(r.url))
        response = page.goto(f"{live_server}/api/docs")
        assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        page.wait_for_selector(".opblock", timeout=15000)
        operations = page.locator(".opblock").count()
        # Open one operation: its schema and "Try it out" render too.
        page.locator(".opblock-summary").first.click()
        page.wait_for_selector(".opblock-body", timeout=5000)
    finally:
        page.close()
    http = requests.Session()
    http.trust_env = False  # straight to loopback, whatever proxy the environment names
    spec = http.get(f"{live_server}/api/openapi.json", timeout=10).json()
    assert operations == sum(
        method != "parameters" for item in spec["paths"].values() for method in item
    )
    assert not [p for p in problems if "Content Security Policy" in p or "Refused" in p], problems
    # The browser's own guess at a favicon may miss; everything the page asks for is there.
    failed = [url for url in failed if not url.endswith("/favicon.ico")]
    assert not failed, failed
    assert len(problems) == len([p for p in problems if "404" in p]) <= 1, problems


@pytest.mark.parametrize(
    ("path", "mimetype"), [("/api/v1/rulesets", "application/json"), ("/", "text/html")]
)
def test_an_address_past_the_limit_is_414_with_the_headers(client, path, mimetype):
    response = client.get(f"{path}?q={'x' * 4100}")
    assert response.status_code == 414
    assert response.mimetype == mimetype
    assert_secured(response, "414")
