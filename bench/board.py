"""The tournament board's costs, for bench/run.py: a poll that finds nothing new, a full render.

- a board poll answered 304 (htmx, If-None-Match) against a sheet poll answered 304, with
  wrk on the same server: the board's must cost at most 1.5 times the sheet's;
- the board's full render at 40 tables of 3 rounds each (160 players), in-process (server
  time): under 50 ms.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import requests

TABLES = 40
ROUNDS = 3
KARTAB = {"solo": {"team": "A", "won": True}}
"""A Kart'ab ends a round in one game: each table plays its rounds in three games."""


def report(
    server: Any, wrk: Callable[..., float], seconds: int, runs: int = 20, tables: int = TABLES
) -> None:
    """Print the board's numbers for docs/performance.md."""
    with requests.Session() as http:
        http.trust_env = False
        tournament_id, sheet_id = _tournament(http, server.url, tables)
        board_url = f"{server.url}/t/{tournament_id}"
        sheet_url = f"{server.url}/s/{sheet_id}"
        polls = {}
        for name, url in (("board", board_url), ("sheet", sheet_url)):
            headers = {"HX-Request": "true", "If-None-Match": http.get(url).headers["ETag"]}
            # The poll is really answered "nothing new" before wrk counts it.
            assert http.get(url, headers=headers).status_code == 304, name
            polls[name] = wrk(url, seconds, headers=headers)
    print(f"GET  /t/<id>  poll, 304 ({tables} tables)  {polls['board']:8.0f} req/s")
    print(f"GET  /s/<id>  poll, 304               {polls['sheet']:8.0f} req/s")
    ratio = polls["sheet"] / polls["board"]
    print(f"  cost board poll / sheet poll        {ratio:8.2f}   (target <= 1.5)\n")

    # Imported here: the app reads its settings from the environment at import.
    from bauerblock import create_app

    client = create_app({"DATABASE": server.env["BAUERBLOCK_DATABASE"]}).test_client()
    for name, headers in (("page", {}), ("htmx fragment", {"HX-Request": "true"})):
        wall, cpu = [], []
        for _ in range(runs):
            started, used = time.perf_counter(), time.process_time()
            response = client.get(f"/t/{tournament_id}", headers=headers)
            wall.append(time.perf_counter() - started)
            cpu.append(time.process_time() - used)
            assert response.status_code == 200, response.status_code
        # On a shared machine the wall time waits for the CPU too: the CPU time is the render's.
        print(
            f"render board {name:13s} {tables} tables x {ROUNDS} rounds  median"
            f" {_ms(wall)} ms ({_ms(cpu)} ms CPU)"
        )
    print()


def _ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:7.2f}"


def _tournament(http: requests.Session, url: str, tables: int) -> tuple[str, str]:
    """Make a tournament whose first draw's `tables` tables played all their rounds; return its id
    and one table's sheet id."""
    players = [f"Spieler {n}" for n in range(1, 4 * tables + 1)]
    new = {"title": "Preisbauer Benchmark", "players": players, "format": {"draws": 2}}
    created = http.post(f"{url}/api/v1/tournaments", json=new, timeout=30).json()
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    drawn = http.post(
        f"{url}/api/v1/tournaments/{created['id']}/draws", json={}, headers=auth, timeout=60
    )
    drawn.raise_for_status()
    tables = drawn.json()["tables"]
    for table in tables:
        sheet = table["sheet"]
        for _ in range(ROUNDS):
            http.post(
                f"{url}/api/v1/sheets/{sheet['id']}/games",
                json=KARTAB,
                headers={"Authorization": f"Bearer {sheet['edit_token']}"},
                timeout=30,
            ).raise_for_status()
    return created["id"], tables[0]["sheet"]["id"]
