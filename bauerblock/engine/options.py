"""Rule sets: named presets of frozen option dataclasses, adjusted option by option."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping
from typing import Any, ClassVar, Protocol, TypeGuard, TypeVar

from bauerblock.engine.errors import RuleError


class Dataclass(Protocol):
    """Any dataclass instance: what dataclasses.fields, replace and asdict ask of theirs."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]


class Plain(Protocol):
    """What answers as a plain JSON object (`to_dict`): a rule set, a game's record, a point
    of an evening's charts, its statistics."""

    def to_dict(self) -> dict[str, Any]: ...


class RuleSet(Dataclass, Plain, Protocol):
    """A frozen dataclass of options whose first field is `preset`."""

    @property
    def preset(self) -> str: ...

    def validate(self) -> None: ...


class Options:
    """A game's rule set (its frozen `Rules` dataclass derives from this): its JSON."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def to_dict(self) -> dict[str, Any]:
        """Return the preset name and every resolved option."""
        return to_dict(self)


R = TypeVar("R", bound=RuleSet)

OPTION_TYPES = ("bool", "int", "int | None")
"""The option types a rule set may declare (as PEP 563 strings); None switches an option off."""


def resolve(presets: Mapping[str, R], spec: Mapping[str, Any] | None) -> R:
    """Return the preset named in `spec` (the first preset by default) with its overrides."""
    spec = dict(spec or {})
    name = spec.pop("preset", None) or next(iter(presets))
    if not isinstance(name, str) or name not in presets:
        raise RuleError(
            "preset_unknown",
            name=name,
            choices=", ".join(presets),
        )
    base = presets[name]
    if not spec:
        return base  # a preset as it stands: valid, and frozen
    types = {f.name: f.type for f in dataclasses.fields(base)}
    for option, value in spec.items():
        if option not in types or option == "preset":
            known = ", ".join(t for t in types if t != "preset")
            raise RuleError(
                "option_unknown",
                option=option,
                known=known,
            )
        if not _fits(types[option], value):
            raise RuleError(
                "option_type",
                option=option,
                kind=_type_word(types[option]),
            )
    rules = dataclasses.replace(base, **spec)
    rules.validate()
    return rules


def is_int(value: object) -> TypeGuard[int]:
    """Tell whether `value` is a whole number (JSON's true is not 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_field(spec: Mapping[str, Any], name: str, default: int, low: int, high: int) -> int:
    """Return the whole number `spec` gives for `name` (`default` if absent), refusing one
    outside low..high."""
    value = spec.get(name, default)
    if not is_int(value) or not low <= value <= high:
        raise RuleError(
            "whole_number_range",
            name=name,
            low=low,
            high=high,
        )
    return value


def refuse_unknown(
    spec: Mapping[str, Any], fields: Collection[str], refusal: Callable[[str], RuleError]
) -> None:
    """Refuse a field of `spec` that is none of `fields`: `refusal` of the first."""
    for key in spec:
        if key not in fields:
            raise refusal(key)


def refuse_unknown_fields(spec: Mapping[str, Any], fields: tuple[str, ...]) -> None:
    """Refuse a field of a format `spec` that is none of `fields`, naming the first."""
    refuse_unknown(
        spec,
        fields,
        lambda field: RuleError("format_unknown_field", field=field, fields=", ".join(fields)),
    )


def _fits(type_name: object, value: object) -> bool:
    """Tell whether `value` is of the option type `type_name`."""
    if type_name == "bool":
        return isinstance(value, bool)
    # bool is a subclass of int: `true` is no number.
    return is_int(value) or (type_name == "int | None" and value is None)


def _type_word(type_name: object) -> str:
    if type_name == "bool":
        return "true or false"
    if type_name == "int | None":
        return "a whole number or null"
    return "a whole number"


def to_dict(rules: Dataclass) -> dict[str, Any]:
    """Return the resolved options, preset first, as plain JSON values."""
    # Each option is a bool, an int or None (OPTION_TYPES): asdict's deep copy of each
    # value copied nothing, at seven times the cost (every tap's answer shows the rules).
    return {field.name: getattr(rules, field.name) for field in dataclasses.fields(rules)}


def says_fixed(spec: Mapping[str, Any] | None, name: str, fixed: int) -> bool:
    """Tell whether a table's rule `spec` leaves `name` out or says `fixed`, the value the
    tournament's format fixes it to (JSON's true is not 1)."""
    given = (spec or {}).get(name, fixed)
    return given == fixed and not isinstance(given, bool)
