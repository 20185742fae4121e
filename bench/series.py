"""Measure a series at 50 and at 1,000 games of its tournaments: its page, its Rangliste, its
board and a seated player's page.

Server time in-process (Flask's test client on a database file of its own), so the numbers
are the app's work without the network. The series has a finished Preisbauer and a
running one whose tables play on game by game; each page is read after a new game (the
series' version moved, as a phone's poll finds it), taken in turns. The Rangliste is kept
per version and a running tournament is not read for it; the seated player's page reads
the current draw alone (docs/performance.md): every ratio should be near 1. Run by
bench/run.py, or alone: `.venv/bin/python bench/series.py`.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZES = (50, 1000)
PLAYERS = 12
GAME = {"result": {"winner": "A", "band": "frei"}}


def report(folder: Path, sizes: tuple[int, int] = SIZES, runs: int = 10) -> None:
    """Build the series in `folder`, play its running tournament to each size and print the
    pages' median server times and their ratios (each page read `runs` times, a game
    before each read: around game 50, games 10 to 50)."""
    # Imported here: the app reads its settings from the environment at import.
    from bauerblock import create_app, store
    from bauerblock.engine.errors import RuleError
    from bauerblock.series import service
    from bauerblock.services import sheets
    from bauerblock.services import tournaments as tournament_service
    from bauerblock.store import tournaments
    from bauerblock.store.errors import SheetClosed

    path = folder / "series.sqlite3"
    app = create_app({"DATABASE": str(path), "RATELIMIT_ENABLED": False})
    db = store.connect(path)
    made = service.create_series(db, name="Bench-Cup", season="2027")
    series_id, token = made.series.id, made.token
    for number in range(1, PLAYERS + 1):
        service.add_player(db, series_id, token, f"Spielerin {number}")
    one = {"draws": 1, "rounds_per_draw": 1}
    first = service.create_tournament(db, series_id, token, players=list(range(1, 9)), format=one)
    running = service.create_tournament(
        db,
        series_id,
        token,
        players=list(range(5, PLAYERS + 1)),
        format={"draws": 30, "rounds_per_draw": 9},
    )
    open_tables: list[str] = []

    def play(tournament_id: str, tournament_token: str) -> bool:
        """Record the next game at an open table (the next draw once they are done); tell
        whether one was recorded."""
        while True:
            if not open_tables:
                number = tournament_service.draw(db, tournament_id, tournament_token).number
                stored = tournaments.load_tournament(db, tournament_id)
                assert stored is not None
                open_tables.extend(
                    row.sheet_id
                    for (drawn, _), row in sorted(stored.tables.items())
                    if drawn == number
                )
            try:
                sheets.record_game(db, open_tables[0], GAME)
                return True
            except (RuleError, SheetClosed):
                open_tables.pop(0)
                if not open_tables and tournaments.load_tournament(db, tournament_id).finished:
                    return False

    while play(first.tournament.id, first.token):
        pass
    client = app.test_client()
    # Player 5 played the finished tournament and sits at a table of the running one.
    pages = [
        ("series page /r/<id>", f"/r/{series_id}"),
        ("Rangliste, API GET /series/<id>", f"/api/v1/series/{series_id}"),
        ("board /r/<id>/board", f"/r/{series_id}/board"),
        ("seated player's page", f"/r/{series_id}/players/5"),
    ]

    def timed(page: str) -> float:
        play(running.tournament.id, running.token)  # a new version, as a poll finds it
        started = time.perf_counter()
        answer = client.get(page)
        elapsed = time.perf_counter() - started
        assert answer.status_code == 200, (page, answer.status_code)
        return elapsed

    for _, page in pages:  # the first request's own set-up (templates, the app) apart
        client.get(page)
    medians: dict[int, list[float]] = {}
    games = 0
    for size in sizes:
        while games < size - runs * len(pages):
            play(running.tournament.id, running.token)
            games += 1
        times: list[list[float]] = [[] for _ in pages]
        for _ in range(runs):
            for index, (_, page) in enumerate(pages):
                times[index].append(timed(page))
                games += 1
        medians[size] = [statistics.median(taken) for taken in times]
    small, large = sizes
    print(f"\nseries at {small} and {large} games of its running tournament (server time):")
    for index, (label, _) in enumerate(pages):
        at_small, at_large = medians[small][index], medians[large][index]
        print(
            f"  {label:34s} {at_small * 1000:7.2f} · {at_large * 1000:7.2f} ms"
            f"  ratio {large}/{small} {at_large / at_small:5.2f}"
        )
    db.close()


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        report(Path(folder))
