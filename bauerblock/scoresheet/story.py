"""What comes next for each pair of a Paarturnier's table, in words (docs/rules.md
section 5, "A pair's phone").

Told on the pad once the table's match is over: the next group round or its bye, "Gruppe
beendet – K.-o.-Runde folgt", the next knock-out round, out in which stage and on which
final place, the tournament's winner. A Preisbauer's table has no pairs and no story.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from bauerblock import store
from bauerblock.engine.tournament import pairs as engine
from bauerblock.exports.common import PUBLIC_NAMES
from bauerblock.store import tournaments
from bauerblock.web.stories import story


@dataclass(frozen=True)
class PairStory:
    """A pair of a table's match, its label ("Bernd / Uwe") and its story in words."""

    pair: int
    names: str
    words: str


class PairsState(Protocol):
    """A stored tournament of pairs: its engine's view and its matches' results."""

    @property
    def tournament(self) -> engine.PairsTournament: ...
    @property
    def results(self) -> engine.Results: ...


def pair_stories(sheet: store.SheetHead) -> list[PairStory]:
    """Return each pair of the sheet's match with its story, in its seat's order (none for a
    sheet of no tournament whose kind tells stories, or a table no longer in it)."""
    place = sheet.tournament
    if not place:
        return []
    stored = tournaments.load_tournament(store.get_db(), place["id"], PUBLIC_NAMES)
    tell = None if stored is None else TELLERS.get(stored.kind)
    return [] if tell is None else tell(stored, place["draw"], place["table"])


def match_stories(stored: PairsState, draw: int, table: int) -> list[PairStory]:
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


TELLERS: dict[str, Callable[[Any, int, int], list[PairStory]]] = {engine.KIND: match_stories}
"""The kinds of tournament whose tables' pads tell each pair what comes next, by name."""
