"""The store keeps Bauerschspiel and Bolachen sheets as it keeps Bauerchen: generic."""

import re

import pytest

from bauerblock import store
from bauerblock.engine.errors import GameError, RuleError
from bauerblock.exports.sheets import document as sheet_document
from bauerblock.services import sheets as service
from tests.words import refused_saying

MORD = {"declarer": 2, "contract": "mord", "won": True}
BRAND = {"declarer": 0, "contract": "brand", "trump": "schellen", "tricks": 6}


def rows(db, table):
    return list(db.query(f"SELECT * FROM {table} ORDER BY 1, 2"))


def snapshot(db):
    return {table: rows(db, table) for table in ("sheets", "entries", "idempotency")}


@pytest.mark.parametrize(
    ("game", "seats", "preset"),
    [("bauerschspiel", 4, "dillkreis"), ("bolachen", 3, "soft")],
)
def test_a_created_sheet_loads_as_it_was_stored(db, game, seats, preset):
    sheet, token = store.create_sheet(db, game)
    assert store.load_sheet(db, sheet.id) == sheet
    assert store.check_token(sheet, token)
    assert sheet.players == tuple(f"Spieler {seat}" for seat in range(1, seats + 1))
    assert sheet.rules.to_dict()["preset"] == preset
    assert re.fullmatch(rf"{game.capitalize()} \d{{4}}-\d{{2}}-\d{{2}}", sheet.title)
    assert store.replay(sheet)["games"] == []


def test_rules_are_resolved_and_kept(db):
    sheet, _ = store.create_sheet(
        db, "bolachen", rules={"preset": "hard", "tariff": 20, "limit": 500}, first_dealer=2
    )
    loaded = store.load_sheet(db, sheet.id)
    assert loaded.rules.to_dict() == {
        "preset": "hard",
        "tariff": 20,
        "mord_pays_five": False,
        "limit": 500,
    }
    assert store.replay(loaded)["current"]["dealer"] == 2
    board, _ = store.create_sheet(db, "bauerschspiel", rules={"strokes": 3})
    assert store.replay(store.load_sheet(db, board.id))["current"]["strokes"] == {"A": 3, "B": 3}


@pytest.mark.parametrize(
    ("game", "settings", "message"),
    [
        ("bolachen", {"players": ["Hans", "Grete", "Karl", "Lise"]}, "played by 3"),
        ("bolachen", {"players": ["Hans", "Grete"]}, "played by 3"),
        ("bolachen", {"first_dealer": 3}, "first_dealer"),
        ("bolachen", {"rules": {"preset": "lautern"}}, "Unknown rule preset"),
        ("bolachen", {"rules": {"mord_pays_five": True}}, "hard score"),
        ("bauerschspiel", {"players": ["Hans", "Grete", "Karl"]}, "played by 4"),
        ("bauerschspiel", {"rules": {"strokes": 0}}, "strokes"),
        ("bauerschspiel", {"first_dealer": 4}, "first_dealer"),
    ],
)
def test_bad_settings_are_refused_and_nothing_is_stored(db, game, settings, message):
    with refused_saying(RuleError, match=message):
        store.create_sheet(db, game, **settings)
    assert rows(db, "sheets") == []


def test_a_bolachen_sheet_is_written_and_replayed(db):
    sheet, _ = store.create_sheet(db, "bolachen", players=["Hans", "Grete", "Karl"])
    appended = service.record_game(db, sheet.id, MORD)
    assert appended.game["totals_after"] == [-3, -3, 6]
    service.record_game(db, sheet.id, BRAND)
    amended = service.amend_game(db, sheet.id, 1, {**MORD, "won": False})
    assert [g["totals_after"] for g in amended.state["games"]] == [[3, 3, -6], [5, 2, -7]]
    deleted = service.delete_game(db, sheet.id, 1)
    assert deleted.state["games"][0]["totals_after"] == [2, -1, -1]
    assert deleted.state["games"][0]["dealer"] == 0
    loaded = store.load_sheet(db, sheet.id)
    assert loaded.entries == (BRAND,)
    assert sheet_document(deleted.head, store.replay(loaded)) == sheet_document(
        deleted.sheet, deleted.state
    )


def test_a_bauerschspiel_sheet_is_written_and_replayed(db):
    sheet, _ = store.create_sheet(db, "bauerschspiel")
    for winner in "AAAA":
        service.record_game(db, sheet.id, {"winner": winner})
    fifth = service.record_game(db, sheet.id, {"winner": "A"}, idempotency_key="tap-5-key-0001")
    assert fifth.game["events"] == ["nullchen"]
    retry = service.record_game(db, sheet.id, {"winner": "A"}, idempotency_key="tap-5-key-0001")
    assert retry.replayed and retry.kept() == fifth.kept()
    state = store.replay(store.load_sheet(db, sheet.id))
    assert state["current"]["nullchen"] == {"A": 1, "B": 0}
    assert state["current"]["games_played"] == 5


@pytest.mark.parametrize(
    ("game", "entry"),
    [
        ("bauerschspiel", {"winner": "A", "home": "A"}),
        ("bauerschspiel", {"card_points": {"A": 72}}),
        ("bolachen", {"winner": "A"}),
        ("bolachen", {**BRAND, "tricks": 11}),
        ("bolachen", {"declarer": 0, "contract": "brand", "won": True}),
    ],
)
def test_a_refused_game_writes_nothing(db, game, entry):
    sheet, _ = store.create_sheet(db, game)
    before = snapshot(db)
    with pytest.raises(GameError):
        service.record_game(db, sheet.id, entry, idempotency_key="k-key-01")
    assert snapshot(db) == before


def test_an_amendment_that_ends_the_evening_early_is_refused(db):
    sheet, _ = store.create_sheet(db, "bolachen", rules={"limit": 6})
    service.record_game(db, sheet.id, {**MORD, "won": False})  # [3, 3, -6]
    service.record_game(db, sheet.id, MORD)  # [0, 0, 0]
    before = snapshot(db)
    # Game 1 as a won Mord reaches 6: game 2 would come after the end of the evening.
    with refused_saying(GameError, match="ended at game 1") as caught:
        service.amend_game(db, sheet.id, 1, MORD)
    assert caught.value.number == 2
    assert snapshot(db) == before
