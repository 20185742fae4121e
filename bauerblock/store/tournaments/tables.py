"""What a write at a tournament's table leaves behind: a kept correction, the tournament
finished once its last draw is played out.

services.sheets calls `written`, services.corrections `corrected` too, inside the sheet's
write transaction: the sheet's store knows nothing of tournaments (a table's closed draw is
a fact on its own row).
"""

import json
from collections.abc import Mapping
from typing import Any, Protocol

from sqlite_utils import Database

from bauerblock.store.sheets.head import Hosted
from bauerblock.store.tournaments.rows import close_tables
from bauerblock.store.tournaments.stored import kind_of, stored_kind


class Table(Protocol):
    """A sheet's head, as far as its tournament place goes."""

    @property
    def id(self) -> str: ...

    @property
    def tournament(self) -> Mapping[str, Any] | None: ...

    @property
    def hosted(self) -> Hosted | None: ...


def written(
    db: Database, sheet: Table, game: int, action: str, *, at: str, finished: bool
) -> Mapping[str, Any] | None:
    """Leave what a write at a tournament's table leaves (inside its transaction): the
    tournament finished once its last draw is played out. `finished`: the write left the
    table with all its rounds (or its match won); a write that did not finishes no
    tournament, and reads nothing of it.

    Return the table's place as the write changed it (None: as it was): a write that
    finished the tournament closed the table's draw, "finished", as `close_tables` wrote it
    on the sheet's row."""
    place = sheet.tournament
    if place is None or not finished or action == "delete" or not _seal_finished(db, sheet, at):
        return None
    return {**place, "closed": True, "closed_by": "finished"}


def corrected(
    db: Database,
    place: Mapping[str, Any],
    game: int,
    action: str,
    *,
    at: str,
    changed: Mapping[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """Keep the organiser's write at a table (inside its transaction) in the tournament's
    corrections, with the knock-out tables it re-seated and what it `changed` (the table's
    rounds won per team, `before` and `after`); return those moves."""
    moved = _reseat(db, place, at)
    _note_correction(db, place, game, action, moved, at, changed or {})
    return moved


def _reseat(db: Database, place: Mapping[str, Any], at: str) -> list[dict[str, Any]]:
    """Re-seat the knock-out tables a Paarturnier's correction moved; return the moves.

    Refused (the engine's PairsConflict) while a moved table has a game. A Preisbauer's
    correction moves nothing: its draws follow who sat with whom, never the results.
    """
    return stored_kind(db, place["id"]).reseat(db, place["id"], at)


def _seal_finished(db: Database, sheet: Table, now: str) -> bool:
    """Mark the tournament finished once a game plays out the last planned draw (a
    Paarturnier's: its final's draw).

    From then on no correction reopens it: its tables stay closed to their phones. The
    draw's other tables get a new version, so their pads, polling, see it closed.
    """
    place, hosted = sheet.tournament, sheet.hosted
    # Only the latest draw asks its kind whether the tournament is played out; the head
    # read both with the table's place.
    if place is None or hosted is None or place["closed"] or not hosted.latest:
        return False
    if not kind_of(hosted.format).played_out(db, place["id"], hosted, place["draw"]):
        return False
    _finish(db, sheet, now)
    return True


def _finish(db: Database, sheet: Table, now: str) -> None:
    """Mark the tournament finished for good and close its last draw's other tables."""
    place = sheet.tournament
    assert place is not None
    db.execute("UPDATE tournaments SET finished = ? WHERE id = ?", [now, place["id"]])
    db.execute(
        "UPDATE sheets SET version = version + 1, updated = ? WHERE id <> ? AND id IN "
        "(SELECT sheet_id FROM draw_tables WHERE tournament_id = ? AND draw = ?)",
        [now, sheet.id, place["id"], place["draw"]],
    )
    close_tables(db, place["id"])


def _note_correction(
    db: Database,
    place: Mapping[str, Any],
    game: int,
    action: str,
    moved: list[dict[str, Any]],
    at: str,
    changed: Mapping[str, Any],
) -> None:
    """Keep the organiser's write at a tournament table in the tournament's corrections,
    with the knock-out tables it re-seated."""
    db.table("corrections").insert(
        {
            "tournament_id": place["id"],
            "draw": place["draw"],
            "table_number": place["table"],
            "game": game,
            "action": action,
            "at": at,
            "moved": json.dumps(moved),
            "changed": json.dumps(dict(changed)),
        }
    )
