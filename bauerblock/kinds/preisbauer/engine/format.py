"""A Preisbauer tournament's format: rounds a draw, draws planned, bye points, tie-break."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bauerblock.engine.errors import RuleError
from bauerblock.engine.options import refuse_unknown_fields, says_fixed, whole_field
from bauerblock.engine.tournament.steps import MAX_DRAWS

MAX_ROUNDS_PER_DRAW = 9


class Tiebreak(StrEnum):
    """How equal points are ranked."""

    SHARED = "shared"
    """Equal points share a place: 1., 2., 2., 2., 5."""
    SCORE_DIFFERENCE = "score_difference"
    """Equal points are ranked by score difference; equal on both share a place."""


@dataclass(frozen=True)
class Format:
    """How a tournament is played; the defaults are docs/rules.md section 4's."""

    rounds_per_draw: int = 3
    draws: int = 5
    bye_points: int = 1
    tiebreak: Tiebreak = Tiebreak.SHARED

    def to_dict(self) -> dict[str, Any]:
        """Return every resolved field as plain JSON values."""
        return {
            "rounds_per_draw": self.rounds_per_draw,
            "draws": self.draws,
            "bye_points": self.bye_points,
            "tiebreak": self.tiebreak.value,
        }


_FIELDS = ("rounds_per_draw", "draws", "bye_points", "tiebreak")


def resolve_format(spec: Mapping[str, Any] | None = None) -> Format:
    """Return the format a request names; every field is optional, bad values are refused."""
    spec = dict(spec or {})
    refuse_unknown_fields(spec, _FIELDS)
    rounds = whole_field(spec, "rounds_per_draw", 3, 1, MAX_ROUNDS_PER_DRAW)
    draws = whole_field(spec, "draws", 5, 1, MAX_DRAWS)
    # A little under the average of a draw, so nobody hopes for a Freilos (docs/rules.md section 4).
    bye_points = whole_field(spec, "bye_points", rounds // 2, 0, rounds)
    tiebreak = spec.get("tiebreak", Tiebreak.SHARED.value)
    if not isinstance(tiebreak, str) or tiebreak not in set(Tiebreak):
        choices = ", ".join(t.value for t in Tiebreak)
        raise RuleError("tiebreak_unknown", choices=choices)
    return Format(rounds, draws, bye_points, Tiebreak(tiebreak))


def table_spec(spec: Mapping[str, Any] | None, format: Format) -> dict[str, Any]:
    """Return the rule spec of every table: the tournament's, plus its round limit.

    The rounds a table plays are the format's: a `round_limit` of its own is refused
    unless it says the same.
    """
    if not says_fixed(spec, "round_limit", format.rounds_per_draw):
        raise RuleError(
            "table_round_limit",
        )
    return {**(spec or {}), "round_limit": format.rounds_per_draw}
