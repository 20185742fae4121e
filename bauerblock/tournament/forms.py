"""Reading the tournament forms: a new tournament's settings and lists of player names.

What a form cannot express is refused here with a message for its field, in the page's
language; the engine stays the judge of the values themselves (bounds come from it).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from bauerblock.engine.tournament import MAX_PLAYERS
from bauerblock.engine.tournament.format import MAX_DRAWS, MAX_ROUNDS_PER_DRAW, Format, Tiebreak
from bauerblock.store.sheets import MAX_NAME, MAX_TITLE
from bauerblock.web.forms import read_rules

DEFAULTS = Format()
"""The engine's format when a field is left blank (the form shows it as the placeholder)."""
TIEBREAKS = tuple(Tiebreak)
NUMBERED = re.compile(r"^\d{1,3}[.)]\s+")
"""A pasted list's own numbering ("1. Hans", "2) Grete"): the numbers are ours to give."""


@dataclass(frozen=True)
class NewTournament:
    """A new tournament's settings, as the store creates it."""

    title: str
    rules: dict[str, Any]
    format: dict[str, Any]
    players: list[str]


def read_new_tournament(form: Mapping[str, str]) -> tuple[NewTournament | None, dict[str, str]]:
    """Return the new tournament's settings, or None and a message per faulty field."""
    errors: dict[str, str] = {}
    title = " ".join(form.get("title", "").split())
    if not title:
        errors["title"] = _("Gib dem Turnier einen Namen, z. B. „Preisbauer Zur Linde“.")
    elif len(title) > MAX_TITLE:
        errors["title"] = _("Höchstens %(n)s Zeichen.", n=MAX_TITLE)
    rules = read_rules(form, "bauerchen", errors)
    spec: dict[str, Any] = {}
    rounds = _whole(form, "rounds_per_draw", 1, MAX_ROUNDS_PER_DRAW, errors)
    if rounds is not None:
        spec["rounds_per_draw"] = rounds
    draws = _whole(form, "draws", 1, MAX_DRAWS, errors)
    if draws is not None:
        spec["draws"] = draws
    # Blank: the engine's default for the rounds chosen (a little under a draw's average).
    if form.get("bye_points", "").strip():
        limit = rounds if rounds is not None else DEFAULTS.rounds_per_draw
        bye_points = _whole(form, "bye_points", 0, limit, errors)
        if bye_points is not None:
            spec["bye_points"] = bye_points
    tiebreak = form.get("tiebreak", Tiebreak.SHARED.value)
    if tiebreak not in {t.value for t in TIEBREAKS}:
        errors["tiebreak"] = _("Wähle, wie Punktgleiche gewertet werden.")
    else:
        spec["tiebreak"] = tiebreak
    players = read_names(form.get("players", ""), "players", errors)
    if errors:
        return None, errors
    return NewTournament(title, rules, spec, players), {}


def read_names(text: str, field: str, errors: dict[str, str]) -> list[str]:
    """Return the names of a list typed or pasted one a line (blank lines and numbers dropped)."""
    names = []
    for line in text.splitlines():
        name = NUMBERED.sub("", " ".join(line.split()))
        if not name:
            continue
        if len(name) > MAX_NAME:
            errors[field] = _(
                "„%(name)s“ ist zu lang: höchstens %(n)s Zeichen.", name=name, n=MAX_NAME
            )
            return []
        names.append(name)
    if len(names) > MAX_PLAYERS:
        errors[field] = _("Höchstens %(n)s Spieler.", n=MAX_PLAYERS)
        return []
    return names


def _whole(
    form: Mapping[str, str], name: str, low: int, high: int, errors: dict[str, str]
) -> int | None:
    """Return the form's whole number `name` (None when blank), noting one out of range."""
    value = form.get(name, "").strip()
    if not value:
        return None
    if not value.isdigit() or not low <= int(value) <= high:
        errors[name] = _("Eine ganze Zahl von %(low)s bis %(high)s.", low=low, high=high)
        return None
    return int(value)
