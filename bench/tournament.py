"""Time a tournament's reads and draws in-process, against a SQLite file in a temporary folder.

- the board's poll that finds nothing new (the version alone) and the full state, after the
  first draw and after the last, so the growth with the evening shows;
- drawing the next draw of 200 players: the engine's draw and 50 table sheets, one transaction.

Run alone with `.venv/bin/python bench/tournament.py`, or as part of `bin/bench`.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bauerblock import store
from bauerblock.api.kinds import API_KINDS
from bauerblock.services.sheets import record_game
from bauerblock.store import tournaments

# A round won in four games at any score and seat: schwarz gives 3 or 4 game points.
ROUND = [{"result": {"winner": "A", "band": "schwarz"}}] * 4


def timed(action, samples: int) -> float:
    """Return the median milliseconds of `action` over `samples` runs."""
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def report(samples: int = 30, draws: int = 5, many: int = 200) -> None:
    """Print the read times of a Rodenbach evening (20 players, `draws` draws of 5 rounds) and
    a big draw of `many` players."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        store.init_database(path)
        db = store.connect(path)
        stored, token = tournaments.create_tournament(
            db,
            players=[f"Spieler {n}" for n in range(1, 21)],
            format={"rounds_per_draw": 5, "draws": draws},
        )

        # The API tells the state within a request (it keeps the tables' tokens on `g`): an
        # app context of its own for each read, as each request has.
        from bauerblock import create_app

        app = create_app({"DATABASE": str(path), "RATELIMIT_ENABLED": False})

        def read() -> None:
            # The state as the API tells it (its links aside): read, then told by its kind.
            with app.app_context():
                loaded = tournaments.load_tournament(db, stored.id)
                API_KINDS[loaded.kind].document(loaded, token)

        for number in range(1, draws + 1):
            tournaments.draw_next(db, stored.id, token)
            for table in tournaments.load_tournament(db, stored.id).tables.values():
                if table.draw == number:
                    for entry in ROUND * 5:
                        record_game(db, table.sheet_id, entry)
            if number in (1, draws):
                poll = timed(lambda: tournaments.tournament_version(db, stored.id), samples)
                full = timed(read, samples)
                print(
                    f"tournament after draw {number}: poll (version) {poll:6.3f} ms, "
                    f"full state {full:6.1f} ms"
                )

        big, big_token = tournaments.create_tournament(
            db, players=[f"P{n}" for n in range(many)], format={"draws": 30}
        )
        times = []
        for _ in range(min(3, samples)):
            start = time.perf_counter()
            tournaments.draw_next(db, big.id, big_token)
            times.append(time.perf_counter() - start)
            tournaments.redo_draw(db, big.id, 1)
        median = statistics.median(times) * 1000
        print(f"draw of {many} players with its {many // 4} sheets  median {median:6.1f} ms")
        db.close()


if __name__ == "__main__":
    report()
