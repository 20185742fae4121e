"""A Paarturnier's format: rounds a match, group size, pairs going on, third place."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from bauerblock.engine.errors import RuleError
from bauerblock.engine.options import refuse_unknown_fields, says_fixed, whole_field

KIND = "pairs"
MAX_ROUNDS_TO_WIN = 5
MIN_GROUP_SIZE = 3
MAX_GROUP_SIZE = 6
MAX_ADVANCE = 2


class Stage(StrEnum):
    """What a draw plays: a group round or a knock-out round, named by its places."""

    GROUP = "group"
    ROUND_OF_64 = "round_of_64"
    ROUND_OF_32 = "round_of_32"
    ROUND_OF_16 = "round_of_16"
    QUARTERFINAL = "quarterfinal"
    SEMIFINAL = "semifinal"
    FINAL = "final"


_KNOCKOUT = {
    64: Stage.ROUND_OF_64,
    32: Stage.ROUND_OF_32,
    16: Stage.ROUND_OF_16,
    8: Stage.QUARTERFINAL,
    4: Stage.SEMIFINAL,
    2: Stage.FINAL,
}


def knockout_stage(places: int) -> Stage:
    """Return the knock-out stage with `places` pairs in it (a power of two, 2..64)."""
    return _KNOCKOUT[places]


@dataclass(frozen=True)
class PairsFormat:
    """How a Paarturnier is played; the defaults are docs/rules.md section 5's."""

    kind: ClassVar[str] = KIND
    rounds_to_win: int = 2
    group_size: int = 4
    advance: int = 2
    third_place: bool = True

    def to_dict(self) -> dict[str, Any]:
        """Return every resolved field as plain JSON values, `kind` first."""
        return {
            "kind": self.kind,
            "rounds_to_win": self.rounds_to_win,
            "group_size": self.group_size,
            "advance": self.advance,
            "third_place": self.third_place,
        }


_FIELDS = ("kind", "rounds_to_win", "group_size", "advance", "third_place")


def resolve_pairs_format(spec: Mapping[str, Any] | None = None) -> PairsFormat:
    """Return the pairs format a request names; every field is optional, bad values refused.

    `kind` may be left out; given, it must say "pairs".
    """
    spec = dict(spec or {})
    refuse_unknown_fields(spec, _FIELDS)
    kind = spec.get("kind", KIND)
    if kind != KIND:
        raise RuleError("pairs_format_kind", kind=KIND)
    third_place = spec.get("third_place", True)
    if not isinstance(third_place, bool):
        raise RuleError("pairs_third_place")
    return PairsFormat(
        rounds_to_win=whole_field(spec, "rounds_to_win", 2, 1, MAX_ROUNDS_TO_WIN),
        group_size=whole_field(spec, "group_size", 4, MIN_GROUP_SIZE, MAX_GROUP_SIZE),
        advance=whole_field(spec, "advance", 2, 1, MAX_ADVANCE),
        third_place=third_place,
    )


def table_spec(spec: Mapping[str, Any] | None, format: PairsFormat) -> dict[str, Any]:
    """Return the Bauerchen rule spec of every table: the tournament's, plus rounds_to_win.

    A match ends when a pair has won the format's rounds: a `rounds_to_win` of the rules'
    own is refused unless it says the same, and a `round_limit` could cut a match short.
    """
    if not says_fixed(spec, "rounds_to_win", format.rounds_to_win):
        raise RuleError(
            "pairs_table_rounds_to_win",
            rounds=format.rounds_to_win,
        )
    if not says_fixed(spec, "round_limit", 0):
        raise RuleError(
            "pairs_table_round_limit",
        )
    return {**(spec or {}), "rounds_to_win": format.rounds_to_win}
