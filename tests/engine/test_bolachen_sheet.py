"""An evening of Bolachen replayed from its deals: three seats, totals, and the limit."""

import pytest

from bauerblock.engine.errors import GameError, RuleError
from bauerblock.engine.evening import dealer_of
from bauerblock.games.bolachen.rules import SEATS, forehand_of, play, replay, resolve_rules, start
from tests.words import refused_saying, said

SOFT = resolve_rules()
HARD = resolve_rules({"preset": "hard"})


def brand(declarer, tricks=7, trump="herz"):
    return {"declarer": declarer, "contract": "brand", "trump": trump, "tricks": tricks}


def bettel(declarer, won=True):
    return {"declarer": declarer, "contract": "bettel", "won": won}


def mord(declarer, won=True):
    return {"declarer": declarer, "contract": "mord", "won": won}


@pytest.mark.parametrize(
    ("first_dealer", "dealers", "forehands"),
    [
        pytest.param(0, [0, 1, 2, 0, 1, 2, 0], [1, 2, 0, 1, 2, 0, 1], id="from-0"),
        pytest.param(1, [1, 2, 0, 1, 2, 0, 1], [2, 0, 1, 2, 0, 1, 2], id="from-1"),
        pytest.param(2, [2, 0, 1, 2, 0, 1, 2], [0, 1, 2, 0, 1, 2, 0], id="from-2"),
    ],
)
def test_the_deal_moves_round_three_seats(first_dealer, dealers, forehands):
    state = start(SOFT, first_dealer)
    for number in range(1, 8):
        now = state.to_dict()["current"]
        assert (now["dealer"], now["forehand"]) == (dealers[number - 1], forehands[number - 1])
        assert dealer_of(first_dealer, number, SEATS) == dealers[number - 1]
        assert forehand_of(dealers[number - 1]) == forehands[number - 1]
        state = play(state, brand(number % 3))
    games = state.to_dict()["games"]
    assert [g["dealer"] for g in games] == dealers
    assert [g["forehand"] for g in games] == forehands


@pytest.mark.parametrize("first_dealer", [-1, 3, 4, "0", None, True])
def test_first_dealer_is_one_of_three_seats(first_dealer):
    with refused_saying(RuleError, match="first_dealer"):
        start(SOFT, first_dealer)


@pytest.mark.parametrize(
    ("rules", "entries", "totals_after"),
    [
        pytest.param(
            SOFT,
            [brand(0), bettel(1, won=False), mord(2), brand(1, tricks=5, trump="eichel")],
            [[2, -1, -1], [4, -5, 1], [1, -8, 7], [2, -10, 8]],
            id="soft",
        ),
        pytest.param(
            HARD,
            [brand(0), bettel(1, won=False), mord(2), brand(1, tricks=5, trump="eichel")],
            [[20, -10, -10], [40, -50, 10], [10, -80, 70], [20, -100, 80]],
            id="hard-10-cents",
        ),
        pytest.param(
            resolve_rules({"preset": "hard", "mord_pays_five": True}),
            [mord(0), mord(1, won=False)],
            [[100, -50, -50], [150, -150, 0]],
            id="hard-mord-pays-five",
        ),
    ],
)
def test_totals_by_seat(rules, entries, totals_after):
    state = replay(rules, 0, entries).to_dict()
    assert [g["totals_after"] for g in state["games"]] == totals_after
    assert state["current"]["totals"] == totals_after[-1]
    assert state["current"]["unit"] == rules.unit
    assert state["current"]["games_played"] == len(entries)
    assert all(sum(g["totals_after"]) == 0 == sum(g["points"]) for g in state["games"])
    assert [g["entry"] for g in state["games"]] == entries
    assert [g["declarer"] for g in state["games"]] == [e["declarer"] for e in entries]


def test_a_game_record_carries_the_deal():
    game = replay(SOFT, 0, [brand(2, tricks=4, trump="gras")]).to_dict()["games"][0]
    assert {key: game[key] for key in game if key != "breakdown"} == {
        "number": 1,
        "dealer": 0,
        "forehand": 1,
        "declarer": 2,
        "entry": brand(2, tricks=4, trump="gras"),
        "contract": "brand",
        "trump": "gras",
        "tricks": 4,
        "won": False,
        "value": 1,
        "points": [1, 1, -2],
        "totals_after": [1, 1, -2],
        "events": [],
    }


# --- The limit ---------------------------------------------------------------------------


def test_the_evening_ends_when_a_total_reaches_the_limit():
    rules = resolve_rules({"limit": 6})
    entries = [brand(0), brand(0), bettel(0)]  # seat 0: 2, 4, 8
    state = replay(rules, 0, entries)
    assert [g["events"] for g in state.to_dict()["games"]] == [[], [], ["limit_reached"]]
    current = state.to_dict()["current"]
    assert current["limit_reached"] is True
    assert current["limit_reached_by"] == [0]
    with refused_saying(GameError, match="ended at game 3") as caught:
        play(state, brand(1))
    assert caught.value.number == 4
    assert "limit of 6" in said(caught.value)


def test_reaching_the_limit_exactly_ends_the_evening():
    state = replay(resolve_rules({"limit": 6}), 0, [mord(1)])
    assert state.to_dict()["games"][0]["events"] == ["limit_reached"]
    assert state.limit_reached_by == (1,)


def test_two_players_may_reach_the_limit_together():
    state = replay(resolve_rules({"limit": 3}), 0, [mord(2, won=False)])  # [3, 3, -6]
    assert state.to_dict()["current"]["limit_reached_by"] == [0, 1]


def test_a_loss_down_to_minus_the_limit_does_not_end_the_evening():
    # The limit is the winner's target (docs/rules.md section 3): -6 is no total reaching 6.
    state = replay(resolve_rules({"limit": 6}), 0, [mord(0, won=False), brand(1)])
    assert [g["totals_after"] for g in state.to_dict()["games"]] == [[-6, 3, 3], [-7, 5, 2]]
    assert not state.limit_reached


def test_the_limit_counts_cents_under_the_hard_score():
    rules = resolve_rules({"preset": "hard", "limit": 50})
    state = replay(rules, 0, [brand(0), bettel(0)])  # 20, then 60 cents
    assert state.to_dict()["games"][1]["events"] == ["limit_reached"]
    assert state.to_dict()["current"]["totals"] == [60, -30, -30]


def test_no_limit_plays_on():
    state = replay(SOFT, 0, [mord(0)] * 40)
    assert state.to_dict()["current"]["totals"] == [240, -120, -120]
    assert not state.limit_reached
    assert all(g["events"] == [] for g in state.to_dict()["games"])


def test_deleting_the_last_game_reopens_the_evening():
    rules = resolve_rules({"limit": 4})
    entries = [brand(0), brand(0)]
    with refused_saying(GameError, match="ended at game 2"):
        replay(rules, 0, [*entries, brand(1)])
    assert replay(rules, 0, [entries[0], brand(1)]).standing.played == 2


@pytest.mark.parametrize(
    ("entries", "number", "words"),
    [
        pytest.param([brand(0), {"declarer": 0, "contract": "brand", "won": True}], 2, "trump"),
        pytest.param([bettel(1), {**bettel(1), "trump": "herz"}], 2, "without trumps"),
        pytest.param([brand(0, tricks=11)], 1, "0 to 10"),
        pytest.param([mord(0), mord(1), {**mord(2), "tricks": 10}], 3, "exactly one"),
        pytest.param([{"winner": "A"}], 1, "winner"),
    ],
)
def test_a_refused_deal_is_named(entries, number, words):
    with refused_saying(GameError, match=words) as caught:
        replay(SOFT, 0, entries)
    assert caught.value.number == number
    assert said(caught.value).startswith(f"Game {number}: ")
