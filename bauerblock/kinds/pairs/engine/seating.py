"""Corrections across stages: the drawn knock-out tables a corrected result re-seats.

A drawn knock-out table seats the winners (at the match for third place, the losers) of
the matches before it as they stand. A correction that changes who advances (a group's
ranking, a knock-out match's winner) moves the tables it feeds: they are re-seated while
they have no game, and the correction is refused while one has (docs/rules.md section 5,
"Corrections across stages"). A correction that moves nothing is always allowed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bauerblock.kinds.pairs.engine.format import Stage
from bauerblock.kinds.pairs.engine.model import PairsTournament, Results
from bauerblock.kinds.pairs.engine.progress import PairsConflict, knockout

STAGE_WORDS = {
    Stage.ROUND_OF_64: "round of 64",
    Stage.ROUND_OF_32: "round of 32",
    Stage.ROUND_OF_16: "round of 16",
    Stage.QUARTERFINAL: "quarter-final",
    Stage.SEMIFINAL: "semi-final",
}
"""A knock-out stage's English name, numbered by its tables (the final has one match)."""


@dataclass(frozen=True)
class Move:
    """A drawn knock-out table whose pairs the results before it now change."""

    draw: int
    stage: Stage
    table: int
    third_place: bool
    before: tuple[int, int]
    """The pairs seated at the table."""
    after: tuple[int | None, int | None]
    """The pairs the results now send there (None: a match before it has no winner)."""

    @property
    def seated(self) -> tuple[int, int]:
        """Return the pairs to seat now (`check_moves` refuses a side without one)."""
        one, two = self.after
        assert one is not None and two is not None
        return one, two

    @property
    def name(self) -> str:
        """Return the match in English words: "semi-final 1", "the final"."""
        return match_name(self.stage, self.table, third_place=self.third_place)

    def to_dict(self) -> dict[str, Any]:
        return {
            "draw": self.draw,
            "stage": self.stage.value,
            "table": self.table,
            "third_place": self.third_place,
            "before": list(self.before),
            "after": list(self.after),
        }


def match_name(stage: Stage, table: int, *, third_place: bool = False) -> str:
    """Return a knock-out match in English words: "semi-final 1", "the final"."""
    if third_place:
        return "the match for third place"
    if stage is Stage.FINAL:
        return "the final"
    return f"{STAGE_WORDS[stage]} {table}"


def moves(tournament: PairsTournament, results: Results) -> tuple[Move, ...]:
    """Return every drawn knock-out table whose two pairs the bracket no longer seats.

    A match the bracket still plays stands at whichever table it was drawn, in whichever
    seats; each of the bracket's other matches takes a table left over, in table order.
    """
    drawn = [d for d in tournament.draws if d.stage is not Stage.GROUP]
    found = []
    for done, round_ in zip(drawn, knockout(tournament, results), strict=False):
        for third in (False, True):
            wanted = [m.pairs for m in round_.matches if m.third_place == third and not m.bye]
            tables = [m for m in done.matches if m.third_place == third]
            kept = [m for m in tables if set(m.pairs) in [set(w) for w in wanted]]
            left = [m for m in tables if m not in kept]
            new = [w for w in wanted if set(w) not in [set(m.pairs) for m in kept]]
            for match, now in zip(left, new, strict=False):
                place = (done.number, done.stage, match.table, match.third_place)
                found.append(Move(*place, match.pairs, now))
    return tuple(found)


def check_moves(moved: Sequence[Move], games: Mapping[tuple[int, int], int]) -> None:
    """Refuse moves onto tables that have games, or that leave a side without a pair.

    `games` gives the games recorded at each knock-out table by (draw, table). The
    refusal names the matches in the way of the earliest draw that has them.
    """
    running = [m for m in moved if games.get((m.draw, m.table), 0)]
    if running:
        first = [m for m in running if m.draw == running[0].draw]
        raise PairsConflict(
            "pairs_stage_running",
            matches=", ".join(m.name for m in first),
            stage=first[0].stage.value,
            tables=[m.table for m in first],
            third_place_table=next((m.table for m in first if m.third_place), 0),
        )
    if any(None in m.after for m in moved):
        fed = next(m for m in moved if None in m.after)
        raise PairsConflict(
            "pairs_winner_needed",
            match=fed.name.capitalize(),
            stage=fed.stage.value,
            table=fed.table,
            third_place=fed.third_place,
        )
