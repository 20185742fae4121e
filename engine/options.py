"""Rule sets: named presets of frozen option dataclasses, adjusted option by option."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from engine.errors import RuleError


class RuleSet(Protocol):
    """A frozen dataclass of options whose first field is `preset`."""

    preset: str

    def validate(self) -> None: ...


R = TypeVar("R", bound=RuleSet)


def resolve(presets: Mapping[str, R], spec: Mapping[str, Any] | None) -> R:
    """Return the preset named in `spec` (the first preset by default) with its overrides."""
    spec = dict(spec or {})
    name = spec.pop("preset", None) or next(iter(presets))
    if not isinstance(name, str) or name not in presets:
        raise RuleError(f"Unknown rule preset '{name}'. Choose one of: {', '.join(presets)}.")
    base = presets[name]
    types = {f.name: f.type for f in dataclasses.fields(base)}  # type: ignore[arg-type]
    for option, value in spec.items():
        if option not in types or option == "preset":
            known = ", ".join(t for t in types if t != "preset")
            raise RuleError(f"Unknown rule option '{option}'. Options are: {known}.")
        # bool is a subclass of int: check it both ways so `true` is no number and `1` no yes.
        if (types[option] == "bool") != isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(f"Rule option '{option}' must be {_type_word(types[option])}.")
    rules = dataclasses.replace(base, **spec)  # type: ignore[type-var]
    rules.validate()
    return rules


def _type_word(type_name: object) -> str:
    return "true or false" if type_name == "bool" else "a whole number"


def to_dict(rules: RuleSet) -> dict[str, Any]:
    """Return the resolved options, preset first, as plain JSON values."""
    return dataclasses.asdict(rules)  # type: ignore[call-overload]
