"""Whole numbers as forms and headers spell them: ASCII digits, and not too many of them."""

from __future__ import annotations

MAX_DIGITS = 18
"""Enough for any count or version (SQLite's integers stop at 19 digits)."""


def whole(text: str, digits: int = MAX_DIGITS) -> int | None:
    """Return the number `text` spells in 1 to `digits` ASCII digits, or None for any other text.

    `str.isdigit` alone takes "²" and "١٢", which int() refuses or reads, and int() refuses
    more than 4300 digits with a ValueError: neither may reach a request's handling.
    """
    if not 0 < len(text) <= digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def bounded(text: str, low: int, high: int) -> int | None:
    """Return the whole number `text` spells if it lies from `low` to `high`, else None.

    The one parser of a number a form or a setting gives, with the bounds the API's schemas
    publish (each option's OPTION_BOUNDS): blanks around it are dropped, "²", "-1" and a
    5,000-digit text are None like any other text.
    """
    number = whole(text.strip(), max(MAX_DIGITS, len(str(high))))
    return number if number is not None and low <= number <= high else None
