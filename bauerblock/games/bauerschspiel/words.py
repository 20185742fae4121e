"""Bauerschspiel's refusals' words, by code: German, their English in the catalogue. The
app registers them once with every game's (`web.refusals.GAMES`)."""

from flask_babel import gettext as _

from bauerblock.web.refusals import Words

WORDS: dict[str, Words] = {
    # Its entry and its rules (rules.py).
    "bauerschspiel_field_unknown": lambda p: _(
        "Unbekanntes Feld „%(field)s“: beim Bauerschspiel wird nur der Sieger eingetragen.",
        field=p["field"],
    ),
    "board_range": lambda p: _(
        "Eine Tafel von %(strokes)s geht von 1 bis %(most)s Strichen zwischen zwei Nullchen; "
        "Team %(team)s hat %(score)s.",
        strokes=p["strokes"],
        most=p["most"],
        team=p["team"],
        score=p["score"],
    ),
    "winner_unknown": lambda p: _(
        "Sag, welches Team gewonnen hat: „A“ oder „B“, nicht %(winner)s.",
        winner=repr(p["winner"]),
    ),
    "strokes_range": lambda p: _("Die Tafel beginnt bei 1 bis %(most)s Strichen.", most=p["most"]),
}
"""The words of Bauerschspiel's refusals, by code."""
