"""The OpenAPI document: committed in step with the code, served with same-origin docs."""

import json
import re
from pathlib import Path

import pytest

from bauerblock.api.game_schemas import APIS
from bauerblock.api.kinds import API_KINDS
from bauerblock.api.property_words import WORDS, WORDS_IN, words_of

OPENAPI_FILE = Path(__file__).parents[2] / "openapi" / "openapi.json"
REGENERATE = "flask --app bauerblock openapi write openapi/openapi.json"


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
    assert {"title": "Bauerblock", "version": "v1.7"}.items() <= spec["info"].items()
    assert spec["servers"] == [{"url": "/", "description": "this service"}]


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


DOCUMENT = json.loads(OPENAPI_FILE.read_text())
OPERATIONS = [
    (f"{method.upper()} {path}", operation)
    for path, item in DOCUMENT["paths"].items()
    for method, operation in item.items()
    if method != "parameters"
]


def test_every_operation_has_a_unique_operation_id_and_a_tag():
    ids = [operation.get("operationId") for _, operation in OPERATIONS]
    assert all(ids), [label for label, operation in OPERATIONS if not operation.get("operationId")]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[a-z]+(?:[A-Z][a-z]*)*", name) for name in ids), ids
    assert {"listRulesets", "scoreBauerchen", "scoreBolachen", "createSheet", "getSheet"} <= set(
        ids
    )
    assert {"recordGame", "amendGame", "deleteGame", "exportSheet"} <= set(ids)
    tags = {tag["name"] for tag in DOCUMENT["tags"]}
    assert all(set(operation["tags"]) <= tags and operation["tags"] for _, operation in OPERATIONS)


def test_every_operation_says_what_it_does_and_who_may_call_it():
    # The summary is a docstring's first line, the description the paragraph after it.
    assert not [label for label, operation in OPERATIONS if not operation.get("description")]
    # A public operation says so (security: []), as one with a token names its scheme.
    assert not [label for label, operation in OPERATIONS if "security" not in operation]


def shared(parameter: dict) -> dict:
    """Return a parameter, or the component it refers to (`limit`)."""
    ref = parameter.get("$ref")
    return DOCUMENT["components"]["parameters"][ref.rsplit("/", 1)[1]] if ref else parameter


@pytest.mark.parametrize(("label", "operation"), OPERATIONS, ids=[label for label, _ in OPERATIONS])
def test_every_operation_follows_the_conventions(label, operation):
    path_parameters = DOCUMENT["paths"][label.split(" ", 1)[1]].get("parameters", [])
    parameters = [shared(p) for p in (*path_parameters, *operation.get("parameters", []))]
    assert all(parameter.get("description") for parameter in parameters), parameters
    responses = operation["responses"]
    # What any request may meet, with the headers that tell the client what to do.
    assert {"405", "413", "429"} <= set(responses)
    assert "Allow" in responses["405"]["headers"]
    assert "Retry-After" in responses["429"]["headers"]
    # A query or a body can be refused as bad input (headers such as If-None-Match cannot).
    if any(p["in"] == "query" for p in parameters) or "requestBody" in operation:
        assert "422" in responses
    if any(parameter["in"] == "path" for parameter in parameters):
        assert "404" in responses
    if operation.get("security"):
        assert {"401", "403"} <= set(responses)
    if "requestBody" in operation:
        assert operation["requestBody"]["content"]["application/json"].get("example")
    for code, response in responses.items():
        if code.startswith("2") and label.startswith("GET") and "304" in responses:
            assert "ETag" in response["headers"]


def _bare_objects(schema: object, where: str) -> list[str]:
    """Return where a schema says `object` and nothing about the object's fields."""
    if isinstance(schema, list):
        return [bare for i, item in enumerate(schema) for bare in _bare_objects(item, where)]
    if not isinstance(schema, dict):
        return []
    found = []
    if schema.get("type") == "object" and not {"properties", "additionalProperties"} & set(schema):
        found.append(where)
    for key, value in schema.items():
        found += _bare_objects(value, f"{where}.{key}")
    return found


def test_every_answer_field_is_typed():
    schemas = DOCUMENT["components"]["schemas"]
    # flask-smorest's Error keeps `errors` open: by location, then the request's own nesting.
    found = [
        where
        for name, schema in schemas.items()
        for where in _bare_objects(schema, name)
        if where != "Error.properties.errors"
    ]
    assert not found
    for label, operation in OPERATIONS:
        for code, response in operation["responses"].items():
            for media, content in response.get("content", {}).items():
                assert content.get("schema"), f"{label} {code} {media}"


def test_a_405_on_the_api_is_json_and_names_the_allowed_methods(client):
    response = client.delete("/api/v1/rulesets")
    assert response.status_code == 405
    assert response.mimetype == "application/json"
    assert response.json["code"] == 405 and response.json["message"]
    assert {method.strip() for method in response.headers["Allow"].split(",")} == {
        "GET",
        "HEAD",
        "OPTIONS",
    }


def test_each_property_is_worded_in_one_place(app):
    # The app's kinds registered: a game's or a kind's words apply wherever its names stand.
    tables = [
        WORDS_IN,
        WORDS,
        *(game.words for game in APIS.values()),
        *(kind.words for kind in API_KINDS.values()),
    ]
    keys = [key for table in tables for key in table]
    assert sorted({key for key in keys if keys.count(key) > 1}, key=str) == []


def test_each_property_word_describes_a_property_of_the_document(app):
    # A word no property takes is dead: its field says its own, or no schema has the name.
    schemas = json.loads(OPENAPI_FILE.read_text())["components"]["schemas"]
    described = {
        (component, prop)
        for component, schema in schemas.items()
        for prop, field in schema.get("properties", {}).items()
        if field.get("description") == words_of(component, prop)
    }
    tables = [
        WORDS_IN,
        WORDS,
        *(game.words for game in APIS.values()),
        *(kind.words for kind in API_KINDS.values()),
    ]
    unused = [
        key
        for table in tables
        for key in table
        if not any(key in (pair, pair[1]) for pair in described)
    ]
    assert unused == []


def _loose_fields(schema, where: str) -> list[str]:
    """Return the fields of a request schema that take another JSON type for their own."""
    from marshmallow import fields

    from bauerblock.api.constraints import Boolean

    loose = []
    for name, field in schema.fields.items():
        inner = field
        while isinstance(inner, fields.List):
            inner = inner.inner
        if isinstance(inner, fields.Nested):
            loose += _loose_fields(inner.schema, f"{where}.{name}")
        elif isinstance(inner, fields.Boolean) and not isinstance(inner, Boolean):
            loose.append(f"{where}.{name}: a Boolean that takes 0, 1 and 'yes'")
        elif isinstance(inner, fields.Integer) and not inner.strict:
            loose.append(f"{where}.{name}: an Integer that takes 1.0 and '1'")
    return loose


def test_every_request_field_takes_only_its_json_type(app):
    """A schema that takes `0` for false lets a body the document calls invalid through."""
    loose = []
    for endpoint, view in app.view_functions.items():
        views = (
            [getattr(view.view_class, m.lower()) for m in view.view_class.methods or ()]
            if hasattr(view, "view_class")
            else [view]
        )
        for function in views:
            for argument in (
                getattr(function, "_apidoc", {}).get("arguments", {}).get("parameters", [])
            ):
                if argument["in"] != "json":
                    continue  # a query's numbers come as text, as they should
                schema = argument["schema"]
                schema = schema() if isinstance(schema, type) else schema
                loose += _loose_fields(schema, endpoint)
    assert loose == []
