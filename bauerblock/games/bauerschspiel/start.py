"""What the new-sheet form knows of Bauerschspiel: the strokes each team starts with."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext

from bauerblock.games.bauerschspiel.exports import PRESETS
from bauerblock.games.bauerschspiel.rules import MAX_STROKES
from bauerblock.web.games import StartGame, house_rules, number_option


def read_rules(form: Mapping[str, str], preset: str, errors: dict[str, str]) -> dict[str, Any]:
    """Return the strokes to start with, if the form changes them."""
    return number_option(form, "strokes", MAX_STROKES, errors)


START = StartGame(
    game="bauerschspiel",
    name="Bauerschspiel",
    blurb=lazy_gettext("4 Spieler in zwei Teams, Dillkreis: Striche und Nullchen."),
    presets=PRESETS,
    read_rules=read_rules,
    house_rules=house_rules("bauerschspiel"),
)
