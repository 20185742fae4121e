"""Time the tournament draw in-process: its search is bounded by a step budget, not a clock.

Run alone with `.venv/bin/python bench/draw.py`, or as part of `bin/bench`.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bauerblock.kinds.preisbauer.engine import Draw, draw, meetings

SIZES = ((16, 7), (20, 5), (200, 5))
"""Players and draws: Erfenbach, Rodenbach, and the most a tournament takes."""


def report(seeds: int = 3, sizes: tuple[tuple[int, int], ...] = SIZES) -> None:
    """Print the slowest and median draw of each size, and the worst meetings reached."""
    for players, draws in sizes:
        times: list[float] = []
        partners = opponents = 0
        for seed in range(seeds):
            history: list[Draw] = []
            for number in range(1, draws + 1):
                start = time.perf_counter()
                history.append(draw(range(1, players + 1), history, f"bench {seed} {number}"))
                times.append(time.perf_counter() - start)
            met = meetings(history)
            partners = max(partners, met.worst_partner)
            opponents = max(opponents, met.worst_opponent)
        median, slowest = statistics.median(times) * 1000, max(times) * 1000
        print(
            f"draw {players:3d} players x {draws} draws  median {median:6.1f} ms, slowest "
            f"{slowest:6.1f} ms; worst partner {partners}, worst opponent {opponents}"
        )


if __name__ == "__main__":
    report()
