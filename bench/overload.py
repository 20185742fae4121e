"""Past capacity: the busy night of bench/capacity.py at 1.5 times the tables it held, served
as the image serves it (`bauerblock-serve` behind the front, bauerblock/front.py), where
nginx sheds reads past its budget with 503 and Retry-After so that the taps keep moving.

Reported: the taps' p99 (the goal: under 1 s), the answered polls' p99, how many polls were
shed and whether anything else failed. The load generator shares the 2 cores, as in
capacity.py.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import capacity
import requests

ROOT = Path(__file__).resolve().parent.parent
FACTOR = 1.5
TAPS_P99_GOAL_S = 1.0


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98] if len(values) > 1 else 0.0


class FrontServer:
    """`bauerblock-serve` behind the front on a free loopback port, on a database of its own."""

    def __init__(self, folder: Path, workers: int = 2) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.env = {
            **os.environ,
            "BAUERBLOCK_FRONT": f"127.0.0.1:{port}",
            "BAUERBLOCK_WORKERS": str(workers),
            "BAUERBLOCK_DATABASE": str(folder / "overload.sqlite3"),
            "BAUERBLOCK_INSTANCE_PATH": str(folder / "instance"),
            "BAUERBLOCK_RATELIMIT_ENABLED": "false",
        }

    def __enter__(self) -> FrontServer:
        command = [sys.executable, "-m", "bauerblock.serve"]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if requests.get(f"{self.url}/healthz", timeout=1).ok:
                    return self
            except requests.RequestException:
                pass
            time.sleep(0.2)
        self.__exit__()
        raise RuntimeError("bauerblock-serve behind the front did not answer within 60 s")

    def __exit__(self, *exc: object) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def report(held: int, *, seconds: float, factor: float = FACTOR) -> None:
    """Put `factor` times the `held` tables on the box behind the front for `seconds`."""
    tables = max(1, round(held * factor))
    with tempfile.TemporaryDirectory() as folder, FrontServer(Path(folder)) as server:
        chosen = capacity.make_tables(server.url, tables, [])
        level = asyncio.run(capacity.run_level(server.url, chosen, seconds, count_shed=True))
    taps = level.by_kind.get("tap", [])
    polls = level.by_kind.get("poll", [])
    verdict = "holds" if taps and p99(taps) < TAPS_P99_GOAL_S and not level.errors else "FAILS"
    if not taps:
        verdict = "no tap was due (too short a run to judge)"
    print(
        f"{tables:5d} tables ({factor:g} x {held}) behind the front: "
        f"taps p99 {p99(taps) * 1000:7.1f} ms over {len(taps)} (goal < 1 s)  "
        f"polls p99 {p99(polls) * 1000:7.1f} ms ({level.shed} of {len(polls)} shed: 503)  "
        f"errors {len(level.errors)}  {verdict}  (load average {os.getloadavg()[0]:.1f})",
        flush=True,
    )
