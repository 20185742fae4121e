"""Bauerchen's round_limit (docs/rules.md section 1): a sheet finished after so many rounds."""

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
    ("spec", "limit"),
    [
        pytest.param({}, 0, id="default-none"),
        pytest.param({"round_limit": 0}, 0, id="zero-none"),
        pytest.param({"round_limit": 1}, 1, id="one"),
        pytest.param({"round_limit": 99}, 99, id="ninety-nine"),
        pytest.param({"preset": "siegelbach", "round_limit": 5}, 5, id="any-preset"),
    ],
)
def test_round_limit_bounds(spec, limit):
    assert resolve_rules(spec).round_limit == limit
    assert resolve_rules(spec).to_dict()["round_limit"] == limit


@pytest.mark.parametrize(
    ("value", "words"),
    [
        pytest.param(-1, "round_limit must be from 0", id="negative"),
        pytest.param(100, "round_limit must be from 0", id="past-99"),
        pytest.param(True, "whole number", id="bool-is-no-number"),
        pytest.param("3", "whole number", id="string"),
        pytest.param(2.0, "whole number", id="float"),
        pytest.param(None, "whole number", id="null"),
    ],
)
def test_round_limit_refused(value, words):
    with refused_saying(RuleError, match=words):
        resolve_rules({"round_limit": value})


@pytest.mark.parametrize(
    ("limit", "entries", "rounds_played", "finished", "events_of_last"),
    [
        pytest.param(0, [round_to("A")] * 5, 5, False, ["round_won", "knoddel"], id="no-limit"),
        pytest.param(3, [], 0, False, None, id="empty"),
        pytest.param(3, [round_to("A"), small("B")], 1, False, [], id="one-round-and-a-game"),
        pytest.param(
            3,
            [round_to("A"), round_to("B"), round_to("A")],
            3,
            True,
            ["round_won", "knoddel", "stein", "table_finished"],
            id="three-of-three",
        ),
        pytest.param(
            1,
            [small("A"), round_to("B")],
            1,
            True,
            ["round_won", "knoddel", "table_finished"],
            id="one-of-one",
        ),
        pytest.param(
            2,
            [round_to("A"), round_to("A")],
            2,
            True,
            ["round_won", "knoddel", "stein", "table_finished"],
            id="finished-with-a-stein",
        ),
    ],
)
def test_the_sheet_says_it_is_finished(limit, entries, rounds_played, finished, events_of_last):
    state = replay(resolve_rules({"round_limit": limit}), 0, entries)
    current = state.to_dict()["current"]
    assert (current["rounds_played"], current["finished"]) == (rounds_played, finished)
    assert state.finished is finished
    if events_of_last is not None:
        assert state.to_dict()["games"][-1]["events"] == events_of_last


def test_a_finished_table_refuses_the_next_game_in_words():
    state = replay(resolve_rules({"round_limit": 3}), 0, [round_to("A")] * 3)
    with pytest.raises(GameError) as caught:
        play(state, small("A"))
    assert caught.value.number == 4
    assert said(caught.value) == (
        "Game 4: Table finished: 3 rounds played. Amend or delete a game to play on."
    )


def test_a_finished_table_refuses_when_resumed_from_its_stored_standing():
    # The store plays on from a snapshot of the standing, without the games before it.
    rules = resolve_rules({"round_limit": 2})
    played = replay(rules, 1, [round_to("B"), round_to("A")])
    resumed = resume(sheet_game("bauerchen"), rules, 1, snapshot(played.standing))
    assert resumed.finished and resumed.to_dict()["current"]["rounds_played"] == 2
    with refused_saying(GameError, match="Table finished: 2 rounds played"):
        play(resumed, small("A"))


def test_a_game_past_the_limit_is_refused_by_the_replay():
    with refused_saying(GameError, match="Game 3: Table finished"):
        replay(resolve_rules({"round_limit": 2}), 0, [round_to("A"), round_to("B"), small("A")])


@pytest.mark.parametrize(
    ("changed", "finished"),
    [
        # Deleting the last round's game reopens the table.
        pytest.param([round_to("A"), round_to("B")], False, id="delete-reopens"),
        # Amending it into a game that ends no round reopens it too.
        pytest.param([round_to("A"), round_to("B"), small("A")], False, id="amend-reopens"),
        # Amending it to the other team's win keeps it finished.
        pytest.param([round_to("A"), round_to("B"), round_to("B")], True, id="amend-keeps"),
    ],
)
def test_amending_or_deleting_can_reopen_the_table(changed, finished):
    rules = resolve_rules({"round_limit": 3})
    assert replay(rules, 0, [round_to("A"), round_to("B"), round_to("A")]).finished
    state = replay(rules, 0, changed)
    assert state.finished is finished
    if not finished:
        assert play(state, round_to("A")).finished


@settings(settings.get_profile("engine"), max_examples=150)
@given(
    st.integers(0, 4),
    st.lists(st.tuples(st.sampled_from("AB"), st.booleans()), max_size=20),
    st.integers(0, 3),
)
def test_a_limited_sheet_never_plays_past_its_limit(limit, plays, first_dealer):
    rules = resolve_rules({"round_limit": limit})
    state, accepted = replay(rules, first_dealer, []), []
    for team, ends_round in plays:
        entry = round_to(team) if ends_round else small(team)
        try:
            state = play(state, entry)
        except GameError as error:
            assert state.finished and "Table finished" in said(error)
            continue
        accepted.append(entry)
        # The store resumes from the standing alone: it must know as much as the replay.
        resumed = resume(sheet_game("bauerchen"), rules, first_dealer, snapshot(state.standing))
        assert resumed.finished is state.finished
    assert state == replay(rules, first_dealer, accepted)
    assert len(state.rounds) == state.rounds_played
    if limit:
        assert state.rounds_played <= limit
        assert state.finished is (state.rounds_played == limit)
        finishing = [g for g in state.games if "table_finished" in g.events]
        assert len(finishing) == int(state.finished)
    else:
        assert not state.finished
