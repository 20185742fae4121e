"""A Stammtisch's statistics: evenings summed per roster player and pair, and invariants."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bauerblock.engine.errors import GameError
from bauerblock.engine.stammtisch import Seating, group_stats
from bauerblock.engine.stats import evening_stats
from bauerblock.games.bauerchen import rules as bauerchen
from bauerblock.games.bauerschspiel import rules as bauerschspiel
from bauerblock.games.bolachen import rules as bolachen

ENGINE = settings.get_profile("engine")
ROSTER = {1: "Hans", 2: "Grete", 3: "Karl", 4: "Lise", 5: "Otto", 6: "Fritz"}
GAMES = {"bauerchen": bauerchen, "bauerschspiel": bauerschspiel, "bolachen": bolachen}


def evening(game, seats, entries, preset=None, title="Abend"):
    """Play `entries` on a sheet of `game` with the roster numbers `seats`."""
    module = GAMES[game]
    rules = module.resolve_rules({"preset": preset} if preset else None)
    state = module.start(rules, 0)
    for entry in entries:
        try:
            state = module.play(state, entry)
        except GameError:
            continue  # an entry the rules refuse there (a meld past the target): skip it
    records = [g.to_dict() for g in state.games]
    return Seating(title, title, "2026-12-01", tuple(seats), evening_stats(game, rules, records))


def result(winner, band="frei"):
    return {"result": {"winner": winner, "band": band}}


SCHWARZ_A = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 2}


def test_a_bauerchen_evening_gives_each_seat_its_team_and_the_pairs_their_games():
    # Two schwarz games with two spritz win two rounds and, at two Knoddel, one Stein for A.
    night = evening("bauerchen", [1, 2, 3, 4], [SCHWARZ_A, SCHWARZ_A, result("B")])
    stats = group_stats(ROSTER, [night])
    hans, grete = stats.players[1], stats.players[2]
    assert (hans.of("bauerchen").figures.games, hans.of("bauerchen").figures.games_won) == (3, 2)
    assert (grete.of("bauerchen").figures.games, grete.of("bauerchen").figures.games_won) == (3, 1)
    assert (hans.balance("steins_balance"), grete.balance("steins_balance")) == (1, -1)
    assert hans.of("bauerchen").win_rate == pytest.approx(2 / 3)
    assert stats.players[5].evenings == 0 and stats.players[5].of("bauerchen").win_rate is None
    assert stats.partner(1, 3).games == 3 and stats.partner(3, 1).games_won == 2
    assert stats.partner(2, 4).games_won == 1
    assert stats.partner(1, 2).games == 0
    assert [p.balances["steins_balance"] for p in stats.series] == [(1, -1, 1, -1, 0, 0)]


def test_evenings_add_up_and_the_series_runs_on():
    first = evening("bauerchen", [1, 2, 3, 4], [SCHWARZ_A, SCHWARZ_A], title="eins")
    # Otto and Fritz in, Grete on team A now: B (Karl and Otto) wins the Stein.
    second = evening(
        "bauerchen",
        [2, 3, 6, 5],
        [{"result": {"winner": "B", "band": "schwarz"}, "spritz": 2}] * 2,
        title="zwei",
    )
    stats = group_stats(ROSTER, [first, second])
    assert stats.evenings == 2
    assert {n: p.evenings for n, p in stats.players.items()} == {1: 1, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1}
    assert {n: p.balance("steins_balance") for n, p in stats.players.items()} == {
        1: 1,
        2: -2,
        3: 2,
        4: -1,
        5: 1,
        6: -1,
    }
    assert [p.sheet_id for p in stats.series] == ["eins", "zwei"]
    assert stats.series[-1].balances["steins_balance"] == (1, -2, 2, -1, 1, -1)
    document = stats.to_dict()
    assert [p["number"] for p in document["players"]] == list(ROSTER)
    assert document["players"][1]["steins_won"] == 0 and document["players"][1]["steins_lost"] == 2


def test_kartab_record_is_the_named_players():
    entries = [
        {"solo": {"team": "A", "won": True, "player": 2}},
        {"solo": {"team": "B", "won": False}},
    ]
    stats = group_stats(ROSTER, [evening("bauerchen", [1, 2, 3, 4], entries)])
    assert (
        stats.players[3].of("bauerchen").figures.solos,
        stats.players[3].of("bauerchen").figures.solos_won,
    ) == (1, 1)
    assert stats.players[1].of("bauerchen").figures.solos == 0
    assert stats.players[2].of("bauerchen").figures.solos == 0  # not named: the team's, no seat's


def test_bauerschspiel_and_bolachen_are_kept_apart_from_bauerchen():
    board = evening("bauerschspiel", [1, 2, 3, 4], [{"winner": "A"}] * 5)
    hard = evening(
        "bolachen", [5, 1, 2], [{"declarer": 0, "contract": "mord", "won": True}], preset="hard"
    )
    soft = evening("bolachen", [5, 1, 2], [{"declarer": 1, "contract": "bettel", "won": False}])
    stats = group_stats(ROSTER, [board, hard, soft])
    hans = stats.players[1]
    assert hans.of("bauerchen").figures.games == 0 and hans.evenings == 3
    assert (hans.of("bauerschspiel").figures.games, hans.of("bauerschspiel").figures.games_won) == (
        5,
        5,
    )
    assert hans.of("bauerschspiel").figures.nullchen == 1
    assert stats.partner(1, 3).games_won == 5
    otto = stats.players[5]
    assert otto.of("bolachen").evenings == 2 and otto.of("bolachen").figures.declared.mord == 1
    assert (
        otto.balance("cents") == 60 and hans.balance("cents") == -30
    )  # a Mord at 10 cents: 30 from each
    assert (otto.of("bolachen").points, hans.of("bolachen").points) == (
        2,
        -4,
    )  # a lost Bettel: 2 to each defender
    assert [p.to_dict() for p in stats.payments] == [
        {"from": 1, "to": 5, "amount": 30},
        {"from": 2, "to": 5, "amount": 30},
    ]
    assert stats.series[-1].balances["cents"] == (-30, -30, 0, 0, 60, 0)


# --- Properties --------------------------------------------------------------------------

SEATINGS = st.permutations(list(ROSTER)).map(lambda numbers: numbers[:4])
BAUERCHEN = st.lists(
    st.one_of(
        st.builds(result, st.sampled_from("AB"), st.sampled_from(["frei", "schneider", "schwarz"])),
        st.builds(lambda e: {**e, "spritz": 2}, st.just(SCHWARZ_A)),
        st.builds(
            lambda team, won, which: {
                "solo": {"team": team, "won": won, "player": (0 if team == "A" else 1) + 2 * which}
            },
            st.sampled_from("AB"),
            st.booleans(),
            st.integers(0, 1),
        ),
    ),
    max_size=25,
)
EVENINGS = st.lists(
    st.one_of(
        st.builds(lambda seats, games: evening("bauerchen", seats, games), SEATINGS, BAUERCHEN),
        st.builds(
            lambda seats, winners: evening(
                "bauerschspiel", seats, [{"winner": w} for w in winners]
            ),
            SEATINGS,
            st.lists(st.sampled_from("AB"), max_size=15),
        ),
        st.builds(
            lambda seats, deals: evening("bolachen", seats[:3], deals, preset="hard"),
            SEATINGS,
            st.lists(
                st.fixed_dictionaries(
                    {
                        "declarer": st.integers(0, 2),
                        "contract": st.sampled_from(["bettel", "mord"]),
                        "won": st.booleans(),
                    }
                ),
                max_size=10,
            ),
        ),
    ),
    max_size=8,
)


@settings(ENGINE, max_examples=60)
@given(evenings=EVENINGS)
def test_group_invariants(evenings):
    stats = group_stats(ROSTER, evenings)
    players = stats.players.values()
    # The beer tally and the money even out over the roster, evening by evening too.
    assert sum(p.balance("steins_balance") for p in players) == 0
    assert sum(p.balance("cents") for p in players) == 0
    for point in stats.series:
        assert sum(point.balances["steins_balance"]) == 0 and sum(point.balances["cents"]) == 0
    # Partners: one number whichever comes first; each game has two pairs of partners,
    # and a player's games with partners are their games of the team games.
    for one, other in itertools.permutations(ROSTER, 2):
        assert stats.partner(one, other) == stats.partner(other, one)
    team_games = sum(e.stats.games for e in evenings if e.stats.game != "bolachen")
    assert sum(p.games for p in stats.partners.values()) == 2 * team_games
    for number, record in stats.players.items():
        together = [stats.partner(number, other) for other in ROSTER if other != number]
        assert (
            sum(t.games for t in together)
            == record.of("bauerchen").figures.games + record.of("bauerschspiel").figures.games
        )
        assert sum(t.games_won for t in together) == (
            record.of("bauerchen").figures.games_won + record.of("bauerschspiel").figures.games_won
        )
    assert sum(p.evenings for p in players) == sum(len(e.players) for e in evenings)
    # The settlement pays every balance off.
    left = {number: record.balance("cents") for number, record in stats.players.items()}
    for payment in stats.payments:
        left[payment.payer] += payment.amount
        left[payment.payee] -= payment.amount
    assert set(left.values()) <= {0}
