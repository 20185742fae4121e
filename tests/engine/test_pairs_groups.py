"""The group draw and the circle schedule (docs/rules.md section 5, "Groups")."""

import itertools

import pytest

from bauerblock.engine.errors import RuleError
from bauerblock.kinds.pairs.engine import (
    Group,
    Stage,
    draw_groups,
    group_draw,
    group_rounds,
    group_sizes,
    schedule,
)


@pytest.mark.parametrize(
    ("count", "size", "sizes"),
    [
        # The Bauernstoß world championship: 16 pairs, four groups of four.
        (16, 4, (4, 4, 4, 4)),
        (12, 4, (4, 4, 4)),
        # group_size is the largest group: the count divided by it, rounded up, groups.
        (13, 4, (3, 3, 3, 4)),
        (13, 5, (4, 4, 5)),
        # The 13-pair evening of issue 27: never 6 and 7.
        (13, 6, (4, 4, 5)),
        (17, 4, (3, 3, 3, 4, 4)),
        # The 52-player tournament: 26 pairs.
        (26, 4, (3, 3, 4, 4, 4, 4, 4)),
        (26, 5, (4, 4, 4, 4, 5, 5)),
        (4, 4, (4,)),
        (4, 6, (4,)),
        (11, 6, (5, 6)),
        (15, 6, (5, 5, 5)),
        (6, 3, (3, 3)),
        # No group under three: then a group takes one more than group_size.
        (5, 4, (5,)),
        (7, 3, (3, 4)),
        (64, 3, (3,) * 20 + (4,)),
        (64, 4, (4,) * 16),
        (64, 6, (5, 5) + (6,) * 9),
    ],
)
def test_group_sizes(count, size, sizes):
    assert group_sizes(count, size) == sizes
    assert sum(sizes) == count
    assert max(sizes) - min(sizes) <= 1
    assert min(sizes) >= 3 and (max(sizes) <= size or len(sizes) == count // 3)


def test_too_few_pairs_for_a_group_are_refused():
    with pytest.raises(RuleError) as refused:
        group_sizes(2, 4)
    assert refused.value.code == "pairs_too_few_for_groups"


def test_a_pair_drawn_twice_is_refused():
    with pytest.raises(RuleError) as refused:
        draw_groups([1, 2, 3, 4, 4], 4, "s")
    assert refused.value.code == "pairs_group_twice"


def test_the_group_draw_is_seeded():
    pairs = list(range(1, 17))
    one = draw_groups(pairs, 4, "Bauer-WM")
    assert one == draw_groups(list(reversed(pairs)), 4, "Bauer-WM")
    assert [g.name for g in one] == ["A", "B", "C", "D"]
    assert sorted(p for g in one for p in g.pairs) == pairs
    others = {draw_groups(pairs, 4, f"seed {n}") for n in range(5)}
    assert len(others) > 1


@pytest.mark.parametrize(
    ("size", "rounds", "matches_a_round"),
    [(3, 3, 1), (4, 3, 2), (5, 5, 2), (6, 5, 3)],
)
def test_the_circle_method(size, rounds, matches_a_round):
    group = Group("A", tuple(range(10, 10 + size)))
    found = schedule(group)
    assert len(found) == rounds
    assert all(len(r) == matches_a_round for r in found)
    met = [frozenset(pairing) for r in found for pairing in r]
    assert sorted(map(sorted, met)) == sorted(map(sorted, itertools.combinations(group.pairs, 2)))
    for r in found:
        seated = [p for pairing in r for p in pairing]
        assert len(seated) == len(set(seated))


def test_the_circle_method_for_four_pairs():
    assert schedule(Group("A", (1, 2, 3, 4))) == (
        ((1, 4), (2, 3)),
        ((1, 3), (4, 2)),
        ((1, 2), (3, 4)),
    )


def test_a_group_round_is_one_draw_across_all_groups():
    # 13 pairs at five: 4, 4, 5; the five play five rounds, the fours three.
    groups = (Group("A", (1, 2, 3, 4)), Group("B", (5, 6, 7, 8)), Group("C", (9, 10, 11, 12, 13)))
    assert group_rounds(groups) == 5
    first = group_draw(groups, 1, 1, "s")
    assert first.stage is Stage.GROUP
    assert [(m.table, m.pairs, m.group) for m in first.matches] == [
        (1, (1, 4), "A"),
        (2, (2, 3), "A"),
        (3, (5, 8), "B"),
        (4, (6, 7), "B"),
        (5, (10, 13), "C"),
        (6, (11, 12), "C"),
    ]
    assert first.byes == (9,)
    fourth = group_draw(groups, 4, 4, "s")
    assert {m.group for m in fourth.matches} == {"C"}
    # Freilos only in the group still playing: the groups of four are done.
    assert set(fourth.byes) == set(range(9, 14)) - set(p for m in fourth.matches for p in m.pairs)
    assert len(fourth.byes) == 1
    # Over the five rounds each pair of the five sits out once, with no points.
    sat_out = [p for n in range(1, 6) for p in group_draw(groups, n, n, "s").byes if p >= 9]
    assert sorted(sat_out) == [9, 10, 11, 12, 13]
