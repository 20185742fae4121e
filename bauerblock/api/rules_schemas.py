"""Marshmallow schemas of each game's rules, made from the engine's option dataclass.

A request names a preset and any options overridden (all optional, `...RulesSpec`); an
answer gives every option resolved (`...Rules`). Each option's words for the document
are in `OPTION_WORDS`, its bounds the engine's.
"""

import dataclasses
from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from bauerblock.api.constraints import Boolean, integer, schema_of
from bauerblock.api.openapi import Answer, name_enum
from bauerblock.engine.games import SheetGame

Bounds = Mapping[str, tuple[int | None, int | None]]
"""A game's bounds of its whole-number options (the engine's `OPTION_BOUNDS`)."""

OPTION_WORDS = {
    "preset": "the named rule set the options start from",
    "target": "game points that win a round",
}
"""The words of the options several games have; a game's own it gives its `rules_schema`."""


def _option(
    module: SheetGame,
    bounds: Bounds,
    option: dataclasses.Field,
    resolved: bool,
    said: Mapping[str, str],
    steps: Mapping[str, int],
):
    """Return the field of one rule option: its type, bounds and words."""
    metadata: dict[str, Any] = {"description": said.get(option.name, "an option of docs/rules.md")}
    kwargs: dict[str, Any] = {"metadata": metadata, "required": resolved}
    if option.name == "preset":
        # The engine's words: it would say the same of an unknown preset.
        error = "Unknown rule preset '{input}'. Choose one of: {choices}."
        presets = name_enum(f"{module.NAME.capitalize()}Preset", list(module.PRESETS))
        return fields.String(validate=validate.OneOf(presets, error=error), **kwargs)
    if option.type == "bool":
        return Boolean(**kwargs)
    if option.type == "int | None":
        kwargs["allow_none"] = True
    if option.name in steps:
        metadata["multipleOf"] = steps[option.name]
        return integer(0, steps[option.name], **kwargs)
    return integer(*bounds.get(option.name, (None, None)), **kwargs)


def rules_schema(
    module: SheetGame,
    bounds: Bounds,
    *,
    resolved: bool,
    words: Mapping[str, str] | None = None,
    steps: Mapping[str, int] | None = None,
) -> type[Schema]:
    """Return the schema of a game's rules: asked for (all optional) or resolved (all given).

    `words` says the game's own options, `steps` the whole numbers taken only in steps (from 0
    to the step: Bauerchen's last trick, 10 or 0).
    """
    game = module.NAME
    default = next(iter(module.PRESETS.values()))
    options = {
        option.name: _option(
            module, bounds, option, resolved, {**OPTION_WORDS, **(words or {})}, steps or {}
        )
        for option in dataclasses.fields(default)
    }
    name = f"{game.capitalize()}Rules{'' if resolved else 'Spec'}"
    if resolved:
        return schema_of(name, options, base=Answer)
    asked = (
        f"A {game} preset (default {default.preset}) plus any option overridden (docs/rules.md); "
        "an option of another game is refused."
    )
    return schema_of(
        name, options, json_schema={"description": asked, "example": {"preset": default.preset}}
    )
