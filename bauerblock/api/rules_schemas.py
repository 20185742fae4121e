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
from bauerblock.engine import bauerchen
from bauerblock.engine.bauerchen import rules as bauerchen_rules
from bauerblock.engine.games import SheetGame

Bounds = Mapping[str, tuple[int | None, int | None]]
"""A game's bounds of its whole-number options (the engine's `OPTION_BOUNDS`)."""

OPTION_WORDS = {
    "preset": "the named rule set the options start from",
    "last_trick_bonus": "10 (Lautern) or 0 (ohne Letzten)",
    "schneider_free_at": (
        "the loser's frei line: 9 to half the game's total (65 with the last trick's 10, "
        "60 without); e.g. 62 with last_trick_bonus 0 is refused (422)"
    ),
    "target": "game points that win a round",
    "knoddels_per_stein": "Knoddel that make a Stein",
    "carry_over": "Weiterschreiben (Siegelbach): points past the target count in the next round",
    "forty_rule": "a 40 counts 1 at target - 2",
    "solo_in_decider": "false: no Kart'ab in a Gehampelter (Ledig)",
    "strokes": "strokes each team starts a board with",
    "tariff": "hard score: cents per unit of value; null: the soft score",
    "mord_pays_five": (
        "hard score: a Mord pays 5 × tariff instead of 3 ×; needs a tariff (the hard "
        "preset has one): true under the soft score is refused (422)"
    ),
    "limit": "the evening ends when a total reaches it; 0: no limit",
    "round_limit": "the sheet is finished after this many rounds; 0: none",
    "rounds_to_win": "the sheet is finished once a team has won this many rounds; 0: none",
}
# 10 or 0: a whole number from 0 to 10 in steps of 10 (no enum class of numbers for clients).
STEPS = {"last_trick_bonus": max(bauerchen_rules.LAST_TRICK_BONUSES)}


def _option(module: SheetGame, bounds: Bounds, option: dataclasses.Field, resolved: bool):
    """Return the field of one rule option: its type, bounds and words."""
    metadata: dict[str, Any] = {
        "description": OPTION_WORDS.get(option.name, "an option of docs/rules.md")
    }
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
    if option.name in STEPS:
        metadata["multipleOf"] = STEPS[option.name]
        return integer(0, STEPS[option.name], **kwargs)
    return integer(*bounds.get(option.name, (None, None)), **kwargs)


def rules_schema(module: SheetGame, bounds: Bounds, *, resolved: bool) -> type[Schema]:
    """Return the schema of a game's rules: asked for (all optional) or resolved (all given)."""
    game = module.NAME
    default = next(iter(module.PRESETS.values()))
    options = {
        option.name: _option(module, bounds, option, resolved)
        for option in dataclasses.fields(default)
    }
    name = f"{game.capitalize()}Rules{'' if resolved else 'Spec'}"
    if resolved:
        return schema_of(name, options, base=Answer)
    words = (
        f"A {game} preset (default {default.preset}) plus any option overridden (docs/rules.md); "
        "an option of another game is refused."
    )
    return schema_of(
        name, options, json_schema={"description": words, "example": {"preset": default.preset}}
    )


TABLE_RULES_SPEC = rules_schema(bauerchen, bauerchen_rules.OPTION_BOUNDS, resolved=False)
"""Bauerchen's rules as a request names them: a Bauerchen sheet's (games/bauerchen/api.py)
and a tournament's tables', which play Bauerchen."""
TABLE_RULES = rules_schema(bauerchen, bauerchen_rules.OPTION_BOUNDS, resolved=True)
"""Bauerchen's rules resolved, as a sheet's and a tournament's answers give them."""
