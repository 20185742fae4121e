"""The group ranking (docs/rules.md section 5, "Group ranking")."""

import pytest

from bauerblock.kinds.pairs.engine import (
    Group,
    GroupStanding,
    Match,
    MatchResult,
    Record,
    rank_group,
)
from bauerblock.kinds.pairs.engine.ranking import rank_across

GROUP = Group("A", (1, 2, 3, 4))


def _matches(*results):
    """Matches of group A from (first pair, second pair, rounds, score difference)."""
    return [
        (Match(table, (one, two), group="A"), MatchResult(rounds, difference))
        for table, (one, two, rounds, difference) in enumerate(results, start=1)
    ]


def _order(lines):
    return [(line.place, line.pair, line.lot) for line in lines]


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        pytest.param(
            # Matches won decide: 1 wins three, 2 two, 3 one, 4 none.
            [
                (1, 2, (2, 0), 20),
                (1, 3, (2, 1), 5),
                (1, 4, (2, 0), 30),
                (2, 3, (2, 1), 3),
                (2, 4, (2, 1), 2),
                (3, 4, (2, 0), 10),
            ],
            [(1, 1, False), (2, 2, False), (3, 3, False), (4, 4, False)],
            id="matches-won",
        ),
        pytest.param(
            # 2 and 3 both win two: 3 has the better round difference (+3 against +1).
            [
                (1, 2, (2, 0), 20),
                (1, 3, (0, 2), -5),
                (1, 4, (2, 1), 1),
                (2, 3, (2, 1), 3),
                (2, 4, (2, 1), 2),
                (3, 4, (2, 0), 10),
            ],
            [(1, 3, False), (2, 1, False), (3, 2, False), (4, 4, False)],
            id="round-difference",
        ),
        pytest.param(
            # 1 and 2 equal on matches and rounds: score difference decides.
            [
                (1, 3, (2, 0), 10),
                (2, 4, (2, 0), 30),
            ],
            [(1, 2, False), (2, 1, False), (3, 3, False), (4, 4, False)],
            id="score-difference",
        ),
        pytest.param(
            # 1 and 2 equal on all three (2 wins, +2 rounds, +8): 2 beat 1, so 2 is ahead;
            # 3 also won two, with +1 round.
            [
                (1, 2, (1, 2), -4),
                (1, 3, (2, 0), 12),
                (2, 3, (1, 2), -16),
                (1, 4, (2, 1), 0),
                (2, 4, (2, 0), 20),
                (3, 4, (2, 0), 12),
            ],
            [(1, 2, False), (2, 1, False), (3, 3, False), (4, 4, False)],
            id="head-to-head",
        ),
    ],
)
def test_group_ranking(results, expected):
    assert _order(rank_group(GROUP, _matches(*results), 2, "seed")) == expected


def _circle_of_three():
    # 1 beats 2, 2 beats 3, 3 beats 1, each 2:0 and +10; 4 loses all.
    return _matches(
        (1, 2, (2, 0), 10),
        (2, 3, (2, 0), 10),
        (3, 1, (2, 0), 10),
        (1, 4, (2, 0), 10),
        (2, 4, (2, 0), 10),
        (3, 4, (2, 0), 10),
    )


def test_three_tied_go_by_lot_not_by_their_matches():
    lines = rank_group(GROUP, _circle_of_three(), 2, "seed")
    assert [line.lot for line in lines] == [True, True, True, False]
    assert {line.pair for line in lines[:3]} == {1, 2, 3}
    assert lines[3].pair == 4
    # The lot comes from the seed: another seed may draw another order, the same never.
    orders = {
        tuple(line.pair for line in rank_group(GROUP, _circle_of_three(), 2, s)) for s in "abcdefgh"
    }
    assert len(orders) > 1
    assert rank_group(GROUP, _circle_of_three(), 2, "seed") == lines


def test_two_tied_whose_match_is_undecided_go_by_lot():
    # The draw was ended with 1 and 2 at one round each: the match decides nothing.
    lines = rank_group(Group("A", (1, 2, 3)), _matches((1, 2, (1, 1), 0)), 2, "s")
    assert [line.lot for line in lines] == [True, True, True]
    lines = rank_group(
        Group("A", (1, 2, 3)),
        _matches((1, 2, (1, 1), 0), (1, 3, (2, 0), 5), (2, 3, (2, 0), 5)),
        2,
        "s",
    )
    assert [line.pair for line in lines][2] == 3
    assert [line.lot for line in lines] == [True, True, False]


def test_an_undecided_match_counts_its_rounds_but_no_match_won():
    lines = rank_group(Group("A", (1, 2, 3)), _matches((1, 2, (1, 0), 7)), 2, "s")
    first = lines[0]
    assert (first.pair, first.record) == (1, Record(1, 0, 1, 0, 7))
    assert first.to_dict() == {
        "place": 1,
        "pair": 1,
        "matches_played": 1,
        "matches_won": 0,
        "round_difference": 1,
        "score_difference": 7,
        "lot": False,
    }


def test_other_groups_matches_are_ignored():
    other = [(Match(1, (1, 2), group="B"), MatchResult((2, 0), 5))]
    assert all(line.record == Record() for line in rank_group(GROUP, other, 2, "s"))


def test_across_groups_the_criteria_count_per_match():
    # A winner of a group of five with 3 of 4 won is behind one with 3 of 3.
    five = GroupStanding(1, 9, Record(4, 3, 6, 3, 10))
    four = GroupStanding(1, 1, Record(3, 3, 6, 2, 5))
    weaker = GroupStanding(1, 5, Record(3, 2, 5, 3, 40))
    assert [line.pair for line in rank_across([five, weaker, four], "s", "winners")] == [1, 9, 5]
