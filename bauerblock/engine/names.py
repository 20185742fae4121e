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

SUBJECTS = frozenset({"name", "title", "group_name", "series_name", "season"})
"""What a text may be: a refusal of it names which (its words: web/refusals/, `SUBJECTS`)."""


# Letters of other scripts that look like a Latin one (Unicode's confusables, the common
# ones in names): compared as that letter.
_LOOK_ALIKES = str.maketrans(
    # Greek: Alpha Beta Epsilon Zeta Eta Iota Kappa Mu Nu Omicron Rho Tau Upsilon Chi, then
    # alpha eta iota kappa nu omicron rho upsilon chi.
    "\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7\u03b1\u03b7\u03b9\u03ba\u03bd\u03bf\u03c1\u03c5\u03c7"
    # Cyrillic: A Ve Ie Ka Em En O Er Es Te U Ha Dze I Je, then a ie o er es u ha dze i je
    # shha komi-de.
    "\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0423\u0425\u0405\u0406\u0408\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0455\u0456\u0458\u04bb\u0501",
    "ABEZHIKMNOPTYXanikvopuxABEKMHOPCTYXSIJaeopcyxsijhd",
)


def name_key(name: str) -> str:
    """Return what makes two names the same name: neither case, nor repeated spaces, nor the
    form of a letter (Unicode NFKC: a full-width HANS is HANS), nor accents and other combining
    marks (Hańs is Hans), nor a look-alike letter of another script (a Greek capital Eta for
    the H of Hans) count. Only to compare: a name is kept as it was typed."""
    text = unicodedata.normalize("NFKC", name).translate(_LOOK_ALIKES)
    bare = "".join(
        c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) not in ("Mn", "Me")
    )
    folded = unicodedata.normalize("NFKC", bare.casefold())
    return " ".join(folded.split())


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


def clean_text(text: object, limit: int, subject: str, *, blank: RuleError | None = None) -> str:
    """Return `text` cleaned (clean_name); refuse non-text, or more than `limit` characters,
    and with `blank` (the caller's refusal) nothing left.

    `subject` is one of SUBJECTS: what the text is, for the refusal's words.
    """
    assert subject in SUBJECTS, subject
    if not isinstance(text, str):
        raise RuleError("text_not_text", subject=subject)
    cleaned = clean_name(text)
    if len(cleaned) > limit:
        raise RuleError(
            "text_too_long",
            subject=subject,
            limit=limit,
        )
    if blank is not None and not cleaned:
        raise blank
    return cleaned
