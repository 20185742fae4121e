"""What a write of one game answers, and what its key keeps for a retry.

A game recorded (`Recorded`) or amended or deleted (`Changed`): the game as replayed, the
sheet after it as JSON (`exports.sheets.document`) and its head. A retry with the write's
key answers the first result from what was kept (`kept`), made whole again with what the
sheet never changes (`FIXED`).
"""

from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from bauerblock.exports.sheets import document
from bauerblock.store.common import entity_tag
from bauerblock.store.sheets import SheetHead
from bauerblock.store.sheets.state import page

CHANGED_PAGE = 10
"""An amendment's or a deletion's answer lists at most this many games from the changed
one on; the rest is a read of the sheet (`games_from`) away."""


@dataclass(frozen=True)
class Recorded:
    """A game just recorded: the game as replayed, and the sheet after it as JSON.

    `sheet` is `exports.sheets.document` with that game alone (`games_from` its number) and the
    rounds it closed; `head` is the sheet's head after the write (for a retry: as it is now).
    """

    number: int
    game: dict[str, Any]
    sheet: dict[str, Any]
    head: SheetHead
    replayed: bool

    @property
    def etag(self) -> str:
        """The sheet's entity tag (unquoted) as the write left it."""
        return entity_tag(self.head.id, self.sheet["version"])

    @property
    def closed(self) -> tuple[dict[str, Any], ...]:
        """The rounds (or boards) the game closed."""
        return tuple(self.sheet.get("rounds", ()))

    @property
    def scored(self) -> int:
        """How many games the write scored: the one recorded (none on a retry)."""
        return 0 if self.replayed else 1

    def kept(self) -> dict[str, Any]:
        """What a retry with the key needs (`recorded_again`): the sheet's JSON without what
        the sheet keeps itself; the game is its first."""
        return {"number": self.number, "sheet": _slim(self.sheet)}


@dataclass(frozen=True)
class Changed:
    """A game amended or deleted: the game now at its number and a page of what it changed.

    `sheet` is `exports.sheets.document` with the games from `number` on, at most CHANGED_PAGE of
    them, and the rounds they closed; `more` is the first game past the page (None: the
    page ends with the last game). `game` is the game now at `number` (None: the last game
    was deleted). `head` as `Recorded`'s.
    """

    number: int
    game: dict[str, Any] | None
    sheet: dict[str, Any]
    more: int | None
    head: SheetHead
    replayed: bool
    scored: int = 0
    """How many games the change scored and stored anew (none on a retry)."""

    @property
    def etag(self) -> str:
        """The sheet's entity tag (unquoted) as the write left it."""
        return entity_tag(self.head.id, self.sheet["version"])

    def kept(self) -> dict[str, Any]:
        """What a retry with the key needs (`changed_again`): as `Recorded.kept`, and the
        page's end."""
        return {"number": self.number, "sheet": _slim(self.sheet), "more": self.more}


FIXED = ("id", "game", "title", "created", "first_dealer")
"""What a sheet's JSON (exports.sheets.document) shows of the sheet that never changes: a
kept result leaves it out, a retry takes it from the sheet. The rest (version, players, the
games, the standing, the tournament's place) may change after the write: it is kept, the
only copy there is of the answer as it was."""


def _slim(document: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in document.items() if name not in FIXED}


def _whole(head: SheetHead, slim: dict[str, Any]) -> dict[str, Any]:
    """Return the sheet's JSON `_slim` left, whole again (the keys in any order: a face
    serialises JSON with its keys sorted)."""
    return {**{name: getattr(head, name) for name in FIXED}, **slim}


def changed(
    head: SheetHead, state: dict[str, Any], number: int, *, replayed: bool, scored: int = 0
) -> Changed:
    """Return a change's result: the state paged from game `number` on (CHANGED_PAGE)."""
    more = number + CHANGED_PAGE if head.played >= number + CHANGED_PAGE else None
    game = state["games"][0] if state["games"] else None
    return Changed(number, game, document(head, state), more, head, replayed, scored)


def recorded_again(head: SheetHead, first: dict[str, Any]) -> Recorded:
    """Return the first result of a retried record (kept whole before it was kept slim)."""
    if "sheet" in first:
        sheet = _whole(head, first["sheet"])
        return Recorded(first["number"], sheet["games"][0], sheet, head, replayed=True)
    game = first["game"]
    return Recorded(game["number"], game, first["state"], head, replayed=True)


def changed_again(db: Database, head: SheetHead, number: int, first: dict[str, Any]) -> Changed:
    """Return the first result of a retried change (kept before results were: the sheet's
    page as it stands now; kept whole before it was kept slim)."""
    if "sheet" in first:
        sheet = _whole(head, first["sheet"])
        game = sheet["games"][0] if sheet["games"] else None
        return Changed(number, game, sheet, first["more"], head, replayed=True)
    if "state" not in first:
        return changed(head, page(db, head, number, CHANGED_PAGE), number, replayed=True)
    return Changed(number, first["game"], first["state"], first["more"], head, replayed=True)
