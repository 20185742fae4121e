"""Bauerschspiel: the stroke board of docs/rules.md section 2, game by game and over an evening.

The expected boards are read off that section: each team starts with five strokes, the winner
of a game erases one and the loser adds one, the first team at zero gets a Nullchen and
both start again at five.
"""

import pytest

from bauerblock.engine.errors import GameError, RuleError
from bauerblock.engine.games import GAMES, sheet_game
from bauerblock.engine.teams import Points, Team
from bauerblock.games.bauerschspiel import rules as bauerschspiel
from bauerblock.games.bauerschspiel.rules import (
    PRESETS,
    parse_game,
    replay,
    resolve_rules,
    score,
    start,
)
from tests.words import refused_saying, said

DILLKREIS = resolve_rules()
THREE = resolve_rules({"strokes": 3})


def boards(winners, rules=DILLKREIS, first_dealer=0):
    """Replay one game per letter of `winners`; return the state as JSON."""
    return replay(rules, first_dealer, [{"winner": w} for w in winners]).to_dict()


def after(state):
    """Return the board after each game as "A:B" strings."""
    return [f"{g['strokes_after']['A']}:{g['strokes_after']['B']}" for g in state["games"]]


# --- Rules -------------------------------------------------------------------------------


def test_one_preset_dillkreis_with_five_strokes():
    assert list(PRESETS) == ["dillkreis"]
    assert resolve_rules().to_dict() == {"preset": "dillkreis", "strokes": 5}
    assert resolve_rules({"preset": "dillkreis", "strokes": 7}).strokes == 7


def test_the_game_is_registered_for_sheets():
    assert GAMES["bauerschspiel"] is bauerschspiel
    assert sheet_game("bauerschspiel").SEATS == 4


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        pytest.param({"strokes": 0}, "strokes", id="zero"),
        pytest.param({"strokes": -5}, "strokes", id="negative"),
        pytest.param({"strokes": 21}, "strokes", id="too-long"),
        pytest.param({"strokes": True}, "whole number", id="bool"),
        pytest.param({"strokes": "5"}, "whole number", id="string"),
        pytest.param({"strokes": None}, "whole number", id="null"),
        pytest.param({"target": 12}, "Unknown rule option", id="bauerchen-option"),
        pytest.param({"preset": "lautern"}, "Unknown rule preset", id="bauerchen-preset"),
    ],
)
def test_bad_rules_are_refused(spec, words):
    with refused_saying(RuleError, match=words):
        resolve_rules(spec)


# --- Entries -----------------------------------------------------------------------------


@pytest.mark.parametrize("team", ["A", "B"])
def test_an_entry_is_the_winning_team(team):
    assert parse_game({"winner": team}, DILLKREIS).winner is Team(team)


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        pytest.param({}, "winner", id="empty"),
        pytest.param({"winner": "C"}, "winner", id="team-c"),
        pytest.param({"winner": "a"}, "winner", id="lower-case"),
        pytest.param({"winner": None}, "winner", id="null"),
        pytest.param({"winner": 0}, "winner", id="seat-number"),
        pytest.param({"winner": ["A"]}, "winner", id="list"),
        pytest.param({"winner": "A", "home": "A"}, "Unknown field 'home'", id="bauerchen-home"),
        pytest.param({"card_points": {"A": 72}}, "Unknown field 'card_points'", id="bauerchen"),
        pytest.param(
            {"winner": "A", "declarer": 0}, "Unknown field 'declarer'", id="bolachen-field"
        ),
        pytest.param({"winner": "A", "strokes": 1}, "Unknown field", id="strokes"),
        pytest.param(["A"], "object", id="list-entry"),
        pytest.param("A", "object", id="string-entry"),
    ],
)
def test_anything_but_the_winner_is_refused(entry, words):
    with refused_saying(RuleError, match=words):
        parse_game(entry, DILLKREIS)


# --- One game ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "winner", "expected", "nullchen"),
    [
        pytest.param((5, 5), "A", (4, 6), None, id="start-A-wins"),
        pytest.param((5, 5), "B", (6, 4), None, id="start-B-wins"),
        pytest.param((2, 8), "B", (3, 7), None, id="leader-loses-one-back"),
        pytest.param((1, 9), "A", (0, 10), "A", id="A-erases-the-last"),
        pytest.param((9, 1), "B", (10, 0), "B", id="B-erases-the-last"),
        pytest.param((1, 9), "B", (2, 8), None, id="one-short-and-lost"),
    ],
)
def test_one_game_moves_the_board(before, winner, expected, nullchen):
    outcome = score(parse_game({"winner": winner}, DILLKREIS), DILLKREIS, Points(*before))
    assert outcome.strokes_after == Points(*expected)
    assert outcome.nullchen == (Team(nullchen) if nullchen else None)
    codes = [line.code for line in outcome.breakdown]
    assert codes[:2] == ["stroke_out", "stroke_on"]
    assert ("nullchen" in codes) == bool(nullchen)


def test_score_starts_from_the_start_of_the_board():
    outcome = score(parse_game({"winner": "B"}, THREE), THREE)
    assert outcome.strokes_after == Points(4, 2)
    assert outcome.to_dict()["strokes_after"] == {"A": 4, "B": 2}


@pytest.mark.parametrize("before", [(0, 10), (10, 0), (5, -1), (11, 1), (0, 0)])
def test_a_board_that_cannot_stand_between_games_is_refused(before):
    with refused_saying(RuleError, match="board"):
        score(parse_game({"winner": "A"}, DILLKREIS), DILLKREIS, Points(*before))


# --- An evening --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "winners", "boards_after", "nullchen_games", "current", "nullchen"),
    [
        pytest.param(
            DILLKREIS,
            "AAAAA",
            ["4:6", "3:7", "2:8", "1:9", "0:10"],
            [5],
            {"A": 5, "B": 5},
            {"A": 1, "B": 0},
            id="A-straight-to-nullchen",
        ),
        pytest.param(
            DILLKREIS,
            "ABABAB",
            ["4:6", "5:5"] * 3,
            [],
            {"A": 5, "B": 5},
            {"A": 0, "B": 0},
            id="see-saw-no-nullchen",
        ),
        pytest.param(
            DILLKREIS,
            "AAAABAA",
            ["4:6", "3:7", "2:8", "1:9", "2:8", "1:9", "0:10"],
            [7],
            {"A": 5, "B": 5},
            {"A": 1, "B": 0},
            id="setback-then-nullchen",
        ),
        pytest.param(
            DILLKREIS,
            "BBBBBA",
            ["6:4", "7:3", "8:2", "9:1", "10:0", "4:6"],
            [5],
            {"A": 4, "B": 6},
            {"A": 0, "B": 1},
            id="B-nullchen-then-restart-at-five",
        ),
        pytest.param(
            DILLKREIS,
            "AAAAABBBBB",
            ["4:6", "3:7", "2:8", "1:9", "0:10", "6:4", "7:3", "8:2", "9:1", "10:0"],
            [5, 10],
            {"A": 5, "B": 5},
            {"A": 1, "B": 1},
            id="one-nullchen-each",
        ),
        pytest.param(
            THREE,
            "AAABBB",
            ["2:4", "1:5", "0:6", "4:2", "5:1", "6:0"],
            [3, 6],
            {"A": 3, "B": 3},
            {"A": 1, "B": 1},
            id="board-of-three",
        ),
        pytest.param(
            resolve_rules({"strokes": 1}),
            "ABA",
            ["0:2", "2:0", "0:2"],
            [1, 2, 3],
            {"A": 1, "B": 1},
            {"A": 2, "B": 1},
            id="board-of-one-every-game",
        ),
        pytest.param(DILLKREIS, "", [], [], {"A": 5, "B": 5}, {"A": 0, "B": 0}, id="empty"),
    ],
)
def test_the_board_over_an_evening(rules, winners, boards_after, nullchen_games, current, nullchen):
    state = boards(winners, rules)
    assert after(state) == boards_after
    assert [g["number"] for g in state["games"] if g["events"] == ["nullchen"]] == nullchen_games
    assert all(g["events"] in ([], ["nullchen"]) for g in state["games"])
    assert state["current"]["strokes"] == current
    assert state["current"]["nullchen"] == nullchen
    assert state["current"]["games_played"] == len(winners)
    assert [g["winner"] for g in state["games"]] == list(winners)
    assert [g["entry"] for g in state["games"]] == [{"winner": w} for w in winners]


def test_each_nullchen_closes_a_round():
    state = boards("AAAAAB" + "BBBB" + "AB")
    assert state["rounds"] == [
        {"number": 1, "winner": "A", "final": {"A": 0, "B": 10}},
        {"number": 2, "winner": "B", "final": {"A": 10, "B": 0}},
    ]
    assert [g["round"] for g in state["games"]] == [1] * 5 + [2] * 5 + [3] * 2
    assert [g["nullchen"] for g in state["games"]][4:10] == [
        "A",
        None,
        None,
        None,
        None,
        "B",
    ]
    assert state["games"][9]["nullchen_after"] == {"A": 1, "B": 1}
    assert state["current"]["round"] == 3


@pytest.mark.parametrize(
    ("first_dealer", "dealers"),
    [
        pytest.param(0, [0, 1, 2, 3, 0, 1], id="from-0"),
        pytest.param(3, [3, 0, 1, 2, 3, 0], id="from-3"),
    ],
)
def test_the_deal_moves_one_seat_a_game(first_dealer, dealers):
    state = boards("ABABAB", first_dealer=first_dealer)
    assert [g["dealer"] for g in state["games"]] == dealers
    assert state["current"]["dealer"] == (dealers[-1] + 1) % 4
    assert start(DILLKREIS, first_dealer).dealer == first_dealer


@pytest.mark.parametrize("first_dealer", [-1, 4, "0", None, True])
def test_first_dealer_is_a_seat(first_dealer):
    with refused_saying(RuleError, match="first_dealer"):
        start(DILLKREIS, first_dealer)


def test_a_refused_game_is_named():
    entries = [{"winner": "A"}, {"winner": "B"}, {"winner": "A", "home": "B"}]
    with refused_saying(GameError, match="home") as caught:
        replay(DILLKREIS, 0, entries)
    assert caught.value.number == 3
    assert said(caught.value).startswith("Game 3: ")
