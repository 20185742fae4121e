"""An evening of Bauerchen replayed from its entries: rotation, rounds, Knoddel, Steine."""

import pytest

from bauerblock.engine.errors import GameError, RuleError
from bauerblock.engine.evening import dealer_of
from bauerblock.engine.teams import Team
from bauerblock.games.bauerchen.rules import replay, resolve_rules, start
from bauerblock.games.bauerchen.rules.sheet import SEATS, home_of, play
from tests.words import refused_saying, said

LAUTERN = resolve_rules()
SIEGELBACH = resolve_rules({"preset": "siegelbach"})
THREE = resolve_rules({"knoddels_per_stein": 3})
LEDIG = resolve_rules({"solo_in_decider": False})


def won(team, band="frei", spritz=0, **extra):
    """An entry whose game `team` wins (home comes from the dealer)."""
    return {"result": {"winner": team, "band": band}, "spritz": spritz, **extra}


def round_to(team):
    """One entry that wins a round of up to 48 points for `team`: schwarz, spritz ×16."""
    return won(team, "schwarz", spritz=4)


def solo(team, won_=True):
    return {"solo": {"team": team, "won": won_}}


def current(rules, entries, first_dealer=0):
    return replay(rules, first_dealer, entries).to_dict()["current"]


# --- Dealer and home ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first_dealer", "dealers", "homes"),
    [
        # Forehand (dealer + 1) announces trumps: its team is home. A = seats 0, 2.
        pytest.param(0, [0, 1, 2, 3, 0, 1, 2, 3], "BABABABA", id="first-dealer-0"),
        pytest.param(1, [1, 2, 3, 0, 1, 2, 3, 0], "ABABABAB", id="first-dealer-1"),
        pytest.param(2, [2, 3, 0, 1, 2, 3, 0, 1], "BABABABA", id="first-dealer-2"),
        pytest.param(3, [3, 0, 1, 2, 3, 0, 1, 2], "ABABABAB", id="first-dealer-3"),
    ],
)
def test_dealer_and_home_rotate(first_dealer, dealers, homes):
    # Small wins for alternating teams: no round ends, so only the rotation is at work.
    entries = [won("A" if n % 2 else "B") for n in range(8)]
    state = start(LAUTERN, first_dealer)
    for number, entry in enumerate(entries, start=1):
        now = state.to_dict()["current"]
        assert (now["dealer"], now["home"]) == (dealers[number - 1], homes[number - 1])
        assert dealer_of(first_dealer, number, SEATS) == dealers[number - 1]
        assert home_of(dealers[number - 1]) == Team(homes[number - 1])
        state = play(state, entry)
    games = state.to_dict()["games"]
    assert [g["number"] for g in games] == list(range(1, 9))
    assert [g["dealer"] for g in games] == dealers
    assert "".join(g["home"] for g in games) == homes
    assert all(g["events"] == [] for g in games)
    # After eight games the deal is back with the first dealer.
    assert state.to_dict()["current"]["dealer"] == first_dealer


def test_home_alternates_for_the_away_bonus():
    # First dealer 0: game 1 home B, game 2 home A. A wins both: away (2), then home (1).
    games = replay(LAUTERN, 0, [won("A"), won("A")]).to_dict()["games"]
    assert [g["points"] for g in games] == [{"A": 2, "B": 0}, {"A": 1, "B": 0}]


def test_explicit_home_overrides_and_is_noted():
    state = replay(LAUTERN, 0, [won("A", home="A"), won("A", home="A"), won("A", home="A")])
    games = state.to_dict()["games"]
    # Game 1 would be B's home game: A named itself home, so A's win gets no away bonus.
    assert games[0]["home"] == "A"
    assert games[0]["points"] == {"A": 1, "B": 0}
    assert games[0]["events"] == ["home_changed"]
    # Game 2 is A's home game anyway: nothing to note.
    assert games[1]["home"] == "A"
    assert games[1]["events"] == []
    assert games[2]["events"] == ["home_changed"]
    # The rotation itself does not move.
    assert [g["dealer"] for g in games] == [0, 1, 2]
    assert state.to_dict()["current"]["home"] == "A"


@pytest.mark.parametrize("first_dealer", [-1, 4, 7, "0", None])
def test_first_dealer_is_a_seat(first_dealer):
    with pytest.raises(RuleError):
        start(LAUTERN, first_dealer)


# --- Rounds, Knoddel, Steine -------------------------------------------------------------


def test_a_round_ends_at_the_target_and_the_loser_gets_a_knoddel():
    # Home B, A wins away schwarz with one spritz: 8; then home A, A wins schneider: 2.
    entries = [won("A", "schwarz", spritz=1), won("A", "schneider"), won("A")]
    state = replay(LAUTERN, 0, entries).to_dict()
    assert [g["score_after"] for g in state["games"]] == [
        {"A": 8, "B": 0},
        {"A": 10, "B": 0},
        {"A": 12, "B": 0},
    ]
    assert state["games"][2]["events"] == ["round_won", "knoddel"]
    assert state["rounds"] == [{"number": 1, "winner": "A", "final": {"A": 12, "B": 0}}]
    assert state["current"]["score"] == {"A": 0, "B": 0}
    assert state["current"]["knoddels"] == {"A": 0, "B": 1}
    assert state["current"]["round"] == 2


@pytest.mark.parametrize(
    ("rules", "winners", "knoddels", "steins", "decider"),
    [
        pytest.param(LAUTERN, "", (0, 0), (0, 0), False, id="2-start"),
        pytest.param(LAUTERN, "A", (0, 1), (0, 0), False, id="2-B-one-knoddel"),
        pytest.param(LAUTERN, "AB", (1, 1), (0, 0), True, id="2-gehampelter-1-1"),
        pytest.param(LAUTERN, "AA", (0, 0), (1, 0), False, id="2-two-knoddel-stein-to-A"),
        pytest.param(LAUTERN, "ABA", (0, 0), (1, 0), False, id="2-gehampelter-won-by-A"),
        pytest.param(LAUTERN, "ABB", (0, 0), (0, 1), False, id="2-gehampelter-won-by-B"),
        pytest.param(LAUTERN, "AAB", (1, 0), (1, 0), False, id="2-new-stein-begins"),
        pytest.param(LAUTERN, "AABBAB", (1, 1), (1, 1), True, id="2-second-gehampelter"),
        pytest.param(THREE, "AA", (0, 2), (0, 0), False, id="3-two-knoddel-no-stein"),
        pytest.param(THREE, "AAA", (0, 0), (1, 0), False, id="3-three-knoddel-stein"),
        pytest.param(THREE, "AB", (1, 1), (0, 0), False, id="3-1-1-no-gehampelter"),
        pytest.param(THREE, "ABAB", (2, 2), (0, 0), True, id="3-gehampelter-2-2"),
        pytest.param(THREE, "ABABB", (0, 0), (0, 1), False, id="3-gehampelter-won-by-B"),
        pytest.param(THREE, "ABBA", (2, 2), (0, 0), True, id="3-gehampelter-other-order"),
        pytest.param(THREE, "BBAB", (0, 0), (0, 1), False, id="3-third-knoddel-resets-both"),
    ],
)
def test_knoddel_stein_and_gehampelter(rules, winners, knoddels, steins, decider):
    state = replay(rules, 0, [round_to(team) for team in winners]).to_dict()
    now = state["current"]
    assert now["knoddels"] == dict(zip("AB", knoddels, strict=True))
    assert now["steins"] == dict(zip("AB", steins, strict=True))
    assert now["decider"] is decider
    assert now["round"] == len(winners) + 1
    assert [r["winner"] for r in state["rounds"]] == list(winners)
    assert now["score"] == {"A": 0, "B": 0}


def test_stein_is_noted_on_the_game_that_wins_it():
    games = replay(LAUTERN, 0, [round_to("B"), round_to("A"), round_to("B")]).to_dict()["games"]
    assert [g["events"] for g in games] == [
        ["round_won", "knoddel"],
        ["round_won", "knoddel"],
        ["round_won", "knoddel", "stein"],
    ]


def test_target_31():
    rules = resolve_rules({"target": 31})
    entries = [
        won("A", "schwarz", spritz=2),  # home B: (3 + 1) × 4 = 16
        won("A", "schwarz", spritz=2),  # home A: 3 × 4 = 12 → 28
        won("B"),  # home B: B 1
        won("A"),  # home A: 1 → 29
        won("A"),  # home B: away 2 → 31
    ]
    state = replay(rules, 0, entries).to_dict()
    assert [g["score_after"]["A"] for g in state["games"]] == [16, 28, 28, 29, 31]
    assert [g["round_winner"] for g in state["games"]] == [None, None, None, None, "A"]
    assert state["rounds"] == [{"number": 1, "winner": "A", "final": {"A": 31, "B": 1}}]
    assert state["current"]["score"] == {"A": 0, "B": 0}


def test_meld_to_the_target_wins_the_round_in_a_sheet():
    # A reaches 11, then melds a 20 in a game B wins by more than enough.
    entries = [
        won("A", "schwarz", spritz=1),  # home B: 8
        won("A", "schwarz"),  # home A: 3 → 11
        won("B", "schwarz", spritz=2, melds=[{"team": "A", "kind": "20"}]),  # home B: 12
    ]
    state = replay(LAUTERN, 0, entries).to_dict()
    assert state["rounds"] == [{"number": 1, "winner": "A", "final": {"A": 12, "B": 12}}]
    assert state["current"]["knoddels"] == {"A": 0, "B": 1}


# --- Carry-over (Siegelbach) -------------------------------------------------------------


A_TO_13 = [
    won("A", "schwarz", spritz=1),  # home B: A 8
    won("A", "schneider"),  # home A: A 10
    won("B"),  # home B: B 1
    won("A", "schwarz"),  # home A: A 13
]


@pytest.mark.parametrize(
    ("rules", "entries", "score"),
    [
        pytest.param(SIEGELBACH, A_TO_13, {"A": 1, "B": 0}, id="13-carries-1-loser-to-0"),
        pytest.param(
            SIEGELBACH,
            [won("A", "schwarz", spritz=1), won("A", "schneider", spritz=1)],
            {"A": 0, "B": 0},
            id="exactly-12-carries-nothing",
        ),
        pytest.param(
            SIEGELBACH,
            # Home B, home A, home B: A 8, B away 2, A 8 more: 16.
            [won("A", "schwarz", spritz=1), won("B"), won("A", "schwarz", spritz=1)],
            {"A": 4, "B": 0},
            id="16-carries-4",
        ),
        pytest.param(
            SIEGELBACH,
            [won("A", "schwarz", spritz=1), won("A", "schwarz"), solo("B", False)],
            {"A": 11, "B": 0},
            id="solo-from-11-to-23-carries-11",
        ),
        pytest.param(
            SIEGELBACH, [won("A", "schwarz", spritz=3)], {"A": 11, "B": 0}, id="32-capped-at-11"
        ),
        pytest.param(
            resolve_rules({"preset": "siegelbach", "target": 31}),
            [won("A", "schwarz", spritz=4)],
            {"A": 30, "B": 0},
            id="target-31-64-capped-at-30",
        ),
        pytest.param(
            resolve_rules({"preset": "siegelbach", "target": 31}),
            [won("B", "schwarz", spritz=1), solo("A")],
            {"A": 0, "B": 0},
            id="target-31-solo-below-target-carries-nothing",
        ),
        pytest.param(LAUTERN, A_TO_13, {"A": 0, "B": 0}, id="without-carry-over-0-0"),
        pytest.param(
            LAUTERN, [won("A", "schwarz", spritz=3)], {"A": 0, "B": 0}, id="without-32-gives-0"
        ),
    ],
)
def test_carry_over(rules, entries, score):
    state = replay(rules, 0, entries)
    assert state.to_dict()["current"]["score"] == score
    assert len(state.rounds) == 1
    assert ("carry_over" in state.games[-1].events) == (score != {"A": 0, "B": 0})


def test_carried_points_count_toward_the_next_round():
    # A carries 11 and wins the next round with one more point.
    entries = [won("A", "schwarz", spritz=3), won("A")]
    state = replay(SIEGELBACH, 0, entries).to_dict()
    assert [r["winner"] for r in state["rounds"]] == ["A", "A"]
    assert state["rounds"][1]["final"] == {"A": 12, "B": 0}
    assert state["current"]["steins"] == {"A": 1, "B": 0}


# --- Solo in a sheet ---------------------------------------------------------------------


def test_solo_ends_the_round_in_a_sheet():
    state = replay(LAUTERN, 0, [won("A"), solo("B", False)]).to_dict()
    assert state["rounds"] == [{"number": 1, "winner": "A", "final": {"A": 14, "B": 0}}]
    assert state["current"]["knoddels"] == {"A": 0, "B": 1}


@pytest.mark.parametrize(
    ("rules", "allowed"),
    [
        pytest.param(LAUTERN, True, id="solo-in-decider-allowed"),
        pytest.param(LEDIG, False, id="ledig-no-solo-in-decider"),
        pytest.param(
            resolve_rules({"solo_in_decider": False, "knoddels_per_stein": 3}),
            False,
            id="ledig-three-knoddel",
        ),
    ],
)
def test_solo_in_the_gehampelter(rules, allowed):
    lead = [round_to(team) for team in "AB" * (rules.knoddels_per_stein - 1)]
    assert replay(rules, 0, lead).decider
    if allowed:
        state = replay(rules, 0, [*lead, solo("A")])
        assert state.standing.steins.a == 1
    else:
        with refused_saying(GameError, match="Gehampelter") as caught:
            replay(rules, 0, [*lead, solo("A")])
        assert caught.value.number == len(lead) + 1


def test_ledig_allows_a_solo_outside_the_gehampelter():
    state = replay(LEDIG, 0, [round_to("A"), solo("A")])
    assert state.standing.steins.a == 1


# --- Refusals name the game --------------------------------------------------------------


@pytest.mark.parametrize(
    ("entries", "number"),
    [
        pytest.param([{"card_points": {"A": 5}}], 1, id="game-1-card-points"),
        pytest.param([won("A"), won("B"), {"card_points": {"A": 70, "B": 70}}], 3, id="game-3"),
        pytest.param([won("A"), {"solo": {"team": "A", "won": True}, "spritz": 1}], 2, id="solo"),
        pytest.param([won("A")] * 4 + [{"home": "C", **won("A")}], 5, id="game-5-home"),
    ],
)
def test_game_error_names_the_refused_game(entries, number):
    with pytest.raises(GameError) as caught:
        replay(LAUTERN, 0, entries)
    assert caught.value.number == number
    assert said(caught.value).startswith(f"Game {number}: ")
    assert isinstance(caught.value, RuleError)
    assert isinstance(caught.value, ValueError)
    assert said(caught.value.error) in said(caught.value)


def test_an_amended_game_makes_a_later_meld_illegal_and_it_is_reported():
    forty = won("B", melds=[{"team": "A", "kind": "40"}])
    before = [won("A", "schwarz", spritz=1), won("A", "frei"), forty]  # A: 8, 9, then 11
    assert replay(LAUTERN, 0, before).standing.score.a == 11
    amended = [won("A", "schwarz", spritz=1), won("A", "schwarz"), forty]  # A: 8, 11, 13?
    with refused_saying(GameError, match="13") as caught:
        replay(LAUTERN, 0, amended)
    assert caught.value.number == 3


def test_a_refused_game_leaves_the_sheet_unchanged():
    state = replay(LAUTERN, 0, [won("A")])
    with pytest.raises(GameError):
        play(state, {"card_points": {"A": 3}})
    assert state.standing.played == 1
    assert play(state, won("B")).standing.played == 2
