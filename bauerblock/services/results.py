"""What a write of one game answers, and what its key keeps for a retry.

A game recorded (`Recorded`) or amended or deleted (`Changed`): the sheet's head as the write
left it, its state from the written game on, and its head now; each face formats it once
(the API as JSON, the pad as rows). A retry with the write's key answers the first result
from what was kept (`Answered`, kept by `services.keys`), made whole again with what the
sheet never changes.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from sqlite_utils import Database

from bauerblock.services import keys
from bauerblock.store.common import entity_tag
from bauerblock.store.sheets import SheetHead
from bauerblock.store.sheets.head import State
from bauerblock.store.sheets.state import page

CHANGED_PAGE = 10
"""An amendment's or a deletion's answer lists at most this many games from the changed
one on; the rest is a read of the sheet (`games_from`) away."""


@dataclass(frozen=True)
class GameWritten:
    """A write of game `number`: the sheet as the write left it, and as it is now.

    `sheet` is the head the write left (a retry: the first write's, as kept); `state` the
    sheet's state with the games from `number` on; `head` the head as it is now (the
    write's own, or a retry's read).
    """

    number: int
    sheet: SheetHead
    state: State
    head: SheetHead
    replayed: bool
    scored: int = 0
    """How many games the write scored and stored anew (none on a retry)."""
    more: int | None = None
    """A change's first game past its page (None: the page ends with the last game, as a
    record's does)."""

    @property
    def etag(self) -> str:
        """The sheet's entity tag (unquoted) as the write left it."""
        return entity_tag(self.sheet.id, self.sheet.version)

    @property
    def closed(self) -> tuple[Mapping[str, object], ...]:
        """The rounds (or boards) the games of `state` closed."""
        return tuple(self.state.get("rounds", ()))

    def kept(self) -> "Answered":
        """Return what a retry with the write's key needs (`recorded_again`,
        `changed_again`)."""
        return Answered(
            self.number,
            self.sheet.version,
            self.sheet.updated,
            self.sheet.players,
            self.sheet.group,
            self.sheet.tournament,
            self.state,
            self.more,
        )


@dataclass(frozen=True)
class Recorded(GameWritten):
    """A game just recorded: `state` lists that game alone (`games_from` its number) and
    the rounds it closed."""

    @property
    def game(self) -> Mapping[str, object]:
        """The game as replayed (the last of `state`'s: one kept before results were
        paged listed every game before it too)."""
        return self.state["games"][-1]


@dataclass(frozen=True)
class Changed(GameWritten):
    """A game amended or deleted: `state` lists the games from `number` on, at most
    CHANGED_PAGE of them, and the rounds they closed; `more` is the first game past the
    page (None: the page ends with the last game)."""

    @property
    def game(self) -> Mapping[str, object] | None:
        """The game now at `number` (None: the last game was deleted)."""
        games = self.state["games"]
        return games[0] if games else None


@dataclass(frozen=True)
class Answered:
    """What a write of one game keeps for a retry with its key: what its answer showed of
    the sheet that may change after it (the version, the players' names, a table's place,
    the page of games). What never changes (the sheet's id, game, title, created, first
    dealer and rules) a retry reads from the sheet again."""

    number: int
    version: int
    updated: str
    players: Sequence[str]
    group: Mapping[str, object] | None
    tournament: Mapping[str, object] | None
    state: State
    more: int | None = None

    def sheet(self, head: SheetHead) -> SheetHead:
        """Return the sheet's head now as the write left it."""
        return replace(
            head,
            version=self.version,
            updated=self.updated,
            players=tuple(self.players),
            group=self.group,
            tournament=self.tournament,
        )


def _answered(first: keys.Kept) -> Answered | None:
    """Return what a write kept for its retry (kept before `Answered` was: the sheet's JSON,
    whole or without what never changes, beside its game or number; None: kept before
    results were, without the sheet)."""
    kept = keys.typed(Answered, first)
    if kept is not None:
        return kept
    document = first.get("sheet", first.get("state"))
    if document is None:
        return None
    return Answered(
        first["number"] if "number" in first else first["game"]["number"],
        document["version"],
        document["updated"],
        document["players"],
        document.get("group"),
        document.get("tournament"),
        # The state with the head's fields beside it, as they were: a face that shows the
        # head with the state shows the same sheet.
        document,
        first.get("more"),
    )


Result = TypeVar("Result", Recorded, Changed)
"""What a write of one game answers: a recorded game, or an amended or deleted one."""


def first_result(
    kind: type[Result], head: SheetHead, state: State, *, replayed: bool, scored: int = 0
) -> Result:
    """Return a write's result: the state paged from its game (`games_from`) on, at most
    CHANGED_PAGE games (a record's lists its game alone)."""
    number = state["games_from"]
    more = number + CHANGED_PAGE if head.played >= number + CHANGED_PAGE else None
    return kind(number, head, state, head, replayed, scored, more)


def again(
    db: Database, head: SheetHead, number: int, first: keys.Kept, kind: type[Result]
) -> Result:
    """Return the first result of a retried write of game `number` from what it kept (a
    change kept before results were: the sheet's page as it stands now)."""
    kept = _answered(first)
    if kept is None:
        return first_result(kind, head, page(db, head, number, CHANGED_PAGE), replayed=True)
    return kind(kept.number, kept.sheet(head), kept.state, head, True, more=kept.more)
