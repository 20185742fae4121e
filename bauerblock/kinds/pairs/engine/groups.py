"""The groups: a seeded draw of the pairs into groups, and each group's circle schedule.

Group round k of the tournament is round k of every group's schedule, one draw of
tables across all groups.
"""

from __future__ import annotations

import random
import string
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bauerblock.engine.errors import RuleError
from bauerblock.kinds.pairs.engine.format import MIN_GROUP_SIZE, Stage
from bauerblock.kinds.pairs.engine.model import Match, PairsDraw

GROUP_NAMES = string.ascii_uppercase
"""A, B, C, …: 64 pairs in groups of three make 21 groups, within the alphabet."""


@dataclass(frozen=True)
class Group:
    """A group: its name and its pairs in drawn order (their places in the circle)."""

    name: str
    pairs: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "pairs": list(self.pairs)}


def group_sizes(count: int, group_size: int) -> tuple[int, ...]:
    """Return the sizes of the groups of `count` pairs, the larger groups last.

    `group_size` is the largest group: the number of groups is the count divided by it,
    rounded up (13 pairs at six: 4, 4, 5, never 6 and 7; 13 at four: 3, 3, 3, 4), and sizes
    differ by at most one. No group is smaller than three, so every pair plays at least two
    group matches: where that needs fewer groups, a group takes one pair more (64 at three:
    twenty groups of 3 and one of 4).
    """
    if count < MIN_GROUP_SIZE:
        raise RuleError(
            "pairs_too_few_for_groups",
            low=MIN_GROUP_SIZE,
            count=count,
        )
    groups = min(-(-count // group_size), count // MIN_GROUP_SIZE)
    base, extra = divmod(count, groups)
    return (base,) * (groups - extra) + (base + 1,) * extra


def draw_groups(pairs: Sequence[int], group_size: int, seed: str) -> tuple[Group, ...]:
    """Return the groups of `pairs` (numbers) drawn by lot; the same seed, the same groups."""
    if len(set(pairs)) != len(pairs):
        raise RuleError("pairs_group_twice")
    sizes = group_sizes(len(pairs), group_size)
    # Derived from the seed alone: the same seed and pairs give the same groups anywhere.
    order = sorted(pairs)
    random.Random(f"bauerblock-pairs-groups:{seed}").shuffle(order)
    groups, start = [], 0
    for name, size in zip(GROUP_NAMES, sizes, strict=False):
        groups.append(Group(name, tuple(order[start : start + size])))
        start += size
    return tuple(groups)


def schedule(group: Group) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Return the group's rounds by the circle method: every two pairs meet exactly once.

    The first pair stays, the others turn one place a round; an odd group gets an empty
    place, and the pair drawn against it sits that round out.
    """
    ring: list[int | None] = list(group.pairs)
    if len(ring) % 2:
        ring.append(None)
    rounds = []
    for _ in range(len(ring) - 1):
        half = len(ring) // 2
        rounds.append(
            tuple(
                (one, two)
                for one, two in zip(ring[:half], reversed(ring[half:]), strict=True)
                if one is not None and two is not None
            )
        )
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return tuple(rounds)


def group_rounds(groups: Sequence[Group]) -> int:
    """Return how many group rounds the tournament plays: the largest group's schedule."""
    return max(len(schedule(group)) for group in groups)


def group_draw(groups: Sequence[Group], round_: int, number: int, seed: str) -> PairsDraw:
    """Return group round `round_` (1-based) as draw `number`: tables group by group.

    A pair of a group still playing that has no match this round (an odd group) sits it
    out (Freilos); a smaller group already done plays no more and has no byes.
    """
    matches: list[Match] = []
    byes: list[int] = []
    for group in groups:
        rounds = schedule(group)
        if round_ > len(rounds):
            continue
        pairings = rounds[round_ - 1]
        for pairing in pairings:
            matches.append(Match(len(matches) + 1, pairing, group=group.name))
        seated = {pair for pairing in pairings for pair in pairing}
        byes.extend(pair for pair in group.pairs if pair not in seated)
    return PairsDraw(number, Stage.GROUP, seed, tuple(matches), tuple(sorted(byes)))
