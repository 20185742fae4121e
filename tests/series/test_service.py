"""The series' use cases at the store: a season made, entered by number, played, corrected."""

import pytest

from bauerblock.engine.errors import NotFound, RuleError, StateConflict
from bauerblock.series import service, store
from bauerblock.series.store import kept
from bauerblock.services.corrections import correct
from bauerblock.services.sheets import Amend
from bauerblock.store import tournaments
from tests.series.season import WIN_B, NoFiles, play_all, play_draw

ONE_DRAW = {"draws": 1, "rounds_per_draw": 1}


@pytest.fixture
def made(db):
    """A series (best 2 of 3 planned, at least 1) with eight players."""
    new = service.create_series(
        db, name="Westpfälzer Bauerchen-Cup 2027", season="2027", counted=2, planned=3
    )
    for n in range(1, 9):
        service.add_player(db, new.series.id, new.token, f"Spieler{n} Test")
    return new


def rows(db, table):
    return db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def test_create_series_keeps_its_settings_and_a_retry_makes_none(db):
    first = service.create_series(
        db, name=" Cup  2027 ", season="2027", minimum=2, idempotency_key="k" * 16
    )
    again = service.create_series(
        db, name=" Cup  2027 ", season="2027", minimum=2, idempotency_key="k" * 16
    )
    assert first.series.name == "Cup 2027" and first.series.rules.minimum == 2
    assert (again.series.id, again.token, again.replayed) == (first.series.id, first.token, True)
    assert store.check_token(db, first.series.id, first.token)
    assert not store.check_token(db, first.series.id, "nope")


@pytest.mark.parametrize(
    ("settings", "code"),
    [
        ({"name": "  "}, "series_name_blank"),
        ({"name": "x" * 81}, "text_too_long"),
        ({"season": "y" * 41}, "text_too_long"),
        ({"scoring": "elo"}, "series_scoring_unknown"),
        ({"counted": 4, "planned": 3}, "series_counted_over_planned"),
        ({"minimum": 0}, "series_setting_bounds"),
        ({"counted": "2"}, "series_setting_bounds"),
    ],
)
def test_bad_settings_are_refused_and_nothing_is_stored(db, settings, code):
    with pytest.raises(RuleError) as refused:
        service.create_series(db, **{"name": "Cup", **settings})
    assert refused.value.code == code
    assert rows(db, "series") == 0


def test_players_get_numbers_and_a_near_name_is_refused_naming_the_one_there(db, made):
    series = store.read_series(db, made.series.id)
    assert [p.number for p in series.players] == list(range(1, 9))
    service.add_player(db, made.series.id, made.token, "Hans Müller")
    for near in ("hans  MÜLLER", "Hans Muller", "\uff28\uff21\uff2e\uff33 Müller"):
        with pytest.raises(StateConflict) as refused:
            service.add_player(db, made.series.id, made.token, near)
        assert refused.value.code == "series_name_taken"
        assert refused.value.params == {"taken": "Hans Müller", "number": 9}
    assert len(store.read_series(db, made.series.id).players) == 9


def test_a_retried_add_answers_the_first_player(db, made):
    first = service.add_player(db, made.series.id, made.token, "Grete", idempotency_key="abcdefgh")
    again = service.add_player(db, made.series.id, made.token, "Grete", idempotency_key="abcdefgh")
    assert first.player.number == again.player.number == 9 and again.replayed


def test_a_tournament_from_the_series_takes_numbers_and_new_names(db, made):
    sid = made.series.id
    done = service.create_tournament(
        db, sid, made.token, title="Erfenbach", players=[3, 1, "Karl", 2, "Lise"]
    )
    assert [p.number for p in done.joined] == [9, 10]
    assert done.entrants == {1: (3,), 2: (1,), 3: (9,), 4: (2,), 5: (10,)}
    names = {p.number: p.name for p in done.tournament.tournament.players}
    assert names == {
        1: "Spieler3 Test",
        2: "Spieler1 Test",
        3: "Karl",
        4: "Spieler2 Test",
        5: "Lise",
    }
    assert store.read_series(db, sid).tournaments[0].id == done.tournament.id
    assert tournaments.check_token(db, done.tournament.id, done.token)


@pytest.mark.parametrize(
    ("players", "kind", "code"),
    [
        ([1, 2, 99], RuleError, "series_number_unknown"),
        ([1, 2, 2], RuleError, "series_number_twice"),
        ([1, "Spieler1 test"], StateConflict, "series_name_taken"),
        ([1, True], RuleError, "series_entry_kind"),
        ("Hans", RuleError, "series_entry_kind"),
        ([1, "Neu", "x" * 61], RuleError, "text_too_long"),
    ],
)
def test_bad_entries_are_refused_and_nothing_is_stored(db, made, players, kind, code):
    before = (rows(db, "series_players"), rows(db, "tournaments"), made.series.version)
    with pytest.raises(kind) as refused:
        service.create_tournament(db, made.series.id, made.token, players=players)
    assert refused.value.code == code
    after = store.read_series(db, made.series.id)
    assert (rows(db, "series_players"), rows(db, "tournaments")) == before[:2]
    assert after.tournaments == ()


def test_a_forgotten_player_is_not_entered_again_by_number(db, made):
    service.forget(db, made.series.id, 4, exports=NoFiles())
    with pytest.raises(StateConflict) as refused:
        service.create_tournament(db, made.series.id, made.token, players=[1, 2, 3, 4])
    assert refused.value.code == "series_player_forgotten"
    # The same name may join again, as a new player.
    again = service.add_player(db, made.series.id, made.token, "Spieler4 Test")
    assert again.player.number == 9


def test_a_series_of_own_points_takes_no_paarturnier(db):
    new = service.create_series(db, name="Punkte", scoring="tournament")
    with pytest.raises(RuleError) as refused:
        service.create_tournament(
            db, new.series.id, new.token, pairs=[["A", "B"]] * 4, format={"kind": "pairs"}
        )
    assert refused.value.code == "series_scoring_pairs"
    pairs, _ = tournaments.create_tournament(
        db, pairs=[["A", "B"], ["C", "D"], ["E", "F"], ["G", "H"]], format={"kind": "pairs"}
    )
    with pytest.raises(RuleError):
        service.join_tournament(db, new.series.id, pairs.id, token=new.token)
    assert rows(db, "series_players") == 0


def test_an_existing_tournament_joins_one_series_only(db, made):
    stored, _ = tournaments.create_tournament(
        db, players=["spieler1 TEST", "Neu A", "Spieler2 Test", "Neu B"]
    )
    joined = service.join_tournament(db, made.series.id, stored.id, token=made.token)
    assert joined.entrants == {1: (1,), 2: (9,), 3: (2,), 4: (10,)}
    assert [p.name for p in joined.joined] == ["Neu A", "Neu B"]
    other = service.create_series(db, name="Andere Serie")
    with pytest.raises(StateConflict) as refused:
        service.join_tournament(db, other.series.id, stored.id, token=other.token)
    assert refused.value.code == "series_tournament_taken"
    assert store.read_series(db, other.series.id).players == ()
    with pytest.raises(NotFound):
        service.join_tournament(db, other.series.id, "nope", token=other.token)


def test_the_series_version_follows_its_tournaments_games_and_corrections(db, made):
    done = service.create_tournament(
        db, made.series.id, made.token, players=list(range(1, 9)), format=ONE_DRAW
    )
    before = store.series_version(db, made.series.id)
    sheet_ids = play_draw(db, done.tournament.id, done.token)
    after_play = store.series_version(db, made.series.id)
    assert after_play > before
    correct(db, sheet_ids[0], Amend(1, WIN_B))
    assert store.series_version(db, made.series.id) > after_play


def test_the_rangliste_folds_finished_tournaments_and_a_correction_moves_it(db, made):
    sid = made.series.id
    first = service.create_tournament(
        db, sid, made.token, players=list(range(1, 9)), format=ONE_DRAW
    )
    running = service.create_tournament(db, sid, made.token, players=[1, 2, 3, 4, "Neu"])
    tables = play_all(db, first.tournament.id, first.token)
    board = service.board(db, sid)
    assert board.rangliste.running == (running.tournament.id,)
    standings = tournaments.load_tournament(db, first.tournament.id).ranking()
    # Places 1. (four winners: 8 - 1 + 1) and 5. (8 - 5 + 1), by the tournament's own places.
    want = {first.entrants[n][0]: 8 - place + 1 for n, (_, _, place) in standings.items()}
    assert {s.player: s.points for s in board.rangliste.ranked} == want
    assert sorted(want.values()) == [4, 4, 4, 4, 8, 8, 8, 8]
    # The organiser turns table 1's game: its two winners lose, its losers win.
    correct(db, tables[0], Amend(1, WIN_B))
    moved = service.board(db, sid)
    assert moved.series.version > board.series.version
    assert {s.player: s.points for s in moved.rangliste.ranked} != want


def test_a_running_tournament_is_not_read_for_the_rangliste(db, made, monkeypatch):
    """Flat cost: the games of a running tournament never reach the Rangliste's read."""
    sid = made.series.id
    done = service.create_tournament(
        db, sid, made.token, players=list(range(1, 9)), format={"draws": 3}
    )
    loads = []
    monkeypatch.setattr(kept, "load_tournament", lambda *a: loads.append(a))
    play_draw(db, done.tournament.id, done.token)
    board = service.board(db, sid)
    assert board.rangliste.running == (done.tournament.id,) and loads == []


def test_a_player_page_has_tournaments_partners_and_the_seat_now(db, made):
    sid = made.series.id
    first = service.create_tournament(
        db, sid, made.token, players=list(range(1, 9)), format=ONE_DRAW
    )
    play_all(db, first.tournament.id, first.token)
    second = service.create_tournament(
        db, sid, made.token, players=[1, 2, 3, 4], format={"draws": 2}
    )
    play_draw(db, second.tournament.id, second.token)
    page = service.player_page(db, sid, 1)
    assert [t.tournament.id for t in page.tournaments] == [
        first.tournament.id,
        second.tournament.id,
    ]
    assert page.tournaments[0].place in (1, 5) and page.tournaments[1].place is None
    assert page.standing is not None and page.standing.played == 1
    # One round beside a drawn partner in the first; the running second counts once it is
    # finished, as the Rangliste counts it.
    assert sum(line.rounds for line in page.partners) == 1
    assert page.seated is not None and page.seated.tournament.id == second.tournament.id
    assert page.seated.seat.entrant == 1 and page.seated.seat.table is not None
    assert page.seated.seat.draw == 1 and page.seated.seat.seat in range(4)
    play_all(db, second.tournament.id, second.token)
    page = service.player_page(db, sid, 1)
    # Three rounds a draw beside a drawn partner in the second's two draws.
    assert sum(line.rounds for line in page.partners) == 7 and page.seated is None
    won = [line.won for line in page.partners]
    assert won == sorted(won, reverse=True) and 1 not in {p.partner.number for p in page.partners}


def test_hidden_players_show_their_number_on_public_pages(db, made):
    changed = service.set_hidden(db, made.series.id, 3, True)
    assert changed.player.public_name is None and changed.player.name == "Spieler3 Test"
    shown = service.set_hidden(db, made.series.id, 3, False)
    assert shown.player.public_name == "Spieler3 Test"
    assert shown.version > changed.version
    with pytest.raises(RuleError) as refused:
        service.set_hidden(db, made.series.id, 42, True)
    assert refused.value.code == "series_number_unknown"


def test_may_forget_takes_the_series_token_or_the_players_own(db, made):
    own = store.player_token(made.token, 5)
    assert service.may_forget(db, made.series.id, 5, own)
    assert service.may_forget(db, made.series.id, 5, made.token)
    assert not service.may_forget(db, made.series.id, 6, own)
    assert not service.may_forget(db, made.series.id, 5, None)


def test_a_late_entry_takes_a_number_or_a_new_name(db, made):
    sid = made.series.id
    done = service.create_tournament(db, sid, made.token, players=[1, 2, 3, 4])
    late = service.enter_late(
        db, sid, done.tournament.id, made.token, [5, "Spät"], idempotency_key="late-entry-1"
    )
    assert late.entrants == {1: (1,), 2: (2,), 3: (3,), 4: (4,), 5: (5,), 6: (9,)}
    assert [p.name for p in late.joined] == ["Spät"]
    again = service.enter_late(
        db, sid, done.tournament.id, made.token, [5, "Spät"], idempotency_key="late-entry-1"
    )
    assert again.replayed and again.entrants == late.entrants
    other, _ = tournaments.create_tournament(db, players=["A", "B", "C", "D"])
    with pytest.raises(RuleError) as refused:
        service.enter_late(db, sid, other.id, made.token, [6])
    assert refused.value.code == "series_tournament_unknown"


def test_a_pair_partner_is_on_the_partners_table(db, made):
    sid = made.series.id
    done = service.create_tournament(
        db,
        sid,
        made.token,
        pairs=[[1, 2], [3, 4], [5, 6], [7, 8]],
        format={"kind": "pairs", "rounds_to_win": 1},
    )
    play_draw(db, done.tournament.id, done.token)
    page = service.player_page(db, sid, 1)
    assert page.partners == () and page.seated is not None and page.seated.seat.entrant == 1
    play_all(db, done.tournament.id, done.token)
    page = service.player_page(db, sid, 1)
    (line,) = page.partners
    assert line.partner.number == 2 and line.rounds >= 1 and line.won <= line.rounds
