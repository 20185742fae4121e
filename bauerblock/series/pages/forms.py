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

from bauerblock.engine.digits import bounded
from bauerblock.engine.errors import Refusal
from bauerblock.series.engine import MAX_COUNTED, MAX_MINIMUM, MAX_PLANNED, Scoring

BOUNDS = {
    "counted": (0, MAX_COUNTED, 0),
    "minimum": (1, MAX_MINIMUM, 1),
    "planned": (1, MAX_PLANNED, None),
}
"""The series' numbers on the form: lowest, highest, and what a blank one means."""
FIELD_OF = {
    "series_name_blank": "name",
    "series_scoring_unknown": "scoring",
    "series_counted_over_planned": "counted",
    "series_scoring_pairs": "kind",
    "series_player_name_blank": "name",
    "series_name_taken": "name",
}
"""The form field a refusal of the series' rules concerns, by its code."""


def field_of(error: Refusal, default: str = "form") -> str:
    """Return the field a refusal is shown beside (its setting's, for a bound)."""
    setting = error.params.get("setting")
    if isinstance(setting, str) and setting in BOUNDS:
        return setting
    if error.code == "text_too_long":
        return {"series_name": "name", "season": "season"}.get(
            str(error.params.get("subject")), default
        )
    return FIELD_OF.get(error.code, default)


def read_series(form: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    """Return a new series' settings as the service takes them, and a message per field
    the form cannot express."""
    errors: dict[str, str] = {}
    settings: dict[str, Any] = {
        "name": form.get("name", ""),
        "season": form.get("season", ""),
        "scoring": form.get("scoring") or Scoring.PLACES.value,
    }
    if not settings["name"].strip():
        errors["name"] = _("Gib der Serie einen Namen, z. B. „Westpfälzer Bauerchen-Cup 2027“.")
    for name, (low, high, blank) in BOUNDS.items():
        text = form.get(name, "").strip()
        if not text:
            settings[name] = blank
            continue
        number = bounded(text, low, high)
        if number is None:
            errors[name] = _("Eine ganze Zahl von %(low)s bis %(high)s.", low=low, high=high)
        settings[name] = number
    return settings, errors


def entry(text: str) -> int | str:
    """Return a line of a tournament's list as the series takes it: a series number (digits
    alone, as typed at the door) or a name."""
    stripped = text.strip()
    return int(stripped) if stripped.isdigit() and len(stripped) <= 5 else stripped
