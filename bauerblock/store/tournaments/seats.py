"""Where an entrant sits now, read from the current draw's rows alone.

The tournament's own seat view (`Stored.seat`) tells the points and the place too, so it
reads every round played. A page that tells only the table and the seat (a series player's
page during a running tournament) asks here: two small queries of the latest draw, the same
at its first game as at its thousandth.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlite_utils import Database


@dataclass(frozen=True)
class SeatNow:
    """Where an entrant (a Preisbauer's player, a Paarturnier's pair) sits in the current
    draw."""

    entrant: int
    """Its evening number."""
    draw: int | None
    """The current draw's number (None: nothing drawn yet)."""
    table: int | None = None
    """Its table (None: a bye, or no table: withdrawn, out, or entered since the draw)."""
    seat: int | None = None
    """Its first seat at the table, 0..3 (seats 0 and 2 are team A)."""
    bye: bool = False
    """It sits the current draw out (Freilos)."""


def seat_now(db: Database, tournament_id: str, entrant: int) -> SeatNow:
    """Return where entrant `entrant` sits in the tournament's latest draw."""
    latest = db.execute(
        "SELECT number, byes FROM draws WHERE tournament_id = ? ORDER BY number DESC LIMIT 1",
        [tournament_id],
    ).fetchone()
    if latest is None:
        return SeatNow(entrant, None)
    draw, byes = latest
    if entrant in json.loads(byes):
        return SeatNow(entrant, draw, bye=True)
    found = db.execute(
        "SELECT t.number, MIN(CAST(s.key AS INTEGER)) FROM draw_tables AS t, json_each(t.seats) "
        "AS s WHERE t.tournament_id = ? AND t.draw = ? AND s.value = ? GROUP BY t.number",
        [tournament_id, draw, entrant],
    ).fetchone()
    return SeatNow(entrant, draw) if found is None else SeatNow(entrant, draw, *found)
