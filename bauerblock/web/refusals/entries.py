"""The words of the refusals of every game's entry, a sheet's rules and a sheet, by code:
German, their English in the catalogue (a game's own refusals: its folder's `words.py`)."""

from __future__ import annotations

from collections.abc import Callable

from flask_babel import gettext as _

from bauerblock.web.refusals.params import Params

ENTRIES: dict[str, Callable[[Params], str]] = {
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
