"""Measure a Stammtisch of many evenings: its statistics, its listing and its pages.

Server time in-process (Flask's test client on a database file of its own), so the numbers
are the app's work without the network: the statistics cold (every evening folded), warm
(nothing changed, no If-None-Match), after one game recorded in one evening, a poll
answered 304, the group's listing and its two pages. Run by bench/run.py, or alone:
`.venv/bin/python bench/groups.py`.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

EVENINGS = 200
GAMES_PER_EVENING = 24
ROSTER = ["Hans", "Grete", "Karl", "Lise", "Otto", "Fritz", "Anni", "Sepp"]
GAMES = [
    {"result": {"winner": "A", "band": "frei"}},
    {"card_points": {"B": 72}},
    {"result": {"winner": "B", "band": "schneider"}, "melds": [{"team": "A", "kind": "20"}]},
    {"result": {"winner": "A", "band": "schwarz"}, "spritz": 1},
]


def report(
    folder: Path, evenings: int = EVENINGS, runs: int = 20, games: int = GAMES_PER_EVENING
) -> None:
    """Build a group of `evenings` Bauerchen evenings in `folder` and print the times."""
    # Imported here: the app reads its settings from the environment at import.
    from bauerblock import create_app, store
    from bauerblock.services import sheets as service
    from bauerblock.store import groups
    from bauerblock.store import stats as sheet_stats

    path = folder / "groups.sqlite3"
    app = create_app({"DATABASE": str(path), "RATELIMIT_ENABLED": False})
    db = store.connect(path)
    group, _ = groups.create_group(db, "Bench", ROSTER)
    last = None
    for night in range(evenings):
        seats = [(night + seat * 3) % len(ROSTER) + 1 for seat in range(4)]
        last, _ = groups.create_group_sheet(db, group.id, "bauerchen", players=seats)
        for number in range(games):
            service.record_game(db, last.id, GAMES[(night + number) % len(GAMES)])
    client = app.test_client()
    url = f"/api/v1/groups/{group.id}"

    def timed(path: str, status: int = 200, **headers: str) -> float:
        started = time.perf_counter()
        response = client.get(path, headers=headers)
        elapsed = time.perf_counter() - started
        assert response.status_code == status, (path, response.status_code)
        return elapsed

    def cold() -> float:
        # Every cache emptied: each evening's games are read and folded again.
        for cache in (sheet_stats._cache, groups.evening_figures, groups.kept_group_stats):
            cache.clear()
        return timed(f"{url}/stats")

    def one_game() -> float:
        service.record_game(db, last.id, GAMES[0])
        return timed(f"{url}/stats")

    def poll() -> float:
        return timed(f"{url}/stats", 304, **{"If-None-Match": client.get(url).headers["ETag"]})

    print(f"\nStammtisch of {evenings} evenings x {games} games (server time):")
    rows = [
        ("GET stats, cold (every evening folded)", cold, min(5, runs)),
        ("GET stats after a game in one evening", one_game, runs),
        ("GET stats, warm (nothing changed)", lambda: timed(f"{url}/stats"), runs),
        ("GET stats, If-None-Match -> 304", poll, runs),
        ("GET group (roster and evenings)", lambda: timed(url), runs),
        ("group page /g/<id>", lambda: timed(f"/g/{group.id}"), runs),
        ("statistics page /g/<id>/stats", lambda: timed(f"/g/{group.id}/stats"), runs),
    ]
    for label, action, count in rows:
        times = [action() for _ in range(count)]
        print(f"  {label:42s} median {statistics.median(times) * 1000:7.2f} ms over {count}")
    db.close()


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        report(Path(folder))
