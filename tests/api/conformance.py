"""Answers held to the committed document as a generated client reads them: a Flask client
whose every JSON answer is checked against the schema its operation declares for its status.

A schema's required properties must be there, every value of the type it says (null only
where it is nullable, a choice among its enum), a union's member picked by its
discriminator; each component the answers meet is counted with the properties it carried.
"""

import json
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

OPENAPI_FILE = Path(__file__).parents[2] / "openapi" / "openapi.json"
DOCUMENT = json.loads(OPENAPI_FILE.read_text())
SCHEMAS = DOCUMENT["components"]["schemas"]
TYPES: dict[str, Any] = {
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "object": dict,
    "array": list,
}


def component(ref: str) -> tuple[str, dict]:
    name = ref.rsplit("/", 1)[1]
    return name, SCHEMAS[name]


def nullable(schema: dict) -> bool:
    return bool(schema.get("nullable")) or any(
        member.get("nullable") for member in schema.get("anyOf", [])
    )


class Checker:
    """Checks answers against the document; keeps what it found wrong and what it met."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.met: Counter[str] = Counter()
        self.carried: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.answers = 0

    def check(self, schema: dict, value: Any, where: str, name: str | None = None) -> None:
        if "$ref" in schema:
            name, schema = component(schema["$ref"])
        if value is None:
            if not nullable(schema):
                self.problems.append(f"{where}: null, but {name or 'it'} is not nullable")
            return
        for member in schema.get("allOf", []):
            self.check(member, value, where)
        if "anyOf" in schema:
            (member,) = [m for m in schema["anyOf"] if not m.get("nullable")]
            self.check(member, value, where)
        if "oneOf" in schema:
            self._member(schema, value, where, name)
            return
        self._typed(schema, value, where, name)

    def _member(self, union: dict, value: Any, where: str, name: str | None) -> None:
        chooser = union["discriminator"]
        picked = value.get(chooser["propertyName"]) if isinstance(value, dict) else None
        ref = chooser["mapping"].get(picked) if isinstance(picked, str) else None
        if ref is None:
            self.problems.append(f"{where}: no member of {name} for {picked!r}")
        else:
            self.check({"$ref": ref}, value, where)

    def _typed(self, schema: dict, value: Any, where: str, name: str | None) -> None:
        kind = schema.get("type")
        if kind in TYPES:
            wrong = not isinstance(value, TYPES[kind])
            if wrong or (kind in ("integer", "number") and isinstance(value, bool)):
                self.problems.append(f"{where}: {value!r:.60} is no {kind} ({name})")
                return
        if "enum" in schema and value not in schema["enum"]:
            self.problems.append(f"{where}: {value!r} is none of {name or schema['enum']}")
        if isinstance(value, dict) and "properties" in schema:
            if name is not None:
                self.met[name] += 1
                self.carried[name].update(list(value))
            missing = set(schema.get("required", ())) - set(value)
            if missing:
                self.problems.append(f"{where}: {name} lacks {sorted(missing)}")
            for key, item in value.items():
                if key in schema["properties"]:
                    self.check(schema["properties"][key], item, f"{where}.{key}")
        if isinstance(value, list) and "items" in schema:
            for index, item in enumerate(value):
                self.check(schema["items"], item, f"{where}[{index}]")


class CheckedClient:
    """Flask's test client, checking every JSON answer of the API against the document."""

    def __init__(self, app, checker: Checker) -> None:
        self.client = app.test_client()
        self.urls = app.url_map.bind("localhost")
        self.checker = checker

    def open(self, method: str, url: str, **kwargs):
        response = self.client.open(url, method=method.upper(), **kwargs)
        path = url.split("?")[0]
        rule, _ = self.urls.match(path, method=method.upper(), return_rule=True)
        template = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
        operation = DOCUMENT["paths"][template][method.lower()]
        label = f"{method.upper()} {template} {response.status_code}"
        answer = operation["responses"].get(str(response.status_code))
        if answer is None:
            self.checker.problems.append(f"{label}: the status is not declared")
            return response
        if "$ref" in answer:
            answer = DOCUMENT["components"]["responses"][answer["$ref"].rsplit("/", 1)[1]]
        if response.is_json and response.data:
            self.checker.answers += 1
            media = response.mimetype
            schema = answer.get("content", {}).get(media, {}).get("schema")
            if schema is None:
                self.checker.problems.append(f"{label}: no schema for {media}")
            else:
                self.checker.check(schema, response.get_json(), label)
        return response

    def get(self, url: str, **kwargs):
        return self.open("get", url, **kwargs)

    def post(self, url: str, **kwargs):
        return self.open("post", url, **kwargs)

    def put(self, url: str, **kwargs):
        return self.open("put", url, **kwargs)

    def delete(self, url: str, **kwargs):
        return self.open("delete", url, **kwargs)
