"""What the new-sheet form knows of Bauerchen: its house rules as checkboxes (deviations from
the preset chosen) and the rounds to win."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext

from bauerblock.games.bauerchen.exports import PRESETS
from bauerblock.games.bauerchen.rules.rules import MAX_ROUNDS_TO_WIN
from bauerblock.web.games import StartGame, Toggle, house_rules, number_option

# The options a table may change, as deviations from the chosen preset, so that an
# unticked box never undoes what the preset says.
TOGGLES = (
    Toggle("carry_over", "carry_over", True),
    Toggle("forty_rule", "forty_rule", True),
    Toggle("ledig", "solo_in_decider", False),
    Toggle("schneider34", "schneider_free_at", 34),
    Toggle("target31", "target", 31),
    Toggle("three_knoddels", "knoddels_per_stein", 3),
)


def read_rules(form: Mapping[str, str], preset: str, errors: dict[str, str]) -> dict[str, Any]:
    """Return the boxes ticked and the rounds to win (none: the evening has no end)."""
    rules: dict[str, Any] = {
        toggle.option: toggle.value for toggle in TOGGLES if form.get(toggle.name)
    }
    if form.get("rounds_to_win", "").strip() != "0":
        rules.update(number_option(form, "rounds_to_win", MAX_ROUNDS_TO_WIN, errors))
    return rules


START = StartGame(
    game="bauerchen",
    name="Bauerchen",
    blurb=lazy_gettext("4 Spieler in zwei Teams, Pfalz: Punkte, Knoddel und Steine."),
    presets=PRESETS,
    read_rules=read_rules,
    house_rules=house_rules("bauerchen"),
    bounds={"rounds_to_win": MAX_ROUNDS_TO_WIN},
    toggles=TOGGLES,
)
