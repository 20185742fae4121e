"""Reading the series' forms: a new series' settings, a player's name, a tournament's
entrants by series number or name.

What a form cannot express is refused here with a message for its field; the engine and
the store stay the judges of the values (their bounds, names taken); their refusals are
shown beside the field they concern (`FIELD_OF`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from bauerblock.engine.errors import Refusal
from bauerblock.series.engine import MAX_COUNTED, MAX_MINIMUM, MAX_PLANNED, Scoring
from bauerblock.tournament.forms import numbers

BOUNDS = {
    "counted": (0, MAX_COUNTED, 0),
    "minimum": (1, MAX_MINIMUM, 1),
    "planned": (1, MAX_PLANNED, None),
}
"""The series' numbers on the form: lowest, highest, and what a blank one means."""
SETTINGS = {
    "series_name_blank": "name",
    "series_scoring_unknown": "scoring",
    "series_counted_over_planned": "counted",
}
"""The field of the "Neue Serie" form a refusal of the series' settings concerns."""
KIND = {"series_scoring_pairs": "kind"}
"""The field of a new tournament of the series a refusal of its kind concerns."""


def field_of(error: Refusal, field: str = "form", codes: Mapping[str, str] = SETTINGS) -> str:
    """Return the field a refusal is shown beside: a setting's (a bound, a text too long),
    the one `codes` names for its code, else `field` (the form's list, name or link)."""
    setting = error.params.get("setting")
    if isinstance(setting, str) and setting in BOUNDS:
        return setting
    subject = error.params.get("subject")
    if error.code == "text_too_long" and subject in ("series_name", "season"):
        return "name" if subject == "series_name" else "season"
    return codes.get(error.code, field)


def read_series(form: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    """Return a new series' settings as the service takes them, and a message per field
    the form cannot express."""
    errors: dict[str, str] = {}
    settings: dict[str, Any] = {
        "name": form.get("name", ""),
        "season": form.get("season", ""),
        "scoring": form.get("scoring") or Scoring.PLACES.value,
        # A number left blank means its default ("planned": open), as the tournament's.
        **{name: blank for name, (_, _, blank) in BOUNDS.items()},
        **numbers(form, BOUNDS, errors),
    }
    if not settings["name"].strip():
        errors["name"] = _("Gib der Serie einen Namen, z. B. „Westpfälzer Bauerchen-Cup 2027“.")
    return settings, errors


def entry(text: str) -> int | str:
    """Return a line of a tournament's list as the series takes it: a series number (digits
    alone, as typed at the door) or a name."""
    stripped = text.strip()
    return int(stripped) if stripped.isdigit() and len(stripped) <= 5 else stripped
