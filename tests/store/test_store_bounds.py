"""Bounded costs: a cap on games per sheet, and writes that read no more at game 1000 than at
game 50 (counted in rows the database hands over, not in time)."""

import json

import pytest

from bauerblock import store
from bauerblock.exports.sheets import document as sheet_document
from bauerblock.services import sheets as service
from bauerblock.store.errors import SheetFull
from bauerblock.store.sheets import MAX_GAMES
from bauerblock.store.sheets.checkpoints import CHECKPOINT
from tests.long_sheets import BOLACHEN_PLAIN, fill
from tests.words import said

THREE = ["Hans", "Grete", "Karl"]


@pytest.fixture
def bolachen(db):
    sheet, _ = store.create_sheet(db, "bolachen", players=THREE, rules={"preset": "soft"})
    return sheet.id


def test_a_sheet_takes_at_most_max_games(db, bolachen):
    assert MAX_GAMES == 3000
    fill(db, bolachen, BOLACHEN_PLAIN, MAX_GAMES - 1)
    last = service.record_game(db, bolachen, BOLACHEN_PLAIN)
    assert last.number == MAX_GAMES
    with pytest.raises(SheetFull) as refused:
        service.record_game(db, bolachen, BOLACHEN_PLAIN, idempotency_key="one-too-many")
    assert said(refused.value) == "This sheet is full: at most 3000 games."
    assert refused.value.code == "sheet_full"
    head = store.load_head(db, bolachen)
    assert head.played == MAX_GAMES and head.version == last.sheet.version
    # A full sheet can still be amended and its last game undone, which makes room again.
    service.amend_game(db, bolachen, MAX_GAMES, {**BOLACHEN_PLAIN, "won": False})
    service.delete_game(db, bolachen, MAX_GAMES)
    assert service.record_game(db, bolachen, BOLACHEN_PLAIN).number == MAX_GAMES


class RowCount:
    """Count the rows SQLite hands to Python on a connection (every fetch goes through it)."""

    def __init__(self, db):
        self.db, self.rows = db, 0

    def __enter__(self):
        self.db.conn.row_factory = self._count
        return self

    def __exit__(self, *exc):
        self.db.conn.row_factory = None

    def _count(self, cursor, row):
        self.rows += 1
        return row


def cost_of_last_game_writes(db, sheet_id: str) -> tuple[int, int, int]:
    """Return the rows read to amend the last game and to undo it, and the answer's size."""
    played = store.load_head(db, sheet_id).played
    with RowCount(db) as amend:
        amended = service.amend_game(db, sheet_id, played, {**BOLACHEN_PLAIN, "won": False})
    with RowCount(db) as undo:
        deleted = service.delete_game(db, sheet_id, played)
    assert amended.state["games_from"] == played and len(amended.state["games"]) == 1
    assert deleted.state["games_from"] == played and deleted.state["games"] == []
    size = len(json.dumps(sheet_document(amended.sheet, amended.state)))
    return amend.rows, undo.rows, size


def test_amending_and_undoing_the_last_game_cost_the_same_at_game_1000(db):
    short, _ = store.create_sheet(db, "bolachen", players=THREE, rules={"preset": "soft"})
    long, _ = store.create_sheet(db, "bolachen", players=THREE, rules={"preset": "soft"})
    fill(db, short.id, BOLACHEN_PLAIN, 50)
    fill(db, long.id, BOLACHEN_PLAIN, 1000)
    at_50 = cost_of_last_game_writes(db, short.id)
    at_1000 = cost_of_last_game_writes(db, long.id)
    amend_50, undo_50, size_50 = at_50
    amend_1000, undo_1000, size_1000 = at_1000
    # The whole log was 1000 rows: a write reading it would be twenty times the one at 50.
    # Both read the games since the last checkpoint, replayed to the standing they change.
    assert amend_1000 <= 1.2 * amend_50 + 2 and amend_1000 < CHECKPOINT + 20
    assert undo_1000 <= 1.2 * undo_50 + 2 and undo_1000 < CHECKPOINT + 20
    assert size_1000 <= 1.1 * size_50


def test_amending_an_early_game_pages_from_it(db, bolachen):
    fill(db, bolachen, BOLACHEN_PLAIN, 10)
    amended = service.amend_game(db, bolachen, 8, {**BOLACHEN_PLAIN, "won": False})
    assert [game["number"] for game in amended.state["games"]] == [8, 9, 10]
    assert sheet_document(
        amended.head, store.replay(store.load_sheet(db, bolachen), games_from=8)
    ) == sheet_document(amended.sheet, amended.state)
    deleted = service.delete_game(db, bolachen, 8)
    assert [game["number"] for game in deleted.state["games"]] == [8, 9]
    assert sheet_document(
        deleted.head, store.replay(store.load_sheet(db, bolachen), games_from=8)
    ) == sheet_document(deleted.sheet, deleted.state)


def test_a_write_between_the_replay_and_the_lock_is_not_lost(db_path, db, bolachen):
    """An amendment is scored before the write lock; a game recorded meanwhile is kept."""
    fill(db, bolachen, BOLACHEN_PLAIN, 5)
    other = store.connect(db_path)
    meanwhile = []

    def record_meanwhile(statement: str) -> None:
        # Another phone records a game just before this write takes the lock.
        if statement.startswith("BEGIN IMMEDIATE") and not meanwhile:
            meanwhile.append(service.record_game(other, bolachen, BOLACHEN_PLAIN).number)

    db.conn.set_trace_callback(record_meanwhile)
    try:
        amended = service.amend_game(db, bolachen, 2, {**BOLACHEN_PLAIN, "won": False})
    finally:
        db.conn.set_trace_callback(None)
        other.close()
    assert meanwhile == [6]
    assert [game["number"] for game in amended.state["games"]] == [2, 3, 4, 5, 6]
    loaded = store.load_sheet(db, bolachen)
    assert len(loaded.entries) == 6 and loaded.entries[1]["won"] is False
    assert sheet_document(amended.head, store.replay(loaded, games_from=2)) == sheet_document(
        amended.sheet, amended.state
    )
