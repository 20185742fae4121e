"""Reads as a long evening grows (issue 9): every one should cost at game 1000 what it costs
at game 10 or 50.

- a poll that finds nothing new (If-None-Match -> 304), on the pad and on the API, under wrk
  and in-process (server time) at 10 and at 1000 games;
- the compressed size of the answer to a tap (htmx) at game 50 and at game 1000;
- the compressed size of the sheet page and its server time at 50 and at 1000 games;
- the API's `GET` of a sheet without `limit` (its default page) at 50 and at 3000 games:
  server time and bytes, the bound of issue 34 (item 4).

The sheets are filled in-process on the server's own database file; the sizes and times of
pages and taps are taken in-process too (server time, no network), as `render_times` does.
"""

from __future__ import annotations

import itertools
import re
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

GAMES = ("bauerchen", "bauerschspiel", "bolachen")
# Entries that keep each game's rounds (boards) short, as at a real table.
ENTRIES: dict[str, list[dict[str, Any]]] = {
    "bauerchen": [
        {"result": {"winner": "A", "band": "frei"}},
        {"card_points": {"B": 72}},
        {"result": {"winner": "B", "band": "schneider"}, "melds": [{"team": "A", "kind": "20"}]},
        {"card_points": {"A": 40}},
    ],
    "bauerschspiel": [{"winner": "A"}, {"winner": "A"}, {"winner": "B"}],
    "bolachen": [
        {"declarer": 0, "contract": "brand", "trump": "herz", "won": True},
        {"declarer": 1, "contract": "bettel", "won": False},
        {"declarer": 2, "contract": "mord", "tricks": 10},
    ],
}
TAPS = {
    "bauerchen": [{"result": "A:frei"}, {"cards": "1", "cp_team": "B", "cp": "72"}],
    "bauerschspiel": [{"winner": "A"}, {"winner": "B"}],
    "bolachen": [{"declarer": "0", "bid": "brand:herz", "won": "1"}],
}
RULES = {"bolachen": {"preset": "soft"}}
"""The soft score has no limit: a Bolachen evening of 3,000 games does not end."""
HX = {"HX-Request": "true", "Accept-Encoding": "gzip"}
GZIP = {"Accept-Encoding": "gzip"}
ROUNDS = 3
"""wrk runs per size, in turns."""


SIZES = (10, 50, 1000)
"""The evenings' lengths: a short one (polls), a middle one (taps, pages) and a long one."""


def report(
    url: str,
    database: str,
    seconds: int,
    wrk: Callable[..., float],
    sizes: tuple[int, int, int] = SIZES,
    runs: int = 40,
    rounds: int = ROUNDS,
) -> None:
    """Print the numbers of reads at a short and a long evening."""
    with _app(database) as (app, client):
        sheets = {
            (game, games): _sheet(app, client, game, games) for game in GAMES for games in sizes
        }
        _polls(url, client, sheets, seconds, wrk, sizes, runs, rounds)
        _taps(client, sheets, sizes)
        _pages(client, sheets, sizes, runs)
        _api_gets(app, client, runs)


def _polls(
    url: str,
    client: Any,
    sheets: dict,
    seconds: int,
    wrk: Callable[..., float],
    sizes: tuple[int, int, int],
    runs: int,
    rounds: int,
) -> None:
    few, _, many = sizes
    print(f"poll answered 304 (Bauerchen)  {few} games    {many} games   cost ratio")
    for name, path in (("pad", "/s/{id}"), ("API", "/api/v1/sheets/{id}")):
        polls = []
        for games in (few, many):
            target = path.format(id=sheets["bauerchen", games])
            tag = client.get(target, headers=HX).headers["ETag"]
            polls.append((target, {"If-None-Match": tag, "HX-Request": "true"}))
        # Taken in turns, so that the load of a shared machine falls on both alike.
        rates: list[list[float]] = [[], []]
        for _ in range(rounds):
            for index, (target, headers) in enumerate(polls):
                rates[index].append(wrk(url + target, seconds, headers=headers))
        short, long = (statistics.median(r) for r in rates)
        ratio = short / long
        print(f"  {name} wrk req/s  {short:19.0f}    {long:10.0f}   {ratio:6.2f}  (target <= 1.2)")
        times = _alternate(client, polls, 304, runs)
        short_ms, long_ms = (statistics.median(t) * 1000 for t in times)
        print(
            f"  {name} server ms  {short_ms:19.3f}    {long_ms:10.3f}   {long_ms / short_ms:6.2f}"
        )


def _taps(client: Any, sheets: dict, sizes: tuple[int, int, int]) -> None:
    _, middle, long = sizes
    print(f"\ntap answer, gzip bytes (median of 8)     game {middle}   game {long}   ratio")
    for game in GAMES:
        short, long_size = (
            statistics.median(_tap_sizes(client, sheets[game, games], game))
            for games in (middle, long)
        )
        print(
            f"  {game:36} {short:9.0f}   {long_size:9.0f}   {long_size / short:5.2f}"
            "  (target <= 1.3)"
        )


def _pages(client: Any, sheets: dict, sizes: tuple[int, int, int], runs: int) -> None:
    _, middle, long = sizes
    print(
        f"\nsheet page (edit view)   gzip bytes {middle} / {long}   server ms {middle} / {long}"
        "    ratios"
    )
    for game in GAMES:
        pages = [(f"/s/{sheets[game, games]}/edit", GZIP) for games in (middle, long)]
        size_middle, size_long = (len(client.get(path, headers=GZIP).data) for path, _ in pages)
        time_middle, time_long = (
            statistics.median(t) * 1000 for t in _alternate(client, pages, runs=runs)
        )
        print(
            f"  {game:14}  {size_middle:9d} / {size_long:5d}"
            f"   {time_middle:9.2f} / {time_long:6.2f}"
            f"   {size_long / size_middle:4.2f} {time_long / time_middle:4.2f}  (target <= 1.5)"
        )


def _api_gets(app: Any, client: Any, runs: int, middle: int = 50) -> None:
    """Print what a sheet's API GET without `limit` costs at `middle` and at 3000 games."""
    from bauerblock import store
    from bauerblock.store.sheets import MAX_GAMES

    with app.app_context():
        db = store.get_db()
        ids = [long_sheet(db, "bolachen", games) for games in (middle, MAX_GAMES)]
    # The API's answers go out uncompressed (a front may compress them): their bytes as sent.
    gets: list[tuple[str, dict[str, str]]] = [
        (f"/api/v1/sheets/{sheet_id}", {}) for sheet_id in ids
    ]
    sizes = [len(client.get(path).data) for path, _ in gets]
    short, long = (statistics.median(t) * 1000 for t in _alternate(client, gets, runs=runs))
    print(
        f"\nAPI GET of a sheet, default page   bytes {middle} / {MAX_GAMES}"
        f"   server ms {middle} / {MAX_GAMES}    ratios"
    )
    print(
        f"  bolachen        {sizes[0]:9d} / {sizes[1]:5d}   {short:9.2f} / {long:6.2f}"
        f"   {sizes[1] / sizes[0]:4.2f} {long / short:4.2f}  (target <= 1.3)"
    )


def long_sheet(db: Any, game: str, games: int) -> str:
    """Return a new sheet of `game` with `games` games, played in one write."""
    from bauerblock import store

    sheet, _ = store.create_sheet(db, game, rules=RULES.get(game))
    fill(db, sheet.id, games)
    return sheet.id


def fill(db: Any, sheet_id: str, games: int) -> None:
    """Play `games` games on an empty sheet in one write, as tests/long_sheets.py does."""
    from bauerblock.store import sheets
    from bauerblock.store.db import immediate
    from bauerblock.store.sheets.writes import append

    with immediate(db):
        head = sheets.head_of(db, sheet_id)
        append(db, head, list(itertools.islice(itertools.cycle(ENTRIES[head.game]), games)))


@contextmanager
def _app(database: str) -> Iterator[tuple[Any, Any]]:
    # Imported here: the app reads its settings from the environment at import.
    from bauerblock import create_app

    app = create_app({"DATABASE": database, "RATELIMIT_ENABLED": False})
    yield app, app.test_client()


def _sheet(app: Any, client: Any, game: str, games: int) -> str:
    """Create a sheet of `game` with `games` games; give the client its edit right."""
    from bauerblock import store
    from bauerblock.services import sheets as service

    with app.app_context():
        db = store.get_db()
        seats = 3 if game == "bolachen" else 4
        sheet, token = store.create_sheet(db, game, players=[f"P{n}" for n in range(seats)])
        entries = ENTRIES[game]
        for number in range(games):
            service.record_game(db, sheet.id, entries[number % len(entries)])
    # The edit link answers with the pad itself (no redirect) and keeps the right in the session.
    assert client.get(f"/s/{sheet.id}/edit?token={token}").status_code == 200
    return sheet.id


def _tap_sizes(client: Any, sheet_id: str, game: str, taps: int = 8) -> list[int]:
    """Tap `taps` games on the sheet through the entry form; return each answer's gzip size."""
    sizes = []
    for index in range(taps):
        page = client.get(f"/s/{sheet_id}/edit").text
        form = page[page.index('id="entry-form"') :]
        data = {
            name: re.search(rf'name="{name}" value="([^"]*)"', form).group(1)
            for name in ("csrf_token", "key", "version", "number")
        }
        data.update(TAPS[game][index % len(TAPS[game])])
        answer = client.post(f"/s/{sheet_id}/games", data=data, headers=HX)
        assert answer.status_code == 200, answer.status_code
        sizes.append(len(answer.data))
    return sizes


def _alternate(
    client: Any, requests: list[tuple[str, dict[str, str]]], status: int = 200, runs: int = 40
) -> list[list[float]]:
    """Time each request `runs` times in turns (server time, in-process)."""
    times: list[list[float]] = [[] for _ in requests]
    for _ in range(runs):
        for index, (path, headers) in enumerate(requests):
            started = time.perf_counter()
            response = client.get(path, headers=headers)
            times[index].append(time.perf_counter() - started)
            assert response.status_code == status, (path, response.status_code)
    return times
