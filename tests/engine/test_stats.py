"""Statistics of an evening: every figure on small hand-made evenings, and invariants.

The expected figures are worked out by hand from docs/rules.md: with the first dealer at seat 0,
game 1 is dealt by seat 0 and forehand (seat 1, team B) plays home, so home goes B, A, B, A.
"""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bauerblock.engine.errors import GameError
from bauerblock.engine.stats import Payment, evening_stats, settle
from bauerblock.engine.teams import Team
from bauerblock.games.bauerchen import rules as bauerchen
from bauerblock.games.bauerchen.stats import Figures, bauerchen_stats
from bauerblock.games.bauerschspiel import rules as bauerschspiel
from bauerblock.games.bauerschspiel.stats import bauerschspiel_stats
from bauerblock.games.bolachen import rules as bolachen
from bauerblock.games.bolachen.stats import bolachen_stats

ENGINE = settings.get_profile("engine")
FIELDS = tuple(Figures().to_dict())


def records(module, entries, rules=None, first_dealer=0):
    """Replay `entries` with the engine and return the games as the store keeps them."""
    state = module.replay(rules or module.resolve_rules(), first_dealer, entries)
    return [game.to_dict() for game in state.games]


def result(winner, band="frei", **more):
    return {"result": {"winner": winner, "band": band}, **more}


def solo(team, won, player=None):
    body = {"team": team, "won": won}
    if player is not None:
        body["player"] = player
    return {"solo": body}


# Each case: the entries of an evening, then the figures expected of team A, team B and any
# seat whose figures differ from its team's (its own solos); a figure not named is 0.
BAUERCHEN_CASES = [
    (
        "home wins frei",
        [result("B")],
        {"games": 1, "away_games": 1},
        {"games": 1, "games_won": 1, "home_games": 1, "home_won": 1},
        {},
    ),
    (
        "away wins schneider, spritzed once: (2 + 1) × 2",
        [result("A", "schneider", spritz=1)],
        {
            "games": 1,
            "games_won": 1,
            "away_games": 1,
            "away_won": 1,
            "spritz_games": 1,
            "spritz_won": 1,
            "schneider_won": 1,
        },
        {"games": 1, "home_games": 1, "spritz_games": 1},
        {},
    ),
    (
        "card points: A takes nothing, B wins schwarz at home",
        [{"card_points": {"A": 0}}],
        {"games": 1, "away_games": 1},
        {
            "games": 1,
            "games_won": 1,
            "home_games": 1,
            "home_won": 1,
            "schneider_won": 1,
            "schwarz_won": 1,
        },
        {},
    ),
    (
        "melds: two 20s for A, the 40 for B; A at home in game 2 takes 66",
        [
            {"card_points": {"B": 70}, "melds": [{"team": "A", "kind": "20"}]},
            {
                "card_points": {"A": 66},
                "melds": [{"team": "A", "kind": "20"}, {"team": "B", "kind": "40"}],
            },
        ],
        {
            "games": 2,
            "games_won": 1,
            "home_games": 1,
            "home_won": 1,
            "away_games": 1,
            "melds_20": 2,
        },
        {
            "games": 2,
            "games_won": 1,
            "home_games": 1,
            "home_won": 1,
            "away_games": 1,
            "melds_40": 1,
        },
        {},
    ),
    (
        "Kart'ab won by seat 2: A wins the round, B takes a Knoddel",
        [solo("A", True, player=2)],
        {
            "games": 1,
            "games_won": 1,
            "away_games": 1,
            "away_won": 1,
            "solos": 1,
            "solos_won": 1,
            "rounds_won": 1,
        },
        {"games": 1, "home_games": 1, "rounds_lost": 1, "knoddels": 1},
        {0: {"solos": 0, "solos_won": 0}},
    ),
    (
        "Kart'ab without its player: the team's alone",
        [solo("B", False)],
        {"games": 1, "games_won": 1, "away_games": 1, "away_won": 1, "rounds_won": 1},
        {"games": 1, "home_games": 1, "solos": 1, "rounds_lost": 1, "knoddels": 1},
        {1: {"solos": 0}, 3: {"solos": 0}},
    ),
    (
        "Kart'ab lost by seat 3",
        [solo("B", False, player=3)],
        {"games": 1, "games_won": 1, "away_games": 1, "away_won": 1, "rounds_won": 1},
        {"games": 1, "home_games": 1, "solos": 1, "rounds_lost": 1, "knoddels": 1},
        {1: {"solos": 0}},
    ),
    (
        "two rounds to A: the second Knoddel is B's, a Stein for A",
        [solo("A", True, player=0), solo("A", True, player=0)],
        {
            "games": 2,
            "games_won": 2,
            "away_games": 1,
            "away_won": 1,
            "home_games": 1,
            "home_won": 1,
            "solos": 2,
            "solos_won": 2,
            "rounds_won": 2,
            "steins_won": 1,
        },
        {
            "games": 2,
            "home_games": 1,
            "away_games": 1,
            "rounds_lost": 2,
            "knoddels": 2,
            "steins_lost": 1,
        },
        {2: {"solos": 0, "solos_won": 0}},
    ),
    (
        "home named against the deal: A plays home in game 1 and wins",
        [{"home": "A", "result": {"winner": "A", "band": "frei"}}],
        {"games": 1, "games_won": 1, "home_games": 1, "home_won": 1},
        {"games": 1, "away_games": 1},
        {},
    ),
    (
        "a round played out: B reaches 12 in game 5, A wins the first game of the next",
        [
            result("B", "schwarz"),
            result("B", "schwarz"),
            result("B", "schwarz"),
            result("A"),
            result("B", "schneider"),
            result("A"),
        ],
        {
            "games": 6,
            "games_won": 2,
            "home_games": 3,
            "home_won": 2,
            "away_games": 3,
            "rounds_lost": 1,
            "knoddels": 1,
        },
        {
            "games": 6,
            "games_won": 4,
            "home_games": 3,
            "home_won": 3,
            "away_games": 3,
            "away_won": 1,
            "schneider_won": 4,
            "schwarz_won": 3,
            "rounds_won": 1,
        },
        {},
    ),
]


def expected(figures):
    return {name: figures.get(name, 0) for name in FIELDS}


@pytest.mark.parametrize(
    ("entries", "team_a", "team_b", "seats"),
    [case[1:] for case in BAUERCHEN_CASES],
    ids=[case[0] for case in BAUERCHEN_CASES],
)
def test_bauerchen_figures(entries, team_a, team_b, seats):
    stats = bauerchen_stats(records(bauerchen, entries))
    by_team = {"A": team_a, "B": team_b}
    assert stats.teams[Team.A].to_dict() == expected(team_a)
    assert stats.teams[Team.B].to_dict() == expected(team_b)
    for seat in range(4):
        team = "A" if seat % 2 == 0 else "B"
        assert stats.players[seat].to_dict() == expected({**by_team[team], **seats.get(seat, {})})


@pytest.mark.parametrize(
    ("rules", "steins_after"),
    [
        # Three Knoddel a Stein: three rounds to A before B loses one.
        ({"knoddels_per_stein": 3}, [0, 0, 1]),
        ({"knoddels_per_stein": 1}, [1, 2, 3]),
    ],
)
def test_steins_follow_the_rules(rules, steins_after):
    entries = [solo("A", True)] * 3
    stats = bauerchen_stats(records(bauerchen, entries, bauerchen.resolve_rules(rules)))
    assert [point.steins.a for point in stats.series] == steins_after
    assert stats.teams[Team.A].steins_won == steins_after[-1]
    assert stats.teams[Team.B].knoddels == 3


def test_bauerchen_series_marks_round_ends_and_steins():
    entries = [result("B", "schwarz"), solo("A", True), solo("A", True), solo("A", True)]
    stats = bauerchen_stats(records(bauerchen, entries))
    series = [point.to_dict() for point in stats.series]
    assert [p["number"] for p in series] == [1, 2, 3, 4]
    assert [p["round"] for p in series] == [1, 1, 2, 3]
    assert series[0]["score"] == {"A": 0, "B": 3}
    assert series[1]["score"] == {"A": 12, "B": 3}
    assert [p["round_winner"] for p in series] == [None, "A", "A", "A"]
    # The second round to A gives B its second Knoddel: a Stein for A, with game 3.
    assert [p["stein"] for p in series] == [None, None, "A", None]
    assert [p["steins"] for p in series][-1] == {"A": 1, "B": 0}


def test_bauerchen_to_dict_has_api_shape():
    stats = bauerchen_stats(records(bauerchen, [result("A"), solo("B", True, player=1)]))
    body = stats.to_dict()
    assert body["game"] == "bauerchen"
    assert body["games"] == 2
    assert body["rounds"] == 1
    assert [p["seat"] for p in body["players"]] == [0, 1, 2, 3]
    assert set(body["teams"]) == {"A", "B"}
    assert set(body["players"][0]) == {"seat", *FIELDS}
    assert len(body["series"]) == 2


def test_empty_evening():
    for module in (bauerchen, bauerschspiel, bolachen):
        stats = evening_stats(module.NAME, module.resolve_rules(), [])
        assert stats.to_dict()["games"] == 0
        assert stats.to_dict()["series"] == []


def test_figures_add_up_for_a_group():
    first = bauerchen_stats(records(bauerchen, [result("A")])).players[0]
    second = bauerchen_stats(records(bauerchen, [result("B"), result("B")])).players[0]
    total = first + second
    assert total.games == 3
    assert total.games_won == 1
    assert total.home_games == first.home_games + second.home_games


# --- Bauerschspiel -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("winners", "won", "nullchen"),
    [
        ("A", {"A": 1, "B": 0}, {"A": 0, "B": 0}),
        ("AAAAA", {"A": 5, "B": 0}, {"A": 1, "B": 0}),
        ("ABABAB", {"A": 3, "B": 3}, {"A": 0, "B": 0}),
        ("AAAAABBBBBB", {"A": 5, "B": 6}, {"A": 1, "B": 1}),
    ],
)
def test_bauerschspiel_figures(winners, won, nullchen):
    stats = bauerschspiel_stats(records(bauerschspiel, [{"winner": w} for w in winners]))
    body = stats.to_dict()
    for team in "AB":
        assert body["teams"][team] == {
            "games": len(winners),
            "games_won": won[team],
            "nullchen": nullchen[team],
        }
    assert body["players"][1]["games_won"] == won["B"]
    assert body["series"][-1]["nullchen"] == nullchen


# --- Bolachen ----------------------------------------------------------------------------


BOLACHEN_DEALS = [
    {"declarer": 0, "contract": "mord", "won": True},
    {"declarer": 1, "contract": "brand", "trump": "herz", "tricks": 3},
    {"declarer": 1, "contract": "bettel", "tricks": 0},
]


@pytest.mark.parametrize(
    ("preset", "totals", "payments", "unit"),
    [
        # Soft: Mord won +6/-3/-3; Brand lost -2 for seat 1, +1 each; Bettel won +4/-2/-2.
        ("soft", [5, -1, -4], [Payment(2, 0, 4), Payment(1, 0, 1)], "points"),
        # Hard at 10 cents: each defender pays the declarer value × 10, or is paid it.
        ("hard", [50, -10, -40], [Payment(2, 0, 40), Payment(1, 0, 10)], "cents"),
    ],
)
def test_bolachen_figures(preset, totals, payments, unit):
    rules = bolachen.resolve_rules({"preset": preset})
    stats = bolachen_stats(records(bolachen, BOLACHEN_DEALS, rules), rules.unit)
    assert [p.total for p in stats.players] == totals
    assert stats.payments == tuple(payments)
    assert stats.unit == unit
    body = stats.to_dict()
    assert body["players"][0]["declared"] == {"brand": 0, "bettel": 0, "mord": 1}
    assert body["players"][0]["declared_won"] == {"brand": 0, "bettel": 0, "mord": 1}
    assert body["players"][1]["declared"] == {"brand": 1, "bettel": 1, "mord": 0}
    assert body["players"][1]["declared_won"] == {"brand": 0, "bettel": 1, "mord": 0}
    assert body["players"][2]["declared"] == {"brand": 0, "bettel": 0, "mord": 0}
    # Seat 0 deals first, then 1, then 2: one deal each.
    assert [p["deals"] for p in body["players"]] == [3, 3, 3]
    assert [p["dealt"] for p in body["players"]] == [1, 1, 1]
    assert body["payments"][0] == {"from": 2, "to": 0, "amount": payments[0].amount}
    assert body["series"][-1] == {"number": 3, "totals": totals}


@pytest.mark.parametrize(
    ("balances", "transfers"),
    [
        ({0: 0, 1: 0, 2: 0}, []),
        ({0: 6, 1: -3, 2: -3}, [Payment(1, 0, 3), Payment(2, 0, 3)]),
        ({0: 4, 1: 0, 2: -4}, [Payment(2, 0, 4)]),
        # Two pairs that cancel: two transfers, not three.
        ({1: 5, 2: -3, 3: 3, 4: -5}, [Payment(4, 1, 5), Payment(2, 3, 3)]),
        # Furthest down paying furthest up would take four here; {1, 2} and {3, 4, 5} three.
        ({1: 3, 2: -3, 3: 4, 4: -2, 5: -2}, None),
    ],
)
def test_settle(balances, transfers):
    payments = settle(balances)
    if transfers is not None:
        assert list(payments) == transfers
    open_balances = sum(1 for amount in balances.values() if amount)
    assert len(payments) == open_balances - len(_most_zero_groups(balances))
    assert _applied(balances, payments) == {key: 0 for key in balances}


def test_settle_refuses_balances_that_do_not_even_out():
    with pytest.raises(ValueError, match="sum to zero"):
        settle({0: 3, 1: -2})


def _applied(balances, payments):
    left = dict(balances)
    for payment in payments:
        assert payment.amount > 0
        left[payment.payer] += payment.amount
        left[payment.payee] -= payment.amount
    return left


def _most_zero_groups(balances):
    """Brute force: the most groups, each summing to zero, that the open balances split into."""
    keys = [key for key, amount in balances.items() if amount]
    best = []
    for partition in _partitions(keys):
        if all(sum(balances[k] for k in group) == 0 for group in partition):
            best = max(best, partition, key=len)
    return best


def _partitions(keys):
    if not keys:
        yield []
        return
    first, rest = keys[0], keys[1:]
    for partition in _partitions(rest):
        for index in range(len(partition)):
            yield [*partition[:index], [first, *partition[index]], *partition[index + 1 :]]
        yield [[first], *partition]


# --- Properties --------------------------------------------------------------------------

TEAMS = st.sampled_from(["A", "B"])
BANDS = st.sampled_from(["frei", "schneider", "schwarz"])
SOLOS = st.builds(
    lambda team, won, named, which: (
        solo(team, won, ((0, 2) if team == "A" else (1, 3))[which]) if named else solo(team, won)
    ),
    TEAMS,
    st.booleans(),
    st.booleans(),
    st.integers(0, 1),
)
RESULTS = st.builds(
    lambda winner, band, spritz, melds: {
        **result(winner, band),
        "spritz": spritz,
        "melds": [{"team": team, "kind": "20"} for team in melds],
    },
    TEAMS,
    BANDS,
    st.integers(0, 2),
    st.lists(TEAMS, max_size=2),
)
BAUERCHEN_ENTRIES = st.lists(
    st.one_of(
        RESULTS,
        SOLOS,
        st.builds(
            dict,
            card_points=st.builds(
                lambda a: {"A": a}, st.sampled_from([0, 8, 30, 65, 66, 100, 130])
            ),
        ),
    ),
    max_size=40,
)


def _playable(module, rules, entries):
    """Keep the entries the engine accepts in order (a meld past the target is dropped)."""
    state = module.start(rules, 0)
    for entry in entries:
        try:
            state = module.play(state, entry)
        except GameError:
            continue
    return [game.to_dict() for game in state.games]


@settings(ENGINE)
@given(entries=BAUERCHEN_ENTRIES, knoddels=st.sampled_from([1, 2, 3]))
def test_bauerchen_invariants(entries, knoddels):
    rules = bauerchen.resolve_rules({"knoddels_per_stein": knoddels})
    games = _playable(bauerchen, rules, entries)
    stats = bauerchen_stats(games)
    a, b = stats.teams[Team.A], stats.teams[Team.B]
    assert a.games == b.games == len(games)
    assert a.games_won + b.games_won == len(games)
    assert a.home_games + b.home_games == len(games)
    assert a.home_won + a.away_won == a.games_won
    assert a.rounds_won == b.rounds_lost == b.knoddels
    assert a.steins_won == b.steins_lost
    assert a.steins_won - a.steins_lost + b.steins_won - b.steins_lost == 0
    # The last point of the series holds the Steine the figures count.
    if stats.series:
        assert stats.series[-1].steins.to_dict() == {"A": a.steins_won, "B": b.steins_won}
    for team, figures in stats.teams.items():
        seats = [stats.players[seat] for seat in team.seats]
        for seat in seats:
            assert seat.games_won == figures.games_won
            assert seat.steins_won - seat.steins_lost == figures.steins_won - figures.steins_lost
        # A seat's solos are the team's that named it: never more than the team's.
        assert sum(seat.solos for seat in seats) <= figures.solos
        assert sum(seat.solos_won for seat in seats) <= figures.solos_won
    assert sum(p.steins_won - p.steins_lost for p in stats.players) == 0


DEALS = st.fixed_dictionaries(
    {
        "declarer": st.integers(0, 2),
        "contract": st.sampled_from(["bettel", "mord"]),
        "won": st.booleans(),
    }
)


@settings(ENGINE)
@given(deals=st.lists(DEALS, max_size=30), preset=st.sampled_from(["soft", "hard"]))
def test_bolachen_settlement_pays_the_totals(deals, preset):
    rules = bolachen.resolve_rules({"preset": preset})
    stats = bolachen_stats(records(bolachen, deals, rules), rules.unit)
    totals = {seat: p.total for seat, p in enumerate(stats.players)}
    assert sum(totals.values()) == 0
    assert len(stats.payments) <= bolachen.SEATS - 1
    # Whoever is down pays it all, whoever is up is paid it all.
    assert _applied(totals, stats.payments) == {0: 0, 1: 0, 2: 0}
    assert sum(p.declared.total for p in stats.players) == len(deals)


@settings(ENGINE)
@given(st.lists(st.integers(-50, 50), min_size=1, max_size=7))
def test_settle_is_the_fewest_transfers(amounts):
    balances = dict(enumerate(amounts))
    balances[len(amounts)] = -sum(amounts)
    payments = settle(balances)
    assert _applied(balances, payments) == {key: 0 for key in balances}
    open_balances = sum(1 for amount in balances.values() if amount)
    assert len(payments) == open_balances - len(_most_zero_groups(balances))
    assert len(payments) <= max(0, open_balances - 1)
    assert settle(balances) == payments


def test_partitions_oracle_counts_bell_numbers():
    # The brute force behind the settlement oracle: 4 keys split 15 ways (Bell number).
    assert sum(1 for _ in _partitions([1, 2, 3, 4])) == 15
    assert list(itertools.islice(_partitions([]), 2)) == [[]]


@settings(ENGINE)
@given(
    entries=BAUERCHEN_ENTRIES,
    deals=st.lists(DEALS, max_size=20),
    winners=st.lists(TEAMS, max_size=30),
    cut=st.integers(0, 40),
)
def test_folding_on_from_earlier_statistics_gives_the_same(entries, deals, winners, cut):
    evenings = [
        (bauerchen, _playable(bauerchen, bauerchen.resolve_rules(), entries)),
        (bolachen, records(bolachen, deals, bolachen.resolve_rules({"preset": "hard"}))),
        (bauerschspiel, records(bauerschspiel, [{"winner": w} for w in winners])),
    ]
    for module, games in evenings:
        rules = module.resolve_rules({"preset": "hard"} if module is bolachen else None)
        whole = evening_stats(module.NAME, rules, games)
        split = min(cut, len(games))
        before = evening_stats(module.NAME, rules, games[:split])
        assert evening_stats(module.NAME, rules, games[split:], before) == whole
        assert before.to_dict()["games"] == split
