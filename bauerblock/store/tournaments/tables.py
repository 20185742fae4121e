"""What a write at a tournament's table leaves behind: a kept correction, the tournament
finished once its last draw is played out.

services.sheets calls `written`, services.corrections `corrected` too, inside the sheet's
write transaction: the sheet's store knows nothing of tournaments (a table's closed draw is
a fact on its own row).
"""

import json
from collections.abc import Mapping
from typing import Any

from sqlite_utils import Database

from bauerblock.store.sheets.head import SheetHead
from bauerblock.store.tournaments.rows import close_tables
from bauerblock.store.tournaments.stored import kind_of, stored_kind


def written(
    db: Database, sheet: SheetHead, action: str, *, finished: bool
) -> Mapping[str, Any] | None:
    """Leave what a write at a tournament's table leaves (inside its transaction): the
    tournament finished once a game plays out its last planned draw (a Paarturnier's: its
    final's draw). `finished`: the write left the table with all its rounds (or its match
    won); a write that did not finishes no tournament, and reads nothing of it.

    From then on no correction reopens it: its tables stay closed to their phones, and the
    draw's other tables get a new version, so their pads, polling, see it closed. Return the
    table's place as the write changed it (None: as it was): "finished", as `close_tables`
    wrote it on the sheet's row."""
    place, hosted = sheet.tournament, sheet.hosted
    # Only the latest draw asks its kind whether the tournament is played out; the head
    # read both with the table's place.
    if (
        place is None
        or hosted is None
        or not finished
        or action == "delete"
        or place["closed"]
        or not hosted.latest
        or not kind_of(hosted.format).played_out(db, place["id"], hosted, place["draw"])
    ):
        return None
    db.execute("UPDATE tournaments SET finished = ? WHERE id = ?", [sheet.updated, place["id"]])
    db.execute(
        "UPDATE sheets SET version = version + 1, updated = ? WHERE id <> ? AND id IN "
        "(SELECT sheet_id FROM draw_tables WHERE tournament_id = ? AND draw = ?)",
        [sheet.updated, sheet.id, place["id"], place["draw"]],
    )
    close_tables(db, place["id"])
    return {**place, "closed": True, "closed_by": "finished"}


def corrected(
    db: Database,
    place: Mapping[str, Any],
    game: int,
    action: str,
    *,
    at: str,
    changed: Mapping[str, Any],
) -> list[dict[str, Any]]:
    """Keep the organiser's write at a table (inside its transaction) in the tournament's
    corrections, with the knock-out tables it re-seated and what it `changed` (the table's
    rounds won per team, `before` and `after`); return those moves.

    A Paarturnier's correction re-seats the knock-out tables it moved (refused, the engine's
    PairsConflict, while a moved table has a game); a Preisbauer's moves nothing: its draws
    follow who sat with whom, never the results.
    """
    moved = stored_kind(db, place["id"]).reseat(db, place["id"], at)
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
    return moved
