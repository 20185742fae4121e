"""The engine's and the store's refusals in the reader's language, by their code.

Every refusal carries a stable code and its parameters (engine.errors.Refusal). The pages
say it in German from GERMAN, keyed by code (German msgids through flask-babel's gettext,
their English in the catalogue's messages.po); a code with no entry is shown in the
engine's English words. In English the engine's own words stand (they are English and say
more), except for EVERY_LOCALE, whose words the page rewrites in any language.
"""

from __future__ import annotations

from collections.abc import Callable

from flask_babel import get_locale
from flask_babel import gettext as _

from bauerblock.engine.errors import GameError, Refusal
from bauerblock.exports.stages import knockout_match
from bauerblock.web.refusals.entries import ENTRIES
from bauerblock.web.refusals.lists import LISTS
from bauerblock.web.refusals.params import Params
from bauerblock.web.refusals.series import SERIES

GERMAN: dict[str, Callable[[Params], str]] = {
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
    "melds_too_many": lambda p: _("Ein Spiel hat höchstens einen 40er und drei 20er."),
    "meld_after_round_won": lambda p: _(
        "Team %(team)s hat die Runde schon mit einer Meldung gewonnen; "
        "danach wird nichts mehr gemeldet.",
        team=p["team"],
    ),
    "table_finished": lambda p: _(
        "Tisch fertig: %(n)s Runden gespielt. Ändere oder lösche ein Spiel, um weiterzuspielen.",
        n=p["rounds"],
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
    "too_many_players": lambda p: _("Ein Turnier hat höchstens %(n)s Spieler.", n=p["most"]),
    "player_name_blank": lambda p: _("Gib einen Namen ein."),
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
        "weiterkommen."
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
    "pairs_stage_running": lambda p: _running(p),
    "pairs_winner_needed": lambda p: _(
        "%(match)s ist schon ausgelost: die Spiele davor brauchen ihre Sieger – ändere dort "
        "ein Spiel, statt es zu löschen.",
        match=knockout_match(p["stage"], p["table"], third_place=p["third_place"]),
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
    "roster_name_twice": lambda p: _("%(name)s steht zweimal in der Liste.", name=p["name"]),
    "group_name_blank": lambda p: _("Wie heißt euer Stammtisch?"),
    # Names and titles of every kind (engine.names).
    "text_too_long": lambda p: _("Höchstens %(n)s Zeichen.", n=p["limit"]),
}
"""The German words of every refusal a page can show, by code."""


def _running(p: Params) -> str:
    """Say which knock-out matches already have games: "Halbfinale 1 läuft schon – …"."""
    matches = [
        knockout_match(p["stage"], table, third_place=table == p["third_place_table"])
        for table in p["tables"]
    ]
    if len(matches) == 1:
        return _("%(match)s läuft schon – erst dort die Spiele löschen.", match=matches[0])
    return _(
        "%(matches)s laufen schon – erst dort die Spiele löschen.",
        matches=_("%(some)s und %(last)s", some=", ".join(matches[:-1]), last=matches[-1]),
    )


# Refusals that say the same in German: the draw's own check and the tournament's, ending
# and redoing a draw, a blank name wherever it is typed.
GERMAN |= ENTRIES | LISTS | SERIES
GERMAN["draw_too_few"] = GERMAN["too_few_players"]
GERMAN["end_not_latest"] = GERMAN["redo_not_latest"]
GERMAN["roster_name_blank"] = GERMAN["seat_name_blank"] = GERMAN["player_name_blank"]

EVERY_LOCALE: dict[str, Callable[[Params], str]] = {
    # The engine's words name seats by number ("seat 0 and seat 2"): no page says that.
    "evening_ended": lambda p: _(
        "Der Abend ist mit Spiel %(n)s zu Ende: dort wurde das Limit erreicht. "
        "Ändere oder lösche ein Spiel, um weiterzuspielen.",
        n=p["ended_at"],
    ),
}
"""The refusals the pages rewrite in every language, by code."""

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


def player_message(error: Refusal) -> str:
    """Return the refusal as a sentence in the page's language (a game's named by number)."""
    cause = error.error if isinstance(error, GameError) else error
    catalogue = GERMAN if str(get_locale()) == "de" else {}
    words = EVERY_LOCALE.get(cause.code) or catalogue.get(cause.code)
    reason = words(cause.params) if words else str(cause)
    if isinstance(error, GameError):
        return _("Spiel %(number)s: %(reason)s", number=error.number, reason=reason)
    return reason


def field_of(error: Refusal, submitted: str) -> str:
    """Return the form field a refusal belongs beside: the melds, or what was submitted."""
    return "melds" if error.code in MELDS else submitted
