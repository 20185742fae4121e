"""The draw (Auslosung): tables of four with drawn seats, the rest sit out (Freilos).

A draw is a pure function of the active players, the earlier draws and a seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bauerblock.engine.errors import RuleError
from bauerblock.kinds.preisbauer.engine.search import Budget, seat

TABLE = 4
SEARCH_BUDGET = 40_000
"""Steps a draw's search may take: it bounds a draw of 200 players well under a second,
and lets a draw of 16 players try some fifty seatings."""


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
    def sheets(self) -> int:
        """Return how many table sheets the draw makes."""
        return len(self.tables)

    @property
    def table_numbers(self) -> tuple[int, ...]:
        """Return the numbers of the draw's tables."""
        return tuple(table.number for table in self.tables)

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


@dataclass(frozen=True)
class Meetings:
    """How often players met in earlier draws: as partners, as opponents; their byes."""

    partners: Mapping[tuple[int, int], int]
    """By pair of player numbers, the lower first."""
    opponents: Mapping[tuple[int, int], int]
    byes: Mapping[int, int]

    def partnered(self, one: int, two: int) -> int:
        return self.partners.get(_pair(one, two), 0)

    def faced(self, one: int, two: int) -> int:
        return self.opponents.get(_pair(one, two), 0)

    @property
    def worst_partner(self) -> int:
        """Return the most times any two players partnered (1: nobody twice)."""
        return max(self.partners.values(), default=0)

    @property
    def worst_opponent(self) -> int:
        """Return the most times any two players faced each other."""
        return max(self.opponents.values(), default=0)


def _pair(one: int, two: int) -> tuple[int, int]:
    return (one, two) if one < two else (two, one)


def meetings(draws: Sequence[Draw]) -> Meetings:
    """Return who partnered, faced and sat out how often in `draws`."""
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    byes: Counter[int] = Counter()
    for done in draws:
        byes.update(done.byes)
        for table in done.tables:
            (a, c), (b, d) = table.partners
            partners.update([_pair(a, c), _pair(b, d)])
            opponents.update(_pair(x, y) for x in (a, c) for y in (b, d))
    return Meetings(dict(partners), dict(opponents), dict(byes))


def draw(players: Sequence[int], history: Sequence[Draw], seed: str) -> Draw:
    """Return the next draw of `players` (numbers) after the draws of `history`.

    Partners who never partnered come first, then opponents who met least; byes go to
    those who sat out least, not twice in a row where avoidable. Refuse fewer than four
    players or a number given twice. The same seed on the same history gives the same draw.
    """
    if len(set(players)) != len(players):
        raise RuleError("draw_player_twice")
    if len(players) < TABLE:
        raise RuleError(
            "draw_too_few",
            least=TABLE,
            n=len(players),
        )
    # Derived from the seed alone: the same seed and history give the same draw anywhere.
    rng = random.Random(f"bauerblock-draw:{seed}")
    met = meetings(history)
    byes = _byes(sorted(players), met, set(history[-1].byes) if history else set(), rng)
    seated = [p for p in sorted(players) if p not in byes]
    found = seat(
        len(seated),
        _by_index(met.partners, seated),
        _by_index(met.opponents, seated),
        rng,
        Budget(SEARCH_BUDGET),
    )
    tables = [
        _seat_order([seated[i] for i in found[k : k + TABLE]], rng)
        for k in range(0, len(found), TABLE)
    ]
    rng.shuffle(tables)
    return Draw(
        len(history) + 1,
        seed,
        tuple(Table(n, seats) for n, seats in enumerate(tables, start=1)),
        tuple(sorted(byes)),
    )


def _by_index(
    counts: Mapping[tuple[int, int], int], seated: list[int]
) -> dict[tuple[int, int], int]:
    """Return the counts between the seated players, by their index in `seated`."""
    index = {player: i for i, player in enumerate(seated)}
    return {
        (index[one], index[two]): count
        for (one, two), count in counts.items()
        if one in index and two in index
    }


def _seat_order(four: list[int], rng: random.Random) -> tuple[int, int, int, int]:
    """Draw the seats of a table: which team sits at 0 and 2, and who of each team first."""
    one, two = [four[0], four[2]], [four[1], four[3]]
    rng.shuffle(one)
    rng.shuffle(two)
    if rng.random() < 0.5:
        one, two = two, one
    return one[0], two[0], one[1], two[1]


def _byes(players: list[int], met: Meetings, last: set[int], rng: random.Random) -> set[int]:
    """Choose who sits out: fewest byes first, then not twice in a row, then by lot."""
    lots = {p: rng.random() for p in players}
    order = sorted(players, key=lambda p: (met.byes.get(p, 0), p in last, lots[p]))
    return set(order[: len(players) % TABLE])
