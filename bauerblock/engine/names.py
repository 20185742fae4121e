"""Names and titles as people type them, cleaned on the way in: one rule for every kind.

A sheet's players, a tournament's players, a group's roster, and the titles of all three
pass through `clean_text` before they are stored, so no page, export or answer ever shows
a control character, a right-to-left override that flips the rest of a table line, or a
zero-width character that makes two names look alike.
"""

from __future__ import annotations

import unicodedata

from bauerblock.engine.errors import RuleError

ZWJ = "\u200d"
"""The zero-width joiner stays: emoji sequences (👩‍👩‍👧) and some scripts need it."""

_REMOVED = frozenset({"Cc", "Cf", "Zl", "Zp"})
"""Control and format characters, line and paragraph separators (ZWJ excepted)."""

SUBJECTS = {
    "name": "A player's name",
    "title": "The title",
    "group_name": "The group's name",
}
"""What a text is, as the refusals name it."""


def clean_name(text: str) -> str:
    """Return `text` on one line with single spaces, without control or format characters.

    Whitespace of any kind (tabs, newlines, U+2028) becomes a space; control and format
    characters other than ZWJ (NUL, U+202E, U+200B, U+FEFF, ...) go.
    """
    kept = (
        " " if char.isspace() else char
        for char in text
        if char == ZWJ or char.isspace() or unicodedata.category(char) not in _REMOVED
    )
    # split() folds the spaces; a newline would break a CSV row or a PDF line.
    return " ".join("".join(kept).split())


def clean_text(text: object, limit: int, subject: str) -> str:
    """Return `text` cleaned (clean_name); refuse non-text, or more than `limit` characters.

    `subject` is a key of SUBJECTS: what the text is, for the refusal's words.
    """
    if not isinstance(text, str):
        raise RuleError(
            "text_not_text", "{what} must be text.", what=SUBJECTS[subject], subject=subject
        )
    cleaned = clean_name(text)
    if len(cleaned) > limit:
        raise RuleError(
            "text_too_long",
            "{what} may be at most {limit} characters long.",
            what=SUBJECTS[subject],
            subject=subject,
            limit=limit,
        )
    return cleaned
