"""The words of the refusals of a tournament's, a Paarturnier's and a group's lists and
steps, and of names, by code: German, their English in the catalogue."""

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
    # A Preisbauer (engine.tournament, store.tournaments).
    "tournament_not_found": lambda p: _("Dieses Turnier gibt es nicht."),
    "draw_not_found": lambda p: _("Das Turnier hat keine Auslosung %(n)s.", n=p["number"]),
    "table_not_found": lambda p: _(
        "Das Turnier hat (noch) keinen Tisch %(n)s: Tischkarten gibt es ab der ersten "
        "Auslosung, die ihn besetzt.",
        n=p["number"],
    ),
    "player_not_found": lambda p: _("Das Turnier hat keinen Spieler %(n)s.", n=p["number"]),
    "player_name_twice": lambda p: _(
        "„%(name)s“ steht zweimal in der Liste (Nr. %(number)s): zwei Gleichnamige "
        "unterscheidet ein Zusatz wie „jun.“ oder eine Initiale.",
        name=p["name"],
        number=p["number"],
    ),
    "players_not_list": lambda p: _("Die Spieler sind eine Liste von Namen."),
    "players_not_pairs": lambda p: _(
        "Ein Preisbauer meldet Spieler an, keine Paare: für ein Paarturnier wähle die Art „pairs“."
    ),
    "draw_player_twice": lambda p: _("Ein Spieler sitzt nur an einem Tisch einer Auslosung."),
    "table_round_limit": lambda p: _(
        "Ein Turniertisch spielt die Runden je Auslosung: lass die Rundenzahl in den Regeln weg."
    ),
    "tiebreak_unknown": lambda p: _(
        "Die Wertung bei Gleichstand ist eine von: %(choices)s.", choices=p["choices"]
    ),
    "format_unknown_field": lambda p: _(
        "Unbekanntes Feld „%(field)s“ im Turnierformat. Es gibt: %(fields)s.",
        field=p["field"],
        fields=p["fields"],
    ),
    "tournament_kind": lambda p: _(
        "Die Art ist „preisbauer“ (Partner neu gelost) oder „pairs“ (feste Paare)."
    ),
    # A Paarturnier (kinds.pairs.engine, kinds.pairs.store).
    "pairs_list": lambda p: _("Die Paare sind eine Liste, jedes Paar zwei Namen."),
    "pairs_not_players": lambda p: _(
        "Ein Paarturnier meldet Paare an (je zwei Namen), keine einzelnen Spieler."
    ),
    "pair_name_blank": lambda p: _("Ein Name von Paar %(n)s ist leer.", n=p["number"]),
    "pair_not_found": lambda p: _("Das Turnier hat kein Paar %(n)s.", n=p["number"]),
    "pair_two_names": lambda p: _("Paar %(n)s besteht aus zwei Namen.", n=p["number"]),
    "pairs_format_kind": lambda p: _(
        "Das Format eines Paarturniers hat die Art „%(kind)s“.", kind=p["kind"]
    ),
    "pairs_group_twice": lambda p: _("Ein Paar wird nur in eine Gruppe gelost."),
    "pairs_too_few_for_groups": lambda p: _(
        "Gruppen brauchen mindestens %(low)s Paare, nicht %(count)s.",
        low=p["low"],
        count=p["count"],
    ),
    "pairs_third_place": lambda p: _("Das Spiel um Platz 3 heißt ja oder nein."),
    "pairs_table_round_limit": lambda p: _(
        "Ein Spiel geht, bis ein Paar seine Runden gewonnen hat: lass die Rundenzahl in den "
        "Regeln weg."
    ),
    "pairs_table_rounds_to_win": lambda p: _(
        "Ein Spiel geht über die Gewinnrunden des Formats (%(n)s): lass die Gewinnrunden in "
        "den Regeln weg.",
        n=p["rounds"],
    ),
    "pairs_draw_open": lambda p: _(
        "Auslosung %(n)s läuft noch: warte, bis jedes Spiel einen Sieger hat, oder beende "
        "die Auslosung.",
        n=p["number"],
    ),
    "pairs_end_not_latest": lambda p: _(
        "Nur die letzte Auslosung (%(n)s) lässt sich beenden.", n=p["latest"]
    ),
    "pairs_redo_not_latest": lambda p: _(
        "Nur die letzte Auslosung (%(n)s) lässt sich neu losen.", n=p["latest"]
    ),
    "pairs_redo_has_games": lambda p: _(
        "Auslosung %(n)s lässt sich nicht mehr neu losen: ein Tisch hat schon eingetragen.",
        n=p["number"],
    ),
    "pairs_finished": lambda p: _("Das Paarturnier ist zu Ende."),
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
