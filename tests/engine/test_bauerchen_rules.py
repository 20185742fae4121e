"""Rule sets of Bauerchen: the presets of docs/rules.md section 1, "Rule sets", and their
option-by-option overrides."""

import pytest

from bauerblock.engine.errors import RuleError
from bauerblock.games.bauerchen.rules import PRESETS, Rules, resolve_rules
from tests.words import refused_saying

LAUTERN = {
    "preset": "lautern",
    "last_trick_bonus": 10,
    "schneider_free_at": 33,
    "target": 12,
    "knoddels_per_stein": 2,
    "carry_over": False,
    "forty_rule": False,
    "solo_in_decider": True,
    "round_limit": 0,
    "rounds_to_win": 0,
}


@pytest.mark.parametrize(
    ("name", "expected", "total"),
    [
        pytest.param("lautern", LAUTERN, 130, id="lautern"),
        pytest.param(
            "ohne_letzten",
            {**LAUTERN, "preset": "ohne_letzten", "last_trick_bonus": 0, "schneider_free_at": 31},
            120,
            id="ohne_letzten",
        ),
        pytest.param(
            "siegelbach",
            {**LAUTERN, "preset": "siegelbach", "carry_over": True},
            130,
            id="siegelbach",
        ),
    ],
)
def test_preset_values(name, expected, total):
    rules = resolve_rules({"preset": name})
    assert rules.to_dict() == expected
    assert rules.total == total
    assert PRESETS[name] == rules


def test_the_three_presets_and_lautern_first():
    assert list(PRESETS) == ["lautern", "ohne_letzten", "siegelbach"]


@pytest.mark.parametrize(
    "spec",
    [
        pytest.param(None, id="none"),
        pytest.param({}, id="empty"),
        pytest.param({"preset": None}, id="preset-null"),
    ],
)
def test_default_preset_is_lautern(spec):
    assert resolve_rules(spec).to_dict() == LAUTERN


@pytest.mark.parametrize(
    ("spec", "changed"),
    [
        pytest.param({"carry_over": True}, {"carry_over": True}, id="lautern-carry-over"),
        pytest.param({"forty_rule": True}, {"forty_rule": True}, id="lautern-forty-rule"),
        pytest.param({"solo_in_decider": False}, {"solo_in_decider": False}, id="lautern-ledig"),
        pytest.param({"schneider_free_at": 34}, {"schneider_free_at": 34}, id="lautern-34"),
        pytest.param({"target": 31}, {"target": 31}, id="lautern-31"),
        pytest.param({"knoddels_per_stein": 3}, {"knoddels_per_stein": 3}, id="lautern-3-knoddel"),
        pytest.param({"last_trick_bonus": 0}, {"last_trick_bonus": 0}, id="lautern-no-bonus"),
        pytest.param(
            {"preset": "siegelbach", "target": 31, "forty_rule": True},
            {"preset": "siegelbach", "carry_over": True, "target": 31, "forty_rule": True},
            id="siegelbach-31-forty",
        ),
        pytest.param(
            {"preset": "ohne_letzten", "schneider_free_at": 30, "carry_over": True},
            {
                "preset": "ohne_letzten",
                "last_trick_bonus": 0,
                "schneider_free_at": 30,
                "carry_over": True,
            },
            id="ohne-letzten-30-carry",
        ),
        pytest.param(
            {"preset": "siegelbach", "carry_over": False},
            {"preset": "siegelbach"},
            id="siegelbach-without-carry-over",
        ),
    ],
)
def test_overrides(spec, changed):
    assert resolve_rules(spec).to_dict() == {**LAUTERN, **changed}


def test_overrides_do_not_change_the_presets():
    resolve_rules({"preset": "lautern", "target": 31, "carry_over": True})
    assert PRESETS["lautern"] == Rules()
    assert resolve_rules().target == 12


@pytest.mark.parametrize(
    "spec",
    [
        pytest.param({"preset": "kaiserslautern"}, id="unknown-name"),
        pytest.param({"preset": "Lautern"}, id="wrong-case"),
        pytest.param({"preset": 1}, id="number"),
        pytest.param({"preset": ["lautern"]}, id="list"),
        pytest.param({"preset": {"name": "lautern"}}, id="object"),
    ],
)
def test_unknown_preset_refused(spec):
    with refused_saying(RuleError, match="preset"):
        resolve_rules(spec)


@pytest.mark.parametrize(
    "option",
    ["targett", "spritz", "score_before", "Target", "last_trick"],
)
def test_unknown_option_refused(option):
    with refused_saying(RuleError, match=option):
        resolve_rules({option: 12})


@pytest.mark.parametrize(
    ("option", "value"),
    [
        pytest.param("target", True, id="target-true"),
        pytest.param("target", "12", id="target-string"),
        pytest.param("target", 12.0, id="target-float"),
        pytest.param("target", None, id="target-null"),
        pytest.param("knoddels_per_stein", False, id="knoddels-false"),
        pytest.param("last_trick_bonus", True, id="bonus-true"),
        pytest.param("schneider_free_at", [34], id="schneider-list"),
        pytest.param("carry_over", 1, id="carry-over-1"),
        pytest.param("carry_over", 0, id="carry-over-0"),
        pytest.param("forty_rule", "true", id="forty-string"),
        pytest.param("solo_in_decider", None, id="solo-null"),
    ],
)
def test_wrong_types_refused(option, value):
    with refused_saying(RuleError, match=option):
        resolve_rules({option: value})


@pytest.mark.parametrize(
    "spec",
    [
        pytest.param({"last_trick_bonus": 5}, id="bonus-5"),
        pytest.param({"last_trick_bonus": 20}, id="bonus-20"),
        pytest.param({"last_trick_bonus": -10}, id="bonus-negative"),
        pytest.param({"target": 0}, id="target-0"),
        pytest.param({"target": 1}, id="target-1"),
        pytest.param({"target": -12}, id="target-negative"),
        pytest.param({"target": 1000}, id="target-1000"),
        pytest.param({"knoddels_per_stein": 0}, id="knoddels-0"),
        pytest.param({"knoddels_per_stein": -2}, id="knoddels-negative"),
        pytest.param({"knoddels_per_stein": 100}, id="knoddels-100"),
        pytest.param({"schneider_free_at": 0}, id="schneider-0"),
        pytest.param({"schneider_free_at": 8}, id="schneider-8"),
        pytest.param({"schneider_free_at": 66}, id="schneider-past-half-of-130"),
        pytest.param({"preset": "ohne_letzten", "schneider_free_at": 61}, id="schneider-61-on-120"),
        pytest.param(
            {"last_trick_bonus": 0, "schneider_free_at": 65}, id="schneider-65-once-bonus-off"
        ),
    ],
)
def test_out_of_range_values_refused(spec):
    with pytest.raises(RuleError):
        resolve_rules(spec)


def test_rule_errors_are_value_errors():
    with refused_saying(RuleError, match="preset"):
        resolve_rules({"preset": "nope"})
