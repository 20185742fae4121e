"""The words of the refusals of a game's entry, a sheet's rules and a sheet, by code: German,
their English in the catalogue."""

from __future__ import annotations

from collections.abc import Callable

from flask_babel import gettext as _

from bauerblock.web.refusals.params import Params

ENTRIES: dict[str, Callable[[Params], str]] = {
    # The entry of every game (engine.bauerchen, engine.bauerschspiel, engine.bolachen).
    "entry_not_object": lambda p: _("Ein Spiel wird als Objekt eingetragen."),
    "entry_field_unknown": lambda p: _("Unbekanntes Feld „%(field)s“ im Spiel.", field=p["field"]),
    "team_unknown": lambda p: _(
        "%(field)s ist Team „A“ oder „B“, nicht %(value)s.",
        field=p["field"],
        value=repr(p["value"]),
    ),
    # Bauerchen's entry.
    "band_unknown": lambda p: _("Die Stufe ist „frei“, „schneider“ oder „schwarz“."),
    "card_points_sum": lambda p: _(
        "Die Augen ergeben zusammen %(total)s: %(a)s + %(b)s = %(sum)s.",
        total=p["total"],
        a=p["a"],
        b=p["b"],
        sum=p["sum"],
    ),
    "card_points_teams": lambda p: _("Gib die Augen von Team A, von Team B oder von beiden an."),
    "home_missing": lambda p: _("Sag, welches Team Haus gespielt hat („A“ oder „B“)."),
    "meld_fields": lambda p: _("Jede Meldung nennt ein Team und ihre Art („20“ oder „40“)."),
    "meld_kind_unknown": lambda p: _(
        "Eine Meldung ist ein 20er oder ein 40er, nicht %(kind)s.", kind=repr(p["kind"])
    ),
    "melds_not_list": lambda p: _("Die Meldungen sind eine Liste aus Team und Art."),
    "play_not_one": lambda p: _("Gib genau eins an: Augen, Ergebnis oder Kart'ab."),
    "result_fields": lambda p: _("Ein Ergebnis nennt den Sieger („A“ oder „B“) und die Stufe."),
    "round_score_range": lambda p: _(
        "Ein Rundenstand geht von 0 bis %(most)s; Team %(team)s hat %(score)s.",
        most=p["most"],
        team=p["team"],
        score=p["score"],
    ),
    "solo_fields": lambda p: _(
        "Ein Kart'ab nennt das Team des Spielers und ob er gewonnen ist (und darf seinen "
        "Platz nennen)."
    ),
    "solo_player_seat": lambda p: _(
        "Der Kart'ab-Spieler sitzt in Team %(team)s: Platz %(first)s oder %(second)s, "
        "nicht %(player)s.",
        team=p["team"],
        first=p["first"],
        second=p["second"],
        player=repr(p["player"]),
    ),
    "solo_won_not_bool": lambda p: _("Ob der Kart'ab gewonnen ist, heißt ja oder nein."),
    "spritz_range": lambda p: _(
        "Spritz zählt die Verdopplungen: eine ganze Zahl von 0 bis %(most)s.", most=p["most"]
    ),
    # Bauerschspiel's entry.
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
    # Bolachen's entry.
    "bid_unknown": lambda p: _(
        "%(contract)s mit Trumpf %(trump)s ist kein Bolachen-Spiel.",
        contract=repr(p["contract"]),
        trump=repr(p["trump"]),
    ),
    "bolachen_field_unknown": lambda p: _(
        "Unbekanntes Feld „%(field)s“ im Bolachen-Spiel.", field=p["field"]
    ),
    "contract_unknown": lambda p: _(
        "Das Spiel ist „brand“, „bettel“ oder „mord“, nicht %(contract)s.",
        contract=repr(p["contract"]),
    ),
    "declarer_seat": lambda p: _(
        "Der Spieler ist der Platz, der gespielt hat: 0, 1 oder 2, nicht %(declarer)s.",
        declarer=repr(p["declarer"]),
    ),
    "tricks_or_won": lambda p: _(
        "Gib genau eins an: die Stiche des Spielers (0 bis 10) oder ob er gewonnen hat."
    ),
    "tricks_range": lambda p: _(
        "Der Spieler hat 0 bis %(most)s Stiche, nicht %(tricks)s.",
        most=p["most"],
        tricks=repr(p["tricks"]),
    ),
    "trump_missing": lambda p: _(
        "Ein Brand braucht seinen Trumpf: Herz, Schellen, Gras oder Eichel."
    ),
    "trump_not_allowed": lambda p: _(
        "Ein %(contract)s wird ohne Trumpf gespielt.", contract=p["contract"]
    ),
    "trump_unknown": lambda p: _(
        "Trumpf ist Herz, Schellen, Gras oder Eichel, nicht %(trump)s.", trump=repr(p["trump"])
    ),
    "won_not_bool": lambda p: _("Ob das Spiel gewonnen ist, heißt ja oder nein."),
    # A sheet's game and rules (engine.games, engine.options, the games' rules).
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
    "knoddels_per_stein_range": lambda p: _(
        "Knoddel je Stein: zwischen %(low)s und %(high)s.", low=p["low"], high=p["high"]
    ),
    "last_trick_bonus_choice": lambda p: _(
        "Der letzte Stich zählt 10 (Lautern) oder 0 (ohne Letzten)."
    ),
    "limit_range": lambda p: _("Das Limit geht von 0 (keins) bis %(most)s.", most=p["most"]),
    "mord_pays_five_soft": lambda p: _(
        "„Mord zahlt fünf“ gilt nur beim harten Zählen: gib auch einen Tarif an."
    ),
    "round_limit_range": lambda p: _(
        "Die Rundenzahl geht von 0 (ohne Grenze) bis %(most)s Runden.", most=p["most"]
    ),
    "rounds_to_win_bounds": lambda p: _(
        "Gewinnrunden: von 0 (keine) bis %(high)s Runden.", high=p["high"]
    ),
    "schneider_free_at_range": lambda p: _(
        "Schneiderfrei liegt zwischen %(low)s und %(high)s, wenn ein Spiel %(total)s Augen hat.",
        low=p["low"],
        high=p["high"],
        total=p["total"],
    ),
    "strokes_range": lambda p: _("Die Tafel beginnt bei 1 bis %(most)s Strichen.", most=p["most"]),
    "target_range": lambda p: _(
        "Das Ziel liegt zwischen %(low)s und %(high)s Spielpunkten.", low=p["low"], high=p["high"]
    ),
    "tariff_range": lambda p: _(
        "Der Tarif ist Cent je Einheit beim harten Zählen: von 1 bis %(most)s, oder leer "
        "beim weichen.",
        most=p["most"],
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
"""The words of the refusals of a game's entry, a sheet's rules and a sheet."""
