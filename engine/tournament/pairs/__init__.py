"""Paarturnier: fixed pairs in groups, then a knock-out (RULES.md section 5).

The pairs are drawn into groups that play every match by the circle method, a group
round a draw; the best of each group go on to a bracket of the next power of two, a
knock-out round a draw. Each match is an ordinary Bauerchen sheet played to
`rounds_to_win` rounds, and every standing is a pure function of the matches' results.
"""

from engine.tournament.pairs.format import (
    KIND,
    PairsFormat,
    Stage,
    knockout_stage,
    resolve_pairs_format,
    table_spec,
)
from engine.tournament.pairs.groups import (
    Group,
    draw_groups,
    group_draw,
    group_rounds,
    group_sizes,
    schedule,
)
from engine.tournament.pairs.model import (
    MAX_PAIRS,
    MIN_PAIRS,
    Match,
    MatchResult,
    Pair,
    PairsDraw,
    PairsTournament,
    Results,
    name_key,
    register,
)

__all__ = [
    "KIND",
    "MAX_PAIRS",
    "MIN_PAIRS",
    "Group",
    "Match",
    "MatchResult",
    "Pair",
    "PairsDraw",
    "PairsFormat",
    "PairsTournament",
    "Results",
    "Stage",
    "draw_groups",
    "group_draw",
    "group_rounds",
    "group_sizes",
    "knockout_stage",
    "name_key",
    "register",
    "resolve_pairs_format",
    "schedule",
    "table_spec",
]
