"""What comes next for each pair of a tournament's table, in words (docs/rules.md
section 5, "A pair's phone").

Told on the pad once the table's match is over: the next group round or its bye, "Gruppe
beendet – K.-o.-Runde folgt", the next knock-out round, out in which stage and on which
final place, the tournament's winner. Only a kind whose tables seat pairs tells it (its
teller in `TELLERS`, which the kind registers); a Preisbauer's table has no story.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlite_utils import Database

from bauerblock import store
from bauerblock.store import tournaments
from bauerblock.store.sheets import SheetHead


@dataclass(frozen=True)
class PairStory:
    """A pair of a table's match, its label ("Bernd / Uwe") and its story in words."""

    pair: int
    names: str
    words: str


Teller = Callable[[Database, SheetHead], list[PairStory]]
"""A kind's stories of the pairs at a table's sheet (its place, its tournament's format and
seats read with its head): the teller reads what its stories need of the tournament."""


def pair_stories(sheet: store.SheetHead) -> list[PairStory]:
    """Return each pair of the sheet's match with its story, in its seat's order (none for a
    sheet of no tournament whose kind tells stories, or a table no longer in it)."""
    place, hosted = sheet.tournament, sheet.hosted
    if not place or hosted is None:
        return []
    # The head knows the kind (its format): a kind that tells no story reads nothing.
    tell = TELLERS.get(tournaments.kind_of(hosted.format).kind)
    return [] if tell is None else tell(store.get_db(), sheet)


TELLERS: dict[str, Teller] = {}
"""The kinds of tournament whose tables' pads tell each pair what comes next, by name (each
registered by its kind, `bauerblock.kinds`)."""
