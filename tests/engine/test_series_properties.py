"""Invariants of the Rangliste over generated seasons (hypothesis).

Settings come from the reproducible "engine" profile of tests/engine/conftest.py.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from bauerblock.series.engine import Finish, Result, Scoring, SeriesRules, rangliste

ENGINE = settings.get_profile("engine")


@st.composite
def results(draw, name: str) -> Result:
    """A tournament's final ranking: a few of players 1..12 (in pairs or alone), their
    places from drawn points (equal points share a place, 1., 2., 2., 4.)."""
    players = draw(st.lists(st.integers(1, 12), min_size=2, max_size=12, unique=True))
    paired = draw(st.booleans()) and len(players) >= 4
    entrants = (
        [tuple(players[i : i + 2]) for i in range(0, len(players) - 1, 2)]
        if paired
        else [(p,) for p in players]
    )
    scores = draw(st.lists(st.integers(0, 6), min_size=len(entrants), max_size=len(entrants)))
    order = sorted(range(len(entrants)), key=lambda i: -scores[i])
    finishes = []
    for rank, i in enumerate(order):
        shared = rank > 0 and scores[order[rank - 1]] == scores[i]
        place = finishes[-1].place if shared else rank + 1
        finishes.append(Finish(entrants[i], place, None if paired else scores[i]))
    return Result(name, draw(st.booleans()), tuple(finishes))


@st.composite
def seasons(draw) -> tuple[SeriesRules, list[Result]]:
    count = draw(st.integers(0, 5))
    made = [draw(results(f"t{i}")) for i in range(count)]
    paired = any(len(f.players) == 2 for r in made for f in r.finishes)
    scoring = Scoring.PLACES if paired else draw(st.sampled_from(Scoring))
    rules = SeriesRules(scoring, draw(st.integers(0, 4)), draw(st.integers(1, 3)))
    return rules, made


@settings(ENGINE)
@given(seasons(), st.randoms(use_true_random=False))
def test_order_of_tournaments_does_not_matter(season, random):
    rules, made = season
    shuffled = list(made)
    random.shuffle(shuffled)
    again, first = rangliste(rules, shuffled), rangliste(rules, made)
    assert (again.ranked, again.apart) == (first.ranked, first.apart)
    assert sorted(again.running) == sorted(first.running)


@settings(ENGINE)
@given(seasons())
def test_counted_points_are_the_best_k_of_all(season):
    rules, made = season
    everything = SeriesRules(rules.scoring, 0, rules.minimum)
    board = rangliste(rules, made)
    whole = rangliste(everything, made)
    for line in (*board.ranked, *board.apart):
        assert line.points <= line.total == whole.standing(line.player).points
        counted = [s for s in line.scores if s.counted]
        assert len(counted) == (
            line.played if rules.counted == 0 else min(rules.counted, line.played)
        )
        left = [s.points for s in line.scores if not s.counted]
        assert all(s.points >= max(left, default=0) for s in counted)


@settings(ENGINE)
@given(seasons())
def test_places_are_one_based_and_tie_consistent(season):
    rules, made = season
    board = rangliste(rules, made)

    def key(line):
        return (-line.points, -line.wins, -line.seconds, -line.played)

    for i, line in enumerate(board.ranked):
        better = sum(1 for other in board.ranked if key(other) < key(line))
        assert line.place == better + 1
        if i:
            before = board.ranked[i - 1]
            assert key(before) <= key(line)
            assert (before.place == line.place) == (key(before) == key(line))
    assert all(line.played >= rules.minimum for line in board.ranked)
    assert all(line.place is None and line.played < rules.minimum for line in board.apart)


@settings(ENGINE)
@given(seasons())
def test_running_tournaments_add_nothing(season):
    rules, made = season
    board = rangliste(rules, made)
    finished = rangliste(rules, [r for r in made if r.finished])
    assert (board.ranked, board.apart) == (finished.ranked, finished.apart)
    assert board.running == tuple(r.tournament for r in made if not r.finished)
    players = {p for r in made if r.finished for f in r.finishes for p in f.players}
    assert {line.player for line in (*board.ranked, *board.apart)} == players


@settings(ENGINE)
@given(seasons())
def test_places_give_what_the_tournament_ranked(season):
    """Under `places` each finished tournament gives 1..n: the best place n, a sharer its
    best place's points, both partners the pair's."""
    rules, made = season
    if rules.scoring is not Scoring.PLACES:
        return
    board = rangliste(rules, made)
    for result in made:
        if not result.finished:
            continue
        for finish in result.finishes:
            for player in finish.players:
                (score,) = [
                    s for s in board.standing(player).scores if s.tournament == result.tournament
                ]
                assert score.points == result.ranked - finish.place + 1
                assert 1 <= score.points <= result.ranked
