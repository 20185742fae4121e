"""What the new-sheet form knows of every game (the start page, a Stammtisch's new evening,
a new tournament's rules): `STARTS`, each game folder's `start.START` (a `StartGame`: its own
name, its line on the game switch, its presets in words, and how its options beside the
preset are read), in the order the start page offers them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

from bauerblock.engine.digits import bounded
from bauerblock.engine.plugins import Parts
from bauerblock.exports.layout import PresetWords

RuleReader = Callable[[Mapping[str, str], str, dict[str, str]], dict[str, Any]]
"""Read a game's options off the form, given the preset chosen; note errors by field."""


@dataclass(frozen=True)
class Toggle:
    """A rule option offered as a checkbox: ticking it sets `option` to `value`."""

    name: str
    option: str
    value: Any


@dataclass(frozen=True)
class StartGame:
    """How the new-sheet form offers one game."""

    game: str
    name: str
    """The game's own name, the same in every language."""
    blurb: str
    """Its line on the start page's game switch (lazy_gettext: in the page's language)."""
    presets: Mapping[str, PresetWords]
    """Each of the engine's presets of the game, in words."""
    read_rules: RuleReader
    house_rules: str
    """The partial drawing its options beside the preset: web/_house_<game>.html."""
    bounds: Mapping[str, int] = field(default_factory=dict)
    """The bounds its partials offer choices up to, by option (Bauerchen's rounds to win)."""
    toggles: tuple[Toggle, ...] = ()
    """The options its house-rules partial offers as checkboxes."""


STARTS: Mapping[str, StartGame] = Parts("start", "START")
"""Every game a sheet can keep (engine.games.GAMES), as the new-sheet form offers it."""

__all__ = [
    "STARTS",
    "PresetWords",
    "RuleReader",
    "StartGame",
    "Toggle",
    "house_rules",
    "number_option",
]


def house_rules(game: str) -> str:
    """Return the name of a game's house-rules partial."""
    return f"web/_house_{game}.html"


def number_option(
    form: Mapping[str, str], name: str, high: int, errors: dict[str, str]
) -> dict[str, int]:
    """Return option `name` as the form gives it, a whole number from 1 to `high` (none: no
    change of the preset); note an error if it is no such number."""
    value = form.get(name, "").strip()
    if not value:
        return {}
    number = bounded(value, 1, high)
    if number is None:
        errors[name] = _("Eine Zahl von 1 bis %(n)s.", n=high)
        return {}
    return {name: number}
