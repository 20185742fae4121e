"""Closed draws in the store: no table phone writes to them, the organiser's corrections do.

Every write path (record, amend, delete) of a closed draw's table is refused with the
table's own rights and taken as a correction; a refused write changes no standing, a
correction moves them and is kept.
"""

import pytest

from bauerblock import store
from bauerblock.engine.errors import RuleError
from bauerblock.kinds.preisbauer import engine
from bauerblock.kinds.preisbauer.store import results
from bauerblock.services import sheets as service
from bauerblock.services.corrections import correct
from bauerblock.store import tournaments
from bauerblock.store.errors import SheetClosed
from tests.told import told
from tests.words import refused_saying

NAMES = [f"Spieler {n}" for n in range(1, 9)]
WIN_A = {"result": {"winner": "A", "band": "schwarz"}}
WIN_B = {"result": {"winner": "B", "band": "schwarz"}}


@pytest.fixture
def made(db):
    """Return a stored tournament of eight players, two draws of one round, and its token."""
    return tournaments.create_tournament(
        db, players=NAMES, format={"draws": 2, "rounds_per_draw": 1}
    )


def play_out(db, sheet_id):
    """Record games at a table until it has played its rounds; return the games played."""
    while True:
        try:
            service.record_game(db, sheet_id, WIN_A)
        except (RuleError, SheetClosed):
            # "Tisch fertig"; after the last table's last game the draw is closed, too.
            return store.load_head(db, sheet_id).played


def drawn(db, stored, token, number):
    stored, made = tournaments.draw_next(db, stored.id, token, seed=f"s{number}")
    return stored, [stored.tables[(number, t.number)].sheet_id for t in made.tables]


def points(db, tournament_id):
    stored = tournaments.load_tournament(db, tournament_id)
    return {line.player: line.points for line in results(stored)}


PHONE_WRITES = {
    "record": lambda db, sheet_id, **kw: service.record_game(db, sheet_id, WIN_B, **kw),
    "amend": lambda db, sheet_id, **kw: service.amend_game(db, sheet_id, 1, WIN_B, **kw),
    "delete": lambda db, sheet_id, **kw: service.delete_game(db, sheet_id, 1, **kw),
}


@pytest.mark.parametrize("action", PHONE_WRITES)
def test_the_next_draw_closes_the_draw_before_to_its_phones(db, made, action):
    stored, token = made
    stored, first = drawn(db, stored, token, 1)
    for sheet_id in first:
        play_out(db, sheet_id)
    before = store.load_head(db, first[0])
    assert before.tournament["closed"] is False
    stored, _ = drawn(db, stored, token, 2)
    head = store.load_head(db, first[0])
    # The pad's poll sees it: the table's sheet has a new version.
    assert head.version == before.version + 1
    assert head.tournament["closed"] and head.tournament["closed_by"] == "next_draw"
    standing = points(db, stored.id)
    with refused_saying(SheetClosed, match="Draw 1 is closed – corrections are made") as refused:
        PHONE_WRITES[action](db, first[0])
    assert refused.value.code == "draw_closed" and refused.value.params == {"draw": 1}
    assert store.load_head(db, first[0]).version == head.version
    assert points(db, stored.id) == standing
    assert tournaments.load_tournament(db, stored.id).corrections == ()


def test_a_correction_moves_the_standings_and_is_kept(db, made):
    stored, token = made
    stored, first = drawn(db, stored, token, 1)
    games = play_out(db, first[0])
    for sheet_id in first[1:]:
        play_out(db, sheet_id)
    stored, _ = drawn(db, stored, token, 2)
    standing = points(db, stored.id)
    # The organiser deletes the game that won the round: its winners lose their point.
    correct(db, first[0], service.Delete(games))
    moved = points(db, stored.id)
    assert sum(moved.values()) == sum(standing.values()) - 2
    correct(db, first[0], service.Record(WIN_B))
    correct(db, first[0], service.Amend(1, WIN_B))
    kept = tournaments.load_tournament(db, stored.id).corrections
    assert [(c.draw, c.table, c.game, c.action) for c in kept] == [
        (1, 1, games, "delete"),
        (1, 1, games, "record"),
        (1, 1, 1, "amend"),
    ]
    document = told(tournaments.load_tournament(db, stored.id))
    assert document["corrections"][0] == {**kept[0].to_dict(), "draw": 1}
    assert document["draws"][0]["corrected"] and document["draws"][0]["closed"]
    assert [t["corrected"] for t in document["draws"][0]["tables"]] == [True, False]
    assert not document["draws"][1]["corrected"] and not document["draws"][1]["closed"]


def test_an_ended_draw_is_closed_and_its_later_draws_are_not(db, made):
    stored, token = made
    stored, first = drawn(db, stored, token, 1)
    service.record_game(db, first[0], WIN_A)
    tournaments.end_draw(db, stored.id, 1)
    assert store.load_head(db, first[0]).tournament["closed_by"] == "ended"
    stored, second = drawn(db, stored, token, 2)
    assert store.load_head(db, first[0]).tournament["closed_by"] == "next_draw"
    assert not store.load_head(db, second[0]).tournament["closed"]


def test_the_last_table_played_out_finishes_the_tournament_for_good(db, made):
    stored, token = made
    stored, first = drawn(db, stored, token, 1)
    for sheet_id in first:
        play_out(db, sheet_id)
    stored, second = drawn(db, stored, token, 2)
    play_out(db, second[0])
    other = store.load_head(db, second[0]).version
    assert not store.load_head(db, second[0]).tournament["closed"]
    games = play_out(db, second[1])
    # Its last game closes every table of the draw; the other table's pad sees it.
    for sheet_id in second:
        assert store.load_head(db, sheet_id).tournament["closed_by"] == "finished"
    assert store.load_head(db, second[0]).version == other + 1
    # A correction that takes the last round back does not reopen the tournament.
    correct(db, second[1], service.Delete(games))
    stored = tournaments.load_tournament(db, stored.id)
    assert told(stored)["finished"]
    with pytest.raises(SheetClosed):
        service.record_game(db, second[1], WIN_A)
    for refused in (
        lambda: tournaments.roster(db, stored.id).add(db, stored.id, ["Zu Spät"]),
        lambda: tournaments.roster(db, stored.id).withdraw(db, stored.id, 1),
        lambda: tournaments.roster(db, stored.id).reinstate(db, stored.id, 1),
        lambda: tournaments.draw_next(db, stored.id, token),
        lambda: tournaments.redo_draw(db, stored.id, 2),
        lambda: tournaments.end_draw(db, stored.id, 2),
    ):
        with refused_saying(engine.TournamentFinished, match="The tournament is finished"):
            refused()
    assert tournaments.load_tournament(db, stored.id).version == stored.version


def test_names_are_unique_ignoring_case_and_spaces(db, made):
    stored, _ = made
    # Refused naming the name it collides with, as registered.
    with refused_saying(
        engine.DuplicateName, match=r"Spieler 1 is already registered \(player 1\)"
    ):
        tournaments.roster(db, stored.id).add(db, stored.id, ["spieler  1"])
    # A name twice in a new tournament's list is input (422), not the roster's state (409).
    with refused_saying(RuleError, match=r"Erna Klein is in the list twice \(player 1\)") as twice:
        tournaments.create_tournament(db, players=["Erna Klein", "Otto", "ERNA  KLEIN"])
    assert twice.value.code == "player_name_twice"
    (jun,) = tournaments.roster(db, stored.id).add(db, stored.id, ["Spieler 1 jun."])
    assert jun.number == 9


def test_a_withdrawal_is_taken_back_or_becomes_a_re_entry(db, made):
    stored, token = made
    tournaments.roster(db, stored.id).withdraw(db, stored.id, 3)
    back = tournaments.roster(db, stored.id).reinstate(db, stored.id, 3)
    assert back.active and back.gaps == ()
    stored, _ = drawn(db, stored, token, 1)
    assert 3 in stored.tournament.draws[0].seated
    tournaments.roster(db, stored.id).withdraw(db, stored.id, 3)
    tournaments.end_draw(db, stored.id, 1)
    stored, _ = drawn(db, stored, token, 2)
    assert 3 not in stored.tournament.draws[1].seated + stored.tournament.draws[1].byes
    again = tournaments.roster(db, stored.id).reinstate(db, stored.id, 3)
    assert again.active and again.gaps == ((2, 3),)
    loaded = tournaments.load_tournament(db, stored.id).tournament.player(3)
    assert loaded == again


def test_a_tap_from_before_the_end_is_refused_as_closed_not_as_stale(db, made):
    stored, token = made
    stored, first = drawn(db, stored, token, 1)
    seen = store.load_head(db, first[0]).version
    tournaments.end_draw(db, stored.id, 1)
    with pytest.raises(SheetClosed):
        service.record_game(db, first[0], WIN_A, expected_version=seen)


def test_a_draw_drawn_anew_leaves_word_of_its_sheets(db, made):
    stored, token = made
    stored, first = drawn(db, stored, token, 1)
    assert tournaments.redrawn(db, first[0]) is None
    tournaments.redo_draw(db, stored.id, 1)
    assert store.load_head(db, first[0]) is None
    assert tournaments.redrawn(db, first[0]) == tournaments.Redrawn(tournament=stored.id, draw=1)
