"""Reading the score sheet's entry forms: what every game's shares.

Forms arrive as plain HTML form posts (with or without htmx); what they cannot express is
refused with a message for the field that caused it, before the store sees it. Each game's
own entry form is read by its pad (scoresheet.games.PADS, `Pad.read`).
"""

from __future__ import annotations

from collections.abc import Mapping

from bauerblock.engine.digits import whole


class FormError(ValueError):
    """Refuse a form value, naming the field to show the message beside."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def read_version(form: Mapping[str, str]) -> int | None:
    """Return the sheet version the form was rendered from, if it names one."""
    return whole(form.get("version", ""))
