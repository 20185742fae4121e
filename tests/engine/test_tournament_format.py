"""A tournament's format and its tables' rules (docs/rules.md section 4)."""

import pytest

from bauerblock.engine.errors import RuleError
from bauerblock.games.bauerchen.rules import resolve_rules
from bauerblock.kinds.preisbauer.engine import Format, Tiebreak, resolve_format, table_spec
from tests.words import refused_saying


def table_rules(spec, format):
    """Return the tables' rules, as the store resolves the engine's spec of them."""
    return resolve_rules(table_spec(spec, format))


DEFAULT = {"rounds_per_draw": 3, "draws": 5, "bye_points": 1, "tiebreak": "shared"}


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        pytest.param(None, DEFAULT, id="none"),
        pytest.param({}, DEFAULT, id="empty"),
        # Rodenbach: five draws of five rounds; the bye gives 5 // 2 = 2.
        pytest.param(
            {"rounds_per_draw": 5},
            {**DEFAULT, "rounds_per_draw": 5, "bye_points": 2},
            id="rodenbach-bye-follows-rounds",
        ),
        # Erfenbach: seven draws of three rounds.
        pytest.param({"draws": 7}, {**DEFAULT, "draws": 7}, id="erfenbach"),
        pytest.param(
            {"rounds_per_draw": 1}, {**DEFAULT, "rounds_per_draw": 1, "bye_points": 0}, id="one"
        ),
        pytest.param(
            {"rounds_per_draw": 9, "draws": 30, "bye_points": 9, "tiebreak": "score_difference"},
            {"rounds_per_draw": 9, "draws": 30, "bye_points": 9, "tiebreak": "score_difference"},
            id="upper-bounds",
        ),
        pytest.param({"bye_points": 0}, {**DEFAULT, "bye_points": 0}, id="no-bye-points"),
        pytest.param({"draws": 1}, {**DEFAULT, "draws": 1}, id="one-draw"),
    ],
)
def test_resolve_format(spec, expected):
    resolved = resolve_format(spec)
    assert resolved.to_dict() == expected
    assert resolve_format(resolved.to_dict()) == resolved


def test_the_default_format_is_the_dataclass_default():
    assert resolve_format() == Format()
    assert Format().tiebreak is Tiebreak.SHARED


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        pytest.param({"rounds_per_draw": 0}, "rounds_per_draw must be a whole number from 1 to 9"),
        pytest.param({"rounds_per_draw": 10}, "rounds_per_draw must be a whole number from 1 to 9"),
        pytest.param({"rounds_per_draw": True}, "rounds_per_draw must be a whole number"),
        pytest.param({"rounds_per_draw": "3"}, "rounds_per_draw must be a whole number"),
        pytest.param({"rounds_per_draw": 3.0}, "rounds_per_draw must be a whole number"),
        pytest.param({"draws": 0}, "draws must be a whole number from 1 to 30"),
        pytest.param({"draws": 31}, "draws must be a whole number from 1 to 30"),
        pytest.param({"draws": None}, "draws must be a whole number"),
        pytest.param({"bye_points": -1}, "bye_points must be a whole number from 0 to 3"),
        pytest.param({"bye_points": 4}, "bye_points must be a whole number from 0 to 3"),
        pytest.param(
            {"rounds_per_draw": 5, "bye_points": 6}, "bye_points must be a whole number from 0 to 5"
        ),
        pytest.param({"bye_points": False}, "bye_points must be a whole number"),
        pytest.param({"tiebreak": "coin"}, "tiebreak is one of: shared, score_difference"),
        pytest.param({"tiebreak": 1}, "tiebreak is one of"),
        pytest.param({"tiebreak": None}, "tiebreak is one of"),
        pytest.param({"rounds": 3}, "Unknown format field 'rounds'"),
        pytest.param({"round_limit": 3}, "Unknown format field 'round_limit'"),
    ],
)
def test_bad_formats_are_refused(spec, words):
    with refused_saying(RuleError, match=words):
        resolve_format(spec)


@pytest.mark.parametrize(
    ("spec", "format_spec", "expected"),
    [
        pytest.param(None, {}, {"preset": "lautern", "round_limit": 3}, id="lautern"),
        pytest.param(
            {"preset": "siegelbach", "target": 31},
            {"rounds_per_draw": 5},
            {"preset": "siegelbach", "carry_over": True, "target": 31, "round_limit": 5},
            id="any-preset-and-option",
        ),
        pytest.param(
            {"round_limit": 3}, {}, {"preset": "lautern", "round_limit": 3}, id="the-same-limit"
        ),
    ],
)
def test_table_rules_are_the_tournaments_plus_its_round_limit(spec, format_spec, expected):
    rules = table_rules(spec, resolve_format(format_spec)).to_dict()
    assert {key: rules[key] for key in expected} == expected


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        pytest.param({"round_limit": 4}, "leave round_limit out", id="another-limit"),
        pytest.param({"round_limit": 0}, "leave round_limit out", id="no-limit"),
        pytest.param({"round_limit": True}, "leave round_limit out", id="bool"),
        pytest.param({"target": 1}, "target must be between 2 and 99", id="bad-option"),
        pytest.param({"preset": "wild"}, "Unknown rule preset", id="bad-preset"),
    ],
)
def test_bad_table_rules_are_refused(spec, words):
    with refused_saying(RuleError, match=words):
        table_rules(spec, Format())
