"""Correct a tournament's table: the organiser's write of one of its games.

The organiser (the tournament's token) writes a table whose pad the device does not hold,
and any table whose draw is closed (the next draw made, the draw ended, the tournament
finished), which refuses its phone. The write is the sheet's own (`services.sheets`'
`Record`, `Amend`, `Delete`), in the same one transaction with its key; what it leaves is
the organiser's: the correction kept in the tournament's corrections with the knock-out
tables it re-seated, then the tournament finished if it played out its last draw.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Generic

from sqlite_utils import Database

from bauerblock.services.sheets import ANYHOW, Asked, Change, Result, table_written
from bauerblock.store.db import immediate
from bauerblock.store.sheets import SheetHead, Written, resumed_state
from bauerblock.store.sheets.head import found
from bauerblock.store.sheets.writes import check_write
from bauerblock.store.tournaments import tables
from bauerblock.store.tournaments.rows import rounds_won
from bauerblock.store.tournaments.stored import read


@dataclass(frozen=True)
class Corrected(Generic[Result]):
    """A correction made: the sheet's write, and the knock-out tables it re-seated.

    `moved` holds each re-seated table as the tournament's corrections keep it (a
    Paarturnier's; a Preisbauer's correction moves none). A retry with the key moves
    nothing: its `moved` is empty, the first write's is kept with the tournament.
    """

    written: Result
    moved: tuple[Mapping[str, object], ...] = ()


class Organiser:
    """The organiser's writer: a closed draw's table takes the write, and it is kept."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.moved: tuple[Mapping[str, object], ...] = ()
        self.before: tuple[int, int] | None = None

    def check(self, head: SheetHead, expected_version: int | None) -> None:
        check_write(head, expected_version, correction=True)
        # Inside the write's transaction, before the write: what the table had won.
        self.before = rounds_won(self.db, head.id)

    def leave(self, db: Database, written: Written, number: int, action: str) -> SheetHead:
        head = written.head
        if head.tournament is not None:
            changed = {"before": self.before, "after": rounds_won(db, head.id)}
            moved = tables.corrected(
                db, head.tournament, number, action, at=head.updated, changed=changed
            )
            self.moved = tuple(moved)
        return table_written(db, written, number, action)


def correct(
    db: Database, sheet_id: str, change: Change[Result], asked: Asked = ANYHOW
) -> Corrected[Result]:
    """Write `change` to a tournament's table as its organiser, in one transaction with the
    correction kept; a retry with the key answers the first write and keeps nothing.

    The caller checked the organiser's right (the tournament's token). Raise as the
    change's write does, but for SheetClosed; the engine's PairsConflict while a
    knock-out table the correction would re-seat has a game. On any of them nothing is
    written.
    """
    organiser = Organiser(db)
    written = change.write(db, sheet_id, organiser, asked)
    return Corrected(written, organiser.moved)


@dataclass(frozen=True)
class Moved:
    """An entrant whose standing a correction would move."""

    name: str
    points: tuple[int | None, int | None]
    """Its points before and after (a pair's: None)."""
    place: tuple[int | None, int | None]


@dataclass(frozen=True)
class Effect:
    """What a correction would do, told to the organiser before it is made."""

    draw: int
    table: int
    rounds: tuple[tuple[int, int], tuple[int, int]]
    """The table's rounds won per team (A, B), before and after."""
    reopened: int | None
    """The round it would open again at a table that had played its rounds (None: none)."""
    moved: tuple[Moved, ...]

    @property
    def told(self) -> bool:
        """Tell whether there is something to say first: a round reopened, a standing moved."""
        return self.reopened is not None or bool(self.moved)


class _Undone(Exception):
    """Carry a tried correction's effect out of its transaction, which it rolls back."""

    def __init__(self, effect: Effect) -> None:
        self.effect = effect


def effect(db: Database, sheet_id: str, change: Change[Result], asked: Asked = ANYHOW) -> Effect:
    """Return what `change` would do as the organiser's correction, writing nothing: it is
    made in a transaction that is then rolled back. Raise as `correct` does."""
    try:
        with immediate(db):
            head = found(db, sheet_id)
            place = head.tournament
            assert place is not None  # the caller corrects a tournament's table
            ranked = read(db, place["id"]).ranking()
            before = rounds_won(db, sheet_id)
            finished = bool(resumed_state(head)["current"].get("finished"))
            correct(db, sheet_id, change, replace(asked, head=head))
            after = rounds_won(db, sheet_id)
            now = read(db, place["id"]).ranking()
            moved = tuple(
                Moved(name, (points, now[n][1]), (spot, now[n][2]))
                for n, (name, points, spot) in sorted(ranked.items(), key=lambda i: i[1][2])
                if n in now and (points, spot) != now[n][1:]
            )
            reopened = sum(after) + 1 if finished and sum(after) < sum(before) else None
            raise _Undone(Effect(place["draw"], place["table"], (before, after), reopened, moved))
    except _Undone as undone:
        return undone.effect
