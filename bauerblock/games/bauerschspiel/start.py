"""What the new-sheet form knows of Bauerschspiel: the strokes each team starts with."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext

from bauerblock.engine.digits import bounded
from bauerblock.games.bauerschspiel.exports import PRESETS
from bauerblock.games.bauerschspiel.rules import MAX_STROKES, OPTION_BOUNDS
from bauerblock.web.games.start import StartGame, house_rules


def read_rules(form: Mapping[str, str], preset: str, errors: dict[str, str]) -> dict[str, Any]:
    """Return the strokes to start with, if the form changes them."""
    value = form.get("strokes", "").strip()
    if not value:
        return {}
    strokes = bounded(value, *OPTION_BOUNDS["strokes"])
    if strokes is None:
        errors["strokes"] = _("Eine Zahl von 1 bis %(n)s.", n=MAX_STROKES)
        return {}
    return {"strokes": strokes}


START = StartGame(
    game="bauerschspiel",
    name="Bauerschspiel",
    blurb=lazy_gettext("4 Spieler in zwei Teams, Dillkreis: Striche und Nullchen."),
    presets=PRESETS,
    read_rules=read_rules,
    house_rules=house_rules("bauerschspiel"),
)
