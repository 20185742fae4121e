"""Every refusal's words, by its code: German, their English in the catalogue.

Every refusal carries a stable code and its parameters (engine.errors.Refusal); its words
stand once, in the table of the code's owner: STEPS here (a sheet's games, a tournament's
steps, the store's bounds, a group's roster), ENTRIES (a game's entry, a sheet's rules and
a sheet), LISTS (the tournaments' and the groups' lists), and each plug-in's own (the
series': bauerblock/series/words.py), which the app registers once. A table's entry says
the words in German through flask-babel's gettext; the catalogue (translations/en) holds
their English, which the API answers as its `message` and the English pages show.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from flask_babel import force_locale, get_locale, ngettext
from flask_babel import gettext as _

from bauerblock.engine.errors import GameError, Refusal
from bauerblock.exports.stages import knockout_match
from bauerblock.web.refusals.entries import ENTRIES
from bauerblock.web.refusals.lists import LISTS
from bauerblock.web.refusals.params import Params

Words = Callable[[Params], str]
"""A refusal's words: its German through gettext, filled from its params."""

STEPS: dict[str, Words] = {
    # A game of a sheet (engine.bauerchen, engine.bolachen), as the pad enters it.
    "meld_past_target": lambda p: _(
        "Team %(team)s käme mit diesem %(kind)ser auf %(reached)s; die Runde endet bei %(target)s.",
        team=p["team"],
        reached=p["reached"],
        kind=p["kind"],
        target=p["target"],
    ),
    "card_points_impossible": lambda p: _(
        "Team %(team)s kann nicht %(points)s Augen haben: eine Partei hat 0 Augen, alle "
        "%(total)s oder mindestens 8 und höchstens %(most)s, und nur Summen, die Stiche "
        "ergeben können.",
        team=p["team"],
        points=repr(p["points"]),
        most=p["most"],
        total=p["total"],
    ),
    "solo_in_decider": lambda p: _("Kein Kart'ab im Gehampelter: ihr spielt „Ledig“."),
    "solo_alone": lambda p: _("Ein Kart'ab zählt allein: ohne Melden und ohne Spritz."),
    "melds_too_many": lambda p: _(
        "Ein Spiel hat höchstens einen 40er und drei 20er.", most=p["most"], kind=p["kind"]
    ),
    "meld_after_round_won": lambda p: _(
        "Team %(team)s hat die Runde schon mit einer Meldung gewonnen; "
        "danach wird nichts mehr gemeldet.",
        team=p["team"],
    ),
    "table_finished": lambda p: _(
        "Tisch fertig: %(n)s Runden gespielt. Ändere oder lösche ein Spiel, um weiterzuspielen.",
        n=p["rounds"],
    ),
    "evening_ended": lambda p: _(
        "Der Abend ist mit Spiel %(n)s zu Ende: dort wurde das Limit von %(limit)s erreicht. "
        "Ändere oder lösche ein Spiel, um weiterzuspielen.",
        n=p["ended_at"],
        limit=p["limit"],
    ),
    "table_won": lambda p: _(
        "Tisch fertig: %(a)s:%(b)s Runden. Ändere oder lösche ein Spiel, um weiterzuspielen.",
        a=p["a"],
        b=p["b"],
    ),
    # A tournament's steps (engine.tournament, store.tournaments).
    "draws_done": lambda p: _("Alle %(n)s geplanten Auslosungen sind gelost.", n=p["n"]),
    "draw_still_playing": lambda p: _(
        "Auslosung %(n)s läuft noch: warte, bis jeder Tisch fertig ist, oder beende die Auslosung.",
        n=p["n"],
    ),
    "too_few_players": lambda p: _(
        "Eine Auslosung braucht mindestens %(min)s Spieler; angemeldet sind %(n)s.",
        min=p["least"],
        n=p["n"],
    ),
    "draw_has_games": lambda p: _(
        "Auslosung %(n)s lässt sich nicht mehr neu losen: ein Tisch hat schon eingetragen.",
        n=p["n"],
    ),
    "redo_not_latest": lambda p: _("Das geht nur mit der letzten Auslosung (%(n)s).", n=p["n"]),
    "draw_too_few": lambda p: _(
        "Eine Auslosung braucht mindestens %(min)s aktive Spieler, nicht %(n)s.",
        min=p["least"],
        n=p["n"],
    ),
    "end_not_latest": lambda p: _("Beenden geht nur mit der letzten Auslosung (%(n)s).", n=p["n"]),
    "too_many_players": lambda p: _("Ein Turnier hat höchstens %(n)s Spieler.", n=p["most"]),
    "player_name_blank": lambda p: _("Der Name eines Spielers darf nicht leer sein."),
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
    # A Paarturnier's (kinds.pairs.engine, kinds.pairs.store).
    "pair_name_duplicate": lambda p: _(
        "„%(name)s“ steht zweimal in der Liste (Paar %(first)s und Paar %(second)s).",
        name=p["name"],
        first=p["first"],
        second=p["second"],
    ),
    "pair_names_same": lambda p: _("Paar %(n)s hat zweimal denselben Namen.", n=p["number"]),
    "pairs_count": lambda p: _(
        "Ein Paarturnier hat %(low)s bis %(high)s Paare, nicht %(n)s.",
        low=p["low"],
        high=p["high"],
        n=p["count"],
    ),
    "pairs_knockout_too_small": lambda p: _(
        "So gibt es keine K.-o.-Runde: spielt in mehr Gruppen oder lasst zwei je Gruppe "
        "weiterkommen.",
        count=p["count"],
    ),
    "pairs_fixed": lambda p: _(
        "Die Paare eines Paarturniers stehen fest: niemand meldet sich nach."
    ),
    "pairs_match_undecided": lambda p: _(
        "Das Spiel an Tisch %(table)s (Auslosung %(n)s) hat keinen Sieger: im K.-o. "
        "braucht es einen, also trägt die Turnierleitung es zu Ende ein.",
        table=p["table"],
        n=p["number"],
    ),
    "pairs_stage_running": lambda p: ngettext(
        "%(matches)s läuft schon – erst dort die Spiele löschen.",
        "%(matches)s laufen schon – erst dort die Spiele löschen.",
        len(p["tables"]),
        matches=_knockouts(p),
    ),
    "pairs_winner_needed": lambda p: _(
        "%(match)s ist schon ausgelost: die Spiele davor brauchen ihre Sieger – ändere dort "
        "ein Spiel, statt es zu löschen.",
        match=_knockout(p),
    ),
    "pairs_bracket_moved": lambda p: _(
        "Ein K.-o.-Tisch ist anders besetzt, als die Spiele davor es sagen: korrigiere "
        "erst diese Spiele."
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
"""The words of a sheet's games, a tournament's steps, the store's bounds and a group's
roster, by code."""


def _knockout(p: Params) -> str:
    """Name the knock-out match a refusal is about: in German by its stage ("Finale"), in
    English as the engine's params name it ("The final", the API's words since v1)."""
    if str(get_locale()) != "de":
        return str(p["match"])
    return knockout_match(p["stage"], p["table"], third_place=p["third_place"])


def _knockouts(p: Params) -> str:
    """Name the knock-out matches that already have games, as _knockout names one."""
    if str(get_locale()) != "de":
        return str(p["matches"])
    matches = [
        knockout_match(p["stage"], table, third_place=table == p["third_place_table"])
        for table in p["tables"]
    ]
    if len(matches) == 1:
        return matches[0]
    return _("%(some)s und %(last)s", some=", ".join(matches[:-1]), last=matches[-1])


MELDS = frozenset(
    {
        "meld_past_target",
        "melds_too_many",
        "meld_after_round_won",
        "solo_alone",
        "melds_not_list",
        "meld_fields",
        "meld_kind_unknown",
    }
)
"""The refusals that belong beside the melds (a Kart'ab with melds set too, among them)."""

WORDS: dict[str, Words] = {}
"""Every refusal's words, by code: the framework's tables and each registered plug-in's."""


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


def field_of(error: Refusal, submitted: str) -> str:
    """Return the form field a refusal belongs beside: the melds, or what was submitted."""
    return "melds" if error.code in MELDS else submitted
