"""Property tests of Bauerschspiel and Bolachen: invariants over random evenings.

The oracles are restated from docs/rules.md sections 2 and 3, not taken from the engine.
Settings come from the reproducible "engine" profile of tests/engine/conftest.py.
"""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from bauerblock.engine.errors import GameError, RuleError
from bauerblock.games.bauerschspiel import rules as bauerschspiel
from bauerblock.games.bolachen import rules as bolachen
from tests.words import said

ENGINE = settings.get_profile("engine")

TEAMS = st.sampled_from(["A", "B"])
SUITS = st.sampled_from(["herz", "schellen", "gras", "eichel"])
VALUE = {"brand": 1, "bettel": 2, "mord": 3}

# --- Bauerschspiel -----------------------------------------------------------------------


class StrokeBoard:
    """The board kept by hand: strokes per team from the start, Nullchen marks."""

    def __init__(self, start: int) -> None:
        self.start = start
        self.strokes = {"A": start, "B": start}
        self.nullchen = {"A": 0, "B": 0}

    def play(self, winner: str) -> tuple[dict[str, int], bool]:
        loser = "B" if winner == "A" else "A"
        self.strokes[winner] -= 1
        self.strokes[loser] += 1
        after = dict(self.strokes)
        reached = self.strokes[winner] == 0
        if reached:
            self.nullchen[winner] += 1
            self.strokes = {"A": self.start, "B": self.start}
        return after, reached


@settings(ENGINE, max_examples=200)
@given(st.integers(1, 8), st.integers(0, 3), st.lists(TEAMS, max_size=60))
def test_the_stroke_board(start, first_dealer, winners):
    rules = bauerschspiel.resolve_rules({"strokes": start})
    state = bauerschspiel.replay(rules, first_dealer, [{"winner": w} for w in winners])
    as_json = state.to_dict()
    board = StrokeBoard(start)
    reached_zero = 0
    for number, (game, winner) in enumerate(zip(as_json["games"], winners, strict=True), 1):
        after, reached = board.play(winner)
        assert game["strokes_after"] == after
        assert game["number"] == number
        assert game["dealer"] == (first_dealer + number - 1) % 4
        # Strokes are never negative, and every game moves one from the winner to the loser.
        assert min(after.values()) >= 0
        assert sum(after.values()) == 2 * start
        assert (game["events"] == ["nullchen"]) == reached
        reached_zero += 0 in after.values()
        assert game["nullchen_after"] == board.nullchen
    current = as_json["current"]
    assert current["strokes"] == board.strokes
    assert current["nullchen"] == board.nullchen
    # A Nullchen for each time a team reached zero, and nothing else.
    assert sum(current["nullchen"].values()) == reached_zero == len(as_json["rounds"])
    assert all(0 < current["strokes"][team] < 2 * start for team in "AB")
    assert current["games_played"] == len(winners)
    assert current["round"] == reached_zero + 1


# --- Bolachen ----------------------------------------------------------------------------


@st.composite
def bolachen_rules(draw):
    spec = {"preset": draw(st.sampled_from(["soft", "hard"]))}
    if spec["preset"] == "hard":
        if draw(st.booleans()):
            spec["tariff"] = draw(st.sampled_from([1, 5, 10, 20, 50]))
        spec["mord_pays_five"] = draw(st.booleans())
    if draw(st.booleans()):
        spec["limit"] = draw(st.sampled_from([0, 1, 3, 6, 10, 30, 100, 250]))
    return bolachen.resolve_rules(spec)


@st.composite
def deals(draw):
    """A well-formed deal: brand with a trump, bettel or mord, tricks or won."""
    contract = draw(st.sampled_from(list(VALUE)))
    entry = {"declarer": draw(st.integers(0, 2)), "contract": contract}
    if contract == "brand":
        entry["trump"] = draw(SUITS)
    if draw(st.booleans()):
        entry["tricks"] = draw(st.integers(0, 10))
    else:
        entry["won"] = draw(st.booleans())
    return entry


def deal_oracle(entry, rules):
    """Return the points by seat of a deal, as docs/rules.md section 3 scores it."""
    contract = entry["contract"]
    if "won" in entry:
        won = entry["won"]
    else:
        tricks = entry["tricks"]
        won = {"brand": tricks >= 6, "bettel": tricks == 0, "mord": tricks == 10}[contract]
    units = VALUE[contract]
    if rules.tariff is not None:
        units = 5 if contract == "mord" and rules.mord_pays_five else units
        units *= rules.tariff
    sign = 1 if won else -1
    return [2 * sign * units if seat == entry["declarer"] else -sign * units for seat in range(3)]


@settings(ENGINE, max_examples=200)
@given(bolachen_rules(), st.integers(0, 2), st.lists(deals(), max_size=40))
def test_bolachen_totals_sum_to_zero_after_every_game(rules, first_dealer, entries):
    state = bolachen.start(rules, first_dealer)
    totals = [0, 0, 0]
    ended = None
    for number, entry in enumerate(entries, 1):
        if ended is not None:
            try:
                bolachen.play(state, entry)
            except GameError as error:
                assert error.number == number
                assert f"ended at game {ended}" in said(error)
            else:
                raise AssertionError("a game after the limit was accepted")
            break
        snapshot = copy.deepcopy(entry)
        state = bolachen.play(state, entry)
        assert entry == snapshot, "the engine must not change an entry"
        game = state.to_dict()["games"][-1]
        expected = deal_oracle(entry, rules)
        totals = [t + p for t, p in zip(totals, expected, strict=True)]
        assert game["points"] == expected
        assert game["totals_after"] == totals
        assert sum(game["points"]) == 0 == sum(game["totals_after"])
        assert game["dealer"] == (first_dealer + number - 1) % 3
        assert game["forehand"] == (game["dealer"] + 1) % 3
        reached = bool(rules.limit) and max(totals) >= rules.limit
        assert (game["events"] == ["limit_reached"]) == reached
        if reached:
            ended = number
    current = state.to_dict()["current"]
    assert current["totals"] == totals
    assert sum(current["totals"]) == 0
    assert current["limit_reached"] == (ended is not None)


@settings(ENGINE, max_examples=100)
@given(bolachen_rules(), st.integers(0, 2), st.lists(deals(), max_size=12))
def test_bolachen_state_is_a_fold(rules, first_dealer, entries):
    try:
        full = bolachen.replay(rules, first_dealer, entries)
    except GameError:
        return
    for k in range(len(entries) + 1):
        prefix = bolachen.replay(rules, first_dealer, entries[:k])
        assert prefix.games == full.games[:k]


# --- Fuzzing: anything a client sends is a game or a RuleError ---------------------------

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.floats()
    | st.text(max_size=3)
    | st.sampled_from(["A", "B", "brand", "bettel", "mord", "herz", "pik", "0"])
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=8,
)
KEYS = st.sampled_from(
    ["winner", "declarer", "contract", "trump", "tricks", "won", "home", "card_points"]
)
FUZZY_ENTRIES = st.dictionaries(KEYS, JSON | SCALARS, max_size=6) | JSON


@settings(ENGINE, max_examples=400)
@given(bolachen_rules(), FUZZY_ENTRIES)
def test_bolachen_refuses_only_with_rule_errors(rules, entry):
    try:
        game = bolachen.parse_game(entry, rules)
    except RuleError:
        return
    assert set(entry) <= {"declarer", "contract", "trump", "tricks", "won"}
    outcome = bolachen.score(game, rules)
    assert sum(outcome.points) == 0
    assert isinstance(outcome.to_dict(), dict)


@settings(ENGINE, max_examples=300)
@given(st.lists(FUZZY_ENTRIES, max_size=5))
def test_bauerschspiel_refuses_only_with_game_errors(log):
    try:
        state = bauerschspiel.replay(bauerschspiel.resolve_rules(), 0, log)
    except GameError as error:
        assert 1 <= error.number <= len(log)
        return
    assert all(entry == {"winner": entry["winner"]} for entry in log)
    assert state.standing.played == len(log)


@settings(ENGINE, max_examples=200)
@given(
    st.dictionaries(
        st.sampled_from(["preset", "tariff", "mord_pays_five", "limit", "strokes"]),
        SCALARS | st.sampled_from(["soft", "hard", "dillkreis"]),
        max_size=4,
    )
)
def test_rule_options_raise_only_rule_errors(spec):
    for module in (bauerschspiel, bolachen):
        try:
            rules = module.resolve_rules(spec)
        except RuleError:
            continue
        rules.validate()
        assert set(rules.to_dict()) >= set(spec)
