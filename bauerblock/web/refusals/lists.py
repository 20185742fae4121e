"""The words of the refusals of a tournament's and a group's lists and steps, and of names,
by code: German, their English in the catalogue (a kind's own refusals: its folder's
`words.py`)."""

from __future__ import annotations

from collections.abc import Callable

from flask_babel import gettext as _

from bauerblock.web.refusals.params import Params

SUBJECTS: dict[str, Callable[[], str]] = {
    "name": lambda: _("Der Name eines Spielers"),
    "title": lambda: _("Der Titel"),
    "group_name": lambda: _("Der Name des Stammtischs"),
    "series_name": lambda: _("Der Name der Serie"),
    "season": lambda: _("Die Saison"),
}
"""What a text is (engine.names.clean_text's `subject`), as the refusals of names say it."""


def _subject(p: Params) -> str:
    """Return what the refused text is, in words."""
    return SUBJECTS[p["subject"]]()


LISTS: dict[str, Callable[[Params], str]] = {
    # A tournament of every kind (engine.tournament, engine.options, store.tournaments).
    "tournament_not_found": lambda p: _("Dieses Turnier gibt es nicht."),
    "draw_not_found": lambda p: _("Das Turnier hat keine Auslosung %(n)s.", n=p["number"]),
    "table_not_found": lambda p: _(
        "Das Turnier hat (noch) keinen Tisch %(n)s: Tischkarten gibt es ab der ersten "
        "Auslosung, die ihn besetzt.",
        n=p["number"],
    ),
    "player_not_found": lambda p: _("Das Turnier hat keinen Spieler %(n)s.", n=p["number"]),
    "format_unknown_field": lambda p: _(
        "Unbekanntes Feld „%(field)s“ im Turnierformat. Es gibt: %(fields)s.",
        field=p["field"],
        fields=p["fields"],
    ),
    "tournament_kind": lambda p: _(
        "Die Art ist „preisbauer“ (Partner neu gelost) oder „pairs“ (feste Paare)."
    ),
    # A group (store.groups).
    "group_not_found": lambda p: _("Diesen Stammtisch gibt es nicht."),
    "roster_not_list": lambda p: _(
        "Die Liste ist eine Liste von höchstens %(n)s Namen.", n=p["most"]
    ),
    "seat_kind": lambda p: _("Ein Platz ist eine Nummer der Liste oder ein Name."),
    "seats_not_list": lambda p: _(
        "Die Spieler sind Nummern der Liste (oder neue Namen) in der Sitzordnung."
    ),
    # Names and titles of every kind (engine.names).
    "text_not_text": lambda p: _("%(what)s muss Text sein.", what=_subject(p)),
    "text_too_long": lambda p: _(
        "%(what)s hat höchstens %(n)s Zeichen.", what=_subject(p), n=p["limit"]
    ),
}
"""The words of the refusals of the tournaments' and the groups' lists and steps, and of
names, by code."""
