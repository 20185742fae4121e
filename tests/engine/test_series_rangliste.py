"""The Rangliste of a series (docs/rules.md section 7), case by case and over a
hand-counted season."""

import pytest

from bauerblock.engine.errors import RuleError
from bauerblock.series.engine import (
    Finish,
    Result,
    Scoring,
    SeriesRules,
    check_joins,
    rangliste,
)


def solo(tournament: str, places: dict[int, int], finished: bool = True, **points) -> Result:
    """A Preisbauer's final ranking: player → place (`points`: p<number> → own points)."""
    return Result(
        tournament,
        finished,
        tuple(
            Finish((player,), place, points.get(f"p{player}")) for player, place in places.items()
        ),
    )


def pairs(tournament: str, places: dict[tuple[int, int], int]) -> Result:
    """A Paarturnier's final ranking: pair of series players → the pair's place."""
    return Result(tournament, True, tuple(Finish(pair, place) for pair, place in places.items()))


def table(rules: SeriesRules, *results: Result) -> list[tuple[int, int | None, int]]:
    """The Rangliste as (player, place, counted points), ranked first, then apart."""
    made = rangliste(rules, results)
    return [(s.player, s.place, s.points) for s in (*made.ranked, *made.apart)]


PLACES = SeriesRules()


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        # n - p + 1: four players placed 1..4 get 4, 3, 2, 1.
        ([solo("a", {1: 1, 2: 2, 3: 3, 4: 4})], [(1, 1, 4), (2, 2, 3), (3, 3, 2), (4, 4, 1)]),
        # A shared place gives every sharer its best place's points (1., 2., 2., 4. → 4 3 3 1),
        # and equal lines share the series' place too.
        ([solo("a", {1: 1, 2: 2, 3: 2, 4: 4})], [(1, 1, 4), (2, 2, 3), (3, 2, 3), (4, 4, 1)]),
        # Points add up; n is each tournament's own. 1 and 2 are equal in everything: shared.
        (
            [solo("a", {1: 1, 2: 2}), solo("b", {2: 1, 1: 2, 3: 3})],
            [(1, 1, 4), (2, 1, 4), (3, 3, 1)],
        ),
        # A Paarturnier: n counts players (8 for 4 pairs), both partners take the pair's place.
        (
            [pairs("p", {(1, 2): 1, (3, 4): 2, (5, 6): 3, (7, 8): 3})],
            [
                (1, 1, 8),
                (2, 1, 8),
                (3, 3, 7),
                (4, 3, 7),
                (5, 5, 6),
                (6, 5, 6),
                (7, 5, 6),
                (8, 5, 6),
            ],
        ),
    ],
    ids=["places", "shared place", "sum", "pairs"],
)
def test_places_scoring(results, expected):
    assert table(PLACES, *results) == expected


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        # 3 and 2 have 6 points: 3 won a tournament, 2 did not.
        (
            [solo("a", {1: 1, 2: 2, 3: 3, 4: 4}), solo("b", {3: 1, 2: 2, 4: 3, 1: 4})],
            [(3, 1, 6), (2, 2, 6), (1, 3, 5), (4, 4, 3)],
        ),
        # 2, 4 and 5 have 4 points and no win: 2 and 4 were second once, 5 never.
        (
            [solo("a", {1: 1, 2: 2, 5: 3, 4: 4}), solo("b", {1: 1, 4: 2, 5: 3, 2: 4})],
            [(1, 1, 8), (2, 2, 4), (4, 2, 4), (5, 4, 4)],
        ),
        # 9, 6 and 8 have 3 points: 9 was second; 6 played two tournaments, 8 one.
        (
            [
                solo("a", {1: 1, 2: 2, 6: 3}),
                solo("b", {1: 1, 9: 2, 6: 3, 7: 4}),
                solo("c", {10: 1, 11: 2, 8: 3, 12: 4, 13: 5}),
            ],
            [
                (1, 1, 7),
                (10, 2, 5),
                (11, 3, 4),
                (9, 4, 3),
                (6, 5, 3),
                (8, 6, 3),
                (2, 7, 2),
                (12, 8, 2),
                (7, 9, 1),
                (13, 9, 1),
            ],
        ),
    ],
    ids=["wins", "seconds", "played"],
)
def test_ties(results, expected):
    assert table(PLACES, *results) == expected


def test_tournament_scoring_counts_own_points():
    rules = SeriesRules(scoring=Scoring.TOURNAMENT)
    results = [
        solo("a", {1: 1, 2: 2, 3: 3}, p1=9, p2=7, p3=2),
        solo("b", {3: 1, 1: 2}, p3=8, p1=5),
    ]
    assert table(rules, *results) == [(1, 1, 14), (3, 2, 10), (2, 3, 7)]


def test_best_k_counts_the_best_tournaments():
    rules = SeriesRules(counted=2)
    results = [
        solo("a", {1: 1, 2: 2, 3: 3}),  # 1: 3, 2: 2, 3: 1
        solo("b", {2: 1, 1: 2, 3: 3}),  # 2: 3, 1: 2, 3: 1
        solo("c", {3: 1, 2: 2, 1: 3}),  # 3: 3, 2: 2, 1: 1
    ]
    made = rangliste(rules, results)
    assert [(s.player, s.place, s.points, s.total) for s in made.ranked] == [
        (2, 1, 5, 7),
        (1, 2, 5, 6),
        (3, 3, 4, 5),
    ]
    (one,) = [s for s in made.ranked if s.player == 1]
    assert [(s.tournament, s.points, s.counted) for s in one.scores] == [
        ("a", 3, True),
        ("b", 2, True),
        ("c", 1, False),
    ]


def test_minimum_lists_players_apart_and_running_adds_nothing():
    rules = SeriesRules(minimum=2)
    results = [
        solo("a", {1: 1, 2: 2, 3: 3}),
        solo("b", {1: 1, 2: 2}),
        solo("c", {3: 1, 4: 2}, finished=False),
    ]
    made = rangliste(rules, results, players=[1, 2, 3, 4, 5])
    assert [(s.player, s.place, s.points) for s in made.ranked] == [(1, 1, 5), (2, 2, 3)]
    assert [(s.player, s.place, s.points, s.played) for s in made.apart] == [
        (3, None, 1, 1),
        (4, None, 0, 0),
        (5, None, 0, 0),
    ]
    assert made.running == ("c",)
    assert made.standing(4) is not None and made.standing(6) is None


def test_hand_counted_season():
    """Three tournaments (two Preisbauer, one Paarturnier), 20 players, best 2 count, at
    least 2 to be ranked: counted by hand (points in the comments: T1, T2, T3)."""
    t1 = solo("t1", {1: 1, 2: 2, 3: 2, 4: 4} | {k: k for k in range(5, 17)})  # n = 16
    t2 = solo(
        "t2",
        {17: 1, 2: 2, 1: 3, 5: 4, 18: 5, 3: 6, 4: 7, 6: 8, 19: 9, 7: 10, 8: 11, 20: 12},
    )  # n = 12
    t3 = pairs(
        "t3",
        {(1, 9): 1, (2, 17): 2, (3, 10): 3, (4, 18): 4}
        | {(5, 11): 5, (6, 12): 5, (13, 19): 7, (14, 20): 7},
    )  # n = 16 players
    running = solo("t4", {1: 1, 20: 2}, finished=False)
    made = rangliste(SeriesRules(counted=2, minimum=2), [t1, t2, t3, running], range(1, 21))
    expected = [
        (1, 1, 32, 42),  # 16 10 16: best two 32
        (2, 2, 30, 41),  # 15 11 15 (2. shared in T1: 16 - 2 + 1)
        (3, 3, 29, 36),  # 15 7 14
        (17, 4, 27, 27),  # – 12 15
        (4, 5, 26, 32),  # 13 6 13
        (9, 6, 24, 24),  # 8 – 16: a win, so before 5
        (5, 7, 24, 33),  # 12 9 12
        (6, 8, 23, 28),  # 11 5 12
        (10, 9, 21, 21),  # 7 – 14
        (18, 9, 21, 21),  # – 8 13: equal in everything, shared
        (11, 11, 18, 18),  # 6 – 12
        (12, 12, 17, 17),  # 5 – 12
        (13, 13, 14, 14),  # 4 – 10
        (19, 13, 14, 14),  # – 4 10
        (7, 15, 13, 13),  # 10 3 –
        (14, 15, 13, 13),  # 3 – 10
        (8, 17, 11, 11),  # 9 2 –
        (20, 17, 11, 11),  # – 1 10
    ]
    assert [(s.player, s.place, s.points, s.total) for s in made.ranked] == expected
    assert [(s.player, s.place, s.points) for s in made.apart] == [(15, None, 2), (16, None, 1)]
    assert made.running == ("t4",)


@pytest.mark.parametrize(
    ("settings", "code"),
    [
        ({"counted": 51}, "series_setting_bounds"),
        ({"counted": -1}, "series_setting_bounds"),
        ({"minimum": 0}, "series_setting_bounds"),
        ({"minimum": 51}, "series_setting_bounds"),
        ({"planned": 0}, "series_setting_bounds"),
        ({"counted": True}, "series_setting_bounds"),
        ({"counted": 5, "planned": 4}, "series_counted_over_planned"),
    ],
)
def test_rules_refused(settings, code):
    with pytest.raises(RuleError) as refused:
        SeriesRules(**settings)
    assert refused.value.code == code


def test_rules_allowed_at_their_bounds():
    assert SeriesRules(counted=50, minimum=50, planned=50).counted == 50
    assert SeriesRules(counted=4, planned=4).planned == 4


def test_a_paarturnier_cannot_join_a_series_of_own_points():
    check_joins(SeriesRules(), own_points=False)
    check_joins(SeriesRules(scoring=Scoring.TOURNAMENT), own_points=True)
    with pytest.raises(RuleError) as refused:
        check_joins(SeriesRules(scoring=Scoring.TOURNAMENT), own_points=False)
    assert refused.value.code == "series_scoring_pairs"
