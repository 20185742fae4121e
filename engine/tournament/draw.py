"""The draw (Auslosung): tables of four with drawn seats, the rest sit out (Freilos).

A draw is a pure function of the active players, the earlier draws and a seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import RuleError

TABLE = 4


@dataclass(frozen=True)
class Table:
    """One table of a draw: player numbers in seat order 0..3; seats 0, 2 play 1, 3."""

    number: int
    seats: tuple[int, int, int, int]

    @property
    def partners(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """Return the two teams: seats 0 and 2 (A), seats 1 and 3 (B)."""
        return (self.seats[0], self.seats[2]), (self.seats[1], self.seats[3])

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "seats": list(self.seats)}


@dataclass(frozen=True)
class Draw:
    """One draw of a tournament: its seed, its tables and who sits it out."""

    number: int
    seed: str
    tables: tuple[Table, ...]
    byes: tuple[int, ...]
    ended: bool = False
    """The organiser ended the draw: its open rounds count for nobody."""

    @property
    def seated(self) -> tuple[int, ...]:
        """Return every player at a table, table by table in seat order."""
        return tuple(player for table in self.tables for player in table.seats)

    def table_of(self, player: int) -> Table | None:
        """Return the table a player sits at (None: a bye, or not in this draw)."""
        return next((table for table in self.tables if player in table.seats), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seed": self.seed,
            "ended": self.ended,
            "tables": [table.to_dict() for table in self.tables],
            "byes": list(self.byes),
        }


def draw(players: Sequence[int], history: Sequence[Draw], seed: str) -> Draw:
    """Return the next draw of `players` (numbers) after the draws of `history`.

    Refuse fewer than four players or a number given twice. The same seed on the same
    history gives the same draw.
    """
    if len(set(players)) != len(players):
        raise RuleError("A player can sit at only one table of a draw.")
    if len(players) < TABLE:
        raise RuleError(f"A draw needs at least {TABLE} active players, not {len(players)}.")
    rng = random.Random(f"bauerblock-draw:{seed}")
    byes = _byes(sorted(players), history, rng)
    seated = [p for p in sorted(players) if p not in byes]
    rng.shuffle(seated)
    tables = tuple(
        Table(n, tuple(seated[i : i + TABLE]))  # type: ignore[arg-type]
        for n, i in enumerate(range(0, len(seated), TABLE), start=1)
    )
    return Draw(len(history) + 1, seed, tables, tuple(sorted(byes)))


def _byes(players: list[int], history: Sequence[Draw], rng: random.Random) -> set[int]:
    """Choose who sits out: fewest byes first, then not twice in a row, then by lot."""
    count = {p: 0 for p in players}
    for earlier in history:
        for p in earlier.byes:
            if p in count:
                count[p] += 1
    last = set(history[-1].byes) if history else set()
    lots = {p: rng.random() for p in players}
    order = sorted(players, key=lambda p: (count[p], p in last, lots[p]))
    return set(order[: len(players) % TABLE])
