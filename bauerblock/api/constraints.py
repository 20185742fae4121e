"""What the API's request schemas check and say beyond marshmallow's own (docs/api.md).

Strict booleans and whole numbers, lists whose length is checked before any item is read,
moments, names, schema classes made from fields, and an answer's fields made from the
engine's dataclass they say. A rule between fields ("exactly one
of") is said in its schema's description with its reason, not as JSON Schema's `not` or
`anyOf`: generators make a model of every such inline schema.
"""

import dataclasses
from collections.abc import Callable, Collection
from enum import Enum
from typing import Any, get_args, get_origin, get_type_hints

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


PLAIN: dict[type, Callable[..., fields.Field]] = {int: integer, str: fields.String, bool: Boolean}
"""The field of each plain type of the engine's dataclasses."""


def field_of(kind: Any, **kwargs: Any) -> fields.Field:
    """Return the field of a value the engine types as `kind`: a whole number, text, true or
    false, one of an enum's values, a tuple's items as a list; null where None may be."""
    choices = get_args(kind)
    if type(None) in choices:
        (kind,) = (choice for choice in choices if choice is not type(None))
        return field_of(kind, allow_none=True, **kwargs)
    if get_origin(kind) is tuple:
        return fields.List(field_of(choices[0]), **kwargs)
    if issubclass(kind, Enum):
        return fields.String(validate=validate.OneOf([member.value for member in kind]), **kwargs)
    return PLAIN[kind](**kwargs)


def engine_fields(
    cls: type, /, leave: Collection[str] = (), **words: str
) -> dict[str, fields.Field]:
    """Return a required field for each field of the engine's dataclass `cls` but those it
    keeps to itself (`leave`), in its order and typed as it types it (`field_of`),
    described in `words` by name."""
    kinds = get_type_hints(cls)
    return {
        field.name: field_of(
            kinds[field.name],
            required=True,
            metadata={"description": words[field.name]} if field.name in words else {},
        )
        for field in dataclasses.fields(cls)
        if field.name not in leave
    }
