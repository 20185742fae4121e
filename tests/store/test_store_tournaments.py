"""The tournament store: its rows, its version, the tables' tokens and one draw at a time."""

import threading

import pytest

from bauerblock import store
from bauerblock.engine.errors import RuleError
from bauerblock.exports.sheets import document as sheet_document
from bauerblock.kinds.preisbauer import engine
from bauerblock.kinds.preisbauer.store import results
from bauerblock.services import sheets as service
from bauerblock.services import tournaments as tournament_service
from bauerblock.store import tournaments
from bauerblock.store.errors import (
    DrawNotFound,
    IdempotencyConflict,
    SheetClosed,
    TournamentNotFound,
)
from tests.words import refused_saying

NAMES = [f"Spieler {n}" for n in range(1, 9)]
WIN_A = {"result": {"winner": "A", "band": "schwarz"}}


@pytest.fixture
def made(db):
    """Return a stored tournament of eight players and its edit token."""
    return tournaments.create_tournament(
        db, title="Preisbauer Zur Linde", players=NAMES, format={"draws": 2}
    )


def sheet_ids(db, tournament_id):
    return [
        row["sheet_id"]
        for row in db.query(
            "SELECT sheet_id FROM draw_tables WHERE tournament_id = ? ORDER BY draw, number",
            [tournament_id],
        )
    ]


def test_created_tournament_numbers_its_players(db, made):
    stored, token = made
    assert [p.number for p in stored.tournament.players] == list(range(1, 9))
    assert stored.rules.round_limit == 3 and stored.version == 1
    assert tournaments.check_token(db, stored.id, token)
    assert not tournaments.check_token(db, stored.id, token + "x")
    with pytest.raises(TournamentNotFound):
        tournaments.check_token(db, "nope", token)
    # Only the token's hash is stored.
    assert token not in repr(list(db.query("SELECT * FROM tournaments")))


def test_a_long_title_is_refused_so_every_table_title_fits_a_sheet(db):
    with refused_saying(RuleError, match="title"):
        tournaments.create_tournament(db, title="T" * (tournaments.MAX_TITLE + 1))
    stored, token = tournaments.create_tournament(
        db, title="T" * tournaments.MAX_TITLE, players=NAMES
    )
    _, made = tournaments.draw_next(db, stored.id, token)
    assert len(made.tables) == 2


def test_table_tokens_are_the_tables_cards_derived_and_only_their_hashes_stored(db, made):
    stored, token = made
    stored, _ = tournaments.draw_next(db, stored.id, token, seed="s")
    for (_draw, number), row in stored.tables.items():
        card = tournaments.card_token(token, number, 0)
        head = store.load_head(db, row.sheet_id)
        assert store.check_token(head, card)
        assert tournaments.check_card(db, stored.id, number, card)
        assert not store.check_token(head, tournaments.card_token("other", number, 0))
        assert card not in repr(list(db.query("SELECT * FROM sheets")))
        assert card not in repr(list(db.query("SELECT * FROM table_cards")))
        assert tournaments.sheet_tokens(db, stored.id, token)[row.sheet_id] == card
    # One card a table number and print: table 1's is not table 2's, nor its next print.
    assert tournaments.card_token(token, 1, 0) != tournaments.card_token(token, 2, 0)
    assert tournaments.card_token(token, 1, 0) != tournaments.card_token(token, 1, 1)


def test_every_table_write_changes_the_tournaments_version(db, made):
    stored, token = made
    stored, _ = tournaments.draw_next(db, stored.id, token)
    first, second = sheet_ids(db, stored.id)
    version = tournaments.tournament_version(db, stored.id)
    service.record_game(db, first, WIN_A)
    assert tournaments.tournament_version(db, stored.id) == version + 1
    service.amend_game(db, first, 1, {"result": {"winner": "B", "band": "frei"}})
    service.record_game(db, second, WIN_A)
    service.delete_game(db, second, 1)
    assert tournaments.tournament_version(db, stored.id) == version + 4
    assert tournaments.tournament_version(db, "nope") is None


def test_a_plain_sheet_changes_no_tournament(db, made, created):
    stored, _ = made
    service.record_game(db, created[0].id, WIN_A)
    assert tournaments.tournament_version(db, stored.id) == stored.version


def test_a_tables_sheet_knows_its_place(db, made):
    stored, token = made
    stored, _ = tournaments.draw_next(db, stored.id, token)
    sheet_id = sheet_ids(db, stored.id)[1]
    head = store.load_head(db, sheet_id)
    assert head.tournament == {
        "id": stored.id,
        "draw": 1,
        "table": 2,
        "ended": False,
        "closed": False,
    }
    assert sheet_document(head, {})["tournament"]["table"] == 2


def test_an_ended_draw_closes_its_sheets_to_every_write(db, made):
    stored, token = made
    stored, _ = tournaments.draw_next(db, stored.id, token)
    sheet_id = sheet_ids(db, stored.id)[0]
    service.record_game(db, sheet_id, WIN_A)
    sheet_version = store.load_head(db, sheet_id).version
    ended = tournaments.end_draw(db, stored.id, 1)
    assert ended.tournament.draws[0].ended
    # The pad's poll sees the change: the sheet has a new version.
    assert store.load_head(db, sheet_id).version == sheet_version + 1
    for write in (
        lambda: service.record_game(db, sheet_id, WIN_A),
        lambda: service.amend_game(db, sheet_id, 1, WIN_A),
        lambda: service.delete_game(db, sheet_id, 1),
    ):
        with refused_saying(SheetClosed, match="Draw 1 is closed"):
            write()
    assert store.load_head(db, sheet_id).played == 1
    assert tournaments.end_draw(db, stored.id, 1).version == ended.version
    with pytest.raises(DrawNotFound):
        tournaments.end_draw(db, stored.id, 2)


def test_a_retried_append_is_answered_even_after_the_draw_ended(db, made):
    stored, token = made
    stored, _ = tournaments.draw_next(db, stored.id, token)
    sheet_id = sheet_ids(db, stored.id)[0]
    first = service.record_game(db, sheet_id, WIN_A, idempotency_key="tap-key-0001")
    tournaments.end_draw(db, stored.id, 1)
    again = service.record_game(db, sheet_id, WIN_A, idempotency_key="tap-key-0001")
    assert again.replayed and again.kept() == first.kept()


def test_redo_deletes_the_draws_sheets_and_games_nothing_else(db, made, created):
    stored, token = made
    stored, _ = tournaments.draw_next(db, stored.id, token)
    gone = sheet_ids(db, stored.id)
    tournaments.redo_draw(db, stored.id, 1)
    assert sheet_ids(db, stored.id) == []
    assert all(store.load_head(db, sheet_id) is None for sheet_id in gone)
    assert store.load_head(db, created[0].id) is not None
    assert tournaments.load_tournament(db, stored.id).tournament.draws == ()
    with pytest.raises(DrawNotFound):
        tournaments.redo_draw(db, stored.id, 1)


def test_redo_refuses_a_draw_with_a_game_and_writes_nothing(db, made):
    stored, token = made
    stored, _ = tournaments.draw_next(db, stored.id, token)
    service.record_game(db, sheet_ids(db, stored.id)[1], WIN_A)
    version = tournaments.tournament_version(db, stored.id)
    with pytest.raises(engine.DrawHasGames):
        tournaments.redo_draw(db, stored.id, 1)
    assert tournaments.tournament_version(db, stored.id) == version
    assert len(sheet_ids(db, stored.id)) == 2


def test_a_refused_draw_stores_nothing(db):
    stored, token = tournaments.create_tournament(db, players=NAMES[:3])
    with pytest.raises(engine.TooFewPlayers):
        tournaments.draw_next(db, stored.id, token)
    assert tournaments.load_tournament(db, stored.id).version == stored.version
    assert db["sheets"].count == 0


def test_player_keys_replay_and_conflict(db, made):
    stored, _ = made
    erna = tournament_service.enter(db, stored.id, ["Erna"], idempotency_key="k-key-01")
    again = tournament_service.enter(db, stored.id, ["Erna"], idempotency_key="k-key-01")
    assert again.players == erna.players and again.replayed
    with pytest.raises(IdempotencyConflict):
        tournament_service.enter(db, stored.id, ["Otto"], idempotency_key="k-key-01")
    assert len(tournaments.load_tournament(db, stored.id).tournament.players) == 9


def test_standings_come_from_the_closed_rounds(db, made):
    stored, token = made
    stored, made_draw = tournaments.draw_next(db, stored.id, token)
    sheet_id = sheet_ids(db, stored.id)[0]
    for _ in range(4):
        service.record_game(db, sheet_id, WIN_A)
    stored = tournaments.load_tournament(db, stored.id)
    assert [len(r) for r in stored.rounds.values()] == [1]
    table = made_draw.tables[0]
    points = {line.player: line.points for line in results(stored)}
    assert {p for p, n in points.items() if n} == {table.seats[0], table.seats[2]}


def test_racing_draws_on_separate_connections_make_one(db_path, made):
    stored, token = made
    start = threading.Barrier(4)
    outcomes = []

    def press() -> None:
        connection = store.connect(db_path)
        try:
            start.wait()
            tournaments.draw_next(connection, stored.id, token)
            outcomes.append("drawn")
        except engine.StateConflict:
            outcomes.append("conflict")
        finally:
            connection.close()

    threads = [threading.Thread(target=press) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["conflict"] * 3 + ["drawn"]
    connection = store.connect(db_path)
    assert len(tournaments.load_tournament(connection, stored.id).tournament.draws) == 1
    connection.close()
