"""Property tests of the Bauerchen engine: invariants over random entries and rule sets.

The oracles here are restated from docs/rules.md section 1, not taken from the engine.
Settings come from the reproducible "engine" profile of tests/engine/conftest.py.
"""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from bauerblock.engine.errors import GameError, RuleError
from bauerblock.engine.evening import dealer_of
from bauerblock.engine.teams import Points, Team
from bauerblock.games.bauerchen.rules import (
    PRESETS,
    Game,
    Outcome,
    parse_game,
    resolve_rules,
    score,
)
from bauerblock.games.bauerchen.rules.cards import achievable
from bauerblock.games.bauerchen.rules.game import ENTRY_FIELDS
from bauerblock.games.bauerchen.rules.sheet import SEATS, home_of, play, replay, start
from tests.words import said

ENGINE = settings.get_profile("engine")

BAND_POINTS = {"frei": 1, "schneider": 2, "schwarz": 3}
OPTIONS = (
    "last_trick_bonus",
    "schneider_free_at",
    "target",
    "knoddels_per_stein",
    "carry_over",
    "forty_rule",
    "solo_in_decider",
)
TEAMS = st.sampled_from(["A", "B"])
KINDS = st.sampled_from(["20", "40"])
MELDS = st.fixed_dictionaries({"team": TEAMS, "kind": KINDS})


# --- Strategies --------------------------------------------------------------------------


@st.composite
def rule_sets(draw):
    """A preset with its options set to playable values (each drawn directly, for spread)."""
    preset = draw(st.sampled_from(list(PRESETS)))
    # Sometimes leave an option to the preset, so presets are drawn as they stand too.
    keep = draw(st.sets(st.sampled_from(OPTIONS)))
    bonus = draw(st.sampled_from([10, 0]))
    if "last_trick_bonus" in keep:
        bonus = PRESETS[preset].last_trick_bonus
    spec = {
        "preset": preset,
        "last_trick_bonus": bonus,
        "schneider_free_at": draw(st.sampled_from([33, 31, 34, 9, (120 + bonus) // 2])),
        "target": draw(st.sampled_from([12, 31, 20, 4, 2])),
        "knoddels_per_stein": draw(st.sampled_from([2, 3, 1, 4])),
        "carry_over": draw(st.booleans()),
        "forty_rule": draw(st.booleans()),
        "solo_in_decider": draw(st.booleans()),
    }
    return resolve_rules({key: value for key, value in spec.items() if key not in keep})


@st.composite
def entries(draw, rules):
    """A well-formed entry; its melds may break the meld rules, a solo may carry extras."""
    kind = draw(st.sampled_from(["card_points"] * 5 + ["result"] * 3 + ["solo"]))
    entry = {}
    if draw(st.integers(0, 5)) == 0:
        entry["home"] = draw(TEAMS)
    if kind == "card_points":
        points = draw(st.sampled_from(sorted(achievable(rules.last_trick_bonus))))
        given_as = draw(st.sampled_from(["A", "B", "both"]))
        if given_as == "both":
            entry["card_points"] = {"A": points, "B": rules.total - points}
        else:
            entry["card_points"] = {given_as: points}
    elif kind == "result":
        band = draw(st.sampled_from(list(BAND_POINTS)))
        entry["result"] = {"winner": draw(TEAMS), "band": band}
    else:
        entry["solo"] = {"team": draw(TEAMS), "won": draw(st.booleans())}
    if kind != "solo" or draw(st.integers(0, 9)) == 0:
        melds = draw(st.lists(MELDS, max_size=draw(st.sampled_from([0, 1, 2, 5]))))
        if melds or draw(st.booleans()):
            entry["melds"] = melds
        spritz = draw(st.integers(0, 3))
        if spritz or draw(st.booleans()):
            entry["spritz"] = spritz
    return entry


@st.composite
def one_games(draw):
    """Rules, the score before, the derived home, an entry and the decider flag."""
    rules = draw(rule_sets())
    before = Points(draw(st.integers(0, rules.target - 1)), draw(st.integers(0, rules.target - 1)))
    return rules, before, Team(draw(TEAMS)), draw(entries(rules)), draw(st.booleans())


# --- Oracles restated from docs/rules.md---------------------------------------------------


def meld_oracle(melds, rules, before):
    """Return (meld points, team that reached the target) or None if the melds are illegal."""
    kinds = [meld["kind"] for meld in melds]
    if kinds.count("40") > 1 or kinds.count("20") > 3:
        return None
    points, running, reached_by = Points(), before, None
    for meld in melds:
        team = Team(meld["team"])
        if reached_by is not None:
            return None
        value = 2 if meld["kind"] == "40" else 1
        if meld["kind"] == "40" and rules.forty_rule and running[team] == rules.target - 2:
            value = 1
        if running[team] + value > rules.target:
            return None
        points, running = points.add(team, value), running.add(team, value)
        if running[team] == rules.target:
            reached_by = team
    return points, reached_by


def card_oracle(points, home, rules):
    """Return (winner, band) from both teams' card points."""
    winner = home if 2 * points[home] > rules.total else home.other
    loser = points[winner.other]
    if loser == 0:
        return winner, "schwarz"
    return winner, "schneider" if loser < rules.schneider_free_at else "frei"


# --- One game ----------------------------------------------------------------------------


@settings(ENGINE, max_examples=400)
@given(one_games())
def test_one_game(case):
    rules, before, derived_home, entry, decider = case
    home = Team(entry.get("home", derived_home))
    melds = entry.get("melds", [])
    spritz = entry.get("spritz", 0)
    solo = entry.get("solo")
    if solo:
        legal = not melds and not spritz and (rules.solo_in_decider or not decider)
        expected_melds = (Points(), None)
    else:
        expected_melds = meld_oracle(melds, rules, before)
        legal = expected_melds is not None

    snapshot = copy.deepcopy(entry)
    try:
        game = parse_game(entry, rules, home=derived_home)
        outcome = score(game, rules, before, decider=decider)
    except RuleError:
        assert not legal
        return
    finally:
        assert entry == snapshot, "the engine must not change an entry"
    assert legal
    assert game.home is home

    # Exactly one team scores game points: the winner.
    assert [team for team in Team if outcome.game_points[team]] == [outcome.winner]
    value = outcome.game_points[outcome.winner]
    assert outcome.away_win == (outcome.winner is not home)
    meld_points, meld_winner = expected_melds
    assert outcome.meld_points == meld_points
    assert outcome.meld_points.a + outcome.meld_points.b <= 2 + 3
    assert outcome.score_after == before + outcome.meld_points + outcome.game_points
    assert outcome.points == outcome.meld_points + outcome.game_points

    if solo:
        winner = Team(solo["team"]) if solo["won"] else Team(solo["team"]).other
        assert outcome.winner is winner
        assert value == 12
        assert outcome.round_winner is winner
        return

    if "card_points" in entry:
        given_points = entry["card_points"]
        a = given_points["A"] if "A" in given_points else rules.total - given_points["B"]
        winner, band = card_oracle(Points(a, rules.total - a), home, rules)
    else:
        winner, band = Team(entry["result"]["winner"]), entry["result"]["band"]
    assert outcome.winner is winner
    assert outcome.band == band
    n = 2**spritz
    assert value in (BAND_POINTS[band] * n, (BAND_POINTS[band] + 1) * n)
    assert value == (BAND_POINTS[band] + outcome.away_win) * n

    # A meld to the target wins first; otherwise the game's winner if it got there.
    reached = winner if outcome.score_after[winner] >= rules.target else None
    assert outcome.round_winner is (meld_winner or reached)
    if not outcome.round_over:
        assert max(outcome.score_after.a, outcome.score_after.b) < rules.target

    # Spritz doubles the game, never the melds.
    unspritzed = score(Game(game.home, game.play, game.melds, 0), rules, before)
    assert unspritzed.meld_points == outcome.meld_points
    assert unspritzed.game_points[winner] * n == value


# --- A whole sheet -----------------------------------------------------------------------


def check_standing(rules, first_dealer, state, accepted):
    standing, kps = state.standing, rules.knoddels_per_stein
    for team in Team:
        assert 0 <= standing.score[team] < rules.target
        assert 0 <= standing.knoddels[team] < kps
        assert standing.steins[team] >= 0
    events = [event for game in state.games for event in game.events]
    rounds = len(state.rounds)
    assert rounds == events.count("knoddel") == events.count("round_won")
    assert rounds == standing.round - 1
    assert events.count("stein") == standing.steins.a + standing.steins.b
    # Each Stein took kps rounds lost by one team plus fewer than kps lost by the other.
    steins = standing.steins.a + standing.steins.b
    since_last_stein = standing.knoddels.a + standing.knoddels.b
    assert steins * kps <= rounds - since_last_stein <= steins * (2 * kps - 1)
    assert state.decider == (standing.knoddels.a == standing.knoddels.b == kps - 1)
    assert standing.played == len(state.games) == len(accepted)
    for number, (record, entry) in enumerate(zip(state.games, accepted, strict=True), start=1):
        assert record.number == number
        assert (
            record.dealer
            == dealer_of(first_dealer, number, SEATS)
            == (first_dealer + number - 1) % 4
        )
        derived = Team.A if (record.dealer + 1) % 2 == 0 else Team.B
        assert home_of(record.dealer) is derived
        assert record.home is Team(entry.get("home", derived))
        assert ("home_changed" in record.events) == (record.home is not derived)
        assert record.outcome.meld_points.a + record.outcome.meld_points.b <= 5


@settings(ENGINE, max_examples=80)
@given(st.data())
def test_replayed_sheet(data):
    rules = data.draw(rule_sets(), label="rules")
    first_dealer = data.draw(st.integers(0, 3), label="first_dealer")
    state = start(rules, first_dealer)
    states, accepted = [state], []
    for _ in range(data.draw(st.integers(0, 40), label="attempts")):
        entry = data.draw(entries(rules))
        try:
            state = play(state, entry)
        except GameError as error:
            assert error.number == state.standing.played + 1
            continue
        accepted.append(entry)
        states.append(state)
        check_standing(rules, first_dealer, state, accepted)

    # The state is a fold: replaying any prefix gives the state after that many games.
    full = replay(rules, first_dealer, accepted)
    assert full == state
    for k, expected in enumerate(states):
        prefix = replay(rules, first_dealer, accepted[:k])
        assert prefix == expected
        assert prefix.games == full.games[:k]
        assert prefix.to_dict()["games"] == full.to_dict()["games"][:k]


# --- Fuzzing: anything a client sends is a game or a RuleError ---------------------------

WORDS = st.sampled_from(
    ["A", "B", "C", "20", "40", "frei", "schneider", "schwarz", "lautern", "", "team", "won"]
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-300, 300)
    | st.integers()
    | st.floats()
    | st.text(max_size=4)
    | WORDS
)
KEYS = st.sampled_from([*ENTRY_FIELDS, "A", "B", "winner", "band", "team", "kind"]) | st.text(
    max_size=3
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=12,
)


def fuzzy(valid):
    """Mostly the valid shape, sometimes anything at all in its place."""
    return st.one_of(valid, valid, valid, JSON)


def fuzzy_key(valid):
    """Mostly a valid key, sometimes any text."""
    return st.one_of(valid, valid, valid, st.text(max_size=2))


PLAYS = {
    "card_points": st.dictionaries(
        fuzzy_key(TEAMS),
        fuzzy(st.sampled_from(sorted(achievable(10) | achievable(0))) | st.integers(-10, 140)),
        min_size=1,
        max_size=2,
    ),
    "result": st.fixed_dictionaries(
        {"winner": fuzzy(TEAMS), "band": fuzzy(st.sampled_from(list(BAND_POINTS)))}
    ),
    "solo": st.fixed_dictionaries({"team": fuzzy(TEAMS), "won": fuzzy(st.booleans())}),
}
NEAR_FIELDS = {
    "home": fuzzy(TEAMS),
    "melds": st.lists(
        fuzzy(st.fixed_dictionaries({"team": fuzzy(TEAMS), "kind": fuzzy(KINDS)})), max_size=5
    ),
    "spritz": st.integers(-2, 12),
    # Now and then a second play, or a field that is no part of an entry.
    **{key: JSON for key in (*PLAYS, "extra")},
}


@st.composite
def near_entries(draw):
    """One play and some fields, each perhaps replaced by anything."""
    kind = draw(st.sampled_from(list(PLAYS)))
    entry = {kind: draw(fuzzy(PLAYS[kind]))}
    extras = ["home", "melds", "spritz"] * 3 + [*PLAYS, "extra"]
    for key in draw(st.lists(st.sampled_from(extras), max_size=3, unique=True)):
        if key not in entry:
            entry[key] = draw(fuzzy(NEAR_FIELDS[key]))
    return entry


FUZZY_ENTRIES = st.one_of(
    near_entries(), near_entries(), near_entries(), st.dictionaries(KEYS, JSON, max_size=6), JSON
)


@settings(ENGINE, max_examples=500)
@given(rule_sets(), FUZZY_ENTRIES, st.sampled_from([Team.A, Team.B, None]), st.booleans())
def test_parse_and_score_raise_only_rule_errors(rules, entry, home, decider):
    try:
        game = parse_game(entry, rules, home=home)
    except RuleError:
        return
    assert isinstance(game, Game)
    try:
        outcome = score(game, rules, Points(), decider=decider)
    except RuleError:
        return
    assert isinstance(outcome, Outcome)
    assert isinstance(outcome.to_dict(), dict)


@settings(ENGINE, max_examples=150)
@given(
    rule_sets(),
    st.integers(0, 3),
    st.lists(FUZZY_ENTRIES, max_size=6),
)
def test_replay_raises_only_game_errors(rules, first_dealer, log):
    try:
        state = replay(rules, first_dealer, log)
    except GameError as error:
        assert 1 <= error.number <= len(log)
        assert said(error).startswith(f"Game {error.number}: ")
        return
    assert state.standing.played == len(log)
    assert isinstance(state.to_dict(), dict)


@settings(ENGINE, max_examples=300)
@given(
    st.dictionaries(
        st.sampled_from(["preset", *OPTIONS]) | st.text(max_size=4),
        fuzzy(st.integers(-5, 140) | st.booleans() | st.sampled_from(list(PRESETS))),
        max_size=5,
    )
)
def test_rule_options_raise_only_rule_errors(spec):
    try:
        rules = resolve_rules(spec)
    except RuleError:
        return
    assert set(spec) <= {"preset", *OPTIONS}
    resolved = rules.to_dict()
    for option in OPTIONS:
        expected_type = bool if isinstance(getattr(PRESETS["lautern"], option), bool) else int
        assert type(resolved[option]) is expected_type
        if option in spec:
            assert resolved[option] == spec[option]
    rules.validate()
