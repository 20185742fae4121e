"""Time the statistics of a long evening and of many evenings, in-process (server time).

Called from bench/run.py with the database of its server: the sheets are written through the
store (quicker than over HTTP, the same rows), then read through the app's test client.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from bauerblock import store
from bauerblock.api import stats as api_stats
from bauerblock.scoresheet import statistics as statistics_page
from bauerblock.services import sheets as service

BAUERCHEN = [
    {"result": {"winner": "A", "band": "frei"}},
    {"card_points": {"B": 72}, "spritz": 1},
    {"result": {"winner": "B", "band": "schneider"}, "melds": [{"team": "A", "kind": "20"}]},
    {"card_points": {"A": 40}},
    {"solo": {"team": "B", "won": True, "player": 3}},
]
BOLACHEN = [
    {"declarer": 0, "contract": "brand", "trump": "herz", "tricks": 7},
    {"declarer": 1, "contract": "bettel", "won": False},
    {"declarer": 2, "contract": "mord", "won": True},
    {"declarer": 1, "contract": "brand", "trump": "gras", "won": True},
]


def report(database: str, games: int = 1000, evenings: int = 200, evening_games: int = 30) -> None:
    """Print the server time of a 1000-game sheet's statistics and of many evenings' folds."""
    # Imported here: the app reads its settings from the environment at import.
    from bauerblock import create_app

    app = create_app({"DATABASE": database})
    client = app.test_client()
    db = store.connect(database)
    try:
        long = _sheet(db, "bauerchen", BAUERCHEN, games)
        deals = _sheet(db, "bolachen", BOLACHEN, games, rules={"preset": "hard"})
        for name, sheet_id, entries in (
            ("bauerchen", long, BAUERCHEN),
            ("bolachen", deals, BOLACHEN),
        ):
            _report_sheet(client, f"{name} at {games} games", sheet_id)
            _report_appended(client, db, f"{name} at {games}+ games", sheet_id, entries, games)
        ids = [_sheet(db, "bauerchen", BAUERCHEN, evening_games) for _ in range(evenings)]

        def all_evenings() -> None:
            for sheet_id in ids:
                store.sheet_stats(db, sheet_id)

        cold = _times(all_evenings, _forget, runs=5)
        warm = _times(all_evenings, runs=5)
        print(
            f"{evenings} evenings of {evening_games} games, each sheet's stats: "
            f"first read {ms(cold)} ms, cached {ms(warm)} ms"
        )
    finally:
        db.close()


def _report_sheet(client, what: str, sheet_id: str) -> None:
    """Print the API's and the page's times: folding afresh, cached, and unchanged (304)."""
    api, page = f"/api/v1/sheets/{sheet_id}/stats", f"/s/{sheet_id}/stats"
    tag = client.get(api).headers["ETag"]
    api_cold = _times(lambda: client.get(api), _forget)
    api_warm = _times(lambda: client.get(api))
    api_304 = _times(lambda: client.get(api, headers={"If-None-Match": tag}))
    page_cold = _times(lambda: client.get(page), _forget)
    page_warm = _times(lambda: client.get(page))
    print(
        f"{what}: API first read {ms(api_cold)} ms, cached {ms(api_warm)} ms, 304 {ms(api_304)} ms"
    )
    print(f"{what}: page first read {ms(page_cold)} ms, cached {ms(page_warm)} ms")


def _report_appended(client, db, what: str, sheet_id: str, entries: list[dict], games: int):
    """Print the API's time to read the statistics after each newly recorded game."""
    # A table records a game and a phone reads the statistics: folded on, not again.
    api = f"/api/v1/sheets/{sheet_id}/stats"
    client.get(api)
    entry = entries[games % len(entries)]
    after = _times(lambda: client.get(api), lambda: service.record_game(db, sheet_id, entry))
    print(f"{what}: API read after each new game {ms(after)} ms")


def _sheet(db, game: str, entries: list[dict], games: int, **settings) -> str:
    sheet, _ = store.create_sheet(db, game, **settings)
    for number in range(games):
        service.record_game(db, sheet.id, entries[number % len(entries)])
    return sheet.id


def _times(call: Callable[[], object], before: Callable[[], None] = lambda: None, runs: int = 20):
    """Time `call` `runs` times, running `before` (untimed) ahead of each."""
    times = []
    for _ in range(runs):
        before()
        started = time.perf_counter()
        response = call()
        times.append(time.perf_counter() - started)
        status = getattr(response, "status_code", 200)
        assert status in (200, 304), status
    return times


def _forget() -> None:
    """Drop every kept answer, so the next read folds and encodes afresh."""
    store.stats._cache.clear()
    api_stats.DOCUMENTS.clear()
    statistics_page.summaries.clear()


def ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:.1f}"
