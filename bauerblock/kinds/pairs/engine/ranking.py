"""The group ranking: matches won, round difference, score difference, the match, the lot.

Every place in a group is its own: what the criteria leave equal, the head-to-head match
(of exactly two) or a lot drawn from the tournament's seed decides, and the lot is marked.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby
from typing import Any

from bauerblock.kinds.pairs.engine.groups import Group
from bauerblock.kinds.pairs.engine.model import Match, MatchResult

PlayedMatch = tuple[Match, MatchResult]
"""A match and what its sheet says so far."""


@dataclass(frozen=True)
class Record:
    """What a pair has done in its group's matches so far."""

    matches_played: int = 0
    matches_won: int = 0
    rounds_won: int = 0
    rounds_lost: int = 0
    score_difference: int = 0

    @property
    def round_difference(self) -> int:
        return self.rounds_won - self.rounds_lost

    def __add__(self, other: Record) -> Record:
        return Record(
            self.matches_played + other.matches_played,
            self.matches_won + other.matches_won,
            self.rounds_won + other.rounds_won,
            self.rounds_lost + other.rounds_lost,
            self.score_difference + other.score_difference,
        )


@dataclass(frozen=True)
class GroupStanding:
    """One line of a group's standings."""

    place: int
    pair: int
    record: Record
    lot: bool = False
    """The place was drawn by lot ("Los"): the criteria and the match left it equal."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "place": self.place,
            "pair": self.pair,
            "matches_played": self.record.matches_played,
            "matches_won": self.record.matches_won,
            "round_difference": self.record.round_difference,
            "score_difference": self.record.score_difference,
            "lot": self.lot,
        }


def group_records(
    group: Group, played: Iterable[PlayedMatch], rounds_to_win: int
) -> dict[int, Record]:
    """Return every pair's record from the group's matches; other groups' are ignored.

    A match counts once it has a completed round; an undecided one (its draw ended) counts
    its rounds and score for both but a match won for neither.
    """
    records = {pair: Record() for pair in group.pairs}
    for match, result in played:
        if match.group != group.name or result.rounds == (0, 0):
            continue
        winner = result.winner(rounds_to_win)
        for index, pair in enumerate(match.pairs):
            won, lost, difference = result.of_pair(index)
            records[pair] += Record(1, int(winner == index), won, lost, difference)
    return records


def criteria(record: Record) -> tuple[int, int, int]:
    """Return a record's sort key within a group: best first, equal keys tie."""
    return -record.matches_won, -record.round_difference, -record.score_difference


def lots(seed: str, label: str, pairs: Iterable[int]) -> dict[int, float]:
    """Return each pair's lot for ties under `label`; the same seed, the same lots."""
    rng = random.Random(f"bauerblock-pairs-lot:{seed}:{label}")
    return {pair: rng.random() for pair in sorted(pairs)}


def rank_group(
    group: Group, played: Sequence[PlayedMatch], rounds_to_win: int, seed: str
) -> tuple[GroupStanding, ...]:
    """Return the group's standings, best first, places 1.. each its own."""
    records = group_records(group, played, rounds_to_win)
    drawn = lots(seed, group.name, group.pairs)
    ordered = sorted(group.pairs, key=lambda p: (criteria(records[p]), drawn[p]))
    lines: list[GroupStanding] = []
    for _, tied_ in groupby(ordered, key=lambda p: criteria(records[p])):
        tied = list(tied_)
        lot = len(tied) > 1
        if len(tied) == 2 and (first := _head_to_head(tied, played, group, rounds_to_win)):
            tied, lot = [first, *(p for p in tied if p != first)], False
        above = len(lines)
        lines.extend(
            GroupStanding(above + i, pair, records[pair], lot)
            for i, pair in enumerate(tied, start=1)
        )
    return tuple(lines)


def _head_to_head(
    tied: list[int], played: Sequence[PlayedMatch], group: Group, rounds_to_win: int
) -> int | None:
    """Return the winner of the two tied pairs' match (None: not played or undecided)."""
    for match, result in played:
        if match.group == group.name and set(match.pairs) == set(tied):
            winner = result.winner(rounds_to_win)
            return None if winner is None else match.pairs[winner]
    return None


def across_key(record: Record) -> tuple[Fraction, Fraction, Fraction]:
    """Return a record's sort key across groups: the criteria per match played.

    Groups may differ in size by one, and a pair of a larger group plays one match more:
    the averages compare fairly, and for groups of one size they order as the totals.
    """
    played = record.matches_played or 1
    return (
        Fraction(-record.matches_won, played),
        Fraction(-record.round_difference, played),
        Fraction(-record.score_difference, played),
    )


def rank_across(lines: Sequence[GroupStanding], seed: str, label: str) -> tuple[GroupStanding, ...]:
    """Return lines of different groups best first: group place, criteria per match, lot."""
    drawn = lots(seed, label, (line.pair for line in lines))
    return tuple(
        sorted(lines, key=lambda line: (line.place, across_key(line.record), drawn[line.pair]))
    )
