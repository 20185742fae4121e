"""A well-formed body passes one cheap check: the document's own JSON Schema, compiled.

marshmallow loads a body field by field in Python, most of a small request's cost. When a
body schema says nothing JSON Schema cannot (plain fields, Range/OneOf/Length, no hooks,
defaults or renames: `plain`), a body its JSON Schema (the committed document's) accepts
is one marshmallow accepts unchanged. Such a body skips marshmallow; any other body is
loaded by marshmallow as before, so every refusal keeps its checks and its words. The fuzz
gate holds the document and the server to one contract either way.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import jsonschema_rs
from marshmallow import Schema, fields, missing, validate

from bauerblock.api.openapi import OneOf, single

PLAIN_FIELDS = (fields.String, fields.Integer, fields.Boolean, fields.Nested, fields.List)
PLAIN_VALIDATORS = (validate.Range, validate.OneOf, validate.Length)


def plain(schema: Schema) -> bool:
    """Tell whether `schema` checks only what its JSON Schema states, and loads as given."""
    if isinstance(schema, OneOf):
        schemas = [single(member) for member in schema.members.values()]
        loader = schema.loader_schema()
        if loader is not None:
            schemas.append(single(loader))
        return all(plain(member) for member in schemas)
    if any(schema._hooks.values()):
        return False
    return all(_plain_field(field) for field in schema.fields.values())


def _plain_field(field: fields.Field) -> bool:
    if not isinstance(field, PLAIN_FIELDS) or (
        isinstance(field, fields.Number)
        and (not isinstance(field, fields.Integer) or not field.strict)
    ):
        return False
    if field.load_default is not missing or field.data_key or field.attribute:
        return False
    if not all(isinstance(check, PLAIN_VALIDATORS) for check in field.validators):
        return False
    if isinstance(field, fields.Nested):
        return isinstance(field.schema, Schema) and plain(field.schema)
    if isinstance(field, fields.List):
        return _plain_field(field.inner)
    return True


class FastLoad:
    """A body schema's `load`, trying the compiled JSON Schema first (see the module)."""

    def __init__(self, schema: Schema) -> None:
        self.schema = schema
        self.marshmallow_load = schema.load
        self.check: Callable[[Any], bool] | None = None

    def compile(self, api: Any) -> None:
        """Compile the schema's JSON Schema from `api`'s document (once: every app has the
        same, so a later app's document is not read here)."""
        if self.check is not None or not plain(self.schema):
            return
        components = _json_schema(api.spec.to_dict()["components"]["schemas"])
        root = {
            **api.ma_plugin.converter.resolve_nested_schema(self.schema),
            "components": {"schemas": components},
        }
        self.check = jsonschema_rs.Draft4Validator(root).is_valid

    def __call__(self, data: Any, **kwargs: Any) -> Any:
        if self.check is not None and isinstance(data, dict) and self.check(data):
            return data
        return self.marshmallow_load(data, **kwargs)


LOADS: list[FastLoad] = []


def fast(schema: Schema) -> Schema:
    """Give `schema` (one instance, used for one body) the fast load; return it."""
    load = FastLoad(schema)
    # Replacing the bound method of this one instance is the point: its bodies load fast.
    schema.load = load  # type: ignore[method-assign]
    LOADS.append(load)
    return schema


def compile_all(api: Any) -> None:
    """Compile the fast loads of every body schema against the API's document."""
    for load in LOADS:
        load.compile(api)


def _json_schema(value: Any) -> Any:
    """Return OpenAPI 3.0 schemas as JSON Schema: `nullable` becomes `anyOf` with null."""
    if isinstance(value, list):
        return [_json_schema(item) for item in value]
    if not isinstance(value, dict):
        return value
    converted = {key: _json_schema(item) for key, item in value.items()}
    if converted.pop("nullable", False):
        return {"anyOf": [converted, {"type": "null"}]}
    return copy.copy(converted)
