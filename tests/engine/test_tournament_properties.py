"""Invariants of draws and standings over generated tournaments (hypothesis).

Settings come from the reproducible "engine" profile of tests/engine/conftest.py.
"""

import itertools

from hypothesis import event, given, settings
from hypothesis import strategies as st

from bauerblock.engine.evening import RoundRecord
from bauerblock.engine.teams import Points, Team
from bauerblock.kinds.preisbauer.engine import (
    Draw,
    Format,
    Player,
    Table,
    Tiebreak,
    Tournament,
    draw,
    meetings,
    standings,
)

ENGINE = settings.get_profile("engine")


@st.composite
def tournaments(draw_, max_players=30):
    """A tournament with late entries, withdrawals, ended draws and random rounds.

    Its draws are seated by lot (the standings do not care how a draw was made).
    """
    fmt = Format(
        rounds_per_draw=(rounds := draw_(st.integers(1, 5))),
        draws=5,
        bye_points=draw_(st.integers(0, rounds)),
        tiebreak=draw_(st.sampled_from(Tiebreak)),
    )
    roster: list[Player] = []
    draws: list[Draw] = []
    results: dict[tuple[int, int], tuple[RoundRecord, ...]] = {}
    for number in range(1, draw_(st.integers(1, 4)) + 1):
        for _ in range(draw_(st.integers(4 if number == 1 else 0, 6))):
            roster.append(Player(len(roster) + 1, f"P{len(roster) + 1}", number))
        gone = draw_(st.sets(st.sampled_from([p.number for p in roster]), max_size=2))
        roster = [
            Player(p.number, p.name, p.joined_draw, number)
            if p.number in gone and p.active and number > 1 and len(roster) - len(gone) >= 4
            else p
            for p in roster
        ]
        active = draw_(st.permutations([p.number for p in roster if p.plays_in(number)]))
        seated = len(active) - len(active) % 4
        tables = tuple(Table(k // 4 + 1, tuple(active[k : k + 4])) for k in range(0, seated, 4))
        draws.append(
            Draw(number, str(number), tables, tuple(active[seated:]), draw_(st.booleans()))
        )
        for table in tables:
            results[(number, table.number)] = tuple(
                RoundRecord(n, draw_(st.sampled_from(Team)), Points(*draw_(finals)))
                for n in range(1, draw_(st.integers(0, rounds)) + 1)
            )
    return Tournament(fmt, tuple(roster), tuple(draws)), results


finals = st.tuples(st.integers(0, 40), st.integers(0, 40))


@settings(ENGINE, max_examples=150)
@given(tournaments())
def test_points_sum_to_two_a_completed_round_plus_the_byes(case):
    tournament, results = case
    lines = standings(tournament, results)
    completed = sum(len(r) for r in results.values())
    byes = sum(len(d.byes) for d in tournament.draws)
    assert sum(s.points for s in lines) == 2 * completed + byes * tournament.format.bye_points
    assert sum(s.rounds_played for s in lines) == 4 * completed
    assert sum(s.byes for s in lines) == byes
    assert sum(s.score_difference for s in lines) == 0
    # Per draw, the points add up to the total; None where the player took no part.
    for s in lines:
        assert sum(p for p in s.points_per_draw if p is not None) == s.points
        player = tournament.player(s.player)
        for number, points in enumerate(s.points_per_draw, start=1):
            assert (points is None) is (player is None or not player.plays_in(number))


@settings(ENGINE, max_examples=150)
@given(tournaments())
def test_places_follow_points_then_the_tiebreak_and_are_shared(case):
    tournament, results = case
    lines = standings(tournament, results)
    assert sorted(s.player for s in lines) == [p.number for p in tournament.players]

    def rank(s):
        if tournament.format.tiebreak is Tiebreak.SCORE_DIFFERENCE:
            return (s.points, s.score_difference)
        return (s.points,)

    for before, after in itertools.pairwise(lines):
        assert rank(before) >= rank(after)
        if rank(before) == rank(after):
            assert before.place == after.place and before.player < after.player
    for s in lines:
        assert s.place == 1 + sum(rank(o) > rank(s) for o in lines)


@st.composite
def histories(draw_, fewest=4, most=26, draws=3):
    """Active players and up to `draws` real earlier draws, the roster changing between."""
    players = list(range(1, draw_(st.integers(fewest, most)) + 1))
    history: list[Draw] = []
    for number in range(draw_(st.integers(0, draws))):
        history.append(draw(players, history, f"h{number}"))
        gone = draw_(st.sets(st.sampled_from(players), max_size=2))
        if len(players) - len(gone) >= 4:
            players = [p for p in players if p not in gone]
        players += range(max(players) + 1, max(players) + 1 + draw_(st.integers(0, 3)))
    return players, history, draw_(st.text(max_size=8))


@settings(ENGINE, max_examples=25)
@given(histories())
def test_every_draw_seats_everyone_once_fairly_and_by_its_seed(case):
    players, history, seed = case
    done = draw(players, history, seed)
    assert sorted([*done.seated, *done.byes]) == sorted(players)
    assert len(done.byes) == len(players) % 4
    assert done.number == len(history) + 1
    before = meetings(history).byes
    fewest = min(before.get(p, 0) for p in done.seated)
    assert all(before.get(p, 0) <= fewest for p in done.byes)
    assert draw(list(reversed(players)), history, seed) == done


@settings(ENGINE, max_examples=60)
@given(histories(fewest=8, most=16, draws=6))
def test_no_repeated_partner_where_theory_allows(case):
    players, history, seed = case
    done = draw(players, history, seed)
    met = meetings(history)
    seated = done.seated
    # Dirac: if every seated player has fresh partners among at least half the seated,
    # those fresh pairs hold a perfect matching, so the draw repeats no partner.
    fresh = min(sum(not met.partnered(p, q) for q in seated if q != p) for p in seated)
    allowed = fresh >= len(seated) / 2
    event(f"theory allows no repeat: {allowed}")
    if allowed:
        repeats = [pair for table in done.tables for pair in table.partners if met.partnered(*pair)]
        assert repeats == []
