"""Corrections across stages (docs/rules.md section 5, "Corrections across stages").

Eight pairs in two groups of four, two going on, a match to two rounds won; the lower
pair number wins every match, 2:1, unless a case corrects one. Each case corrects one
match when a stage is drawn and says what the rule makes of it: the tables it moves, or
the refusal while a moved table has games.
"""

from dataclasses import replace

import pytest

from bauerblock.kinds.pairs.engine import (
    MatchResult,
    PairsConflict,
    PairsDraw,
    PairsFormat,
    PairsTournament,
    Stage,
    check_moves,
    check_next_draw,
    finished,
    group_standings,
    moves,
    next_draw,
    register,
)
from tests.words import said

WON = MatchResult((2, 1), 5)
LOST = MatchResult((1, 2), -5)


def _played(stop: Stage):
    """Return the tournament with draws up to `stop` drawn (its tables unplayed)."""
    tournament = PairsTournament(PairsFormat(), register([[f"A{n}", f"B{n}"] for n in range(1, 9)]))
    results: dict[tuple[int, int], MatchResult] = {}
    while not finished(tournament, results):
        done = next_draw(tournament, results, f"seed {len(tournament.draws) + 1}")
        tournament = replace(tournament, draws=(*tournament.draws, done))
        if done.stage is stop:
            return tournament, results
        for match in done.matches:
            results[(done.number, match.table)] = WON if match.pairs[0] < match.pairs[1] else LOST
    raise AssertionError(stop)


def _group_runner_up_match(tournament, results):
    """Return the place of group A's match of its second and third (their swap)."""
    second, third = (line.pair for line in group_standings(tournament, results)["A"][1:3])
    return next(
        ((d.number, m.table), m.pairs.index(third))
        for d in tournament.draws
        if d.stage is Stage.GROUP
        for m in d.matches
        if set(m.pairs) == {second, third}
    )


def _semifinal_1(tournament, results):
    """Return the place of semi-final 1 and the index of its loser (the higher number)."""
    semis = next(d for d in tournament.draws if d.stage is Stage.SEMIFINAL)
    match = semis.matches[0]
    return (semis.number, match.table), match.pairs.index(max(match.pairs))


def _won_by(index: int, rounds=(2, 1)) -> MatchResult:
    """Return a result the pair at `index` (0, 1) won by `rounds`."""
    first, second = rounds
    return MatchResult((first, second), 5) if index == 0 else MatchResult((second, first), -5)


CASES = [
    # (what is corrected, when the stage it feeds is drawn, how, games there, the moves or
    # the refusal's code)
    pytest.param("group", Stage.SEMIFINAL, "other winner", {}, ["semifinal"], id="group-moves"),
    pytest.param(
        "group", Stage.SEMIFINAL, "other winner", {1: 1}, "pairs_stage_running", id="group-waits"
    ),
    pytest.param("group", Stage.SEMIFINAL, "same winner", {1: 1}, [], id="group-score"),
    pytest.param(
        "semifinal", Stage.FINAL, "other winner", {}, ["final", "third"], id="semifinal-moves"
    ),
    pytest.param(
        "semifinal",
        Stage.FINAL,
        "other winner",
        {2: 1},
        "pairs_stage_running",
        id="semifinal-waits-for-the-third-place",
    ),
    pytest.param("semifinal", Stage.FINAL, "same winner", {1: 3, 2: 3}, [], id="semifinal-3-0"),
    pytest.param(
        "semifinal", Stage.FINAL, "no winner", {}, "pairs_winner_needed", id="semifinal-undecided"
    ),
]


@pytest.mark.parametrize(("corrected", "drawn", "how", "games", "wanted"), CASES)
def test_a_correction_across_stages(corrected, drawn, how, games, wanted):
    tournament, results = _played(drawn)
    find = _group_runner_up_match if corrected == "group" else _semifinal_1
    place, loser = find(tournament, results)
    winner = 1 - loser
    results[place] = {
        "other winner": _won_by(loser),
        "same winner": _won_by(winner, (2, 0)),
        "no winner": MatchResult((1, 1), 0),
    }[how]
    moved = moves(tournament, results)
    fed = tournament.draws[-1]
    at_tables = {(fed.number, table): count for table, count in games.items()}
    if isinstance(wanted, str):
        with pytest.raises(PairsConflict) as refused:
            check_moves(moved, at_tables)
        assert refused.value.code == wanted
        return
    check_moves(moved, at_tables)
    assert ["third" if m.third_place else m.stage.value for m in moved] == wanted
    for move in moved:
        assert move.draw == fed.number and set(move.before) != set(move.seated)


def test_the_refusal_names_the_matches_in_the_way():
    tournament, results = _played(Stage.FINAL)
    place, loser = _semifinal_1(tournament, results)
    results[place] = _won_by(loser)
    fed = tournament.draws[-1].number
    with pytest.raises(PairsConflict) as refused:
        check_moves(moves(tournament, results), {(fed, 1): 2})
    assert said(refused.value) == "Already being played: the final. Delete the games there first."
    assert refused.value.params["tables"] == [1] and refused.value.params["stage"] == "final"


def test_a_knockout_seated_before_the_rule_is_refused_in_words_not_500():
    tournament, results = _played(Stage.FINAL)
    semis = next(d for d in tournament.draws if d.stage is Stage.SEMIFINAL)
    # Semi-finals stored with other pairs than the groups sent, as before the rule: the
    # second pairs of the two swapped.
    (one, two), (three, four) = (m.pairs for m in semis.matches)
    swapped = (
        replace(semis.matches[0], pairs=(one, four)),
        replace(semis.matches[1], pairs=(three, two)),
    )
    stale: PairsDraw = replace(semis, matches=swapped)
    draws = tuple(stale if d.number == semis.number else d for d in tournament.draws[:-1])
    with pytest.raises(PairsConflict) as refused:
        check_next_draw(replace(tournament, draws=draws), results)
    assert refused.value.code == "pairs_bracket_moved"


def test_the_same_matches_at_other_tables_are_no_move():
    tournament, results = _played(Stage.SEMIFINAL)
    semis = tournament.draws[-1]
    one, two = semis.matches
    swapped = (replace(two, table=1), replace(one, table=2, pairs=one.pairs[::-1]))
    draws = (*tournament.draws[:-1], replace(semis, matches=swapped))
    assert moves(replace(tournament, draws=draws), results) == ()
