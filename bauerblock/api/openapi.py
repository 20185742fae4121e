"""How marshmallow schemas become the OpenAPI document: one set of rules for every operation.

- A schema that refuses unknown fields (marshmallow's default, RAISE) says
  `additionalProperties: false`; one that takes them (INCLUDE) says true.
- `Meta.json_schema` adds what marshmallow fields cannot say (`minProperties`, a
  description, an `example`) to a schema's JSON Schema; a rule between fields is said in
  words (an inline `not` or `anyOf` would be a generated client's model of no name).
- An `Answer` lists every field as required: an answer always carries each field it
  documents (null where there is nothing), so a generated client gets plain attributes;
  a field it carries only sometimes says `metadata={"optional": True}`.
- A choice registered with `name_enum` (teams, bands, suits, ...) is one named component
  wherever a field offers it, nullable or not: a generated client gets one enum class; a
  nullable one is `anyOf` the component and null (`NULL`), as OpenAPI 3.0 can say it.
- An operation without `security` says `security: []`: public, not forgotten.
- A `OneOf` schema is a union chosen by one property (a discriminator): the document shows
  `oneOf` with a `discriminator` (its `propertyName` and `mapping`), the property required in
  every member, and loading picks the member schema by that property; a union with a
  `loader` loads any body with it instead (one that tolerates the property's absence, from
  clients of before it was named).
- A property whose field says nothing gets the words its name has in the document
  (`property_words`): every property is described.
- Answers are open, requests closed: a schema only answers use says no
  `additionalProperties: false` (`open_answers`), so a client that validates an answer keeps
  working when v1 adds a field; a request schema refuses unknown fields.
"""

import inspect
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any, ClassVar

import marshmallow
from apispec.ext.marshmallow import MarshmallowPlugin, OpenAPIConverter
from flask_smorest.utils import resolve_schema_instance
from marshmallow import Schema, ValidationError

from bauerblock.api.property_words import words_of

NAMED_ENUMS: dict[frozenset, tuple[str, dict[str, Any]]] = {}
NULL = {"type": "string", "nullable": True, "enum": [None]}
"""Null alone, as OpenAPI 3.0 says it (`nullable` beside a `type`, null among the choices)."""


def name_enum(name: str, values: list, *, names: list[str] | None = None) -> list:
    """Register `values` as the enum component `name`; return the values.

    `names` spell the members for generated clients (`x-enum-varnames`), e.g. TWENTY for "20".
    """
    component: dict[str, Any] = {"type": "string", "enum": list(values)}
    if names:
        component["x-enum-varnames"] = names
    NAMED_ENUMS[frozenset(values)] = (name, component)
    return list(values)


class Answer(Schema):
    """A schema the API answers with: every documented field is always there."""


class Members(Mapping[str, type[Schema]]):
    """A union's members (`OneOf.members`): a schema of each part registered in `parts` (a
    game, a tournament kind), made from it by `make` when asked for, chosen by the property
    `choose_by` (`game`, `kind`). A part registered after import (a test's) is a member of
    every union, and the document names the parts registered when it is built."""

    def __init__(
        self, parts: Mapping[str, Any], choose_by: str, make: Callable[[Any], type[Schema]]
    ) -> None:
        self.parts = parts
        self.choose_by = choose_by
        self.make = make

    def __getitem__(self, name: str) -> type[Schema]:
        return self.make(self.parts[name])

    def __iter__(self) -> Iterator[str]:
        return iter(self.parts)

    def __len__(self) -> int:
        return len(self.parts)


class OneOf(Schema):
    """A union of schemas picked by the value of its members' `choose_by` (e.g. a sheet's
    `game`)."""

    members: ClassVar[Members]

    @property
    def choose_by(self) -> str:
        """The property that names the member: the one its members are chosen by."""
        return self.members.choose_by

    def loader_schema(self) -> type[Schema] | None:
        """Return the schema that loads any member, if not the member `choose_by` names (a
        union that has one says so)."""
        return None

    def load(self, data, *, many=None, partial=None, unknown=None):
        """Load `data` with the member its `choose_by` property names (or the loader)."""
        if not isinstance(data, dict):
            raise ValidationError({"_schema": ["Invalid input type."]})
        loader = self.loader_schema()
        if loader is not None:
            return single(loader).load(data, partial=partial, unknown=unknown)
        name = data.get(self.choose_by)
        member = self.members.get(name) if isinstance(name, str) else None
        if member is None:
            choices = ", ".join(self.members)
            if self.choose_by not in data:
                raise ValidationError({self.choose_by: ["Missing data for required field."]})
            message = f"Unknown {self.choose_by} {name!r}. Choose one of: {choices}."
            raise ValidationError({self.choose_by: [message]})
        return single(member).load(data, partial=partial, unknown=unknown)

    def dump(self, obj, *, many=None):
        """Dump `obj` with the member its `choose_by` property names."""
        if many if many is not None else self.many:
            return [self.dump(item, many=False) for item in obj]
        return single(self.members[obj[self.choose_by]]).dump(obj)


@cache
def single(schema: type[Schema]) -> Schema:
    """Return the one instance of `schema` (making one deep-copies every field)."""
    return schema()


class Converter(OpenAPIConverter):
    """apispec's converter with the project's rules (see the module's docstring)."""

    def schema2jsonschema(self, schema: Any) -> dict[str, Any]:
        instance = resolve_schema_instance(schema)
        if isinstance(instance, OneOf):
            return self._one_of(instance)
        jsonschema = super().schema2jsonschema(schema)
        properties = jsonschema.get("properties", {})
        component = type(instance).__name__.removesuffix("Schema")
        for name, prop in properties.items():
            properties[name] = self._described(
                self._named_enum(_null_of_nested(prop)), words_of(component, name)
            )
            if "items" in prop:
                prop["items"] = self._named_enum(prop["items"])
        # apispec leaves this out when Meta has a description; the rule holds regardless.
        if instance.unknown != marshmallow.EXCLUDE:
            jsonschema["additionalProperties"] = instance.unknown == marshmallow.INCLUDE
        if isinstance(instance, Answer):
            # A field an answer carries only sometimes says so: metadata={"optional": True}.
            jsonschema["required"] = [
                field.data_key or name
                for name, field in instance.fields.items()
                if not field.metadata.get("optional")
                and (field.data_key or name) in jsonschema.get("properties", {})
            ]
        jsonschema.update(getattr(getattr(instance, "Meta", None), "json_schema", {}))
        return jsonschema

    def _field2parameter(self, field: Any, *, name: str, location: str) -> dict[str, Any]:
        # A parameter offering a registered choice names its component too.
        parameter = super()._field2parameter(field, name=name, location=location)
        if "schema" in parameter:
            parameter["schema"] = self._named_enum(parameter["schema"])
        return parameter

    def _described(self, prop: dict[str, Any], words: str | None) -> dict[str, Any]:
        """Return a property with `words` as its description if it has none (a reference
        beside its description is one `allOf`: OpenAPI 3.0 ignores what stands beside a
        `$ref`). A union keeps its bare reference and its own words: openapi-typescript reads
        an `allOf` of a discriminated union as a member narrowed (`Omit<...>`)."""
        if words is None or "description" in prop:
            return prop
        ref = prop.get("$ref")
        if ref is None:
            return {"description": words, **prop}
        if "oneOf" in self.spec.components.schemas.get(ref.rsplit("/", 1)[1], {}):
            return prop
        return {"description": words, "allOf": [prop]}

    def _named_enum(self, prop: dict[str, Any]) -> dict[str, Any]:
        """Return a property offering a registered choice as a reference to its component."""
        values = prop.get("enum")
        named = NAMED_ENUMS.get(frozenset(v for v in values if v is not None)) if values else None
        if named is None:
            return prop
        name, component = named
        if name not in self.spec.components.schemas:
            self.spec.components.schema(name, component)
        # apispec lists null among a nullable field's choices too; `nullable` says it, and
        # OpenAPI 3.0 takes `nullable` only beside a `type` (the component's).
        kept = {key: value for key, value in prop.items() if key not in ("type", "enum")}
        ref = {"$ref": f"#/components/schemas/{name}"}
        if kept.pop("nullable", False):
            return {**kept, "anyOf": [ref, NULL]}
        return {**kept, "allOf": [ref]}

    def _one_of(self, union: OneOf) -> dict[str, Any]:
        refs = {name: self.resolve_nested_schema(member) for name, member in union.members.items()}
        for ref in refs.values():
            # The discriminator is in every member, so a generated client always sends it.
            member = self.spec.components.schemas[ref["$ref"].rsplit("/", 1)[1]]
            if union.choose_by not in member.setdefault("required", []):
                member["required"].append(union.choose_by)
        jsonschema: dict[str, Any] = {
            "oneOf": list(refs.values()),
            "discriminator": {
                "propertyName": union.choose_by,
                "mapping": {name: ref["$ref"] for name, ref in refs.items()},
            },
        }
        meta: Any = getattr(union, "Meta", None)
        words = getattr(meta, "description", None) or inspect.getdoc(type(union))
        if words:
            jsonschema["description"] = words
        return jsonschema


def open_answers(spec: Any) -> None:
    """Drop `additionalProperties: false` from every schema only answers use (see above)."""
    document = spec.to_dict()
    asked: set[str] = set()
    answered: set[str] = set()
    for item in document["paths"].values():
        for method, operation in item.items():
            if method != "parameters":
                _reach(document, [operation.get("parameters"), operation.get("requestBody")], asked)
                _reach(document, operation["responses"], answered)
    for name in answered - asked:
        spec.components.schemas[name].pop("additionalProperties", None)


def _reach(document: dict, part: Any, found: set[str]) -> None:
    """Add to `found` the name of every schema component `part` refers to, however deep."""
    if isinstance(part, list):
        for item in part:
            _reach(document, item, found)
    elif isinstance(part, dict):
        ref = part.get("$ref")
        if isinstance(ref, str):
            _, _, kind, name = ref.split("/")
            if kind == "schemas" and name in found:
                return
            if kind == "schemas":
                found.add(name)
            _reach(document, document["components"][kind][name], found)
        for value in part.values():
            _reach(document, value, found)


NULL_OBJECT = {"type": "object", "nullable": True}
"""What apispec puts beside a nullable nested answer: an object of no name."""


def _null_of_nested(prop: dict[str, Any]) -> dict[str, Any]:
    """Return a nullable nested answer as its component or null (NULL), as a nullable
    choice is: a generated client then names no anonymous object type."""
    choices = prop.get("anyOf")
    if not choices or NULL_OBJECT not in choices:
        return prop
    return {**prop, "anyOf": [NULL if choice == NULL_OBJECT else choice for choice in choices]}


class Plugin(MarshmallowPlugin):
    """The marshmallow plugin with the project's converter."""

    Converter = Converter
