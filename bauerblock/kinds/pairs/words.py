"""A Paarturnier's pair's outlook in words: what its table's pad and its players' phones
say comes next, and what its knock-out match decides (docs/rules.md section 5,
"A pair's phone"), and the stories its tables' pads tell (`match_stories`)."""

from __future__ import annotations

from flask_babel import gettext as _

from bauerblock.exports.stages import reached_names, stage_names
from bauerblock.kinds.pairs import engine
from bauerblock.kinds.pairs.store import StoredPairs
from bauerblock.scoresheet.story import PairStory


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
    """Return a pair's outlook in words and what its match decides (`PageKind.tells`)."""
    return story(told), stakes(told)


def stakes(told: engine.Outlook) -> tuple[str, str] | None:
    """Return what a pair's knock-out match decides, in words: ("Sieg: Finale",
    "Niederlage: Spiel um Platz 3"); None while it has no such match to play."""
    if told.stakes is None:
        return None
    return (
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


def match_stories(stored: StoredPairs, draw: int, table: int) -> list[PairStory]:
    """Return the stories of the two pairs at table `table` of draw `draw` (none: no such
    match)."""
    draws = stored.tournament.draws
    made = draws[draw - 1] if draw <= len(draws) else None
    match = next((m for m in (made.matches if made else ()) if m.table == table), None)
    if match is None:
        return []
    outlooks = {told.pair: told for told in engine.outlooks(stored.tournament, stored.results)}
    names = {pair.number: " / ".join(pair.names) for pair in stored.tournament.pairs}
    return [PairStory(pair, names[pair], story(outlooks[pair])) for pair in match.pairs]
