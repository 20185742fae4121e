"""What each pair's phone says comes next (docs/rules.md section 5, "A pair's phone").

Eight pairs in two groups of four, two going on, a match to two rounds won; the lower pair
number wins every match, 2:1. Each case stops the tournament at a point and reads one
pair's outlook there.
"""

from dataclasses import replace

import pytest

from bauerblock.kinds.pairs.engine import (
    MatchResult,
    PairsFormat,
    PairsTournament,
    Prospect,
    Stage,
    Stakes,
    finished,
    next_draw,
    outlook,
    outlooks,
    register,
)


def _played(draws: int, played: int | None = None, **format):
    """Return the tournament after `draws` draws, the last one's first `played` matches
    played (None: all of them)."""
    tournament = PairsTournament(
        PairsFormat(**format), register([[f"A{n}", f"B{n}"] for n in range(1, 9)])
    )
    results: dict[tuple[int, int], MatchResult] = {}
    for number in range(1, draws + 1):
        done = next_draw(tournament, results, f"seed {number}")
        tournament = replace(tournament, draws=(*tournament.draws, done))
        matches = done.matches if number < draws or played is None else done.matches[:played]
        for match in matches:
            won = match.pairs[0] < match.pairs[1]
            results[(done.number, match.table)] = MatchResult((2, 1) if won else (1, 2), 5)
    return tournament, results


CASES = [
    # (draws drawn, matches of the last one played, the pair, what its outlook says)
    pytest.param(0, None, 1, {"next": Stage.GROUP, "group_round": 1}, id="before-the-first-draw"),
    pytest.param(1, 0, 1, {"playing": (1, 0)}, id="playing-its-group-match"),
    pytest.param(1, None, 1, {"next": Stage.GROUP, "group_round": 2}, id="next-group-round"),
    pytest.param(3, None, 1, {"next": Stage.SEMIFINAL}, id="group-won-semifinal-next"),
    pytest.param(3, None, 8, {"out": Stage.GROUP}, id="out-in-the-group"),
    pytest.param(4, None, 1, {"next": Stage.FINAL}, id="semifinal-won"),
    pytest.param(4, None, 0, {"next": Stage.FINAL, "third_place": True}, id="for-third-place"),
    pytest.param(5, None, 1, {"champion": True, "place": 1}, id="tournament-winner"),
    pytest.param(5, None, 2, {"out": Stage.FINAL, "place": 2}, id="final-lost"),
]


@pytest.mark.parametrize(("draws", "played", "pair", "says"), CASES)
def test_each_pair_is_told_what_comes_next(draws, played, pair, says):
    tournament, results = _played(draws, played)
    if "playing" in says:
        # The first match of the draw, still open: its first pair is playing.
        match = tournament.draws[-1].matches[0]
        pair, says = match.pairs[0], {"playing": (1, match.table)}
    if pair == 0:
        # A semi-final's loser: the higher pair of semi-final 1.
        pair = max(next(d for d in tournament.draws if d.stage is Stage.SEMIFINAL).matches[0].pairs)
    seen = outlook(tournament, results, pair)
    for name, value in says.items():
        assert getattr(seen, name) == value, (name, seen)
    if seen.out is not None:
        assert seen.place is not None and seen.place > 1


def test_a_finished_match_keeps_its_result_and_a_lost_one_its_place():
    tournament, results = _played(5)
    assert finished(tournament, results)
    told = {o.pair: o for o in outlooks(tournament, results)}
    assert [o.pair for o in told.values()] == list(range(1, 9))
    champion = told[1]
    assert champion.last is not None and champion.last.rounds == (2, 1) and champion.last.won
    assert told[2].last is not None and told[2].last.rounds == (1, 2) and not told[2].last.won
    # Nobody waits for a draw that will not come: every pair is out or the winner.
    assert all(o.next is None and o.place is not None for o in told.values())
    places = sorted(o.place for o in told.values() if o.place)
    assert places[:6] == [1, 2, 3, 4, 5, 5] and min(places[6:]) == 7


def test_a_group_finished_early_says_the_knockout_follows_and_byes_are_told():
    # 13 pairs in groups of 4, 4 and 5: the fours are done after three rounds.
    tournament = PairsTournament(
        PairsFormat(group_size=5), register([[f"A{n}", f"B{n}"] for n in range(1, 14)])
    )
    results: dict[tuple[int, int], MatchResult] = {}
    for number in range(1, 4):
        done = next_draw(tournament, results, f"seed {number}")
        tournament = replace(tournament, draws=(*tournament.draws, done))
        for match in done.matches:
            results[(number, match.table)] = MatchResult((2, 0), 9)
    told = outlooks(tournament, results)
    small = [o for o in told if o.group_done]
    playing_on = [o for o in told if o.next is Stage.GROUP]
    assert len(small) == 8 and len(playing_on) == 5
    assert all(o.group_round == 4 for o in playing_on)
    assert sum(o.bye for o in playing_on) == 1
    assert all(o.last is not None and o.last.won is not None for o in small)


FINAL_OR_THIRD = Stakes(won=Prospect(stage=Stage.FINAL), lost=Prospect(third_place=True))
STAKES = [
    # (draws drawn, matches of the last one played, the pair, what its knock-out match decides)
    pytest.param(1, None, 1, None, id="in-the-groups-nothing-yet"),
    pytest.param(3, None, 1, FINAL_OR_THIRD, id="semifinal-next"),
    pytest.param(4, 0, -1, FINAL_OR_THIRD, id="playing-its-semifinal"),
    pytest.param(3, None, 8, None, id="out-in-the-group"),
    pytest.param(4, None, 1, Stakes(Prospect(place=1), Prospect(place=2)), id="the-final"),
    pytest.param(4, None, 0, Stakes(Prospect(place=3), Prospect(place=4)), id="for-third-place"),
    pytest.param(5, None, 1, None, id="tournament-winner"),
    pytest.param(5, None, 2, None, id="final-lost"),
]


@pytest.mark.parametrize(("draws", "played", "pair", "stakes"), STAKES)
def test_a_knockout_match_says_where_a_win_and_a_loss_lead(draws, played, pair, stakes):
    tournament, results = _played(draws, played)
    semifinal = next((d for d in tournament.draws if d.stage is Stage.SEMIFINAL), None)
    if pair == -1:
        # The first semi-final, still open: its first pair is playing.
        pair = semifinal.matches[0].pairs[0]
    if pair == 0:
        pair = max(semifinal.matches[0].pairs)  # a semi-final's loser
    assert outlook(tournament, results, pair).stakes == stakes


def test_without_a_match_for_third_place_a_semifinal_loss_is_out():
    tournament, results = _played(3, third_place=False)
    told = outlook(tournament, results, 1)
    assert told.stakes == Stakes(won=Prospect(stage=Stage.FINAL), lost=Prospect())
