"""Every 2xx answer of the document has an example, a real answer (tests/api/example_answers.py)
that validates against the answer's schema and has the shape an evening played now answers."""

import json
from typing import Any

import jsonschema_rs
import pytest

from bauerblock.api.examples import EXAMPLES_FILE
from tests.api.conformance import DOCUMENT, Checker
from tests.api.example_answers import capture

ANSWERS = [
    (f"{operation['operationId']} {status} {media}", content)
    for item in DOCUMENT["paths"].values()
    for operation in item.values()
    if isinstance(operation, dict) and "responses" in operation
    for status, answer in operation["responses"].items()
    if status.startswith("2")
    for media, content in answer.get("content", {}).items()
]


def json_schema(part: Any) -> Any:
    """Return an OpenAPI 3.0 schema as JSON Schema: `nullable` becomes a null type."""
    if isinstance(part, list):
        return [json_schema(item) for item in part]
    if not isinstance(part, dict):
        return part
    schema = {key: json_schema(value) for key, value in part.items() if key != "nullable"}
    if part.get("nullable") and "type" in part:
        schema["type"] = [part["type"], "null"]
    return schema


COMPONENTS = json_schema(DOCUMENT["components"])


def validator(schema: dict) -> Any:
    return jsonschema_rs.validator_for({**json_schema(schema), "components": COMPONENTS})


def test_every_2xx_answer_of_every_operation_has_an_example():
    assert len(ANSWERS) >= 39
    assert [label for label, content in ANSWERS if "example" not in content] == []


@pytest.mark.parametrize(("label", "content"), ANSWERS, ids=[label for label, _ in ANSWERS])
def test_each_example_validates_against_its_schema(label, content):
    example = content["example"]
    errors = [error.message for error in validator(content["schema"]).iter_errors(example)]
    assert errors == [], label
    # And as a generated client reads it: every union's member picked by its discriminator.
    checker = Checker()
    checker.check(content["schema"], example, label)
    assert checker.problems == []
    if label.endswith("application/pdf"):
        assert example.startswith("%PDF-")
    if label.endswith("text/csv"):
        assert example.startswith(("\ufeffnumber,", "\ufeffplace,", "\ufefftournament,"))


def test_a_wrong_example_is_refused():
    """The validation can fail: a sheet's example without its `game`, or a count as text."""
    (content,) = [content for label, content in ANSWERS if label.startswith("getSheet 200")]
    example = {key: value for key, value in content["example"].items() if key != "game"}
    assert any(True for _ in validator(content["schema"]).iter_errors(example))
    (content,) = [content for label, content in ANSWERS if label.startswith("getGame 200")]
    wrong = {**content["example"], "number": "1"}
    assert any(True for _ in validator(content["schema"]).iter_errors(wrong))


def shape(value: Any, at: str = "") -> set[str]:
    """Return the paths of every key in `value` (a list's items as `[]`)."""
    if isinstance(value, dict):
        return {f"{at}.{key}" for key in value} | {
            path for key, item in value.items() for path in shape(item, f"{at}.{key}")
        }
    if isinstance(value, list):
        return {path for item in value for path in shape(item, f"{at}[]")}
    return set()


def test_the_examples_are_the_shapes_an_evening_answers_now():
    kept = json.loads(EXAMPLES_FILE.read_text(encoding="utf-8"))
    now = capture()
    assert now.keys() == kept.keys()
    stale = [
        f"{operation} {status} {media}"
        for operation, statuses in now.items()
        for status, medias in statuses.items()
        for media, example in medias.items()
        if shape(example) != shape(kept[operation].get(status, {}).get(media))
    ]
    # Write them again: .venv/bin/python -m tests.api.example_answers (then the document).
    assert stale == []
