"""Every refusal's words, by its code: German, their English in the catalogue.

Every refusal carries a stable code and its parameters (engine.errors.Refusal); its words
stand once, in the table of the code's owner: the framework's here - STEPS (the store's
bounds, a tournament's steps of every kind, a group's roster), ENTRIES (every game's entry,
a sheet's rules and a sheet), LISTS (the tournaments' and the groups' lists, names, with
their SUBJECTS) - and
each plug-in's in its folder: a game's `words.WORDS` (`GAMES`), a kind's `Kind.words`, the
series' bauerblock/series/words.py. The app registers each plug-in's table once. A table's
entry says the words in German through flask-babel's gettext; the catalogue (translations/en)
holds their English, which the API answers as its `message` and the English pages show.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import force_locale
from flask_babel import gettext as _

from bauerblock.engine.errors import GameError, Refusal
from bauerblock.engine.plugins import Parts

Params = Mapping[str, Any]
"""What a refusal's words are made from: its parameters, by name."""
Words = Callable[[Params], str]
"""A refusal's words: its German through gettext, filled from its params."""

STEPS: dict[str, Words] = {
    # The store's bounds (store.sheets.MAX_GAMES, store.idempotency's keys).
    "sheet_full": lambda p: _("Dieser Block ist voll: höchstens %(n)s Spiele.", n=p["limit"]),
    "idempotency_key_invalid": lambda p: _(
        "Das Formular ist beschädigt: lade die Seite neu und versuch es noch einmal."
    ),
    "create_key_too_short": lambda p: _(
        "Ein Schlüssel, der etwas anlegt, hat %(n)s bis 64 Zeichen (zufällig wie eine UUID).",
        n=p["shortest"],
    ),
    "idempotency_conflict": lambda p: _(
        "Dieses Formular wurde schon mit anderen Angaben geschickt: lade die Seite neu."
    ),
    # A tournament's steps of every kind (engine.tournament, store.errors).
    "tournament_finished": lambda p: _(
        "Das Turnier ist zu Ende (Endstand): nur noch Korrekturen sind möglich."
    ),
    "draw_closed": lambda p: _(
        "Auslosung %(n)s ist abgeschlossen – Korrekturen macht die Turnierleitung.", n=p["draw"]
    ),
    "duplicate_name": lambda p: _(
        "„%(name)s“ ist schon angemeldet (Nr. %(number)s): zwei Gleichnamige "
        "unterscheidet ein Zusatz wie „jun.“ oder eine Initiale.",
        name=p["name"],
        number=p["number"],
    ),
    # A group's roster (store.groups).
    "seat_twice": lambda p: _(
        "Jeder sitzt nur auf einem Platz: %(names)s sitzt zweimal.", names=p["names"]
    ),
    "roster_number_unknown": lambda p: _("Niemand auf der Liste hat die Nummer %(n)s.", n=p["n"]),
    "roster_name_taken": lambda p: _(
        "%(name)s steht schon auf der Liste (Nummer %(n)s).", name=p["name"], n=p["n"]
    ),
    "roster_full": lambda p: _("Die Liste ist voll: höchstens %(n)s Spieler.", n=p["most"]),
    "roster_name_twice": lambda p: _(
        "%(name)s steht zweimal auf der Liste des Stammtischs.", name=p["name"]
    ),
    "group_name_blank": lambda p: _("Der Stammtisch braucht einen Namen."),
    "roster_name_blank": lambda p: _("Ein Spieler der Liste braucht einen Namen."),
    "seat_name_blank": lambda p: _("Ein Spieler braucht einen Namen."),
}
"""The words of the store's bounds, a tournament's steps of every kind and a group's roster,
by code."""

ENTRIES: dict[str, Words] = {
    # The entry of every game (each game's rules).
    "entry_not_object": lambda p: _("Ein Spiel wird als Objekt eingetragen."),
    # A sheet's game and rules (engine.games, engine.options, engine.evening, store.sheets).
    "game_unknown": lambda p: _(
        "Unbekanntes Spiel %(name)s. Zur Wahl: %(choices)s.",
        name=repr(p["name"]),
        choices=p["choices"],
    ),
    "preset_unknown": lambda p: _(
        "Unbekannte Regel „%(name)s“. Zur Wahl: %(choices)s.",
        name=p["name"],
        choices=p["choices"],
    ),
    "option_unknown": lambda p: _(
        "Unbekannte Regeloption „%(option)s“. Es gibt: %(known)s.",
        option=p["option"],
        known=p["known"],
    ),
    "option_type": lambda p: _(
        "Die Regeloption „%(option)s“ ist %(kind)s.", option=p["option"], kind=p["kind"]
    ),
    "whole_number_range": lambda p: _(
        "%(name)s ist eine ganze Zahl von %(low)s bis %(high)s.",
        name=p["name"],
        low=p["low"],
        high=p["high"],
    ),
    "first_dealer_seat": lambda p: _(
        "Wer zuerst gibt, ist ein Platz von 0 bis %(last)s.", last=p["last"]
    ),
    "players_count": lambda p: _(
        "%(game)s spielen %(seats)s: gib %(seats)s Namen ein.", game=p["game"], seats=p["seats"]
    ),
    # A sheet in the store (store.errors).
    "sheet_not_found": lambda p: _("Diesen Block gibt es nicht."),
    "game_not_found": lambda p: _("Spiel %(number)s gibt es nicht mehr.", number=p["number"]),
    "stale_version": lambda p: _(
        "Ein anderes Handy hat inzwischen eingetragen (Stand %(current)s, nicht %(expected)s): "
        "lade den Block neu.",
        current=p["current"],
        expected=p["expected"],
    ),
    "precondition_required": lambda p: _(
        "Ein Spiel ändern oder löschen braucht If-Match mit dem ETag des Blatts (aus getSheet "
        "oder der letzten Eintragung): dann trifft eine Wiederholung kein zweites Spiel."
    ),
    "version_unknown": lambda p: _(
        "If-Match nennt keinen Stand dieses Blatts (ein schwaches W/-Tag passt nie): schick "
        "den ETag, wie er kam; der Header ETag nennt den aktuellen."
    ),
    "schema_too_new": lambda p: _(
        "Die Datenbank hat Version %(version)s, neuer als dieses Programm.",
        version=p["version"],
    ),
}
"""The words of the refusals of every game's entry, a sheet's rules and a sheet."""

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


LISTS: dict[str, Words] = {
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

WORDS: dict[str, Words] = {}
"""Every refusal's words, by code: the framework's tables and each registered plug-in's."""

GAMES: Mapping[str, Mapping[str, Words]] = Parts("words", "WORDS")
"""Each registered game's table of its refusals' words (its folder's `words.WORDS`)."""


def register(table: Mapping[str, Words]) -> None:
    """Add a table of words: refuse a code that has words in another table (one place)."""
    for code, words in table.items():
        if WORDS.setdefault(code, words) is not words:
            raise ValueError(f"refusal {code!r} has words in two tables")


register(STEPS)
register(ENTRIES)
register(LISTS)


def player_message(error: Refusal) -> str:
    """Return the refusal as a sentence in the locale's language (a game's named by number);
    a code no table words is shown as the code and its params."""
    cause = error.error if isinstance(error, GameError) else error
    words = WORDS.get(cause.code)
    reason = words(cause.params) if words else str(cause)
    if isinstance(error, GameError):
        return _("Spiel %(number)s: %(reason)s", number=error.number, reason=reason)
    return reason


def english(error: Refusal) -> str:
    """Return the refusal in English, whatever the request's language (the API's `message`)."""
    with force_locale("en"):
        return player_message(error)
