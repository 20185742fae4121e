"""A Paarturnier's format, its tables' rules and its pairs (docs/rules.md section 5)."""

import pytest

from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import RoundRecord
from bauerblock.engine.teams import Points, Team
from bauerblock.kinds.pairs.engine import (
    MatchResult,
    Pair,
    PairsFormat,
    name_key,
    register,
    resolve_pairs_format,
    table_spec,
)
from tests.words import refused_saying

DEFAULT = {
    "kind": "pairs",
    "rounds_to_win": 2,
    "group_size": 4,
    "advance": 2,
    "third_place": True,
}


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        pytest.param(None, DEFAULT, id="none"),
        pytest.param({}, DEFAULT, id="empty"),
        pytest.param({"kind": "pairs"}, DEFAULT, id="kind"),
        # The Bauernstoß world championship: four groups of four, two go on.
        pytest.param({"group_size": 4, "advance": 2}, DEFAULT, id="wm"),
        pytest.param(
            {"rounds_to_win": 1, "group_size": 3, "advance": 1, "third_place": False},
            {**DEFAULT, "rounds_to_win": 1, "group_size": 3, "advance": 1, "third_place": False},
            id="lower-bounds",
        ),
        pytest.param(
            {"rounds_to_win": 5, "group_size": 6},
            {**DEFAULT, "rounds_to_win": 5, "group_size": 6},
            id="upper-bounds",
        ),
    ],
)
def test_resolve_pairs_format(spec, expected):
    resolved = resolve_pairs_format(spec)
    assert resolved.to_dict() == expected
    assert resolve_pairs_format(resolved.to_dict()) == resolved


def test_the_default_format_is_the_dataclass_default():
    assert resolve_pairs_format() == PairsFormat()


@pytest.mark.parametrize(
    ("spec", "code", "words"),
    [
        (
            {"rounds_to_win": 0},
            "whole_number_range",
            "rounds_to_win must be a whole number from 1 to 5",
        ),
        (
            {"rounds_to_win": 6},
            "whole_number_range",
            "rounds_to_win must be a whole number from 1 to 5",
        ),
        ({"rounds_to_win": True}, "whole_number_range", "rounds_to_win must be a whole number"),
        ({"rounds_to_win": 2.0}, "whole_number_range", "rounds_to_win must be a whole number"),
        ({"group_size": 2}, "whole_number_range", "group_size must be a whole number from 3 to 6"),
        ({"group_size": 7}, "whole_number_range", "group_size must be a whole number from 3 to 6"),
        ({"group_size": "4"}, "whole_number_range", "group_size must be"),
        ({"advance": 0}, "whole_number_range", "advance must be a whole number from 1 to 2"),
        ({"advance": 3}, "whole_number_range", "advance must be a whole number from 1 to 2"),
        ({"advance": None}, "whole_number_range", "advance must be"),
        ({"third_place": 1}, "pairs_third_place", "third_place must be true or false"),
        ({"third_place": "yes"}, "pairs_third_place", "third_place must be true or false"),
        ({"kind": "preisbauer"}, "pairs_format_kind", "kind 'pairs'"),
        ({"kind": None}, "pairs_format_kind", "kind 'pairs'"),
        ({"draws": 5}, "format_unknown_field", "Unknown format field 'draws'"),
        ({"rounds_per_draw": 3}, "format_unknown_field", "Unknown format field 'rounds_per_draw'"),
    ],
)
def test_bad_formats_are_refused(spec, code, words):
    with refused_saying(RuleError, match=words) as refused:
        resolve_pairs_format(spec)
    assert refused.value.code == code


def test_a_refusal_carries_its_parameters():
    with pytest.raises(RuleError) as refused:
        resolve_pairs_format({"group_size": 9})
    assert refused.value.params == {"name": "group_size", "low": 3, "high": 6}


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (None, {"rounds_to_win": 2}),
        ({"preset": "siegelbach"}, {"preset": "siegelbach", "rounds_to_win": 2}),
        ({"rounds_to_win": 2}, {"rounds_to_win": 2}),
        ({"round_limit": 0}, {"round_limit": 0, "rounds_to_win": 2}),
    ],
)
def test_table_spec_adds_the_rounds_to_win(spec, expected):
    assert table_spec(spec, PairsFormat()) == expected


@pytest.mark.parametrize(
    ("spec", "code"),
    [
        ({"rounds_to_win": 3}, "pairs_table_rounds_to_win"),
        ({"rounds_to_win": True}, "pairs_table_rounds_to_win"),
        ({"round_limit": 3}, "pairs_table_round_limit"),
        ({"round_limit": False}, "pairs_table_round_limit"),
    ],
)
def test_table_spec_refuses_another_end(spec, code):
    with pytest.raises(RuleError) as refused:
        table_spec(spec, PairsFormat())
    assert refused.value.code == code


def _entries(count):
    return [[f"P{n}a", f"P{n}b"] for n in range(1, count + 1)]


def test_pairs_are_numbered_in_entry_order_and_tidied():
    pairs = register([["  Bernd ", "Uwe"], ["Anne", "Eva  Maria"], *_entries(2)])
    assert pairs[:2] == (Pair(1, ("Bernd", "Uwe")), Pair(2, ("Anne", "Eva Maria")))
    assert [p.number for p in pairs] == [1, 2, 3, 4]
    assert pairs[0].to_dict() == {"number": 1, "names": ["Bernd", "Uwe"]}


@pytest.mark.parametrize(
    ("entries", "code", "params"),
    [
        (_entries(3), "pairs_count", {"low": 4, "high": 64, "count": 3}),
        (_entries(65), "pairs_count", {"low": 4, "high": 64, "count": 65}),
        ("Bernd", "pairs_list", {}),
        ({"a": 1}, "pairs_list", {}),
        ([*_entries(3), ["Solo"]], "pair_two_names", {"number": 4}),
        ([*_entries(3), ["A", "B", "C"]], "pair_two_names", {"number": 4}),
        ([*_entries(3), "AB"], "pair_two_names", {"number": 4}),
        ([*_entries(3), ["A", 7]], "pair_two_names", {"number": 4}),
        ([*_entries(3), ["A", "  "]], "pair_name_blank", {"number": 4}),
        ([*_entries(3), ["Hans", "hans"]], "pair_names_same", {"number": 4}),
        (
            [*_entries(3), ["Anne", "p2A"]],
            "pair_name_duplicate",
            {"name": "P2a", "first": 2, "second": 4},
        ),
        (
            [["Hans  Müller", "X"], *_entries(2), ["Y", "hans müller"]],
            "pair_name_duplicate",
            {"name": "Hans Müller", "first": 1, "second": 4},
        ),
    ],
)
def test_bad_pairs_are_refused(entries, code, params):
    with pytest.raises(RuleError) as refused:
        register(entries)
    assert refused.value.code == code
    assert refused.value.params == params


def test_64_pairs_register():
    assert len(register(_entries(64))) == 64


def test_names_are_the_same_ignoring_case_and_spaces():
    assert name_key(" Hans   Müller ") == name_key("hans müller")
    assert name_key("Hans Müller jun.") != name_key("Hans Müller")


def _round(number, winner, a, b):
    return RoundRecord(number, winner, Points(a, b))


@pytest.mark.parametrize(
    ("records", "rounds", "difference", "winner"),
    [
        ((), (0, 0), 0, None),
        ((_round(1, Team.A, 13, 10),), (1, 0), 3, None),
        ((_round(1, Team.A, 13, 10), _round(2, Team.B, 4, 12)), (1, 1), -5, None),
        ((_round(1, Team.A, 13, 10), _round(2, Team.A, 12, 0)), (2, 0), 15, 0),
        (
            (_round(1, Team.B, 9, 12), _round(2, Team.A, 12, 11), _round(3, Team.B, 2, 12)),
            (1, 2),
            -12,
            1,
        ),
    ],
)
def test_a_match_result_from_its_sheets_rounds(records, rounds, difference, winner):
    result = MatchResult.of(records)
    assert result == MatchResult(rounds, difference)
    assert result.winner(2) == winner
    assert result.of_pair(1) == (rounds[1], rounds[0], -difference)
