"""Capacity of one box on a busy night: how many tables 2 gunicorn workers hold.

The model, per table: 4 phones each polling the sheet every 3 s with If-None-Match (half on
the pad's htmx poll, half on the API's GET; up to date they get 304) and one game recorded
every 90 s; plus one tournament board per 10 tables polling every 5 s (the board's own htmx
poll of `/t/<id>` with If-None-Match: the tables are the 10 tables of a tournament's draw of
40 players, so a game at any of them changes its board). Every client starts at a random
phase and keeps its period exactly: the load is open (requests are sent on schedule whether
or not earlier ones were answered), and a request's latency runs from when it was due, so
a server that falls behind shows it.

A level passes when p99 ≤ 100 ms and no request failed (anything but 200, 201 or 304, or no
answer). Levels rise until one fails; the report is the largest that passed. The load
generator is one asyncio process on the same 2 cores as the server.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import time
from dataclasses import dataclass, field

import requests

POLL_SECONDS = 3.0
PHONES = 4
GAME_SECONDS = 90.0
BOARD_SECONDS = 5.0
TABLES_PER_BOARD = 10
P99_LIMIT = 0.100
ENTRY = json.dumps({"result": {"winner": "A", "band": "frei"}}).encode()


@dataclass
class Table:
    sheet: str
    token: str
    tournament: str
    etag: str = ""
    """The API's and the pad's ETags as the phones loaded the sheet before the night."""
    pad_etag: str = ""


@dataclass
class Level:
    tables: int
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    by_kind: dict[str, list[float]] = field(default_factory=dict)
    """The latencies of the taps (`tap`) and of the polls (`poll`) apart."""
    shed: int = 0
    """Polls answered 503 by the front (bench/overload.py): shed, not failed, when counted."""
    count_shed: bool = False

    @property
    def p99(self) -> float:
        return statistics.quantiles(self.latencies, n=100)[98] if len(self.latencies) > 1 else 0

    @property
    def holds(self) -> bool:
        return not self.errors and self.p99 <= P99_LIMIT

    def line(self) -> str:
        rate = len(self.latencies) / self.seconds if self.seconds else 0
        median = statistics.median(self.latencies) * 1000 if self.latencies else 0
        verdict = "holds" if self.holds else "FAILS"
        return (
            f"{self.tables:5d} tables  {rate:7.0f} req/s  median {median:6.1f} ms  "
            f"p99 {self.p99 * 1000:6.1f} ms  errors {len(self.errors):4d}  {verdict}"
            # Other work on the machine takes the same cores: say how much there was.
            f"  (load average {os.getloadavg()[0]:.1f})"
        )


def make_tables(url: str, count: int, have: list[Table]) -> list[Table]:
    """Return `count` tables, drawing the tournaments the ones in `have` lack (10 tables each).

    Each table's phones have loaded its sheet (the page, the API) before the night: their
    polls start with its ETags, so the night does not open with every phone's first load.
    """
    players = [f"Spieler {n}" for n in range(1, PHONES * TABLES_PER_BOARD + 1)]
    # Rounds enough for a night: a game of the model gives 1 point, and a table never finishes.
    new = {"players": players, "format": {"rounds_per_draw": 9, "draws": 1}}
    with requests.Session() as http:
        while len(have) < count:
            made = http.post(f"{url}/api/v1/tournaments", json=new, timeout=10).json()
            auth = {"Authorization": f"Bearer {made['edit_token']}"}
            draws = f"{url}/api/v1/tournaments/{made['id']}/draws"
            draw = http.post(draws, json={}, headers=auth, timeout=30).json()
            for table in draw["tables"]:
                sheet = table["sheet"]
                have.append(Table(sheet["id"], sheet["edit_token"], made["id"]))
        for table in have[:count]:
            api = http.get(f"{url}/api/v1/sheets/{table.sheet}", timeout=10)
            pad = http.get(f"{url}/s/{table.sheet}", headers={"HX-Request": "true"}, timeout=10)
            table.etag, table.pad_etag = api.headers["ETag"], pad.headers["ETag"]
    return have[:count]


async def send(host: str, port: int, head: str, body: bytes = b"") -> tuple[int, dict[str, str]]:
    """Send one HTTP/1.1 request on a new connection (gunicorn's sync workers close each)."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        writer.write(head.encode() + body)
        await writer.drain()
        answer = await reader.read()
    finally:
        writer.close()
    if not answer:
        # Closed without a word (a front out of connections): a failure like a reset.
        raise ConnectionResetError("the connection closed without an answer")
    lines = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers


def request(method: str, path: str, headers: dict[str, str], body: bytes = b"") -> str:
    lines = [f"{method} {path} HTTP/1.1", "Host: bench", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if body:
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return "\r\n".join(lines) + "\r\n\r\n"


async def every(period: float, until: float, level: Level, act, kind: str = "poll") -> None:
    """Run `act` every `period` seconds from a random phase until `until`, timing each."""
    due = time.monotonic() + random.uniform(0, period)
    while due < until:
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        try:
            status = await act()
            if status == 503 and kind == "poll" and level.count_shed:
                level.shed += 1
            elif status not in (200, 201, 304):
                level.errors.append(str(status))
        except OSError as error:
            level.errors.append(type(error).__name__)
        level.latencies.append(time.monotonic() - due)
        level.by_kind.setdefault(kind, []).append(level.latencies[-1])
        due += period


async def run_level(
    url: str, tables: list[Table], seconds: float, *, count_shed: bool = False
) -> Level:
    """Put the night's load of `tables` on the server for `seconds`; return what it measured
    (with `count_shed`, a poll answered 503 is counted as shed, not as an error)."""
    host, port = url.removeprefix("http://").split(":")
    port = int(port)
    level = Level(len(tables), count_shed=count_shed)
    start = time.monotonic()
    until = start + seconds

    def poll(path: str, etag: str, headers: dict[str, str]):
        """Return one phone's poll of `path`: it keeps the ETag of what it last got."""
        seen = {"etag": etag}

        async def act() -> int:
            sent = {**headers, "If-None-Match": seen["etag"]}
            status, got = await send(host, port, request("GET", path, sent))
            seen["etag"] = got.get("etag", seen["etag"])
            return status

        return act

    def record(table: Table):
        async def act() -> int:
            headers = {"Authorization": f"Bearer {table.token}"}
            path = f"/api/v1/sheets/{table.sheet}/games"
            status, _ = await send(host, port, request("POST", path, headers, ENTRY), ENTRY)
            return status

        return act

    clients = []
    for index, table in enumerate(tables):
        api = f"/api/v1/sheets/{table.sheet}"
        for phone in range(PHONES):
            if phone % 2:
                act = poll(api, table.etag, {})
            else:
                act = poll(f"/s/{table.sheet}", table.pad_etag, {"HX-Request": "true"})
            clients.append(every(POLL_SECONDS, until, level, act))
        clients.append(every(GAME_SECONDS, until, level, record(table), kind="tap"))
        if index % TABLES_PER_BOARD == 0:
            # The board starts unseen: its first poll loads it.
            act = poll(f"/t/{table.tournament}", "", {"HX-Request": "true"})
            clients.append(every(BOARD_SECONDS, until, level, act))
    await asyncio.gather(*clients)
    level.seconds = time.monotonic() - start
    return level


def capacity(
    url: str, *, seconds: float, step: int, start: int | None = None, most: int = 5000
) -> list[Level]:
    """Raise the tables from `start` by `step` until a level fails (or `most`); return them."""
    random.seed(13)
    tables: list[Table] = []
    levels = []
    for count in range(start or step, most + 1, step):
        chosen = make_tables(url, count, tables)
        level = asyncio.run(run_level(url, chosen, seconds))
        levels.append(level)
        print(level.line(), flush=True)
        if not level.holds:
            break
    return levels


def report(levels: list[Level]) -> None:
    held = [level.tables for level in levels if level.holds]
    best = max(held, default=0)
    print(f"  largest night held: {best} tables (p99 <= 100 ms, no errors; goal >= 1000)")


def cpu_estimate(url: str, server, samples: int = 200) -> None:
    """Print the model's CPU cost per table, from CPU time per request, and the tables it allows.

    CPU time is what a shared machine disturbs least: where other load keeps the levels
    above from holding, this says what the 2 cores would hold alone.
    """
    import resource

    host, port = url.removeprefix("http://").split(":")
    table, written = make_tables(url, 2, [])
    api, pad = f"/api/v1/sheets/{table.sheet}", f"/s/{table.sheet}"
    with requests.Session() as http:
        # Reads on a sheet as a night leaves it: 20 games.
        for _ in range(20):
            auth = {"Authorization": f"Bearer {table.token}", "Content-Type": "application/json"}
            http.post(f"{url}{api}/games", data=ENTRY, headers=auth, timeout=10).raise_for_status()

    async def cost(method: str, path: str, headers: dict[str, str], body: bytes = b""):
        """Return the CPU seconds per request of the workers, and of the load generator."""
        workers = server.workers_cpu_seconds()
        client = resource.getrusage(resource.RUSAGE_SELF)
        for _ in range(samples):
            await send(host, int(port), request(method, path, headers, body), body)
        after = resource.getrusage(resource.RUSAGE_SELF)
        served = server.workers_cpu_seconds() - workers
        sent = after.ru_utime + after.ru_stime - client.ru_utime - client.ru_stime
        return served / samples, sent / samples

    async def measure() -> dict[str, tuple[float, float]]:
        await cost("GET", "/healthz", {})  # warm the workers up: first requests import more
        # The floor: gunicorn's and the client's work around a request Flask answers at once.
        costs = {"healthz": await cost("GET", "/healthz", {})}
        tag = requests.get(f"{url}{api}", timeout=10).headers["ETag"]
        pad_tag = requests.get(f"{url}{pad}", headers={"HX-Request": "true"}, timeout=10)
        costs["api 304"] = await cost("GET", api, {"If-None-Match": tag})
        costs["api 200"] = await cost("GET", api, {})
        hx = {"HX-Request": "true"}
        costs["pad 304"] = await cost("GET", pad, {**hx, "If-None-Match": pad_tag.headers["ETag"]})
        costs["pad 200"] = await cost("GET", pad, hx)
        board = f"/t/{table.tournament}"
        board_tag = requests.get(f"{url}{board}", headers=hx, timeout=10).headers["ETag"]
        costs["board 304"] = await cost("GET", board, {**hx, "If-None-Match": board_tag})
        auth = {"Authorization": f"Bearer {written.token}"}
        costs["write"] = await cost("POST", f"/api/v1/sheets/{written.sheet}/games", auth, ENTRY)
        return costs

    costs = asyncio.run(measure())

    def per_table(side: int | None) -> float:
        """Return a table's CPU seconds a second: the server's (0), the client's (1), both."""
        c = {k: (v[side] if side is not None else sum(v)) for k, v in costs.items()}
        return (
            PHONES / POLL_SECONDS / 2 * (c["api 304"] + c["pad 304"])
            # After each game every phone fetches the new state once.
            + (PHONES / 2 * (c["api 200"] + c["pad 200"]) + c["write"]) / GAME_SECONDS
            + c["board 304"] / BOARD_SECONDS / TABLES_PER_BOARD
        )

    print("  CPU per request (us):      server  client (the load generator)")
    for what, (served, sent) in costs.items():
        print(f"    {what:10s}            {served * 1e6:7.0f} {sent * 1e6:7.0f}")
    both, alone = per_table(None), per_table(0)
    print(
        f"  a table costs {both * 1e3:.2f} ms CPU a second with its load generator: "
        f"2 cores at 80 % hold {int(0.8 * 2 / both)}"
    )
    print(
        f"  the server alone {alone * 1e3:.2f} ms a second: 2 cores at 80 % would hold "
        f"{int(0.8 * 2 / alone)} (phones are not on the box)"
    )
