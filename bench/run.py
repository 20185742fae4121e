"""Measure Bauerblock on loopback and print the numbers docs/performance.md reports.

- throughput of POST /api/v1/bauerchen/score as a share of GET /healthz (wrk, one server),
  and the cost of recording game 2000 of a sheet relative to game 10, each in interleaved
  rounds (bench/score.py);
- server time to render the sheet page at 10 and at 500 games;
- peak memory (VmHWM) of a gunicorn worker;
- the tournament board's 304 poll against a sheet's, and its full render (bench/board.py);
- the tournament draw in-process (bench/draw.py);
- a tournament's poll, full state and a draw of 200 in-process (bench/tournament.py).
- server time of a 1000-game sheet's statistics, and of 200 evenings' (bench/stats.py);
- reads at 10/50 against 1000 games: 304 polls, tap answers, pages (bench/reads.py);
- writes at 50 against 3000 games: amend and undo of the last game (bench/writes.py).
- a 3000-game sheet's PDF and print page: CPU to build, and served kept (bench/exports.py).
- the capacity of the box on a busy night: the most tables it holds (bench/capacity.py).
- past capacity, behind the front: 1.5 times the tables held, the taps' p99 and the polls
  shed (bench/overload.py; in --short 1.5 times the one level's tables, held or not).
- a Stammtisch of 200 evenings: its statistics, listing and pages (bench/groups.py).
- a series at 50 and 1,000 games of its tournaments: its page, Rangliste, board and a
  seated player's page (bench/series.py).
- the first visit of a sheet's edit link in Chromium, each game: bytes, Slow 3G's time to
  interactive (bench/first_load.py; `--only first-load` alone).
- Lighthouse's performance score of the score sheet's pages (bench/lighthouse.py).

Run it with `bin/bench` (which sets up .venv and wrk first). Loopback only; every loop is
bounded. Rate limits are switched off, as for any load test.

`--short` runs every part at toy sizes (one wrk second, a few games, one capacity level, one
game's first visit, no Lighthouse): its figures mean nothing, but every step and assertion
of the long run is taken. tests/test_bench.py runs it, so the bench cannot break unnoticed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import capacity
import overload
import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import board, first_load, lighthouse, polls, reads, score, writes  # noqa: E402
from bench import exports as exports_bench  # noqa: E402
from bench import groups as groups_bench  # noqa: E402
from bench import series as series_bench  # noqa: E402
from bench import stats as stats_bench  # noqa: E402  (needs ROOT on the path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10, help="wrk run per endpoint")
    parser.add_argument(
        "--rounds", type=int, default=8, help="rounds of the two ratios' sides, in turns"
    )
    parser.add_argument(
        "--round-seconds", type=int, default=3, help="wrk run per endpoint in a scoring round"
    )
    parser.add_argument("--long", type=int, default=2000, help="the long sheet's game number")
    parser.add_argument("--samples", type=int, default=40, help="recordings timed per size")
    parser.add_argument("--night", type=int, default=20, help="seconds per capacity level")
    parser.add_argument("--step", type=int, default=100, help="tables added per level")
    parser.add_argument("--start", type=int, default=0, help="tables of the first level")
    parser.add_argument(
        "--only",
        choices=["all", "score", "capacity", "cpu", "lighthouse", "first-load", "reads", "series"],
        default="all",
        help="score: the scoring ratio and recording game 2000 against game 10 alone; "
        "capacity: the busy night alone; cpu: its CPU estimate alone; lighthouse: its "
        "scores; first-load: a sheet's first visit in Chromium (bytes, Slow 3G); reads: polls, "
        "taps, pages and the API's GET at a short and a long evening; series: a series' pages "
        "at 50 and 1,000 games of its tournaments",
    )
    parser.add_argument(
        "--short",
        action="store_true",
        help="every part at toy sizes, to prove the run reaches its end (tests/test_bench.py)",
    )
    args = parser.parse_args()
    if args.short:
        args.seconds, args.rounds, args.round_seconds, args.long, args.samples = 1, 2, 1, 12, 2
        args.night, args.step, args.start = 1, 2, 2

    with tempfile.TemporaryDirectory() as folder, Server(Path(folder)) as server:
        print(f"# Bauerblock benchmark, {time.strftime('%Y-%m-%d %H:%M')}")
        print(f"machine: {machine()}")
        print(f"server: gunicorn, {server.workers} sync workers, on {server.url}")
        print(f"load average before: {os.getloadavg()[0]:.1f} (other work on the machine)\n")
        if args.only == "lighthouse":
            lighthouse.report(server.url)
            return
        if args.only == "reads":
            read(server, args)
            return
        if args.only == "series":
            season(Path(folder), args)
            return
        if args.only == "first-load":
            first_load.report(server.url, ("bauerchen",) if args.short else tuple(first_load.GAMES))
            return
        if args.only not in ("all", "score"):
            night(server, args)
            return
        # Each ratio's two sides taken in turns, round by round (bench/score.py).
        score.scoring(server, args.rounds, args.round_seconds)
        score.recording(server.url, args.long, args.samples, args.rounds)
        if args.only == "score":
            return

        short = args.short
        for games in (5, 20) if short else (10, 500):
            times = render_times(server, games, runs=2 if short else 20)
            print(f"render sheet page at {games:3d} games  median {ms(times)} ms (server time)")
        print()
        board.report(server, wrk, args.seconds, **({"runs": 2, "tables": 2} if short else {}))
        print()
        read(server, args)
        print()
        first_load.report(server.url, ("bauerchen",) if short else tuple(first_load.GAMES))
        print()
        if short:
            print("lighthouse: not in --short (tests/lighthouse.py audits the same pages)")
        else:
            lighthouse.report(server.url)
        print()
        writes.report(**({"sizes": (5, 20), "runs": 2} if short else {}))
        print()
        exports_bench.report(**({"games": 20, "runs": 1} if short else {}))
        print()
        small = {"games": 12, "evenings": 3, "evening_games": 4} if short else {}
        stats_bench.report(server.env["BAUERBLOCK_DATABASE"], **small)
        print(f"\npeak memory of a worker (VmHWM): {server.peak_worker_kib() / 1024:.1f} MiB")
        groups_bench.report(
            Path(folder), **({"evenings": 3, "runs": 2, "games": 4} if short else {})
        )
        season(Path(folder), args)
        night(server, args)
    # bench/ is no package: its modules are found through ROOT, put on the path above.
    from bench import draw, tournament

    print()
    draw.report(**({"seeds": 1, "sizes": ((16, 2),)} if args.short else {}))
    print()
    tournament.report(**({"samples": 2, "draws": 2, "many": 16} if args.short else {}))
    print("\nbench: every part ran to its end")


def read(server: Server, args: argparse.Namespace) -> None:
    """Print the reads at a short and a long evening (bench/reads.py)."""
    sizes = {"sizes": (3, 5, 12), "runs": 2, "rounds": 1} if args.short else {}
    reads.report(server.url, server.env["BAUERBLOCK_DATABASE"], args.seconds, wrk, **sizes)


def season(folder: Path, args: argparse.Namespace) -> None:
    """Print a series' pages at 50 and 1,000 games of its tournaments (bench/series.py)."""
    series_bench.report(folder, **({"sizes": (10, 40), "runs": 2} if args.short else {}))


def night(server: Server, args: argparse.Namespace) -> None:
    """Print the busy night's levels (unless --only cpu) and its CPU estimate."""
    if args.only != "cpu":
        print("\ncapacity, a busy night (bench/capacity.py):")
        start = args.start or args.step
        most = start if args.short else 5000
        levels = capacity.capacity(
            server.url, seconds=args.night, step=args.step, start=start, most=most
        )
        capacity.report(levels)
        held = max((level.tables for level in levels if level.holds), default=0)
        # Past capacity, behind the front: the reads are shed, the taps keep moving. The
        # short run takes its one level as held, so that the part runs to its end too.
        if args.short:
            held = held or start
        if held:
            overload.report(held, seconds=args.night)
    capacity.cpu_estimate(server.url, server, samples=5 if args.short else 200)
    print()
    polls.report(times=20 if args.short else 2000)


def machine() -> str:
    cpu = "unknown CPU"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:7.2f}"


class Server:
    """gunicorn serving the app on a free loopback port, on a database of its own."""

    workers = 2

    def __init__(self, folder: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "BAUERBLOCK_BIND": f"127.0.0.1:{self.port}",
            "BAUERBLOCK_WORKERS": str(self.workers),
            "BAUERBLOCK_DATABASE": str(folder / "bench.sqlite3"),
            "BAUERBLOCK_INSTANCE_PATH": str(folder / "instance"),
            "BAUERBLOCK_RATELIMIT_ENABLED": "false",
        }

    def __enter__(self) -> Server:
        # The access log to /dev/null: each line is still made (its tokens masked), as in
        # production where it goes to stdout, but no terminal or file write is measured.
        command = [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"]
        command += ["--access-logfile", "/dev/null", "bauerblock.wsgi:app"]
        self.process = subprocess.Popen(command, cwd=ROOT, env=self.env, stderr=subprocess.PIPE)
        # Two workers each import the app: on a shared, loaded machine that takes a while.
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                if requests.get(f"{self.url}/healthz", timeout=1).ok:
                    return self
            except requests.RequestException:
                time.sleep(0.1)
        self.process.kill()
        raise SystemExit("gunicorn did not start")

    def __exit__(self, *exc: object) -> None:
        self.process.terminate()
        # A loaded machine can take longer than gunicorn's graceful timeout to stop its
        # workers; the bench's figures are taken by then, so stop waiting and end it.
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def workers_cpu_seconds(self) -> float:
        """Return the CPU time the workers used so far (user and system)."""
        total = 0
        for pid in self._worker_pids():
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(stat[11]) + int(stat[12])
        return total / os.sysconf("SC_CLK_TCK")

    def measure(self, url: str, seconds: int, body: dict | None = None) -> tuple[float, float]:
        """Return wrk's requests per second on `url`, and the workers' CPU µs per request.

        CPU per request is what other load on a shared machine disturbs least.
        """
        before = self.workers_cpu_seconds()
        rate = wrk(url, seconds, body)
        return rate, (self.workers_cpu_seconds() - before) / (rate * seconds) * 1e6

    def _worker_pids(self) -> list[str]:
        return (
            Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split()
        )

    def peak_worker_kib(self) -> int:
        """Return the largest peak resident size among the workers, in KiB."""
        peaks = []
        for pid in self._worker_pids():
            status = Path(f"/proc/{pid}/status").read_text()
            peaks.append(int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)))
        return max(peaks)


def wrk(
    url: str, seconds: int, body: dict | None = None, headers: dict[str, str] | None = None
) -> float:
    """Return the requests per second wrk reaches on `url` (a POST of `body` if given)."""
    command = ["wrk", "-t2", "-c8", f"-d{seconds}s", "--latency"]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as script:
        if body is not None:
            script.write(
                'wrk.method = "POST"\n'
                'wrk.headers["Content-Type"] = "application/json"\n'
                f"wrk.body = {json.dumps(json.dumps(body))}\n"
            )
            script.flush()
            command += ["-s", script.name]
        output = subprocess.run([*command, url], capture_output=True, text=True, check=True)
    if "Non-2xx" in output.stdout:
        raise SystemExit(f"wrk saw errors on {url}:\n{output.stdout}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", output.stdout).group(1))


def render_times(server: Server, games: int, runs: int = 20) -> list[float]:
    """Time the read-only sheet page of a sheet with `games` games, in-process (server time)."""
    # Imported here: the app reads its settings from the environment at import.
    from bauerblock import create_app

    with requests.Session() as session:
        sheet_id, auth = score.new_sheet(session, server.url)
        score.fill(session, server.url, sheet_id, auth, games)
    app = create_app({"DATABASE": server.env["BAUERBLOCK_DATABASE"]})
    client = app.test_client()
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        response = client.get(f"/s/{sheet_id}")
        times.append(time.perf_counter() - started)
        assert response.status_code == 200, response.status_code
    return times


if __name__ == "__main__":
    main()
