"""Sheets in the store: creation, tokens, writes, versions, refusals and idempotency."""

import re

import pytest

from bauerblock import store
from bauerblock.engine.errors import GameError, RuleError
from bauerblock.exports.sheets import document as sheet_document
from bauerblock.services import sheets as service
from tests.words import refused_saying

A_WINS = {"card_points": {"A": 72}}
B_SCHNEIDER = {"result": {"winner": "B", "band": "schneider"}}
A_SOLO = {"solo": {"team": "A", "won": True}}


def rows(db, table):
    return list(db.query(f"SELECT * FROM {table} ORDER BY 1, 2"))


def snapshot(db):
    """Return everything stored, to show that a refused write changed nothing."""
    return {table: rows(db, table) for table in ("sheets", "entries", "idempotency")}


def test_a_created_sheet_loads_as_it_was_stored(db, created):
    sheet, _ = created
    assert store.load_sheet(db, sheet.id) == sheet
    assert sheet.players == ("Hans", "Grete", "Karl", "Lise")
    assert sheet.title == "Stammtisch"
    assert sheet.version == 1
    assert sheet.entries == ()
    assert sheet.rules.to_dict()["preset"] == "lautern"


def test_defaults_name_the_seats_and_date_the_title(db):
    sheet, _ = store.create_sheet(db, "bauerchen", players=["Hans", "  ", "", "Lise"])
    assert sheet.players == ("Hans", "Spieler 2", "Spieler 3", "Lise")
    assert re.fullmatch(r"Bauerchen \d{4}-\d{2}-\d{2}", sheet.title)
    assert store.create_sheet(db, "bauerchen")[0].players == tuple(
        f"Spieler {seat}" for seat in range(1, 5)
    )


def test_settings_are_resolved_and_kept(db):
    sheet, _ = store.create_sheet(
        db, "bauerchen", rules={"preset": "siegelbach", "target": 15}, first_dealer=3
    )
    loaded = store.load_sheet(db, sheet.id)
    assert loaded.rules.to_dict()["carry_over"] is True
    assert loaded.rules.to_dict()["target"] == 15
    assert store.replay(loaded)["current"]["dealer"] == 3


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"game": "skat"}, "Unknown game"),
        ({"players": ["Hans", "Grete", "Karl"]}, "played by 4"),
        ({"players": "HansGreteKarlLise"}, "played by 4"),
        ({"players": ["Hans", "Grete", "Karl", "x" * 41]}, "at most 40"),
        ({"players": ["Hans", "Grete", "Karl", 4]}, "must be text"),
        ({"first_dealer": 4}, "first_dealer"),
        ({"rules": {"preset": "kaiserslautern"}}, "Unknown rule preset"),
        ({"rules": {"target": "twelve"}}, "whole number"),
        ({"title": "x" * 81}, "at most 80"),
    ],
)
def test_bad_settings_are_refused_and_nothing_is_stored(db, settings, message):
    game = settings.pop("game", "bauerchen")
    with refused_saying(RuleError, match=message):
        store.create_sheet(db, game, **settings)
    assert rows(db, "sheets") == []


def test_names_and_titles_are_kept_on_one_line(db):
    sheet, _ = store.create_sheet(
        db, "bauerchen", players=["Hans\n=1+1", "Grete\tB", "Karl", "Lise"], title=" A\r\nB "
    )
    assert sheet.players[:2] == ("Hans =1+1", "Grete B")
    assert sheet.title == "A B"


def test_ids_and_tokens_are_unguessable_and_distinct(db):
    made = [store.create_sheet(db, "bauerchen") for _ in range(20)]
    ids = {sheet.id for sheet, _ in made}
    tokens = {token for _, token in made}
    assert len(ids) == len(tokens) == 20
    assert all(len(sheet_id) >= 22 for sheet_id in ids)
    assert all(len(token) >= 32 for token in tokens)


def test_the_token_is_stored_only_as_a_hash(db_path, db, created):
    sheet, token = created
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    stored = db_path.read_bytes()
    assert sheet.id.encode() in stored
    assert token.encode() not in stored
    assert token not in str(rows(db, "sheets"))


def test_only_the_right_token_opens_the_sheet(db, created):
    sheet, token = created
    other_sheet, other_token = store.create_sheet(db, "bauerchen")
    assert store.check_token(sheet, token)
    assert not store.check_token(sheet, other_token)
    assert not store.check_token(other_sheet, token)
    assert not store.check_token(sheet, token[:-1])
    assert not store.check_token(sheet, "")
    assert not store.check_token(sheet, None)


def test_unknown_sheets_are_not_found(db):
    assert store.load_sheet(db, "no-such-sheet") is None
    with pytest.raises(store.SheetNotFound):
        service.record_game(db, "no-such-sheet", A_WINS)
    with pytest.raises(store.SheetNotFound):
        service.amend_game(db, "no-such-sheet", 1, A_WINS)
    with pytest.raises(store.SheetNotFound):
        service.delete_game(db, "no-such-sheet", 1)


@pytest.mark.parametrize("number", [0, 2, -1])
def test_unknown_games_are_not_found(db, created, number):
    sheet, _ = created
    service.record_game(db, sheet.id, A_WINS)
    with pytest.raises(store.GameNotFound):
        service.amend_game(db, sheet.id, number, A_WINS)
    with pytest.raises(store.GameNotFound):
        service.delete_game(db, sheet.id, number)


def test_each_write_bumps_the_version_once(db, created):
    sheet, _ = created
    appended = service.record_game(db, sheet.id, A_WINS)
    assert (appended.number, appended.replayed) == (1, False)
    assert appended.game["entry"] == A_WINS
    assert appended.sheet.version == 2
    assert appended.state["games"] == [appended.game]
    service.record_game(db, sheet.id, B_SCHNEIDER)
    amended = service.amend_game(db, sheet.id, 1, B_SCHNEIDER)
    assert amended.head.version == 4
    assert amended.state["games"][0]["entry"] == B_SCHNEIDER
    deleted = service.delete_game(db, sheet.id, 2)
    assert deleted.head.version == 5
    assert deleted.head == store.load_head(db, sheet.id)
    loaded = store.load_sheet(db, sheet.id)
    assert loaded.entries == (B_SCHNEIDER,)
    # The answer pages the games from the deleted one on: here none are left after it.
    assert sheet_document(deleted.head, store.replay(loaded, games_from=2)) == sheet_document(
        deleted.sheet, deleted.state
    )
    assert deleted.state["games"] == [] and deleted.state["games_from"] == 2


def test_the_etag_follows_the_version(db, created):
    sheet, _ = created
    other, _ = store.create_sheet(db, "bauerchen")
    appended = service.record_game(db, sheet.id, A_WINS)
    after = store.load_sheet(db, sheet.id)
    assert appended.etag == store.etag(after) != store.etag(sheet)
    assert store.version_of_etag(sheet.id, store.etag(sheet)) == 1
    assert store.version_of_etag(sheet.id, store.etag(after)) == 2
    assert store.version_of_etag(other.id, store.etag(sheet)) is None
    for junk in ("", "*", "2", "x-y", "²-" + store.etag(after)[2:]):
        assert store.version_of_etag(sheet.id, junk) is None


def test_a_stale_version_is_refused_and_nothing_is_stored(db, created):
    sheet, _ = created
    service.record_game(db, sheet.id, A_WINS, expected_version=1)
    before = snapshot(db)
    writes = [
        lambda: service.record_game(db, sheet.id, A_WINS, expected_version=1),
        lambda: service.amend_game(db, sheet.id, 1, B_SCHNEIDER, expected_version=1),
        lambda: service.delete_game(db, sheet.id, 1, expected_version=3),
    ]
    for write in writes:
        with pytest.raises(store.StaleVersion) as refused:
            write()
        assert refused.value.current == 2
        assert snapshot(db) == before
    assert service.delete_game(db, sheet.id, 1, expected_version=2).head.version == 3


def test_a_refused_entry_changes_nothing(db, created):
    sheet, _ = created
    service.record_game(db, sheet.id, A_WINS)
    before = snapshot(db)
    with pytest.raises(GameError) as refused:
        service.record_game(db, sheet.id, {"card_points": {"A": 5}}, idempotency_key="k-key-01")
    assert refused.value.number == 2
    with pytest.raises(RuleError):
        service.amend_game(db, sheet.id, 1, {"card_points": {"A": 72}, "solo": A_SOLO["solo"]})
    with pytest.raises(RuleError):
        service.record_game(db, sheet.id, {"nonsense": True})
    assert snapshot(db) == before


def test_an_amendment_that_makes_a_later_game_illegal_is_refused(db, created):
    sheet, _ = created
    b_melds_40 = {**A_WINS, "melds": [{"team": "B", "kind": "40"}]}
    for entry in (B_SCHNEIDER, b_melds_40, b_melds_40):
        service.record_game(db, sheet.id, entry)
    # Home B's schneider is worth 2, doubled by a spritz to 4; each 40 adds 2.
    amended = service.amend_game(db, sheet.id, 1, {**B_SCHNEIDER, "spritz": 1})
    assert [g["score_after"]["B"] for g in amended.state["games"]] == [4, 6, 8]
    before = snapshot(db)
    # B at 1 + 8 = 9: game 2's 40 makes 11, and game 3's 40 would pass 12.
    b_at_nine = {**B_SCHNEIDER, "melds": [{"team": "B", "kind": "20"}], "spritz": 2}
    with pytest.raises(GameError) as refused:
        service.amend_game(db, sheet.id, 1, b_at_nine)
    assert refused.value.number == 3
    assert snapshot(db) == before


def test_deleting_a_game_renumbers_the_later_ones(db, created):
    sheet, _ = created
    entries = [A_WINS, B_SCHNEIDER, {"card_points": {"B": 100}}, A_WINS]
    for entry in entries:
        service.record_game(db, sheet.id, entry)
    deleted = service.delete_game(db, sheet.id, 2)
    assert deleted.state["games_from"] == 2
    assert [g["number"] for g in deleted.state["games"]] == [2, 3]
    assert [g["entry"] for g in deleted.state["games"]] == entries[2:]
    assert [r["number"] for r in rows(db, "entries")] == [1, 2, 3]
    # The dealer moves on with every game, so the games after the gap change hands.
    assert [g["dealer"] for g in deleted.state["games"]] == [1, 2]
    assert sheet_document(
        deleted.head, store.replay(store.load_sheet(db, sheet.id), games_from=2)
    ) == sheet_document(deleted.sheet, deleted.state)
    service.delete_game(db, sheet.id, 3)
    service.delete_game(db, sheet.id, 1)
    assert store.load_sheet(db, sheet.id).entries == (entries[2],)


def test_a_retry_with_the_same_key_gets_the_first_answer(db, created):
    sheet, _ = created
    first = service.record_game(
        db, sheet.id, A_WINS, idempotency_key="tap-1-key-01", expected_version=1
    )
    # The retry carries the If-Match of its first attempt: answered, not refused as stale.
    again = service.record_game(
        db, sheet.id, A_WINS, idempotency_key="tap-1-key-01", expected_version=1
    )
    assert again.replayed and not first.replayed
    assert (again.number, again.kept(), again.etag) == (
        first.number,
        first.kept(),
        first.etag,
    )
    assert len(store.load_sheet(db, sheet.id).entries) == 1
    assert store.load_sheet(db, sheet.id).version == 2


def test_the_first_answer_stays_even_after_later_games(db, created):
    sheet, _ = created
    first = service.record_game(db, sheet.id, A_WINS, idempotency_key="tap-1-key-01")
    service.record_game(db, sheet.id, B_SCHNEIDER, idempotency_key="tap-2-key-0001")
    again = service.record_game(db, sheet.id, A_WINS, idempotency_key="tap-1-key-01")
    assert again.kept() == first.kept()
    assert again.sheet.version == 2
    assert store.load_sheet(db, sheet.id).version == 3


def test_a_key_reused_with_another_body_is_refused(db, created):
    sheet, _ = created
    service.record_game(db, sheet.id, A_WINS, idempotency_key="tap-1-key-01")
    before = snapshot(db)
    with pytest.raises(store.IdempotencyConflict):
        service.record_game(db, sheet.id, B_SCHNEIDER, idempotency_key="tap-1-key-01")
    assert snapshot(db) == before


def test_keys_are_per_sheet_and_key_order_does_not_matter(db, created):
    sheet, _ = created
    other, _ = store.create_sheet(db, "bauerchen")
    body = {"card_points": {"A": 72}, "melds": [{"team": "B", "kind": "20"}]}
    reordered = {"melds": [{"kind": "20", "team": "B"}], "card_points": {"A": 72}}
    first = service.record_game(db, sheet.id, body, idempotency_key="k-key-01")
    assert (
        service.record_game(db, sheet.id, reordered, idempotency_key="k-key-01").kept()
        == first.kept()
    )
    assert not service.record_game(db, other.id, body, idempotency_key="k-key-01").replayed


def test_a_refused_first_attempt_leaves_the_key_free(db, created):
    sheet, _ = created
    with pytest.raises(GameError):
        service.record_game(db, sheet.id, {"card_points": {"A": 5}}, idempotency_key="k-key-01")
    assert not service.record_game(db, sheet.id, A_WINS, idempotency_key="k-key-01").replayed


def test_a_resent_delete_deletes_no_second_game(db, created):
    sheet, _ = created
    for entry in (A_WINS, B_SCHNEIDER, A_WINS):
        service.record_game(db, sheet.id, entry)
    first = service.delete_game(
        db, sheet.id, 1, expected_version=4, idempotency_key="undo-1-key-01"
    )
    assert store.load_sheet(db, sheet.id).entries == (B_SCHNEIDER, A_WINS)
    # The answer was lost: the same delete again, on the version it was made on.
    again = service.delete_game(
        db, sheet.id, 1, expected_version=4, idempotency_key="undo-1-key-01"
    )
    assert again.head == first.head
    assert store.load_sheet(db, sheet.id).entries == (B_SCHNEIDER, A_WINS)
    # The key came with another request: refused, nothing changes.
    with pytest.raises(store.IdempotencyConflict):
        service.delete_game(db, sheet.id, 2, expected_version=5, idempotency_key="undo-1-key-01")
    with pytest.raises(store.IdempotencyConflict):
        service.record_game(db, sheet.id, A_WINS, idempotency_key="undo-1-key-01")
    assert store.load_sheet(db, sheet.id).version == 5
