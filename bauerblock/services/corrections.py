"""Correct a tournament's table: the organiser's write of one of its games.

The organiser (the tournament's token) writes a table whose pad the device does not hold,
and any table whose draw is closed (the next draw made, the draw ended, the tournament
finished), which refuses its phone. The write is the sheet's own (`services.sheets`'
`Record`, `Amend`, `Delete`), in the same one transaction with its key; what it leaves is
the organiser's: the correction kept in the tournament's corrections with the knock-out
tables it re-seated, then the tournament finished if it played out its last draw.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic

from sqlite_utils import Database

from bauerblock.services.sheets import ANYHOW, Asked, Change, Result, table_written
from bauerblock.store.sheets import SheetHead
from bauerblock.store.sheets.writes import check_write
from bauerblock.store.tournaments import tables


@dataclass(frozen=True)
class Corrected(Generic[Result]):
    """A correction made: the sheet's write, and the knock-out tables it re-seated.

    `moved` holds each re-seated table as the tournament's corrections keep it (a
    Paarturnier's; a Preisbauer's correction moves none). A retry with the key moves
    nothing: its `moved` is empty, the first write's is kept with the tournament.
    """

    written: Result
    moved: tuple[Mapping[str, Any], ...] = ()


class Organiser:
    """The organiser's writer: a closed draw's table takes the write, and it is kept."""

    def __init__(self) -> None:
        self.moved: tuple[Mapping[str, Any], ...] = ()

    def check(self, head: SheetHead, expected_version: int | None) -> None:
        check_write(head, expected_version, correction=True)

    def leave(self, db: Database, head: SheetHead, number: int, action: str) -> SheetHead:
        if head.tournament is not None:
            moved = tables.corrected(db, head.tournament, number, action, at=head.updated)
            self.moved = tuple(moved)
        return table_written(db, head, number, action)


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
    organiser = Organiser()
    written = change.write(db, sheet_id, organiser, asked)
    return Corrected(written, organiser.moved)
