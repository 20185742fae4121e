"""Forgetting a series player for good, in the caller's one transaction.

The name leaves every row that holds it: the series player (name and name key, the number
kept), each tournament of the series they entered (a Preisbauer's roster, a Paarturnier's
pair), those tournaments' table sheets (the names on their heads), and the kept answers of
every write to the series, its tournaments and their tables (the idempotency store: sealed,
so they are dropped whole, not searched). The results stay: the rows keep an empty name
(`names.FORGOTTEN`, no word of any language) and each page says "Spieler 17" in its reader's
language (`store.tournaments.names`). The
connection's `secure_delete` (store/db.py) zeroes the freed pages; the caller drops the
kept export files after the commit.
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from bauerblock.series.store.rows import SeriesPlayer, played_by
from bauerblock.store import idempotency
from bauerblock.store.common import bump, now
from bauerblock.store.tournaments.names import FORGOTTEN


def forget_player(db: Database, series_id: str, player: SeriesPlayer) -> tuple[str, ...]:
    """Delete the player's name from the series and every tournament of it; return the ids
    whose kept exports must go (the tournaments and their tables' sheets)."""
    db.execute(
        "UPDATE series_players SET name = NULL, name_key = NULL, forgotten = ? "
        "WHERE series_id = ? AND number = ?",
        [now(), series_id, player.number],
    )
    gone: list[str] = []
    for tournament_id, evening in played_by(db, series_id, player.number):
        old = _rename_entrant(db, tournament_id, evening, player.number)
        sheets = [
            row[0]
            for row in db.execute(
                "SELECT sheet_id FROM draw_tables WHERE tournament_id = ?", [tournament_id]
            )
        ]
        for sheet_id in sheets:
            _rename_on_sheet(db, sheet_id, old)
            idempotency.forget(db, idempotency.sheet(sheet_id))
        idempotency.forget(db, idempotency.tournament(tournament_id))
        bump(db, "tournaments", tournament_id)
        gone += [tournament_id, *sheets]
    idempotency.forget(db, owner(series_id))
    bump(db, "series", series_id)
    return (series_id, *gone)


def owner(series_id: str) -> str:
    """Return the owner name of a series' idempotency keys."""
    return f"series:{series_id}"


def _rename_entrant(db: Database, tournament_id: str, evening: int, number: int) -> set[str]:
    """Empty the name where the tournament keeps the player's; return the names it emptied
    (a Paarturnier's pair may hold the player twice only as one name)."""
    old: set[str] = set()
    row = db.execute(
        "SELECT name FROM tournament_players WHERE tournament_id = ? AND number = ?",
        [tournament_id, evening],
    ).fetchone()
    if row is not None:
        old.add(row[0])
        db.execute(
            "UPDATE tournament_players SET name = ? WHERE tournament_id = ? AND number = ?",
            [FORGOTTEN, tournament_id, evening],
        )
    partners = db.execute(
        "SELECT e.partner, p.names FROM series_entrants AS e JOIN tournament_pairs AS p "
        "ON p.tournament_id = e.tournament_id AND p.number = e.number "
        "WHERE e.tournament_id = ? AND e.number = ? AND e.player = ?",
        [tournament_id, evening, number],
    ).fetchall()
    for partner, kept in partners:
        names = json.loads(kept)
        old.add(names[partner])
        names[partner] = FORGOTTEN
        db.execute(
            "UPDATE tournament_pairs SET names = ? WHERE tournament_id = ? AND number = ?",
            [json.dumps(names), tournament_id, evening],
        )
    return old


def _rename_on_sheet(db: Database, sheet_id: str, old: set[str]) -> None:
    """Empty the old names on a table sheet's head."""
    row = db.execute("SELECT players FROM sheets WHERE id = ?", [sheet_id]).fetchone()
    names = json.loads(row[0])
    if not old.intersection(names):
        return
    renamed = [FORGOTTEN if name in old else name for name in names]
    db.execute(
        "UPDATE sheets SET players = ?, version = version + 1, updated = ? WHERE id = ?",
        [json.dumps(renamed), now(), sheet_id],
    )
