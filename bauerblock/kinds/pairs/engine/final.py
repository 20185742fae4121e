"""The final ranking: the knock-out by the round reached, then the pairs out in the groups.

1. the winner, 2. the finalist, 3. and 4. from the match for third place (else both 3.),
then shared places by the knock-out round reached (5.–8., 9.–16.), then the pairs out in
the groups by group place and the group criteria per match, shared where equal. Before
the knock-out every pair stands by its group place alone (a provisional ranking).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bauerblock.engine.places import shared_places
from bauerblock.kinds.pairs.engine.bracket import Bracket, Decide, levels
from bauerblock.kinds.pairs.engine.format import Stage
from bauerblock.kinds.pairs.engine.ranking import GroupStanding, across_key


@dataclass(frozen=True)
class FinalPlace:
    """One line of the final ranking."""

    place: int
    pair: int
    stage: Stage
    """The furthest stage the pair reached: `group` for a pair out in the groups."""

    def to_dict(self) -> dict[str, Any]:
        return {"place": self.place, "pair": self.pair, "stage": self.stage.value}


Key = tuple[int, ...] | tuple[Fraction, ...]


def final_ranking(
    standings: Mapping[str, Sequence[GroupStanding]],
    bracket: Bracket | None,
    decide: Decide,
    third_place: int | None = None,
) -> tuple[FinalPlace, ...]:
    """Return every pair's final place, best first; equal keys share a place.

    `bracket` is None before the knock-out; `decide` gives its matches' winners and
    `third_place` the winner of the match for third place (None: none played or decided).
    """
    keys: dict[int, tuple[Any, ...]] = {}
    stages: dict[int, Stage] = {}
    if bracket is not None:
        rows = levels(bracket, decide)
        for depth, row in enumerate(rows):
            for pair in row:
                if pair is None:
                    continue
                # Standing in level d: the pair reached knock-out round d + 1 (the
                # champion stands past the final).
                sub = _third_place_order(pair, depth, bracket, third_place)
                keys[pair] = (0, -depth, sub)
                stages[pair] = bracket.stage(min(depth + 1, bracket.rounds))
    for lines in standings.values():
        for line in lines:
            if line.pair not in keys:
                keys[line.pair] = (1, line.place, *across_key(line.record))
                stages[line.pair] = Stage.GROUP
    ordered = sorted(keys, key=lambda pair: (keys[pair], pair))
    places = shared_places([keys[pair] for pair in ordered])
    return tuple(
        FinalPlace(place, pair, stages[pair]) for place, pair in zip(places, ordered, strict=True)
    )


def _third_place_order(pair: int, depth: int, bracket: Bracket, third_place: int | None) -> int:
    """Return 0 for the winner of the match for third place, 1 for its loser, else 0."""
    semifinal_losers = bracket.rounds - 2
    if third_place is None or depth != semifinal_losers:
        return 0
    return 0 if pair == third_place else 1
