"""What the API's request schemas check and say beyond marshmallow's own (docs/api.md).

Strict booleans and whole numbers, lists whose length is checked before any item is read,
moments, names and schema classes made from fields. A rule between fields ("exactly one
of") is said in its schema's description with its reason, not as JSON Schema's `not` or
`anyOf`: generators make a model of every such inline schema.
"""

from typing import Any

from marshmallow import Schema, fields, validate

from bauerblock.store.sheets import MAX_NAME

NAME = validate.Length(min=1, max=MAX_NAME)
"""A player's name: 1 to MAX_NAME characters."""


class Boolean(fields.Boolean):
    """JSON's true or false and nothing else (marshmallow's own takes 1, "yes", "on" too)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class List(fields.List):
    """A list whose length is checked before any item is read: a flood costs nothing.

    marshmallow reads every item first and checks a Length after; a body of thousands of
    small items would be read in full just to be refused.
    """

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, list):
            for check in self.validators:
                if isinstance(check, validate.Length):
                    check(value)
        return super()._deserialize(value, attr, data, **kwargs)


def integer(low: int | None = None, high: int | None = None, **kwargs: Any) -> fields.Integer:
    """Return a strict whole-number field, within [low, high] where given."""
    if low is not None or high is not None:
        kwargs["validate"] = validate.Range(min=low, max=high)
    return fields.Integer(strict=True, **kwargs)


def timestamp(**kwargs: Any) -> fields.String:
    """Return a field of an answer's moment: RFC 3339 in UTC (`format: date-time`)."""
    metadata = {"format": "date-time", "description": "RFC 3339, UTC", **kwargs.pop("metadata", {})}
    return fields.String(metadata=metadata, **kwargs)


def player_name(example: str, words: str) -> fields.String:
    """Return the field of a player's name a request gives: 1 to MAX_NAME characters."""
    metadata = {"example": example, "description": words}
    return fields.String(required=True, validate=NAME, metadata=metadata)


def schema_of(name: str, declared: dict, *, base: type[Schema] = Schema, **meta: Any):
    """Return a schema class named `name` with the `declared` fields and Meta options."""
    return type(name, (base,), {**declared, "Meta": type("Meta", (), meta)})
