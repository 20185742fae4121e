"""The knock-out bracket (docs/rules.md section 5, "Knock-out")."""

import pytest

from bauerblock.engine.errors import RuleError
from bauerblock.kinds.pairs.engine import (
    Bracket,
    GroupStanding,
    Record,
    Stage,
    make_bracket,
    meeting_round,
    places,
    qualify,
    seed_order,
)
from bauerblock.kinds.pairs.engine.bracket import levels, round_matches


@pytest.mark.parametrize(
    ("qualified", "expected"),
    [(2, 2), (3, 4), (4, 4), (5, 8), (6, 8), (8, 8), (10, 16), (16, 16), (26, 32), (42, 64)],
)
def test_the_bracket_has_the_next_power_of_two(qualified, expected):
    assert places(qualified) == expected


def test_one_pair_going_on_makes_no_knock_out():
    with pytest.raises(RuleError) as refused:
        places(1)
    assert refused.value.code == "pairs_knockout_too_small"
    assert refused.value.params == {"count": 1}


def test_seed_order():
    assert seed_order(2) == (1, 2)
    assert seed_order(4) == (1, 4, 2, 3)
    assert seed_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)


def test_meeting_round():
    assert [meeting_round(0, j) for j in range(1, 8)] == [1, 2, 2, 3, 3, 3, 3]


def _groups(names):
    """Winners 1, 2, … and runners-up 11, 12, … of groups A, B, …, in that rank."""
    winners = [n + 1 for n in range(len(names))]
    runners = [n + 11 for n in range(len(names))]
    group_of = {p: names[(p - 1) % 10] for p in winners + runners}
    return winners, runners, group_of


def _first_round(bracket):
    return [(bracket.slots[k], bracket.slots[k + 1]) for k in range(0, bracket.size, 2)]


def test_four_groups_two_going_on():
    # The world championship: A..D winners 1..4 (ranked), runners-up 11..14.
    winners, runners, group_of = _groups("ABCD")
    bracket = make_bracket(winners, runners, group_of)
    assert bracket.slots == (1, 13, 4, 12, 2, 14, 3, 11)
    assert (bracket.size, bracket.rounds) == (8, 3)
    assert [bracket.stage(r) for r in (1, 2, 3)] == [
        Stage.QUARTERFINAL,
        Stage.SEMIFINAL,
        Stage.FINAL,
    ]
    for one, two in _first_round(bracket):
        # A winner against a runner-up of another group.
        assert (one in winners) != (two in winners)
        assert group_of[one] != group_of[two]
    for group in "ABCD":
        one, two = (i for i, p in enumerate(bracket.slots) if group_of[p] == group)
        assert meeting_round(one, two) == 3  # only in the final


def test_three_groups_two_going_on_give_the_best_winners_byes():
    # 13 pairs at four: groups of 4, 4, 5; six go on to eight places, two byes.
    winners, runners, group_of = _groups("ABC")
    bracket = make_bracket(winners, runners, group_of)
    assert bracket.slots == (1, None, 12, 13, 2, None, 3, 11)
    assert _first_round(bracket) == [(1, None), (12, 13), (2, None), (3, 11)]
    for group in "ABC":
        one, two = (i for i, p in enumerate(bracket.slots) if p and group_of[p] == group)
        assert meeting_round(one, two) == 3


def test_more_byes_than_winners_go_on_to_the_best_runners_up():
    # Five groups: ten go on to sixteen places, six byes: the five winners and 11.
    winners, runners, group_of = _groups("ABCDE")
    bracket = make_bracket(winners, runners, group_of)
    with_bye = {one or two for one, two in _first_round(bracket) if None in (one, two)}
    assert with_bye == {1, 2, 3, 4, 5, 11}


def test_one_going_on_from_each_group():
    winners, _, group_of = _groups("ABC")
    bracket = make_bracket(winners, [], group_of)
    assert bracket.slots == (1, None, 2, 3)
    assert round_matches(bracket, lambda one, two: None, 1) == ((2, 3),)
    assert round_matches(bracket, lambda one, two: 3, 2) == ((1, 3),)


def test_levels_follow_the_winners():
    bracket = Bracket((1, None, 12, 13, 2, None, 3, 11))
    won = {frozenset((12, 13)): 13, frozenset((3, 11)): 11, frozenset((1, 13)): 1}
    rows = levels(bracket, lambda one, two: won.get(frozenset((one, two))))
    assert rows == (
        (1, None, 12, 13, 2, None, 3, 11),
        (1, 13, 2, 11),
        (1, None),
        (None,),
    )
    assert round_matches(bracket, lambda one, two: won.get(frozenset((one, two))), 3) == (
        (1, None),
    )


def _line(place, pair, won, played=3):
    return GroupStanding(place, pair, Record(played, won, 2 * won, 0, 0))


def test_qualify_ranks_winners_and_runners_up_across_groups():
    standings = {
        "A": (_line(1, 1, 2), _line(2, 2, 2), _line(3, 3, 1), _line(4, 4, 0)),
        "B": (_line(1, 5, 3), _line(2, 6, 1), _line(3, 7, 1), _line(4, 8, 1)),
        "C": (
            _line(1, 9, 3, 4),
            _line(2, 10, 3, 4),
            _line(3, 11, 2, 4),
            _line(4, 12, 2, 4),
            _line(5, 13, 0, 4),
        ),
    }
    assert qualify(standings, 2, "s") == ((5, 9, 1), (10, 2, 6))
    assert qualify(standings, 1, "s") == ((5, 9, 1), ())
