"""One deal of Bolachen, table by table from docs/rules.md section 3.

The expected numbers are read off that section: Brand 1, Bettel 2, Mord 3; Brand needs six
tricks, Bettel none, Mord all ten. Soft score: the declarer ±2 × value, each defender
∓value. Hard score: the tariff × value from or to each defender; Mord may pay 5 × tariff.
"""

import pytest

from bauerblock.engine.errors import RuleError
from bauerblock.engine.games import GAMES, sheet_game
from bauerblock.engine.options import OPTION_TYPES
from bauerblock.games.bolachen import rules as bolachen
from bauerblock.games.bolachen.rules import (
    PRESETS,
    RANKING,
    Contract,
    Suit,
    euros,
    parse_game,
    rank,
    resolve_rules,
    score,
)
from tests.words import refused_saying

SOFT = resolve_rules()
HARD = resolve_rules({"preset": "hard"})
HARD_FIVE = resolve_rules({"preset": "hard", "mord_pays_five": True})
HARD_25 = resolve_rules({"preset": "hard", "tariff": 25})


def outcome(entry, rules=SOFT):
    return score(parse_game(entry, rules), rules)


def deal(declarer, contract, trump=None, **result):
    entry = {"declarer": declarer, "contract": contract, **result}
    if trump is not None:
        entry["trump"] = trump
    return entry


# --- Rules -------------------------------------------------------------------------------


def test_presets_soft_first_then_hard():
    assert list(PRESETS) == ["soft", "hard"]
    assert resolve_rules().to_dict() == {
        "preset": "soft",
        "tariff": None,
        "mord_pays_five": False,
        "limit": 0,
    }
    assert HARD.to_dict() == {"preset": "hard", "tariff": 10, "mord_pays_five": False, "limit": 0}
    assert (SOFT.hard, SOFT.unit, HARD.hard, HARD.unit) == (False, "points", True, "cents")


def test_the_game_is_registered_for_sheets():
    assert GAMES["bolachen"] is bolachen
    assert sheet_game("bolachen").SEATS == 3
    assert list(GAMES) == ["bauerchen", "bauerschspiel", "bolachen"]


def test_every_option_of_every_game_has_a_known_type():
    import dataclasses

    for module in GAMES.values():
        for rules in module.PRESETS.values():
            for field in dataclasses.fields(rules)[1:]:
                assert field.type in OPTION_TYPES, (module.NAME, field.name)


@pytest.mark.parametrize(
    ("spec", "changed"),
    [
        pytest.param({"preset": "hard", "tariff": 20}, {"tariff": 20}, id="hard-20-cents"),
        pytest.param(
            {"preset": "hard", "mord_pays_five": True}, {"mord_pays_five": True}, id="hard-five"
        ),
        pytest.param({"preset": "hard", "limit": 500}, {"limit": 500}, id="hard-limit"),
        pytest.param(
            {"preset": "hard", "tariff": None}, {"tariff": None}, id="hard-with-tariff-null"
        ),
        pytest.param({"preset": "soft", "limit": 0}, {"preset": "soft", "tariff": None}, id="0"),
    ],
)
def test_overrides(spec, changed):
    base = PRESETS[spec.get("preset", "soft")].to_dict()
    assert resolve_rules(spec).to_dict() == {**base, **changed}


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        pytest.param({"preset": "medium"}, "Unknown rule preset", id="unknown-preset"),
        pytest.param({"preset": "lautern"}, "Unknown rule preset", id="bauerchen-preset"),
        pytest.param({"target": 12}, "Unknown rule option", id="bauerchen-option"),
        pytest.param({"mord_pays_five": True}, "hard score", id="five-under-soft"),
        pytest.param({"preset": "hard", "tariff": 0}, "tariff", id="tariff-0"),
        pytest.param({"preset": "hard", "tariff": -10}, "tariff", id="tariff-negative"),
        pytest.param({"preset": "hard", "tariff": 10.5}, "whole number or null", id="float"),
        pytest.param({"preset": "hard", "tariff": "10"}, "whole number or null", id="string"),
        pytest.param({"preset": "hard", "tariff": True}, "whole number or null", id="bool"),
        pytest.param({"preset": "hard", "tariff": 10_001}, "tariff", id="tariff-huge"),
        pytest.param({"limit": -1}, "limit", id="limit-negative"),
        pytest.param({"limit": None}, "whole number", id="limit-null"),
        pytest.param({"limit": True}, "whole number", id="limit-bool"),
        pytest.param({"preset": "hard", "mord_pays_five": 1}, "true or false", id="five-1"),
    ],
)
def test_bad_rules_are_refused(spec, words):
    with refused_saying(RuleError, match=words):
        resolve_rules(spec)


# --- Soft and hard score, every contract won and lost ------------------------------------


RULES = {"soft": SOFT, "hard": HARD, "hard-five": HARD_FIVE, "hard-25": HARD_25}
SCORES = [
    # rules, declarer, contract, trump, won, value, points by seat
    # Soft: declarer ±2 × value, each defender ∓value.
    ("soft", 0, "brand", "herz", True, 1, [2, -1, -1]),
    ("soft", 0, "brand", "gras", False, 1, [-2, 1, 1]),
    ("soft", 1, "bettel", None, True, 2, [-2, 4, -2]),
    ("soft", 1, "bettel", None, False, 2, [2, -4, 2]),
    ("soft", 2, "mord", None, True, 3, [-3, -3, 6]),
    ("soft", 2, "mord", None, False, 3, [3, 3, -6]),
    # Hard, 10 cents: tariff × value from (or to) each defender.
    ("hard", 0, "brand", "eichel", True, 1, [20, -10, -10]),
    ("hard", 0, "brand", "schellen", False, 1, [-20, 10, 10]),
    ("hard", 1, "bettel", None, True, 2, [-20, 40, -20]),
    ("hard", 1, "bettel", None, False, 2, [20, -40, 20]),
    ("hard", 2, "mord", None, True, 3, [-30, -30, 60]),
    ("hard", 2, "mord", None, False, 3, [30, 30, -60]),
    # Mord pays 50 cents instead of 30; nothing else changes.
    ("hard-five", 2, "mord", None, True, 5, [-50, -50, 100]),
    ("hard-five", 0, "mord", None, False, 5, [-100, 50, 50]),
    ("hard-five", 1, "bettel", None, True, 2, [-20, 40, -20]),
    ("hard-five", 1, "brand", "herz", True, 1, [-10, 20, -10]),
    # Another tariff.
    ("hard-25", 0, "brand", "herz", False, 1, [-50, 25, 25]),
    ("hard-25", 2, "bettel", None, True, 2, [-50, -50, 100]),
]


@pytest.mark.parametrize(
    ("rules", "declarer", "contract", "trump", "won", "value", "points"),
    SCORES,
    ids=[f"{r[0]}-{r[2]}-{'won' if r[4] else 'lost'}-seat{r[1]}" for r in SCORES],
)
def test_the_score_of_a_deal(rules, declarer, contract, trump, won, value, points):
    rules = RULES[rules]
    result = outcome(deal(declarer, contract, trump, won=won), rules)
    assert result.won is won
    assert result.value == value
    assert list(result.points) == points
    assert sum(result.points) == 0
    assert result.stake == abs(points[declarer]) // 2
    body = result.to_dict()
    assert {key: body[key] for key in ("won", "value", "points")} == {
        "won": won,
        "value": value,
        "points": points,
    }
    assert body["unit"] == rules.unit
    assert all(line["code"] and line["text"] for line in body["breakdown"])


def test_the_example_of_api_md():
    body = outcome(deal(0, "brand", "herz", tricks=7)).to_dict()
    assert {key: body[key] for key in ("won", "value", "points")} == {
        "won": True,
        "value": 1,
        "points": [2, -1, -1],
    }
    assert [line["code"] for line in body["breakdown"]] == ["contract", "tricks", "soft"]


def test_the_hard_breakdown_names_the_money():
    texts = [line.text for line in outcome(deal(2, "mord", won=True), HARD_FIVE).breakdown]
    assert any("0,50 €" in text for text in texts)
    assert any("5 ×" in text for text in texts)


# --- Tricks decide the contract ----------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "trump", "tricks", "won"),
    [
        *(("brand", "herz", t, t >= 6) for t in range(11)),
        *(("bettel", None, t, t == 0) for t in range(11)),
        *(("mord", None, t, t == 10) for t in range(11)),
    ],
    ids=lambda value: str(value),
)
def test_tricks_decide_won_or_lost(contract, trump, tricks, won):
    game = parse_game(deal(1, contract, trump, tricks=tricks), SOFT)
    assert game.won is won
    assert game.tricks == tricks
    assert outcome(deal(1, contract, trump, tricks=tricks)).won is won


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        pytest.param(deal(0, "brand", tricks=7), "needs its trump", id="brand-without-trump"),
        pytest.param(
            {"declarer": 0, "contract": "brand", "trump": None, "won": True},
            "needs its trump",
            id="trump-null",
        ),
        pytest.param(deal(0, "bettel", "herz", won=True), "without trumps", id="bettel-trump"),
        pytest.param(deal(0, "mord", "eichel", tricks=10), "without trumps", id="mord-trump"),
        pytest.param(deal(0, "brand", "pik", tricks=7), "trump is", id="french-suit"),
        pytest.param(deal(0, "brand", "Herz", tricks=7), "trump is", id="capitalised-suit"),
        pytest.param(deal(0, "brand", "herz", tricks=11), "0 to 10", id="tricks-11"),
        pytest.param(deal(0, "brand", "herz", tricks=-1), "0 to 10", id="tricks-negative"),
        pytest.param(deal(0, "brand", "herz", tricks=6.0), "0 to 10", id="tricks-float"),
        pytest.param(deal(0, "brand", "herz", tricks="6"), "0 to 10", id="tricks-string"),
        pytest.param(deal(0, "brand", "herz", tricks=True), "0 to 10", id="tricks-bool"),
        pytest.param(deal(0, "brand", "herz", tricks=7, won=True), "exactly one", id="both"),
        pytest.param(deal(0, "brand", "herz"), "exactly one", id="neither"),
        pytest.param(deal(0, "bettel", won="yes"), "true or false", id="won-string"),
        pytest.param(deal(0, "bettel", won=1), "true or false", id="won-1"),
        pytest.param(deal(3, "bettel", won=True), "declarer", id="seat-3"),
        pytest.param(deal(-1, "bettel", won=True), "declarer", id="seat-negative"),
        pytest.param(deal("0", "bettel", won=True), "declarer", id="seat-string"),
        pytest.param(deal(True, "bettel", won=True), "declarer", id="seat-bool"),
        pytest.param(deal(0, "grand", won=True), "contract", id="skat-contract"),
        pytest.param(deal(0, None, won=True), "contract", id="no-contract"),
        pytest.param({"contract": "bettel", "won": True}, "declarer", id="no-declarer"),
        pytest.param({**deal(0, "bettel", won=True), "winner": "A"}, "winner", id="foreign"),
        pytest.param({**deal(0, "bettel", won=True), "home": "A"}, "home", id="bauerchen"),
        pytest.param(["bettel"], "object", id="list"),
    ],
)
def test_bad_entries_are_refused(entry, words):
    with refused_saying(RuleError, match=words):
        parse_game(entry, SOFT)


# --- Ranking -----------------------------------------------------------------------------


def test_the_ranking_highest_first():
    assert [bid.label for bid in RANKING] == [
        "Mord",
        "Bettel",
        "Brand Herz",
        "Brand Schellen",
        "Brand Gras",
        "Brand Eichel",
    ]
    assert [rank(bid.contract, bid.trump) for bid in RANKING] == list(range(6))
    assert rank("mord") < rank("bettel") < rank("brand", "herz") < rank("brand", "eichel")
    assert rank(Contract.BRAND, Suit.GRAS) == 4


@pytest.mark.parametrize(
    ("contract", "trump"), [("brand", None), ("mord", "herz"), ("grand", None), ("brand", "pik")]
)
def test_a_bid_that_is_none_has_no_rank(contract, trump):
    with pytest.raises(RuleError):
        rank(contract, trump)


@pytest.mark.parametrize(
    ("cents", "text"),
    [(0, "0,00 €"), (10, "0,10 €"), (120, "1,20 €"), (-30, "-0,30 €"), (-1005, "-10,05 €")],
)
def test_euros(cents, text):
    assert euros(cents) == text
