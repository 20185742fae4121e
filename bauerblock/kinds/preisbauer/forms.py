"""A new Preisbauer on the "Neues Turnier" form: its numbers (bounds and the engine's
defaults), how equal points are ranked, and its players, typed or pasted one a line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from bauerblock.kinds.preisbauer.engine.format import (
    MAX_DRAWS,
    MAX_ROUNDS_PER_DRAW,
    Format,
    Tiebreak,
)
from bauerblock.tournament.forms import Entrants, numbers, read_names

DEFAULTS = Format()
"""The engine's format when a field is left blank (the form shows it as the placeholder)."""
TIEBREAKS = tuple(Tiebreak)
BOUNDS = {
    "rounds_per_draw": (1, MAX_ROUNDS_PER_DRAW, DEFAULTS.rounds_per_draw),
    "draws": (1, MAX_DRAWS, DEFAULTS.draws),
    # Blank Freilos points: the engine's for the rounds.
    "bye_points": (0, MAX_ROUNDS_PER_DRAW, ""),
}
"""The Preisbauer's numbers on the form: bounds and the engine's default."""


def read_preisbauer(form: Mapping[str, str], errors: dict[str, str]) -> Entrants:
    """Return a new Preisbauer's format and players."""
    spec: dict[str, Any] = numbers(
        form, {n: BOUNDS[n] for n in ("rounds_per_draw", "draws")}, errors
    )
    # At most the rounds chosen; blank: the engine's default for them (a little under a
    # draw's average).
    limit = spec.get("rounds_per_draw", DEFAULTS.rounds_per_draw)
    spec.update(numbers(form, {"bye_points": (0, limit, "")}, errors))
    tiebreak = form.get("tiebreak", Tiebreak.SHARED.value)
    if tiebreak not in {t.value for t in TIEBREAKS}:
        errors["tiebreak"] = _("Wähle, wie Punktgleiche gewertet werden.")
    else:
        spec["tiebreak"] = tiebreak
    return spec, {"players": read_names(form.get("players", ""), "players", errors)}
