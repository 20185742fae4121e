"""Bauerchen's rounds_to_win (docs/rules.md sections 1 and 5): a sheet finished once a team has won
so many rounds, as a Paarturnier's match is."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bauerblock.engine.errors import GameError, RuleError
from bauerblock.engine.evening import snapshot
from bauerblock.engine.games import resume, sheet_game
from bauerblock.games.bauerchen.rules import replay, resolve_rules
from bauerblock.games.bauerchen.rules.sheet import play
from tests.engine.entries import round_to, small
from tests.words import refused_saying, said


@pytest.mark.parametrize(
    ("spec", "wins"),
    [
        pytest.param({}, 0, id="default-none"),
        pytest.param({"rounds_to_win": 0}, 0, id="zero-none"),
        pytest.param({"rounds_to_win": 2}, 2, id="two"),
        pytest.param({"rounds_to_win": 9}, 9, id="nine"),
        pytest.param({"preset": "ohne_letzten", "rounds_to_win": 3}, 3, id="any-preset"),
    ],
)
def test_rounds_to_win_bounds(spec, wins):
    assert resolve_rules(spec).rounds_to_win == wins
    assert resolve_rules(spec).to_dict()["rounds_to_win"] == wins


@pytest.mark.parametrize(
    ("value", "words"),
    [
        pytest.param(-1, "rounds_to_win must be from 0", id="negative"),
        pytest.param(10, "rounds_to_win must be from 0", id="past-9"),
        pytest.param(True, "whole number", id="bool-is-no-number"),
        pytest.param("2", "whole number", id="string"),
    ],
)
def test_rounds_to_win_refused(value, words):
    with refused_saying(RuleError, match=words):
        resolve_rules({"rounds_to_win": value})


@pytest.mark.parametrize(
    ("wins", "entries", "won", "finished"),
    [
        pytest.param(2, [], {"A": 0, "B": 0}, False, id="empty"),
        pytest.param(2, [round_to("A"), small("B")], {"A": 1, "B": 0}, False, id="one-round"),
        pytest.param(2, [round_to("A"), round_to("B")], {"A": 1, "B": 1}, False, id="one-all"),
        pytest.param(
            2, [round_to("A"), round_to("B"), round_to("A")], {"A": 2, "B": 1}, True, id="two-one"
        ),
        pytest.param(2, [round_to("B"), round_to("B")], {"A": 0, "B": 2}, True, id="two-nil"),
        pytest.param(1, [small("A"), round_to("B")], {"A": 0, "B": 1}, True, id="first-to-one"),
        pytest.param(0, [round_to("A")] * 4, {"A": 4, "B": 0}, False, id="none-plays-on"),
    ],
)
def test_the_sheet_says_it_is_won(wins, entries, won, finished):
    state = replay(resolve_rules({"rounds_to_win": wins}), 0, entries)
    current = state.to_dict()["current"]
    assert current["rounds_won"] == won
    assert current["finished"] is finished
    if finished:
        assert "table_finished" in state.to_dict()["games"][-1]["events"]


def test_a_won_table_refuses_the_next_game_in_words_with_its_code():
    state = replay(resolve_rules({"rounds_to_win": 2}), 0, [round_to("A"), round_to("B")] * 1)
    state = play(state, round_to("B"))
    with pytest.raises(GameError) as caught:
        play(state, small("A"))
    assert said(caught.value) == (
        "Game 4: Table finished: 1:2 rounds. Amend or delete a game to play on."
    )
    assert caught.value.code == "table_won"
    assert caught.value.params == {"a": 1, "b": 2, "number": 4}


def test_whichever_comes_first_of_round_limit_and_rounds_to_win():
    rules = resolve_rules({"round_limit": 3, "rounds_to_win": 2})
    assert replay(rules, 0, [round_to("A"), round_to("A")]).finished
    assert replay(rules, 0, [round_to("A"), round_to("B"), round_to("A")]).finished
    assert not replay(rules, 0, [round_to("A"), round_to("B")]).finished


@pytest.mark.parametrize(
    ("changed", "finished"),
    [
        pytest.param([round_to("A")], False, id="delete-reopens"),
        pytest.param([round_to("A"), small("A")], False, id="amend-reopens"),
        pytest.param([round_to("A"), round_to("A")], True, id="amend-keeps"),
    ],
)
def test_amending_or_deleting_can_reopen_the_match(changed, finished):
    rules = resolve_rules({"rounds_to_win": 2})
    assert replay(rules, 0, [round_to("A"), round_to("A")]).finished
    assert replay(rules, 0, changed).finished is finished


def test_a_snapshot_from_before_the_option_resumes_with_no_rounds_won():
    # Standings stored before rounds_won existed lack the field: it starts at its default.
    rules = resolve_rules({})
    played = replay(rules, 0, [round_to("A")])
    old = {k: v for k, v in snapshot(played.standing).items() if k != "rounds_won"}
    resumed = resume(sheet_game("bauerchen"), rules, 0, old)
    assert resumed.to_dict()["current"]["rounds_won"] == {"A": 0, "B": 0}
    assert resumed.rounds_played == 1


@settings(settings.get_profile("engine"), max_examples=150)
@given(
    st.integers(0, 3),
    st.lists(st.tuples(st.sampled_from("AB"), st.booleans()), max_size=20),
    st.integers(0, 3),
)
def test_a_match_never_plays_past_its_winner(wins, plays, first_dealer):
    rules = resolve_rules({"rounds_to_win": wins})
    state, accepted = replay(rules, first_dealer, []), []
    for team, ends_round in plays:
        entry = round_to(team) if ends_round else small(team)
        try:
            state = play(state, entry)
        except GameError as error:
            assert state.finished and error.code == "table_won"
            continue
        accepted.append(entry)
        resumed = resume(sheet_game("bauerchen"), rules, first_dealer, snapshot(state.standing))
        assert resumed.finished is state.finished
    assert state == replay(rules, first_dealer, accepted)
    won = state.to_dict()["current"]["rounds_won"]
    assert won["A"] + won["B"] == state.rounds_played
    assert [r.winner.value for r in state.rounds].count("A") == won["A"]
    if wins:
        assert max(won.values()) <= wins
        assert state.finished is (max(won.values()) == wins)
    else:
        assert not state.finished
