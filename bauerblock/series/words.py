"""The words of the series' refusals, by code: German, their English in the catalogue.

The series' only place for them: the app registers them once (init_app) with the pages'
and the API's words (bauerblock.web.refusals.register).
"""

from __future__ import annotations

from collections.abc import Callable

from flask_babel import gettext as _
from flask_babel import lazy_gettext

from bauerblock.web.refusals import Params

SETTINGS = {
    "counted": lazy_gettext("Gewertete Turniere"),
    "minimum": lazy_gettext("Mindestzahl der Turniere"),
    "planned": lazy_gettext("Geplante Turniere"),
}
"""A series' settings by name, in words (the engine's params name the field)."""


def _setting(name: str) -> str:
    """Return a setting's name in the locale's words (an unknown one as the engine named it)."""
    return str(SETTINGS.get(name, name))


WORDS: dict[str, Callable[[Params], str]] = {
    # Its rules for points (series.engine).
    "series_setting_bounds": lambda p: _(
        "%(setting)s: eine ganze Zahl von %(low)s bis %(high)s.",
        setting=_setting(str(p["setting"])),
        low=p["low"],
        high=p["high"],
    ),
    "series_counted_over_planned": lambda p: _(
        "Es können nicht die besten %(counted)s Turniere zählen, wenn %(planned)s geplant sind.",
        counted=p["counted"],
        planned=p["planned"],
    ),
    "series_scoring_pairs": lambda p: _(
        "Ein Paarturnier hat keine eigenen Punkte: diese Serie wertet die Punkte der Turniere."
    ),
    # The series, its players and its tournaments (series.store, series.service).
    "series_not_found": lambda p: _("Diese Serie gibt es nicht."),
    "series_name_blank": lambda p: _("Die Serie braucht einen Namen."),
    "series_scoring_unknown": lambda p: _(
        "Die Wertung ist „places“ (Punkte nach Platz) oder „tournament“ (die Punkte der Turniere)."
    ),
    "series_player_name_blank": lambda p: _("Ein Spieler der Serie braucht einen Namen."),
    # Its count, not "its numbers go to 0", which a series without players said.
    "series_number_unknown": lambda p: _(
        "Die Serie hat keinen Spieler %(number)s (Spieler bisher: %(last)s).",
        number=p["number"],
        last=p["last"],
    ),
    "series_name_taken": lambda p: _(
        "„%(taken)s“ ist schon Spieler %(number)s der Serie: gib die Nummer ein, oder "
        "unterscheide die beiden (eine Initiale, „jun.“).",
        taken=p["taken"],
        number=p["number"],
    ),
    "series_full": lambda p: _("Eine Serie hat höchstens %(most)s Spieler.", most=p["most"]),
    "series_tournament_taken": lambda p: _("Dieses Turnier gehört schon zu einer Serie."),
    "series_tournaments_full": lambda p: _(
        "Eine Serie hat höchstens %(most)s Turniere.", most=p["most"]
    ),
    "series_tournament_unknown": lambda p: _("Dieses Turnier gehört nicht zu dieser Serie."),
    "series_entry_kind": lambda p: _("Ein Spieler ist eine Nummer der Serie oder ein neuer Name."),
    "series_entries_too_many": lambda p: _(
        "Ein Turnier nimmt höchstens %(most)s Spieler.", most=p["most"]
    ),
    "series_number_twice": lambda p: _(
        "Spieler %(number)s der Serie steht zweimal in der Liste.", number=p["number"]
    ),
    "series_player_forgotten": lambda p: _(
        "Spieler %(number)s der Serie wurde vergessen: die Nummer wird nicht wieder "
        "vergeben (unter seinem Namen kann er neu beitreten).",
        number=p["number"],
    ),
}
"""The words of the series' refusals, by code."""
