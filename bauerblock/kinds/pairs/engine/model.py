"""A Paarturnier as the engine sees it: pairs by number, draws of matches, match results."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import RoundRecord
from bauerblock.engine.names import name_key
from bauerblock.engine.teams import Team
from bauerblock.kinds.pairs.engine.format import PairsFormat, Stage

MIN_PAIRS = 4
MAX_PAIRS = 64


@dataclass(frozen=True)
class Pair:
    """A registered pair: a number that never changes, and its two players' names."""

    number: int
    names: tuple[str, str]

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "names": list(self.names)}


def register(entries: Sequence[object]) -> tuple[Pair, ...]:
    """Return the pairs numbered 1.. in entry order, each name's spaces tidied.

    Refuse a count outside 4..64, an entry that is not two names, a blank name, and a
    name given twice anywhere (a pair's own two included), ignoring case and spaces.
    """
    if not isinstance(entries, Sequence) or isinstance(entries, str):
        raise RuleError("pairs_list")
    if not MIN_PAIRS <= len(entries) <= MAX_PAIRS:
        raise RuleError(
            "pairs_count",
            low=MIN_PAIRS,
            high=MAX_PAIRS,
            count=len(entries),
        )
    seen: dict[str, tuple[int, str]] = {}
    pairs = []
    for number, entry in enumerate(entries, start=1):
        names = _two_names(entry, number)
        if name_key(names[0]) == name_key(names[1]):
            raise RuleError("pair_names_same", number=number)
        for name in names:
            if (other := seen.get(name_key(name))) is not None:
                raise RuleError(
                    "pair_name_duplicate",
                    name=other[1],  # as the list gave it first: the name it collides with
                    first=other[0],
                    second=number,
                )
            seen[name_key(name)] = (number, name)
        pairs.append(Pair(number, names))
    return tuple(pairs)


def _two_names(entry: object, number: int) -> tuple[str, str]:
    """Return a pair entry's two names, spaces tidied; refuse anything else."""
    if (
        not isinstance(entry, Sequence)
        or isinstance(entry, str)
        or len(entry) != 2
        or not all(isinstance(name, str) for name in entry)
    ):
        raise RuleError("pair_two_names", number=number)
    one, two = (" ".join(name.split()) for name in entry)
    if not one or not two:
        raise RuleError("pair_name_blank", number=number)
    return one, two


@dataclass(frozen=True)
class Match:
    """One table of a draw: two pairs; the first plays as team A (seats 0 and 2)."""

    table: int
    pairs: tuple[int, int]
    group: str | None = None
    """The group of a group match; None in the knock-out."""
    third_place: bool = False
    """The match for third place (in the final's draw)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "pairs": list(self.pairs),
            "group": self.group,
            "third_place": self.third_place,
        }


@dataclass(frozen=True)
class PairsDraw:
    """One draw: a group round across all groups, or one knock-out round."""

    number: int
    stage: Stage
    seed: str
    matches: tuple[Match, ...]
    byes: tuple[int, ...] = ()
    """Pairs sitting a group round out (Freilos): those of an odd group still playing."""
    ended: bool = False
    """The organiser ended the draw: its open rounds count for nobody."""

    @property
    def sheets(self) -> int:
        """Return how many table sheets the draw makes: one a match."""
        return len(self.matches)

    @property
    def table_numbers(self) -> tuple[int, ...]:
        """Return the numbers of the draw's tables: one a match."""
        return tuple(match.table for match in self.matches)

    def match_of(self, pair: int) -> Match | None:
        """Return the match a pair plays in this draw (None: it plays none)."""
        return next((m for m in self.matches if pair in m.pairs), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "stage": self.stage.value,
            "seed": self.seed,
            "ended": self.ended,
            "matches": [match.to_dict() for match in self.matches],
            "byes": list(self.byes),
        }


@dataclass(frozen=True)
class MatchResult:
    """What a match's sheet says so far: rounds each pair won, and the score difference.

    `score_difference` is the first pair's: per completed round, its final score minus
    the other's (docs/rules.md section 4); the second pair's is its negative.
    """

    rounds: tuple[int, int] = (0, 0)
    score_difference: int = 0

    @classmethod
    def of(cls, records: Sequence[RoundRecord]) -> MatchResult:
        """Return the result of a table's completed rounds (team A is the first pair)."""
        won_a = sum(1 for record in records if record.winner is Team.A)
        difference = sum(record.final.a - record.final.b for record in records)
        return cls((won_a, len(records) - won_a), difference)

    def winner(self, rounds_to_win: int) -> int | None:
        """Return the index (0, 1) of the pair that won the match; None: undecided."""
        one, two = self.rounds
        if max(one, two) < rounds_to_win or one == two:
            return None
        return 0 if one > two else 1

    def of_pair(self, index: int) -> tuple[int, int, int]:
        """Return (rounds won, rounds lost, score difference) of pair `index` (0, 1)."""
        won, lost = self.rounds if index == 0 else self.rounds[::-1]
        return won, lost, self.score_difference if index == 0 else -self.score_difference


Results = Mapping[tuple[int, int], MatchResult]
"""Each match's result by (draw number, table number); a match missing has no round."""


@dataclass(frozen=True)
class PairsTournament:
    """A Paarturnier's format, its pairs (by number) and its draws, oldest first.

    The groups are drawn with the first draw, from its seed; every lot of the tournament
    comes from that seed too, so the standings never change but by results.
    """

    format: PairsFormat
    pairs: tuple[Pair, ...]
    draws: tuple[PairsDraw, ...] = ()

    @property
    def seed(self) -> str | None:
        """Return the group draw's seed (None before the first draw)."""
        return self.draws[0].seed if self.draws else None

    def pair(self, number: int) -> Pair | None:
        """Return the pair with this number (None: no such pair)."""
        return next((p for p in self.pairs if p.number == number), None)
