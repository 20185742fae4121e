"""The exports of a full sheet (issue 26): the PDF and the print page at 3,000 games.

CPU time (time.process_time) in-process, per game: a build (the cache's folder emptied
before each), and a download served from the instance folder's files (what every later
request of the same version, in any worker, costs). Run on its own with
`.venv/bin/python bench/exports.py`, or from bench/run.py.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bauerblock import store  # noqa: E402  (after the path is set)
from bauerblock.store import sheets  # noqa: E402
from bench.reads import GAMES, long_sheet  # noqa: E402

RUNS = 3


def report(games: int = sheets.MAX_GAMES, runs: int = RUNS) -> None:
    """Print the CPU time of a full sheet's PDF and print page, built and served kept."""
    # Imported here: the app reads its settings from the environment at import.
    from bauerblock import create_app

    before = os.environ.get("BAUERBLOCK_INSTANCE_PATH")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["BAUERBLOCK_INSTANCE_PATH"] = str(Path(folder) / "instance")
        try:
            _report(folder, games, create_app, runs)
        finally:
            if before is None:
                os.environ.pop("BAUERBLOCK_INSTANCE_PATH")
            else:
                os.environ["BAUERBLOCK_INSTANCE_PATH"] = before


def _report(folder: str, games: int, create_app, runs: int) -> None:
    """Print the figures of a sheet of each game, on an app of `folder`."""
    database = str(Path(folder) / "exports.sqlite3")
    app = create_app({"DATABASE": database, "RATELIMIT_ENABLED": False})
    client = app.test_client()
    kept = Path(app.instance_path) / "exports"
    print(
        f"exports of a {games}-game sheet (CPU time in-process, median of {runs}; "
        f"load average {os.getloadavg()[0]:.1f}):"
    )
    for game in GAMES:
        with app.app_context():
            sheet_id = long_sheet(store.get_db(), game, games)
        sizes = {}
        for what, path in (("PDF", "export.pdf"), ("print page", "print")):

            def get(url: str = f"/s/{sheet_id}/{path}", what: str = what, sizes=sizes) -> None:
                answer = client.get(url)
                assert answer.status_code == 200, answer.status_code
                sizes[what] = len(answer.data)

            built = _cpu(get, runs, before=lambda: shutil.rmtree(kept, ignore_errors=True))
            served = _cpu(get, runs)
            print(
                f"  {game:13s} {what:10s} built {_ms(built):>6s} ms  kept {_ms(served):>5s} ms"
                f"  {sizes[what] / 1024:6.0f} KiB"
            )


def _cpu(
    run: Callable[[], None], runs: int, before: Callable[[], None] = lambda: None
) -> list[float]:
    times = []
    for _ in range(runs):
        before()
        started = time.process_time()
        run()
        times.append(time.process_time() - started)
    return times


def _ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:.0f}"


if __name__ == "__main__":
    report()
