"""The engine's refusals in the reader's language.

The engine words its errors in English for every client. The pages show the common ones in
German by matching their wording; anything not matched is shown as the engine said it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from flask_babel import get_locale
from flask_babel import gettext as _

from bauerblock.engine.errors import GameError, RuleError

Rewrite = Callable[[re.Match[str]], str]

_GERMAN: tuple[tuple[re.Pattern[str], Rewrite], ...] = (
    (
        re.compile(r"(A|B) would reach (\d+) with this (20|40); the round ends at (\d+)\."),
        lambda m: _(
            "Team %(team)s käme mit diesem %(kind)ser auf %(reached)s; "
            "die Runde endet bei %(target)s.",
            team=m[1],
            reached=m[2],
            kind=m[3],
            target=m[4],
        ),
    ),
    (
        re.compile(r"Team (A|B) cannot have taken (\S+) card points"),
        lambda m: _(
            "Team %(team)s kann nicht %(points)s Augen haben: eine Partei hat 0 oder "
            "mindestens 8 Augen, und nur Summen, die Stiche ergeben können.",
            team=m[1],
            points=m[2],
        ),
    ),
    (
        re.compile(r"No Kart'ab in a Gehampelter"),
        lambda m: _("Kein Kart'ab im Gehampelter: ihr spielt „Ledig“."),
    ),
    (
        re.compile(r"A Kart'ab scores alone"),
        lambda m: _("Ein Kart'ab zählt allein: ohne Melden und ohne Spritz."),
    ),
    (
        re.compile(r"A game has at most"),
        lambda m: _("Ein Spiel hat höchstens einen 40er und drei 20er."),
    ),
    (
        re.compile(r"Table finished: (\d+) rounds played"),
        lambda m: _(
            "Tisch fertig: %(n)s Runden gespielt. Ändere oder lösche ein Spiel, "
            "um weiterzuspielen.",
            n=m[1],
        ),
    ),
    (
        re.compile(r"Table finished: (\d+):(\d+) rounds\."),
        lambda m: _(
            "Tisch fertig: %(a)s:%(b)s Runden. Ändere oder lösche ein Spiel, um weiterzuspielen.",
            a=m[1],
            b=m[2],
        ),
    ),
    (
        re.compile(r"(A|B) already won the round with a meld"),
        lambda m: _(
            "Team %(team)s hat die Runde schon mit einer Meldung gewonnen; "
            "danach wird nichts mehr gemeldet.",
            team=m[1],
        ),
    ),
    # A tournament's refusals (engine.tournament, store.tournaments) and its tables' pads.
    (
        re.compile(r"All (\d+) planned draws have been drawn"),
        lambda m: _("Alle %(n)s geplanten Auslosungen sind gelost.", n=m[1]),
    ),
    (
        re.compile(r"Draw (\d+) is still being played"),
        lambda m: _(
            "Auslosung %(n)s läuft noch: warte, bis jeder Tisch fertig ist, "
            "oder beende die Auslosung.",
            n=m[1],
        ),
    ),
    (
        re.compile(r"A draw needs at least (\d+) active players; there are (\d+)"),
        lambda m: _(
            "Eine Auslosung braucht mindestens %(min)s Spieler; angemeldet sind %(n)s.",
            min=m[1],
            n=m[2],
        ),
    ),
    (
        re.compile(r"Draw (\d+) cannot be redone: a table has recorded a game"),
        lambda m: _(
            "Auslosung %(n)s lässt sich nicht mehr neu losen: ein Tisch hat schon eingetragen.",
            n=m[1],
        ),
    ),
    (
        re.compile(r"Only the latest draw \((\d+)\) can be"),
        lambda m: _("Das geht nur mit der letzten Auslosung (%(n)s).", n=m[1]),
    ),
    (
        re.compile(r"A tournament takes at most (\d+) players"),
        lambda m: _("Ein Turnier hat höchstens %(n)s Spieler.", n=m[1]),
    ),
    # A Paarturnier's (engine.tournament.pairs).
    (
        re.compile(r"The name '(.+)' is given twice \(pair (\d+) and pair (\d+)\)"),
        lambda m: _(
            "„%(name)s“ steht zweimal in der Liste (Paar %(first)s und Paar %(second)s).",
            name=m[1],
            first=m[2],
            second=m[3],
        ),
    ),
    (
        re.compile(r"The two names of pair (\d+) are the same"),
        lambda m: _("Paar %(n)s hat zweimal denselben Namen.", n=m[1]),
    ),
    (
        re.compile(r"A pair tournament has (\d+) to (\d+) pairs, not (\d+)"),
        lambda m: _(
            "Ein Paarturnier hat %(low)s bis %(high)s Paare, nicht %(n)s.",
            low=m[1],
            high=m[2],
            n=m[3],
        ),
    ),
    (
        re.compile(r"The knock-out needs at least 2 pairs going on"),
        lambda m: _(
            "So gibt es keine K.-o.-Runde: spielt in mehr Gruppen oder lasst zwei je Gruppe "
            "weiterkommen."
        ),
    ),
    (
        re.compile(r"pairs are registered when it is created"),
        lambda m: _("Die Paare eines Paarturniers stehen fest: niemand meldet sich nach."),
    ),
    (
        re.compile(r"^The tournament is finished\."),
        lambda m: _("Das Turnier ist zu Ende."),
    ),
    (
        re.compile(r"The match at table (\d+) of draw (\d+) has no winner"),
        lambda m: _(
            "Das Spiel an Tisch %(table)s (Auslosung %(n)s) hat keinen Sieger: im K.-o. "
            "braucht es einen, also trägt die Turnierleitung es zu Ende ein.",
            table=m[1],
            n=m[2],
        ),
    ),
    (
        re.compile(r"Draw (\d+) is closed – corrections are made by the organiser"),
        lambda m: _(
            "Auslosung %(n)s ist abgeschlossen – Korrekturen macht die Turnierleitung.", n=m[1]
        ),
    ),
    (
        re.compile(r"The tournament is finished: only the organiser's corrections remain"),
        lambda m: _("Das Turnier ist zu Ende (Endstand): nur noch Korrekturen sind möglich."),
    ),
    (
        re.compile(r"(.+) is already registered \(player (\d+)\)"),
        lambda m: _(
            "„%(name)s“ ist schon angemeldet (Nr. %(number)s): zwei Gleichnamige "
            "unterscheidet ein Zusatz wie „jun.“ oder eine Initiale.",
            name=m[1],
            number=m[2],
        ),
    ),
)


# Rewritten in every language: the engine's words name seats by number and cents as such.
_EVERY_LOCALE: tuple[tuple[re.Pattern[str], Rewrite], ...] = (
    (
        re.compile(r"the evening ended at game (\d+): .* reached the limit"),
        lambda m: _(
            "Der Abend ist mit Spiel %(n)s zu Ende: dort wurde das Limit erreicht. "
            "Ändere oder lösche ein Spiel, um weiterzuspielen.",
            n=m[1],
        ),
    ),
)


_MELD_WORDS = ("meld", "would reach", "A game has at most", "Kart'ab scores alone")
"""Words of the refusals that belong beside the melds (a Kart'ab with melds set too)."""


def player_message(error: Exception) -> str:
    """Return the refusal as a sentence in the page's language."""
    reason = error.reason if isinstance(error, GameError) else str(error)
    rewrites = _EVERY_LOCALE + (_GERMAN if str(get_locale()) == "de" else ())
    for pattern, rewrite in rewrites:
        match = pattern.search(reason)
        if match:
            reason = rewrite(match)
            break
    if isinstance(error, GameError):
        return _("Spiel %(number)s: %(reason)s", number=error.number, reason=reason)
    return reason


def field_of(error: RuleError, submitted: str) -> str:
    """Return the form field a refusal belongs beside: the melds, or what was submitted."""
    text = str(error)
    if any(
        word in text
        for word in ("meld", "would reach", "A game has at most", "Kart'ab scores alone")
    ):
        return "melds"
    return submitted
