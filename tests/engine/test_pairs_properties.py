"""Invariants of the Paarturnier over generated tournaments (hypothesis).

Settings come from the reproducible "engine" profile of tests/engine/conftest.py, with
fewer examples: a whole tournament of up to 64 pairs is played per example.
"""

import itertools
from collections import Counter
from dataclasses import replace

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bauerblock.kinds.pairs.engine import (
    MatchResult,
    PairsFormat,
    PairsTournament,
    Stage,
    bracket_of,
    draw_groups,
    finished,
    group_draw,
    group_rounds,
    group_sizes,
    groups_of,
    meeting_round,
    next_draw,
    register,
    schedule,
    standings,
)

ENGINE = settings(settings.get_profile("engine"), max_examples=40, deadline=None)

formats = st.builds(
    PairsFormat,
    rounds_to_win=st.integers(1, 5),
    group_size=st.integers(3, 6),
    advance=st.integers(1, 2),
    third_place=st.booleans(),
)


@st.composite
def played(draw_, max_pairs=64):
    """A tournament played to its end with drawn results; its format makes a knock-out."""
    fmt = draw_(formats)
    count = draw_(st.integers(4, max_pairs))
    assume(len(group_sizes(count, fmt.group_size)) * fmt.advance >= 2)
    tournament = PairsTournament(fmt, register([[f"A{n}", f"B{n}"] for n in range(count)]))
    results: dict[tuple[int, int], MatchResult] = {}
    while not finished(tournament, results):
        done = next_draw(tournament, results, draw_(st.text("ab", max_size=3)))
        tournament = replace(tournament, draws=(*tournament.draws, done))
        for match in done.matches:
            first_wins = draw_(st.booleans())
            lost = draw_(st.integers(0, fmt.rounds_to_win - 1))
            rounds = (fmt.rounds_to_win, lost) if first_wins else (lost, fmt.rounds_to_win)
            difference = draw_(st.integers(-60, 60))
            results[(done.number, match.table)] = MatchResult(rounds, difference)
    return tournament, results


@ENGINE
@given(st.integers(4, 64), st.integers(3, 6), st.text(max_size=5))
def test_every_pair_meets_every_other_of_its_group_once(count, size, seed):
    groups = draw_groups(list(range(1, count + 1)), size, seed)
    assert groups == draw_groups(list(range(1, count + 1)), size, seed)
    assert sorted(p for g in groups for p in g.pairs) == list(range(1, count + 1))
    assert max(len(g.pairs) for g in groups) - min(len(g.pairs) for g in groups) <= 1
    draws = [group_draw(groups, n, n, seed) for n in range(1, group_rounds(groups) + 1)]
    met = Counter(frozenset(m.pairs) for d in draws for m in d.matches)
    wanted = {frozenset(two) for g in groups for two in itertools.combinations(g.pairs, 2)}
    assert set(met) == wanted and set(met.values()) == {1}
    for n, d in enumerate(draws, start=1):
        seated = [p for m in d.matches for p in m.pairs]
        assert len(seated) == len(set(seated))
        assert set(seated).isdisjoint(d.byes)
        # Freilos only for the pairs of groups that still play this round.
        playing = [p for g in groups if n <= len(schedule(g)) for p in g.pairs]
        assert sorted([*seated, *d.byes]) == sorted(playing)


@ENGINE
@given(played())
def test_the_bracket_and_the_final_ranking(state):
    tournament, results = state
    fmt = tournament.format
    groups = groups_of(tournament)
    group_of = {p: g.name for g in groups for p in g.pairs}
    bracket = bracket_of(tournament, results)
    assert bracket is not None
    qualified = [p for p in bracket.slots if p is not None]
    # Every qualified pair exactly once: the best `advance` of each group.
    assert len(qualified) == len(set(qualified)) == len(groups) * fmt.advance
    assert bracket.size == 1 << (len(qualified) - 1).bit_length() or bracket.size == 2
    # Two pairs of one group meet only in the final: the structure forces no earlier.
    slot = {p: i for i, p in enumerate(bracket.slots) if p is not None}
    for one, two in itertools.combinations(qualified, 2):
        if group_of[one] == group_of[two]:
            assert meeting_round(slot[one], slot[two]) == bracket.rounds
    # Each knock-out round one draw, a pair at most once a draw.
    knockout = [d for d in tournament.draws if d.stage is not Stage.GROUP]
    assert len(knockout) == bracket.rounds
    for d in tournament.draws:
        seated = [p for m in d.matches for p in m.pairs]
        assert len(seated) == len(set(seated))
    # The final ranking places every pair exactly once.
    ranking = standings(tournament, results)
    assert sorted(line.pair for line in ranking) == [p.number for p in tournament.pairs]
    assert [line.place for line in ranking] == sorted(line.place for line in ranking)
    assert ranking[0].place == 1 and ranking[1].place == 2
    assert ranking[0].stage is Stage.FINAL and ranking[1].stage is Stage.FINAL
    thirds = [line.place for line in ranking if line.stage is Stage.SEMIFINAL]
    if bracket.rounds >= 2 and len(thirds) == 2:
        assert thirds == ([3, 4] if fmt.third_place else [3, 3])
    out = [line for line in ranking if line.stage is Stage.GROUP]
    assert len(out) == len(tournament.pairs) - len(qualified)


@ENGINE
@given(played(max_pairs=20), st.text(max_size=4))
def test_the_same_seed_gives_the_same_draws(state, seed):
    tournament, results = state
    replayed = PairsTournament(tournament.format, tournament.pairs)
    for done in tournament.draws:
        assert next_draw(replayed, results, done.seed) == done
        replayed = replace(replayed, draws=(*replayed.draws, done))
    assert standings(replayed, results) == standings(tournament, results)
