"""A Paarturnier's pair's outlook in words: what its table's pad and its players' phones
say comes next, and what its knock-out match decides (docs/rules.md section 5,
"A pair's phone"), the stories its tables' pads tell (`match_stories`), and its refusals'
words by code (`WORDS`, which its `Kind` registers)."""

from __future__ import annotations

from flask_babel import get_locale, ngettext
from flask_babel import gettext as _
from sqlite_utils import Database

from bauerblock.exports.common import stand_in
from bauerblock.kinds.pairs import engine
from bauerblock.kinds.pairs.stages import knockout_match, reached_names, stage_names
from bauerblock.kinds.pairs.store import judged
from bauerblock.scoresheet.story import PairStory
from bauerblock.store.sheets import SheetHead
from bauerblock.store.tournaments.names import seated
from bauerblock.web.refusals import Params, Words


def story(told: engine.Outlook) -> str:
    """Return a pair's outlook in words."""
    stages = reached_names()
    if told.champion:
        return _("Turniersieger!")
    if told.out is engine.Stage.FINAL:
        return _("Finale verloren – Platz %(n)s", n=told.place)
    if told.out is engine.Stage.GROUP:
        return _("Ausgeschieden in der Gruppe – Endplatz %(n)s.", n=told.place)
    if told.out is not None:
        return _(
            "Ausgeschieden im %(stage)s – Endplatz %(n)s.", stage=stages[told.out], n=told.place
        )
    if told.playing is not None:
        return _("Spielt jetzt an Tisch %(n)s.", n=told.playing[1])
    if told.third_place:
        return _("Als Nächstes: Spiel um Platz 3.")
    if told.group_done:
        return _("Gruppe beendet – K.-o.-Runde folgt.")
    if told.next is engine.Stage.GROUP and told.bye:
        return _("Gruppenrunde %(n)s: Freilos.", n=told.group_round)
    if told.next is engine.Stage.GROUP:
        return _("Als Nächstes: Gruppenrunde %(n)s.", n=told.group_round)
    assert told.next is not None  # the engine names the next stage of a pair still in
    return _("Als Nächstes: %(stage)s.", stage=stages[told.next])


def tells(told: engine.Outlook) -> tuple[str, tuple[str, str] | None]:
    """Return a pair's outlook in words and what its knock-out match decides, in words:
    ("Sieg: Finale", "Niederlage: Spiel um Platz 3"); None while it has no such match to play
    (`PageKind.tells`)."""
    if told.stakes is None:
        return story(told), None
    return story(told), (
        _("Sieg: %(then)s", then=_prospect(told.stakes.won)),
        _("Niederlage: %(then)s", then=_prospect(told.stakes.lost)),
    )


def _prospect(then: engine.Prospect) -> str:
    """Return where a match leads, in words."""
    if then.place == 1:
        return _("Turniersieger")
    if then.place is not None:
        return _("Endplatz %(n)s", n=then.place)
    if then.third_place:
        return _("Spiel um Platz 3")
    if then.stage is not None:
        return stage_names()[then.stage]
    return _("ausgeschieden")


def match_stories(db: Database, sheet: SheetHead) -> list[PairStory]:
    """Return the stories of the two pairs at a table's sheet (none: no such match).

    What the engine judges them by is read once (`judged`: the pairs, the draws, the rounds
    closed); the pairs' names are the table's own seats, as its pad shows them."""
    place, hosted = sheet.tournament, sheet.hosted
    assert place is not None and hosted is not None  # the pad asks a table alone
    tournament, results = judged(db, place["id"], hosted.format)
    draws = tournament.draws
    made = draws[place["draw"] - 1] if place["draw"] <= len(draws) else None
    match = next((m for m in (made.matches if made else ()) if m.table == place["table"]), None)
    if match is None:
        return []
    # A pair sits twice, its first partner first; a hidden or forgotten name stands veiled.
    players = seated(sheet, stand_in).players
    return [
        PairStory(
            pair,
            " / ".join(name for at, name in zip(hosted.seats, players, strict=True) if at == pair),
            story(engine.outlook(tournament, results, pair)),
        )
        for pair in match.pairs
    ]


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


WORDS: dict[str, Words] = {
    # Its pairs (engine/model.py, store.py).
    "pairs_list": lambda p: _("Die Paare sind eine Liste, jedes Paar zwei Namen."),
    "pairs_not_players": lambda p: _(
        "Ein Paarturnier meldet Paare an (je zwei Namen), keine einzelnen Spieler."
    ),
    "pair_name_blank": lambda p: _("Ein Name von Paar %(n)s ist leer.", n=p["number"]),
    "pair_two_names": lambda p: _("Paar %(n)s besteht aus zwei Namen.", n=p["number"]),
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
    "pair_not_found": lambda p: _("Das Turnier hat kein Paar %(n)s.", n=p["number"]),
    "pairs_fixed": lambda p: _(
        "Die Paare eines Paarturniers stehen fest: niemand meldet sich nach."
    ),
    # Its format and its groups (engine/format.py, engine/groups.py, engine/bracket.py).
    "pairs_format_kind": lambda p: _(
        "Das Format eines Paarturniers hat die Art „%(kind)s“.", kind=p["kind"]
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
    "pairs_group_twice": lambda p: _("Ein Paar wird nur in eine Gruppe gelost."),
    "pairs_too_few_for_groups": lambda p: _(
        "Gruppen brauchen mindestens %(low)s Paare, nicht %(count)s.",
        low=p["low"],
        count=p["count"],
    ),
    "pairs_knockout_too_small": lambda p: _(
        "So gibt es keine K.-o.-Runde: spielt in mehr Gruppen oder lasst zwei je Gruppe "
        "weiterkommen.",
        count=p["count"],
    ),
    # Its steps (engine/progress.py, engine/seating.py).
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
}
"""The words of the Paarturnier's refusals, by code."""
