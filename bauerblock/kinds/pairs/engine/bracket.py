"""The knock-out bracket: the next power of two places, byes, winners against runners-up.

A bracket is its slots in bracket order: slots 2k and 2k+1 meet in the first knock-out
round, their winners those of 2k+2 and 2k+3 in the second, and so on; two slots i and j
can meet first in round `meeting_round(i, j)`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bauerblock.engine.errors import RuleError
from bauerblock.kinds.pairs.engine.format import Stage, knockout_stage
from bauerblock.kinds.pairs.engine.ranking import GroupStanding, rank_across


@dataclass(frozen=True)
class Bracket:
    """The knock-out's slots in bracket order: a pair's number, or None for a bye."""

    slots: tuple[int | None, ...]

    @property
    def size(self) -> int:
        return len(self.slots)

    @property
    def rounds(self) -> int:
        """Return how many knock-out rounds the bracket plays (the final is the last)."""
        return self.size.bit_length() - 1

    def stage(self, round_: int) -> Stage:
        """Return the stage of knock-out round `round_` (1-based)."""
        return knockout_stage(self.size >> (round_ - 1))

    def to_dict(self) -> dict[str, Any]:
        return {"slots": list(self.slots)}


def places(qualified: int) -> int:
    """Return the bracket's places: the next power of two, at least two (a final)."""
    if qualified < 2:
        raise RuleError(
            "pairs_knockout_too_small",
            count=qualified,
        )
    return 1 << (qualified - 1).bit_length()


def seed_order(size: int) -> tuple[int, ...]:
    """Return the seed (1 = best) at each slot of a bracket of `size` places.

    Seed s meets seed size + 1 - s in the first round, and the best two can meet only in
    the final, the best four only from the semi-finals on; byes are the seeds past the
    pairs, so they fall to the best.
    """
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for mine in order for seed in (mine, total - mine)]
    return tuple(order)


def meeting_round(one: int, two: int) -> int:
    """Return the knock-out round (1-based) in which slots `one` and `two` can meet."""
    return (one ^ two).bit_length()


def make_bracket(
    winners: Sequence[int], runners_up: Sequence[int], group_of: Mapping[int, str]
) -> Bracket:
    """Return the bracket of group winners and runners-up, each list ranked best first.

    The winners take the best seeds (and so the byes); a runner-up goes to the half its
    own group's winner is not in, so two pairs of one group can meet only in the final.
    Within a half, the better runner-up gets the better seed, against a weaker winner.
    """
    size = places(len(winners) + len(runners_up))
    order = seed_order(size)
    slot_of_seed = {seed: slot for slot, seed in enumerate(order)}
    slots: list[int | None] = [None] * size
    for seed, pair in enumerate(winners, start=1):
        slots[slot_of_seed[seed]] = pair
    half = size // 2
    top_groups = {
        group_of[pair] for seed, pair in enumerate(winners, start=1) if slot_of_seed[seed] < half
    }
    seeds = range(len(winners) + 1, len(winners) + len(runners_up) + 1)
    top_seeds = [s for s in seeds if slot_of_seed[s] < half]
    bottom_seeds = [s for s in seeds if slot_of_seed[s] >= half]
    to_top = [pair for pair in runners_up if group_of[pair] not in top_groups]
    to_bottom = [pair for pair in runners_up if group_of[pair] in top_groups]
    if len(to_top) != len(top_seeds):
        # Halves of unequal size (an odd count going on): the seeds alone decide.
        to_top, top_seeds, to_bottom, bottom_seeds = list(runners_up), list(seeds), [], []
    for seed, pair in [
        *zip(top_seeds, to_top, strict=True),
        *zip(bottom_seeds, to_bottom, strict=True),
    ]:
        slots[slot_of_seed[seed]] = pair
    return Bracket(tuple(slots))


def qualify(
    standings: Mapping[str, Sequence[GroupStanding]], advance: int, seed: str
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the group winners and the runners-up going on, each ranked across groups.

    Across groups the group criteria count per match played, then a lot (docs/rules.md
    section 5, "Knock-out": the byes go to the best group winners by the group criteria
    across groups).
    """
    winners = [lines[0] for lines in standings.values()]
    runners = [lines[1] for lines in standings.values() if advance >= 2 and len(lines) > 1]
    return (
        tuple(line.pair for line in rank_across(winners, seed, "winners")),
        tuple(line.pair for line in rank_across(runners, seed, "runners_up")),
    )


Decide = Callable[[int, int], int | None]
"""The winner of the knock-out match of two pairs (None: not played or undecided)."""


def levels(bracket: Bracket, decide: Decide) -> tuple[tuple[int | None, ...], ...]:
    """Return who stands in each slot before each knock-out round, and after the final.

    Level 0 is the bracket (None: a bye); level k + 1 holds the winners of round k + 1
    (None: not known yet). A pair facing a bye goes on without a match.
    """
    rows = [bracket.slots]
    for round_ in range(1, bracket.rounds + 1):
        row = rows[-1]
        nxt: list[int | None] = []
        for one, two in zip(row[::2], row[1::2], strict=True):
            if round_ == 1 and (one is None or two is None):
                nxt.append(two if one is None else one)
            elif one is None or two is None:
                nxt.append(None)
            else:
                nxt.append(decide(one, two))
        rows.append(tuple(nxt))
    return tuple(rows)


def round_matches(
    bracket: Bracket, decide: Decide, round_: int
) -> tuple[tuple[int | None, int | None], ...]:
    """Return the matches of knock-out round `round_` in bracket order, byes left out.

    A side not known yet (its match undecided) is None.
    """
    row = levels(bracket, decide)[round_ - 1]
    pairings = zip(row[::2], row[1::2], strict=True)
    if round_ == 1:
        return tuple((one, two) for one, two in pairings if one is not None and two is not None)
    return tuple(pairings)
