"""The two headline ratios of bench/run.py, each taken in interleaved rounds (issue 32).

- POST /api/v1/bauerchen/score against GET /healthz: short wrk runs of each in alternating
  rounds (the order flips every round), after a warm-up of both that is not counted;
- recording game 2000 of one long sheet against game 10 of fresh sheets: the two sizes
  recorded alternately, request by request, after warm-up recordings of both.

On a shared machine the load changes from second to second and falls on whichever request is
being timed; measuring the two sides of a ratio at different moments made runs of the same
code read 0.74 and 0.95. Taken in turns, each round's ratio compares the two under the same
load, and the median of the rounds' ratios with their spread (min–max) is what is reported.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any, Protocol

import requests

SCORE_BODY = {
    "rules": {"preset": "lautern"},
    "home": "A",
    "card_points": {"A": 72},
    "melds": [{"team": "B", "kind": "20"}],
    "spritz": 1,
    "score_before": {"A": 4, "B": 9},
}
# A game that never ends a round on its own (1 to 4 points), so a long sheet has many rounds.
GAMES = [
    {"result": {"winner": "A", "band": "frei"}},
    {"card_points": {"B": 72}},
    {"result": {"winner": "B", "band": "schneider"}, "melds": [{"team": "A", "kind": "20"}]},
    {"card_points": {"A": 40}},
]
WARM_UP = 4
"""Recordings of each size made before the timed ones: a worker's first requests on a path
import and cache more (the game 10 median was inflated by them when it was timed first)."""


class Measures(Protocol):
    """What the bench's server offers: its URL and a wrk run with the workers' CPU."""

    url: str

    def measure(
        self, url: str, seconds: int, body: dict[str, Any] | None = None
    ) -> tuple[float, float]: ...


def spread(ratios: list[float]) -> str:
    """Return a ratio's median over the rounds and its min–max."""
    return f"{statistics.median(ratios):8.2f}   ({min(ratios):.2f}–{max(ratios):.2f})"


def scoring(server: Measures, rounds: int, seconds: int) -> None:
    """Print the scoring endpoint's throughput as a share of /healthz's, taken in rounds."""
    sides = {
        "healthz": (f"{server.url}/healthz", None),
        "score": (f"{server.url}/api/v1/bauerchen/score", SCORE_BODY),
    }
    for url, body in sides.values():
        server.measure(url, 1, body)
    runs: dict[str, list[tuple[float, float]]] = {"healthz": [], "score": []}
    for index in range(rounds):
        # Flip the order each round, so that neither side always follows the other.
        for name in sorted(sides, reverse=bool(index % 2)):
            url, body = sides[name]
            runs[name].append(server.measure(url, seconds, body))
    rates = [s / h for (h, _), (s, _) in zip(runs["healthz"], runs["score"], strict=True)]
    by_cpu = [h / s for (_, h), (_, s) in zip(runs["healthz"], runs["score"], strict=True)]
    for name, label in (("healthz", "GET  /healthz"), ("score", "POST /api/v1/bauerchen/score")):
        rate = statistics.median(r for r, _ in runs[name])
        cpu = statistics.median(c for _, c in runs[name])
        print(f"{label:28} {rate:8.0f} req/s  {cpu:5.0f} us CPU/req  (median of {rounds})")
    print(f"  ratio score/healthz        {spread(rates)}   (target >= 0.8)")
    print(f"  ratio by CPU per request   {spread(by_cpu)}\n")


def recording(url: str, long: int, samples: int, rounds: int) -> None:
    """Print recording game `long` of one sheet against game 10 of fresh sheets, in turns."""
    with requests.Session() as session:
        shorts = [sheet(session, url, 10) for _ in range(WARM_UP + samples)]
        long_sheet = sheet(session, url, long)
        times: dict[int, list[float]] = {10: [], long: []}
        for index, short in enumerate(shorts):
            # Both sizes record the same entry: the long sheet's next game in its cycle.
            entry = GAMES[(long - 1 + index) % len(GAMES)]
            for number, target in ((10, short), (long, long_sheet)):
                taken = target(entry)
                if index >= WARM_UP:
                    times[number].append(taken)
    per_round = max(1, samples // rounds)
    ratios = [
        statistics.median(times[long][start : start + per_round])
        / statistics.median(times[10][start : start + per_round])
        for start in range(0, samples - per_round + 1, per_round)
    ]
    for number in (10, long):
        median = statistics.median(times[number]) * 1000
        print(f"record game {number:<5} median {median:7.2f} ms over {samples} games")
    print(f"  ratio {long}/10 by round    {spread(ratios)}   (target <= 1.2)")
    print(f"  ({len(ratios)} rounds of {per_round} recordings each size, taken in turns)\n")


def sheet(session: requests.Session, url: str, number: int) -> Callable[[dict], float]:
    """Return a new sheet's recorder, its next game game `number`: it returns the seconds."""
    sheet_id, auth = new_sheet(session, url)
    fill(session, url, sheet_id, auth, number - 1)

    def record(entry: dict) -> float:
        started = time.perf_counter()
        response = session.post(
            f"{url}/api/v1/sheets/{sheet_id}/games", json=entry, headers=auth, timeout=30
        )
        taken = time.perf_counter() - started
        response.raise_for_status()
        return taken

    return record


def new_sheet(session: requests.Session, url: str) -> tuple[str, dict[str, str]]:
    """Return a new Bauerchen sheet's id and its edit token's header."""
    body = session.post(f"{url}/api/v1/sheets", json={"game": "bauerchen"}, timeout=10).json()
    return body["id"], {"Authorization": f"Bearer {body['edit_token']}"}


def fill(session: requests.Session, url: str, sheet_id: str, auth: dict, games: int) -> None:
    """Record `games` games of GAMES on the sheet."""
    for number in range(games):
        response = session.post(
            f"{url}/api/v1/sheets/{sheet_id}/games",
            json=GAMES[number % len(GAMES)],
            headers=auth,
            timeout=30,
        )
        response.raise_for_status()
