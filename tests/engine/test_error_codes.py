"""Every refusal has a stable code: literal, snake_case, one template per code."""

import re

import pytest

from bauerblock.engine import codes, games
from bauerblock.engine.errors import GameError, NotFound, Refusal, RuleError, StateConflict
from bauerblock.engine.names import clean_text
from bauerblock.engine.tournament import steps
from bauerblock.games.bauerchen import rules as bauerchen
from bauerblock.games.bolachen import rules as bolachen
from bauerblock.kinds.preisbauer import engine as tournament
from tests.words import said

SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")


def calls():
    trees = codes.source_trees()
    classes = codes.refusal_classes([tree for _, tree in trees])
    for path, tree in trees:
        for _, call in codes.classed_calls(tree, classes):
            yield path, call


def test_the_scan_sees_the_refusal_classes_of_engine_and_store():
    classes = codes.refusal_classes([tree for _, tree in codes.source_trees()])
    for name in ("RuleError", "StateConflict", "NotFound", "TooFewPlayers", "DrawsDone"):
        assert classes[name] is False, name
    for name in ("GameError", "SheetNotFound", "StaleVersion", "SheetClosed"):
        assert classes[name] is True, name
    assert "RosterConflict" in classes


def test_every_refusal_is_made_from_a_literal_code_and_its_params_without_words():
    found = list(calls())
    assert len(found) > 80
    for path, call in found:
        where = f"{path.name}:{call.lineno}"
        assert len(call.args) == 1, f"{where}: give the code and params (its words: its table)"
        code = getattr(call.args[0], "value", None)
        assert isinstance(code, str) and SNAKE.fullmatch(code), f"{where}: code {code!r}"


def test_the_words_form_is_gone():
    with pytest.raises(TypeError):
        RuleError("no_words", "Words beside the code.")  # type: ignore[call-arg]


def raised(call) -> Refusal:
    with pytest.raises(Refusal) as caught:
        call()
    return caught.value


REFUSALS = [
    lambda: bauerchen.parse_game({"home": "A", "card_points": {"A": 5}}, bauerchen.Rules()),
    lambda: bauerchen.parse_game({"home": "C", "result": {}}, bauerchen.Rules()),
    lambda: bauerchen.resolve_rules({"target": 10**6}),
    lambda: bolachen.parse_game({"declarer": 0, "contract": "brand"}, bolachen.Rules()),
    lambda: games.sheet_game("skat"),
    lambda: tournament.resolve_format({"draws": 0}),
    lambda: steps.end_draw(
        tournament.Tournament(tournament.resolve_format()).draws, 3, tournament.REFUSALS
    ),
    lambda: tournament.withdraw(tournament.Tournament(tournament.resolve_format()), 7),
    lambda: clean_text("x" * 50, 40, "name"),
]


@pytest.mark.parametrize("call", REFUSALS)
def test_a_raised_refusal_is_one_the_scan_lists_with_its_params(call):
    error = raised(call)
    assert set(error.params) <= codes.raised()[error.code].params
    # str() is for logs and tests: the code and its params.
    params = ", ".join(f"{name}={value!r}" for name, value in error.params.items())
    assert str(error) == f"{error.code}({params})"
    assert said(error) and error.code not in said(error)


def test_the_kinds_of_refusal():
    assert isinstance(raised(REFUSALS[6]), StateConflict)
    assert isinstance(raised(REFUSALS[7]), NotFound)
    assert isinstance(raised(REFUSALS[0]), RuleError)


def test_a_game_error_keeps_its_cause_code_and_params():
    state = bauerchen.start(bauerchen.Rules(), 0)
    with pytest.raises(GameError) as caught:
        bauerchen.play(state, {"home": "A", "card_points": {"A": 5}})
    error = caught.value
    assert error.code == "card_points_impossible" == error.error.code
    assert error.params["number"] == 1 and error.params["team"] == "A"
    assert str(error) == f"game 1: {error.error}"
    assert said(error) == f"Game 1: {said(error.error)}"
