"""The OpenAPI document: committed in step with the code, served with same-origin docs."""

import json
import re
from pathlib import Path

OPENAPI_FILE = Path(__file__).parents[2] / "openapi" / "openapi.json"
REGENERATE = "flask --app wsgi openapi write openapi/openapi.json"


def test_committed_openapi_document_matches_the_code(runner):
    result = runner.invoke(args=["openapi", "print"])
    assert result.exit_code == 0, result.output
    generated = json.loads(result.output)
    committed = json.loads(OPENAPI_FILE.read_text())
    assert generated == committed, f"openapi/openapi.json is stale; regenerate it: {REGENERATE}"


def test_openapi_write_command(runner, tmp_path):
    target = tmp_path / "openapi.json"
    result = runner.invoke(args=["openapi", "write", str(target)])
    assert result.exit_code == 0, result.output
    assert json.loads(target.read_text())["info"]["title"] == "Bauerblock"


def test_openapi_json_is_served(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    spec = response.json
    assert spec["openapi"] == "3.0.3"
    assert spec["info"] == {"title": "Bauerblock", "version": "v1"}


def test_docs_load_only_same_origin_assets(client):
    response = client.get("/api/docs")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    html = response.text
    assert not re.search(r"(https?:)?//", html), "the docs page must not name another origin"
    assert "<script>" not in html, "no inline script: a strict CSP must hold"
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert any(asset.endswith("swagger-ui-bundle.js") for asset in assets)
    assert any(asset.endswith("swagger-ui.css") for asset in assets)
    for asset in assets:
        assert asset.startswith("/"), asset
        with client.get(asset) as asset_response:
            assert asset_response.status_code == 200, asset


def test_docs_do_not_call_the_online_validator(client):
    assert "validatorUrl&#34;: null" in client.get("/api/docs").text
