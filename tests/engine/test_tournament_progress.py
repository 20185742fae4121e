"""Where a tournament stands: tables' progress, the next draw, redraws, late entries."""

import pytest

from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import RoundRecord
from bauerblock.engine.teams import Points, Team
from bauerblock.engine.tournament import steps
from bauerblock.kinds.preisbauer.engine import (
    MAX_PLAYERS,
    Draw,
    Format,
    Player,
    Table,
    Tournament,
    progress,
)
from tests.words import refused_saying

FORMAT = Format(rounds_per_draw=3, draws=2)
ROUND = RoundRecord(1, Team.A, Points(12, 4))
EIGHT = tuple(Player(n, f"P{n}") for n in range(1, 9))
FIRST = Draw(1, "one", (Table(1, (1, 2, 3, 4)), Table(2, (5, 6, 7, 8))), ())


def played(*per_table):
    """Rounds of draw 1 by table: how many rounds each table has completed."""
    return {(1, n): (ROUND,) * count for n, count in enumerate(per_table, start=1)}


@pytest.mark.parametrize(
    ("rounds", "expected", "finished_"),
    [
        pytest.param({}, (0, 3), False, id="no-round"),
        pytest.param(played(2), (2, 3), False, id="two-of-three"),
        pytest.param(played(3), (3, 3), True, id="three-of-three"),
    ],
)
def test_table_progress(rounds, expected, finished_):
    tournament = Tournament(FORMAT, EIGHT, (FIRST,))
    table = progress.table_progress(tournament, rounds, 1, 1)
    assert (table.rounds_played, table.rounds) == expected
    assert table.finished is finished_
    assert table.to_dict() == {
        "rounds_played": expected[0],
        "rounds": expected[1],
        "finished": finished_,
    }


@pytest.mark.parametrize(
    ("ended", "rounds", "finished_", "closed"),
    [
        pytest.param(False, played(3, 2), False, False, id="a-table-plays"),
        pytest.param(False, played(3, 3), True, True, id="all-finished"),
        pytest.param(True, played(3, 2), False, True, id="ended"),
        pytest.param(True, {}, False, True, id="ended-before-a-round"),
    ],
)
def test_a_draw_is_closed_when_finished_or_ended(ended, rounds, finished_, closed):
    first = Draw(1, "one", FIRST.tables, (), ended=ended)
    tournament = Tournament(FORMAT, EIGHT, (first,))
    assert progress.draw_finished(tournament, rounds, 1) is finished_
    assert progress.draw_closed(tournament, rounds, 1) is closed
    # The next draw waits for the current one to close.
    if closed:
        progress.check_next_draw(tournament, rounds)
    else:
        with refused_saying(progress.TablesStillPlaying, match="Draw 1 is still being played"):
            progress.check_next_draw(tournament, rounds)


def test_the_tournament_finishes_with_its_last_planned_draw():
    second = Draw(2, "two", FIRST.tables, ())
    one = Tournament(FORMAT, EIGHT, (FIRST,))
    two = Tournament(FORMAT, EIGHT, (FIRST, second))
    both = {**played(3, 3), (2, 1): (ROUND,) * 3, (2, 2): (ROUND,) * 3}
    assert not progress.finished(Tournament(FORMAT, EIGHT), {})
    assert not progress.finished(one, played(3, 3))
    assert not progress.finished(two, played(3, 3))
    assert progress.finished(two, both)
    assert progress.finished(
        Tournament(FORMAT, EIGHT, (FIRST, steps.end_draw(two.draws, 2, progress.REFUSALS))),
        played(3, 3),
    )
    with refused_saying(progress.DrawsDone, match="All 2 planned draws"):
        progress.check_next_draw(two, played(3, 3))
    with refused_saying(
        progress.TournamentFinished, match="finished: only the organiser's corrections"
    ):
        progress.check_next_draw(two, both)


def test_a_draw_needs_four_active_players():
    three = Tournament(FORMAT, EIGHT[:3])
    with refused_saying(progress.TooFewPlayers, match="at least 4 active players; there are 3"):
        progress.check_next_draw(three, {})
    withdrawn = Tournament(FORMAT, (*EIGHT[:3], Player(4, "P4", 1, 1)))
    with pytest.raises(progress.TooFewPlayers):
        progress.next_draw(withdrawn, {}, "seed")


def test_refusals_are_conflicts_or_bad_input():
    # The API answers a StateConflict with 409 and a RuleError with 422: never both.
    for conflict in (
        progress.TablesStillPlaying,
        progress.DrawsDone,
        progress.DrawHasGames,
        progress.NotLatestDraw,
    ):
        assert issubclass(conflict, progress.StateConflict)
        assert not issubclass(conflict, RuleError)
    assert issubclass(progress.TooFewPlayers, RuleError)
    assert issubclass(progress.TooManyPlayers, RuleError)
    assert not issubclass(progress.PlayerNotFound, (RuleError, progress.StateConflict))


def test_next_draw_draws_the_players_of_that_draw():
    late = Player(9, "P9", joined_draw=2)
    gone = Player(2, "P2", withdrawn_from=2)
    tournament = Tournament(FORMAT, (*EIGHT[:1], gone, *EIGHT[2:], late), (FIRST,))
    second = progress.next_draw(tournament, played(3, 3), "two")
    assert second.number == 2 and second.seed == "two"
    assert sorted([*second.seated, *second.byes]) == [1, 3, 4, 5, 6, 7, 8, 9]
    assert second == progress.next_draw(tournament, played(3, 3), "two")


def test_the_latest_draw_can_be_redone_while_no_table_has_a_game():
    second = Draw(2, "two", FIRST.tables, ())
    tournament = Tournament(FORMAT, EIGHT, (FIRST, second))
    steps.check_redo(tournament.draws, 2, {}, progress.REFUSALS)
    steps.check_redo(tournament.draws, 2, {1: 0, 2: 0}, progress.REFUSALS)
    with refused_saying(progress.DrawHasGames, match="Draw 2 cannot be redone"):
        steps.check_redo(tournament.draws, 2, {1: 0, 2: 1}, progress.REFUSALS)
    with refused_saying(progress.NotLatestDraw, match=r"Only the latest draw \(2\)"):
        steps.check_redo(tournament.draws, 1, {}, progress.REFUSALS)


def test_only_the_latest_draw_is_ended():
    tournament = Tournament(FORMAT, EIGHT, (FIRST,))
    ended = steps.end_draw(tournament.draws, 1, progress.REFUSALS)
    assert ended.ended and ended.tables == FIRST.tables
    assert steps.end_draw((ended,), 1, progress.REFUSALS) == ended
    with pytest.raises(progress.NotLatestDraw):
        steps.end_draw((FIRST, Draw(2, "two", FIRST.tables, ())), 1, progress.REFUSALS)


def test_entries_get_the_next_number_and_join_the_next_draw():
    assert progress.enter(Tournament(FORMAT), "Hans") == Player(1, "Hans", joined_draw=1)
    assert progress.enter(Tournament(FORMAT, EIGHT), "Grete") == Player(9, "Grete", joined_draw=1)
    # A number is never reused: after a withdrawal the next entry still gets a new one.
    tournament = Tournament(FORMAT, (*EIGHT[:7], Player(8, "P8", 1, 2)), (FIRST,))
    assert progress.enter(tournament, "Karl") == Player(9, "Karl", joined_draw=2)
    full = Tournament(FORMAT, tuple(Player(n, f"P{n}") for n in range(1, MAX_PLAYERS + 1)))
    with refused_saying(progress.TooManyPlayers, match=f"at most {MAX_PLAYERS} players"):
        progress.enter(full, "one too many")


def test_withdrawal_from_the_next_draw_on():
    tournament = Tournament(FORMAT, EIGHT, (FIRST,))
    gone = progress.withdraw(tournament, 3)
    assert gone == Player(3, "P3", 1, 2)
    assert not gone.active and gone.plays_in(1) and not gone.plays_in(2)
    assert progress.withdraw(Tournament(FORMAT, (gone,), (FIRST,)), 3) == gone
    with refused_saying(progress.PlayerNotFound, match="no player 12"):
        progress.withdraw(tournament, 12)


def test_player_to_dict():
    assert Player(6, "Lise", 2).to_dict() == {
        "number": 6,
        "name": "Lise",
        "active": True,
        "joined_draw": 2,
        "withdrawn_from": None,
        "missed": [],
    }


def test_a_draw_is_locked_by_the_next_draw_its_end_or_the_finished_tournament():
    second = Draw(2, "two", FIRST.tables, ())
    one = Tournament(FORMAT, EIGHT, (FIRST,))
    two = Tournament(FORMAT, EIGHT, (FIRST, second))
    # Played out but not yet followed by a draw: the table phones may still undo.
    assert not progress.draw_locked(one, played(3, 3), 1)
    assert progress.draw_locked(
        Tournament(FORMAT, EIGHT, (steps.end_draw(one.draws, 1, progress.REFUSALS),)), {}, 1
    )
    assert progress.draw_locked(two, {}, 1) and not progress.draw_locked(two, {}, 2)
    both = {**played(3, 3), (2, 1): (ROUND,) * 3, (2, 2): (ROUND,) * 3}
    assert progress.draw_locked(two, both, 2)


def test_a_finished_tournament_refuses_roster_and_draw_changes():
    second = Draw(2, "two", FIRST.tables, ())
    two = Tournament(FORMAT, EIGHT, (FIRST, steps.end_draw((FIRST, second), 2, progress.REFUSALS)))
    with pytest.raises(progress.TournamentFinished) as refused:
        progress.check_open(two, played(3, 3))
    assert refused.value.code == "tournament_finished"
    progress.check_open(Tournament(FORMAT, EIGHT), {})
    progress.check_open(Tournament(FORMAT, EIGHT, (FIRST, second)), played(3, 3))


def test_a_name_is_refused_twice_ignoring_case_and_spaces():
    # The refusal names the name it collides with, as registered.
    tournament = Tournament(FORMAT, (Player(1, "Erna Klein"),))
    with refused_saying(
        RuleError, match="Erna Klein is already registered \\(player 1\\)"
    ) as refused:
        progress.enter(tournament, "Erna  klein")
    assert refused.value.code == "duplicate_name"
    assert refused.value.params == {"name": "Erna Klein", "number": 1}
    assert progress.enter(tournament, "Erna Klein jun.").number == 2


def test_a_withdrawal_taken_back_before_the_next_draw_never_happened():
    tournament = Tournament(FORMAT, EIGHT, (FIRST,))
    gone = progress.withdraw(tournament, 3)
    assert gone.withdrawn_from == 2
    back = progress.reinstate(Tournament(FORMAT, (*EIGHT[:2], gone, *EIGHT[3:]), (FIRST,)), 3)
    assert back == EIGHT[2]
    assert progress.reinstate(tournament, 3) == EIGHT[2]
    with pytest.raises(progress.PlayerNotFound):
        progress.reinstate(tournament, 99)


def test_a_later_reinstatement_re_enters_from_the_next_draw():
    second = Draw(2, "two", FIRST.tables, ())
    gone = Player(3, "P3", withdrawn_from=2)
    tournament = Tournament(FORMAT, (*EIGHT[:2], gone, *EIGHT[3:]), (FIRST, second))
    back = progress.reinstate(tournament, 3)
    assert back.active and back.gaps == ((2, 3),)
    assert [back.plays_in(n) for n in (1, 2, 3, 4)] == [True, False, True, True]
    assert back.to_dict()["missed"] == [[2, 3]]
