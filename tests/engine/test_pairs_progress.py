"""A Paarturnier from the first draw to the final ranking (docs/rules.md section 5)."""

from dataclasses import replace

import pytest

from bauerblock.engine.errors import RuleError
from bauerblock.engine.tournament import steps
from bauerblock.kinds.pairs.engine import (
    REFUSALS,
    MatchResult,
    PairsConflict,
    PairsFormat,
    PairsTournament,
    Stage,
    bracket_of,
    check_next_draw,
    finished,
    group_standings,
    knockout,
    next_draw,
    register,
    standings,
)


def _tournament(count, **format):
    return PairsTournament(
        PairsFormat(**format), register([[f"A{n}", f"B{n}"] for n in range(count)])
    )


def _won_by_lower(rounds_to_win):
    """The pair with the lower number wins, 2:1, by 5 a round won."""

    def result(one, two):
        if one < two:
            return MatchResult((rounds_to_win, rounds_to_win - 1), 5)
        return MatchResult((rounds_to_win - 1, rounds_to_win), -5)

    return result


def _play(tournament, results, outcome, stop=None):
    """Draw and play every draw (until stage `stop` is drawn); return the state."""
    results = dict(results)
    while not finished(tournament, results):
        done = next_draw(tournament, results, f"seed {len(tournament.draws) + 1}")
        tournament = replace(tournament, draws=(*tournament.draws, done))
        if done.stage is stop:
            return tournament, results
        for match in done.matches:
            results[(done.number, match.table)] = outcome(*match.pairs)
    return tournament, results


@pytest.mark.parametrize(
    ("count", "format", "stages", "places"),
    [
        pytest.param(
            16,
            {},
            ["group"] * 3 + ["quarterfinal", "semifinal", "final"],
            [1, 2, 3, 4, 5, 5, 5, 5, 9, 9, 9, 9, 13, 13, 13, 13],
            id="world-championship",
        ),
        pytest.param(
            16,
            {"third_place": False},
            ["group"] * 3 + ["quarterfinal", "semifinal", "final"],
            [1, 2, 3, 3, 5, 5, 5, 5, 9, 9, 9, 9, 13, 13, 13, 13],
            id="no-third-place",
        ),
        pytest.param(
            13,
            {"group_size": 5},
            ["group"] * 5 + ["quarterfinal", "semifinal", "final"],
            [1, 2, 3, 4, 5, 5, 7, 8, 8, 10, 11, 11, 13],
            id="thirteen-in-4-4-5",
        ),
        pytest.param(
            9,
            {"group_size": 3, "advance": 1},
            ["group"] * 3 + ["semifinal", "final"],
            [1, 2, 3, 4, 4, 4, 7, 7, 7],
            id="three-winners-one-bye-no-third-place",
        ),
    ],
)
def test_a_whole_tournament(count, format, stages, places):
    tournament, results = _play(_tournament(count, **format), {}, _won_by_lower(2))
    assert [d.stage.value for d in tournament.draws] == stages
    ranking = standings(tournament, results)
    assert [line.place for line in ranking] == places
    assert sorted(line.pair for line in ranking) == list(range(1, count + 1))
    with pytest.raises(PairsConflict) as refused:
        check_next_draw(tournament, results)
    assert refused.value.code == "pairs_finished"


def test_the_final_draw_seats_the_match_for_third_place():
    tournament, results = _play(_tournament(16), {}, _won_by_lower(2))
    final = tournament.draws[-1]
    assert final.stage is Stage.FINAL
    assert [m.third_place for m in final.matches] == [False, True]
    rounds = knockout(tournament, results)
    assert [r.stage for r in rounds] == [Stage.QUARTERFINAL, Stage.SEMIFINAL, Stage.FINAL]
    assert rounds[-1].to_dict()["matches"][1]["third_place"] is True
    ranking = standings(tournament, results)
    third = final.matches[1]
    assert ranking[2].pair == min(third.pairs) and ranking[3].pair == max(third.pairs)
    assert ranking[0].stage is Stage.FINAL and ranking[-1].stage is Stage.GROUP


def test_no_bracket_before_the_groups_are_over():
    tournament, results = _play(_tournament(16), {}, _won_by_lower(2), stop=Stage.GROUP)
    assert bracket_of(tournament, results) is None
    assert knockout(tournament, results) == ()
    assert len(group_standings(tournament, results)) == 4
    # A provisional ranking by group place alone: four share each place.
    assert [line.place for line in standings(tournament, results)][:5] == [1, 1, 1, 1, 5]


def test_the_next_draw_waits_for_every_match():
    tournament = _tournament(8)
    first = next_draw(tournament, {}, "s")
    tournament = replace(tournament, draws=(first,))
    results = {(1, 1): MatchResult((2, 0), 9)}
    with pytest.raises(PairsConflict) as refused:
        next_draw(tournament, results, "t")
    assert (refused.value.code, refused.value.params) == ("pairs_draw_open", {"number": 1})
    # Ended, its open matches count no match won, and the next group round comes.
    tournament = replace(tournament, draws=(steps.end_draw(tournament.draws, 1, REFUSALS),))
    assert next_draw(tournament, results, "t").number == 2


def test_an_undecided_knock_out_match_stops_the_next_round():
    tournament, results = _play(_tournament(8), {}, _won_by_lower(2), stop=Stage.SEMIFINAL)
    semifinal = tournament.draws[-1]
    results[(semifinal.number, 1)] = MatchResult((1, 1), 0)
    results[(semifinal.number, 2)] = MatchResult((2, 0), 3)
    tournament = replace(
        tournament,
        draws=(
            *tournament.draws[:-1],
            steps.end_draw(tournament.draws, semifinal.number, REFUSALS),
        ),
    )
    with pytest.raises(PairsConflict) as refused:
        next_draw(tournament, results, "x")
    assert refused.value.code == "pairs_match_undecided"
    assert refused.value.params == {"table": 1, "number": semifinal.number}


def test_redo_and_end_only_the_latest_draw():
    tournament = _tournament(8)
    tournament = replace(tournament, draws=(next_draw(tournament, {}, "s"),))
    tournament = replace(
        tournament,
        draws=(
            *tournament.draws,
            next_draw(
                tournament,
                {
                    (1, 1): MatchResult((2, 0), 1),
                    (1, 2): MatchResult((0, 2), -1),
                    (1, 3): MatchResult((2, 0), 1),
                    (1, 4): MatchResult((0, 2), -1),
                },
                "t",
            ),
        ),
    )
    for refuse, code in [
        (lambda: steps.end_draw(tournament.draws, 1, REFUSALS), "pairs_end_not_latest"),
        (lambda: steps.check_redo(tournament.draws, 1, {}, REFUSALS), "pairs_redo_not_latest"),
        (lambda: steps.check_redo(tournament.draws, 2, {1: 3}, REFUSALS), "pairs_redo_has_games"),
    ]:
        with pytest.raises(PairsConflict) as refused:
            refuse()
        assert refused.value.code == code
    steps.check_redo(tournament.draws, 2, {1: 0}, REFUSALS)


def test_the_first_draw_draws_the_groups_from_its_seed():
    tournament = _tournament(16)
    one, two = next_draw(tournament, {}, "a"), next_draw(tournament, {}, "a")
    assert one == two and one.seed == "a" and one.stage is Stage.GROUP
    assert len(one.matches) == 8 and one.byes == ()


def test_one_group_with_one_going_on_is_refused():
    with pytest.raises(RuleError) as refused:
        next_draw(_tournament(5, advance=1), {}, "s")
    assert refused.value.code == "pairs_knockout_too_small"
