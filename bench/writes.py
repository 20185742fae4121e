"""Writes as a long evening grows (issue 19): amending and undoing the last game should hold
the write lock as long at game 3000 (the cap) as at game 50.

Timed in-process through the store on a file of its own (the time inside the write
transaction is the time the lock is held), and through the API (server time): the answer
pages the games from the changed one on, so its size stays flat too. Amending game 1 of a
full sheet is printed beside them (issue 34, CPU time): an amendment scores the later games
again only up to the first checkpoint (every 10th game) that stands as stored, or as stored
but for the totals that only count (the engine's drift: a won game lost moves every later
total, and the later checkpoints move with it). Deleting game 1 moves every later game up a
number and scores all 2999 again.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bauerblock import store  # noqa: E402  (after the path is set)
from bauerblock.services import sheets as service  # noqa: E402
from bauerblock.store import sheets  # noqa: E402
from bench.reads import ENTRIES, fill, long_sheet  # noqa: E402

SIZES = (50, 1000, sheets.MAX_GAMES)
PLAIN = {"declarer": 0, "contract": "brand", "trump": "herz", "won": True}
LOST = {**PLAIN, "won": False}
RUNS = 30


def report(sizes: tuple[int, ...] = SIZES, runs: int = RUNS) -> None:
    """Print the time to amend and undo the last game, and the answer's size, by length."""
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "writes.sqlite3"
        store.init_database(database)
        db = store.connect(database)
        try:
            times = {games: _times(db, long_sheet(db, "bolachen", games), runs) for games in sizes}
            first = {
                what: _amend_first(db, long_sheet(db, game, sizes[-1]), amends)
                for what, (game, amends) in AMENDS.items()
            }
            deleted = _delete_first(db, long_sheet(db, "bolachen", sizes[-1]))
            keyed = _keyed_bytes(db)
        finally:
            db.close()
        api = _api(database, sizes)
    print("writes at the end of a long evening (store, in-process: the write lock's time):")
    for games, (amend, undo) in times.items():
        print(
            f"  at {games:4d} games  amend last {_ms(amend)} ms  undo last {_ms(undo)} ms"
            f"  answer {api[games]:5d} bytes"
        )
    ratio = statistics.median(times[sizes[-1]][0]) / statistics.median(times[sizes[0]][0])
    print(f"  ratio amend at {sizes[-1]}/{sizes[0]}       {ratio:8.2f}   (target <= 1.5)")
    print(f"  amend game 1 of {sizes[-1]}: whole call, write lock, CPU time (target <= 50 ms):")
    for what, (calls, locks, cpu) in first.items():
        print(f"    {what:34s} {_ms(calls)} {_ms(locks)} {_ms(cpu)} ms")
    calls, locks, cpu = deleted
    print(f"    {'Bolachen, delete game 1':34s} {_ms(calls)} {_ms(locks)} {_ms(cpu)} ms")
    print(f"  a keyed game's key in the file  {keyed:7.0f} bytes   (target <= 1500)")


BAUERCHEN = ENTRIES["bauerchen"]
AMENDS = {
    "Bauerchen, game 1's band (settles)": (
        "bauerchen",
        [{"result": {"winner": "A", "band": "schneider"}}, BAUERCHEN[0]],
    ),
    "Bolachen, game 1's trump (settles)": ("bolachen", [{**PLAIN, "trump": "eichel"}, PLAIN]),
    "Bolachen, won -> lost (every total)": ("bolachen", [LOST, PLAIN]),
}
"""Amendments of game 1, each with the entry that puts it back: one whose evening is as
stored again after a few games, one that changes its game alone (both: the games up to the
first checkpoint scored again), and the one that moves every later total (the same games
scored again, the later checkpoints moved by the drift)."""


def _times(db, sheet_id: str, runs: int) -> tuple[list[float], list[float]]:
    amend, undo = [], []
    for _ in range(runs):
        played = store.load_head(db, sheet_id).played
        started = time.perf_counter()
        service.amend_game(db, sheet_id, played, LOST)
        amend.append(time.perf_counter() - started)
        started = time.perf_counter()
        service.delete_game(db, sheet_id, played)
        undo.append(time.perf_counter() - started)
        service.record_game(db, sheet_id, PLAIN)
    return amend, undo


def _amend_first(
    db, sheet_id: str, amends: list[dict]
) -> tuple[list[float], list[float], list[float]]:
    """Return the times of amending game 1 by turns to `amends` (three times each), as
    `_timed` gives them."""
    entries = iter(amends * 3)
    return _timed(db, lambda: service.amend_game(db, sheet_id, 1, next(entries)), len(amends) * 3)


def _timed(
    db, write: Callable[[], object], times: int
) -> tuple[list[float], list[float], list[float]]:
    """Return the times of `write`, made `times` times: the whole call, the write lock's
    part, and the call's CPU time (this process's: the store runs in it)."""
    calls, locks, began, cpu = [], [], [], []

    def trace(statement: str) -> None:
        # The lock is held from BEGIN IMMEDIATE to its COMMIT.
        if statement.startswith("BEGIN IMMEDIATE"):
            began.append(time.perf_counter())
        elif statement.startswith("COMMIT") and began:
            locks.append(time.perf_counter() - began.pop())

    db.conn.set_trace_callback(trace)
    try:
        for _ in range(times):
            started, used = time.perf_counter(), time.process_time()
            write()
            calls.append(time.perf_counter() - started)
            cpu.append(time.process_time() - used)
    finally:
        db.conn.set_trace_callback(None)
    return calls, locks, cpu


def _delete_first(db, sheet_id: str) -> tuple[list[float], list[float], list[float]]:
    """Return the times of deleting game 1 three times (each game after it moves up a number
    and is scored again): the whole call, the write lock's part, the call's CPU time."""
    return _timed(db, lambda: service.delete_game(db, sheet_id, 1), 3)


KEYED = 200
"""Games recorded with a key (as the pad sends them) to weigh what a key keeps."""


def _keyed_bytes(db) -> float:
    """Return the bytes a keyed game's key adds to the file (its row and index entries, in
    SQLite's pages): what the key keeps for a retry, for KEY_DAYS."""

    def key_pages() -> int:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        row = db.execute(
            "SELECT SUM(pgsize) FROM dbstat WHERE name IN (SELECT name FROM sqlite_schema"
            " WHERE tbl_name = 'idempotency')"
        ).fetchone()
        return int(row[0] or 0)

    sheet, _ = store.create_sheet(db, "bolachen", players=["A", "B", "C"], rules={"preset": "soft"})
    before = key_pages()
    for n in range(KEYED):
        service.record_game(db, sheet.id, PLAIN, idempotency_key=f"bench-key-{n:08d}")
    return (key_pages() - before) / KEYED


def _api(database: Path, sizes: tuple[int, ...]) -> dict[int, int]:
    """Return the size of the API's answer to amending the last game, by length."""
    # Imported here: the app reads its settings from the environment at import.
    from bauerblock import create_app

    app = create_app({"DATABASE": str(database), "RATELIMIT_ENABLED": False})
    client = app.test_client()
    answers = {}
    for games in sizes:
        made = client.post(
            "/api/v1/sheets", json={"game": "bolachen", "rules": {"preset": "soft"}}
        ).get_json()
        with app.app_context():
            fill(store.get_db(), made["id"], games)
        # An amendment names the version it was decided on (If-Match, required).
        tag = client.get(f"/api/v1/sheets/{made['id']}").headers["ETag"]
        answer = client.put(
            f"/api/v1/sheets/{made['id']}/games/{games}",
            json=LOST,
            headers={"Authorization": f"Bearer {made['edit_token']}", "If-Match": tag},
        )
        assert answer.status_code == 200, answer.text
        answers[games] = len(answer.data)
    return answers


def _ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:7.2f}"


if __name__ == "__main__":
    report()
