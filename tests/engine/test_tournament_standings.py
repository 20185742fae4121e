"""The standings of docs/rules.md section 4: points, rounds, score difference, byes, places."""

import pytest

from bauerblock.engine.evening import RoundRecord
from bauerblock.engine.teams import Points, Team
from bauerblock.kinds.preisbauer.engine import (
    Draw,
    Format,
    Player,
    Table,
    Tiebreak,
    Tournament,
    standings,
)

SHARED = Format(rounds_per_draw=3, draws=5, bye_points=1)
BY_DIFFERENCE = Format(rounds_per_draw=3, draws=5, bye_points=1, tiebreak=Tiebreak.SCORE_DIFFERENCE)


def rounds(*finals):
    """Completed rounds from "A13:10"-style words: the winner, then the final score."""
    records = []
    for number, word in enumerate(finals, start=1):
        a, b = word[1:].split(":")
        records.append(RoundRecord(number, Team(word[0]), Points(int(a), int(b))))
    return tuple(records)


def players(count, **changes):
    """Players 1..count named by number; `changes` maps "p6" to (joined, withdrawn_from)."""
    roster = []
    for n in range(1, count + 1):
        joined, withdrawn = changes.get(f"p{n}", (1, None))
        roster.append(Player(n, f"Spieler {n}", joined, withdrawn))
    return tuple(roster)


def lines(result):
    """The standings as (place, player, points, rounds played, difference, byes) rows."""
    return [
        (s.place, s.player, s.points, s.rounds_played, s.score_difference, s.byes) for s in result
    ]


# Draw 1: table 1 seats 1, 2, 3, 4 (1 and 3 are team A), player 5 sits out.
DRAW_1 = Draw(1, "one", (Table(1, (1, 2, 3, 4)),), (5,))
# A 13:10 (+3), B 12:4 (-8 for A), A 12:0 (+12): A two rounds and +7, B one and -7.
TABLE_1 = rounds("A13:10", "B4:12", "A12:0")


@pytest.mark.parametrize(
    ("format", "expected"),
    [
        pytest.param(
            SHARED,
            # Equal points share a place; ties in player-number order.
            [
                (1, 1, 2, 3, 7, 0),
                (1, 3, 2, 3, 7, 0),
                (3, 2, 1, 3, -7, 0),
                (3, 4, 1, 3, -7, 0),
                (3, 5, 1, 0, 0, 1),
            ],
            id="shared",
        ),
        pytest.param(
            BY_DIFFERENCE,
            # Then by score difference: the bye's 0 lies between +7 and -7.
            [
                (1, 1, 2, 3, 7, 0),
                (1, 3, 2, 3, 7, 0),
                (3, 5, 1, 0, 0, 1),
                (4, 2, 1, 3, -7, 0),
                (4, 4, 1, 3, -7, 0),
            ],
            id="score-difference",
        ),
    ],
)
def test_one_draw_with_a_bye(format, expected):
    tournament = Tournament(format, players(5), (DRAW_1,))
    assert lines(standings(tournament, {(1, 1): TABLE_1})) == expected


def test_places_are_shared_as_1_2_2_2_5():
    # Nine players, rounds 3, a bye gives 2: table 1 A wins all three, table 2 A two of
    # three, player 9 sits out: 3, 3 | 2, 2, 2 | 1, 1 | 0, 0.
    format = Format(rounds_per_draw=3, bye_points=2)
    done = Draw(1, "s", (Table(1, (1, 2, 3, 4)), Table(2, (5, 6, 7, 8))), (9,))
    tournament = Tournament(format, players(9), (done,))
    result = standings(
        tournament,
        {(1, 1): rounds("A12:0", "A12:3", "A12:5"), (1, 2): rounds("A12:6", "B7:12", "A13:11")},
    )
    assert [(s.place, s.player, s.points) for s in result] == [
        (1, 1, 3), (1, 3, 3), (3, 5, 2), (3, 7, 2), (3, 9, 2), (6, 6, 1), (6, 8, 1),
        (8, 2, 0), (8, 4, 0),
    ]  # fmt: skip


def test_equal_points_and_difference_share_a_place_under_score_difference():
    done = Draw(1, "s", (Table(1, (1, 2, 3, 4)),), ())
    tournament = Tournament(BY_DIFFERENCE, players(4), (done,))
    result = standings(tournament, {(1, 1): rounds("A12:10", "B10:12")})
    assert [(s.place, s.player, s.points, s.score_difference) for s in result] == [
        (1, 1, 1, 0), (1, 2, 1, 0), (1, 3, 1, 0), (1, 4, 1, 0),
    ]  # fmt: skip


def test_an_ended_draw_counts_its_completed_rounds_only():
    # The draw was ended during round 3: the sheet holds two completed rounds, and the
    # open one is no RoundRecord, so it counts for nobody.
    ended = Draw(1, "one", DRAW_1.tables, DRAW_1.byes, ended=True)
    tournament = Tournament(SHARED, players(5), (ended,))
    result = standings(tournament, {(1, 1): TABLE_1[:2]})
    assert lines(result) == [
        (1, 1, 1, 2, -5, 0), (1, 2, 1, 2, 5, 0), (1, 3, 1, 2, -5, 0), (1, 4, 1, 2, 5, 0),
        (1, 5, 1, 0, 0, 1),
    ]  # fmt: skip


def test_a_table_without_rounds_yet_scores_nothing():
    tournament = Tournament(SHARED, players(5), (DRAW_1,))
    result = standings(tournament, {})
    assert lines(result) == [
        (1, 5, 1, 0, 0, 1), (2, 1, 0, 0, 0, 0), (2, 2, 0, 0, 0, 0), (2, 3, 0, 0, 0, 0),
        (2, 4, 0, 0, 0, 0),
    ]  # fmt: skip
    assert [s.points_per_draw for s in result] == [(1,), (0,), (0,), (0,), (0,)]


# Draw 2, after player 4 withdrew and player 6 entered late: 6 joins at table 1, 2 and 5
# sit out. Table 1 seats 6, 1, 3, 5: 6 and 3 (A) win one round 12:9, lose two 6:12, 8:12.
LATE = players(6, p4=(1, 2), p6=(2, None))
DRAW_2 = Draw(2, "two", (Table(1, (6, 1, 3, 5)),), (2,))
TABLE_2 = rounds("A12:9", "B6:12", "B8:12")


def test_late_entry_and_withdrawal():
    tournament = Tournament(SHARED, LATE, (DRAW_1, DRAW_2))
    result = {s.player: s for s in standings(tournament, {(1, 1): TABLE_1, (2, 1): TABLE_2})}
    # The late entry: nothing for draw 1 (no bye points), one round won in draw 2.
    assert result[6].points_per_draw == (None, 1)
    assert (result[6].points, result[6].rounds_played, result[6].byes) == (1, 3, 0)
    assert result[6].score_difference == 3 - 6 - 4
    # The withdrawn player keeps draw 1's point and plays no more.
    assert result[4].points_per_draw == (1, None)
    assert (result[4].points, result[4].rounds_played, result[4].score_difference) == (1, 3, -7)
    # Player 1 (B in draw 2) won two rounds; player 2 sat out draw 2.
    assert result[1].points_per_draw == (2, 2)
    assert result[1].score_difference == 7 + (-3 + 6 + 4)
    assert (result[2].points_per_draw, result[2].byes) == ((1, 1), 1)
    assert result[5].points_per_draw == (1, 2)
    # 1: 4 points; 3 and 5: 3; 2: 2; 4 and 6: 1.
    ranked = standings(tournament, {(1, 1): TABLE_1, (2, 1): TABLE_2})
    assert [(s.place, s.player) for s in ranked] == [(1, 1), (2, 3), (2, 5), (4, 2), (5, 4), (5, 6)]


def test_a_player_registered_before_any_draw_stands_at_zero():
    tournament = Tournament(SHARED, players(4))
    assert lines(standings(tournament, {})) == [(1, n, 0, 0, 0, 0) for n in range(1, 5)]


def test_amending_a_game_moves_the_standings():
    # The same tournament with table 1's last round won by B instead: nothing else changes.
    tournament = Tournament(SHARED, players(5), (DRAW_1,))
    before = standings(tournament, {(1, 1): TABLE_1})
    after = standings(tournament, {(1, 1): rounds("A13:10", "B4:12", "B10:12")})
    assert before[0].player == 1 and before[0].points == 2
    assert [(s.player, s.points) for s in after[:3]] == [(2, 2), (4, 2), (1, 1)]


def test_to_dict():
    tournament = Tournament(SHARED, players(5), (DRAW_1,))
    assert standings(tournament, {(1, 1): TABLE_1})[0].to_dict() == {
        "place": 1,
        "player": 1,
        "name": "Spieler 1",
        "points": 2,
        "rounds_played": 3,
        "score_difference": 7,
        "byes": 0,
        "points_per_draw": [2],
    }
