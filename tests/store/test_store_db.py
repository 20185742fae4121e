"""The database file: schema, connection settings, start-up and the Flask wiring."""

import sqlite3
import threading
from dataclasses import replace

import pytest
from flask import Flask

from bauerblock import store
from bauerblock.engine.evening import snapshot
from bauerblock.engine.games import sheet_game
from bauerblock.exports.sheets import document as sheet_document
from bauerblock.kinds.preisbauer import engine as tournament_engine
from bauerblock.kinds.preisbauer import store as preisbauer
from bauerblock.services import sheets as service
from bauerblock.services import tournaments as tournament_service
from bauerblock.store import idempotency, tournaments
from bauerblock.store.common import canonical
from bauerblock.store.db import (
    MIGRATIONS,
    connect,
    ensure_schema,
    immediate,
    schema_version,
)
from bauerblock.store.schema import sheets as sheet_schema
from bauerblock.store.schema import tournaments as tournament_schema
from tests.words import refused_saying


def test_schema_is_created_once_and_kept(db_path, db):
    assert set(db.table_names()) >= {"sheets", "entries", "idempotency"}
    sheet, _ = store.create_sheet(db, "bauerchen")
    assert store.init_database(db_path) == len(MIGRATIONS)
    assert schema_version(db) == len(MIGRATIONS)
    assert store.load_sheet(db, sheet.id) == sheet


def test_connections_use_wal_foreign_keys_and_a_busy_timeout(db):
    assert db.journal_mode == "wal"
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
    with pytest.raises(sqlite3.IntegrityError):
        db["entries"].insert({"sheet_id": "nope", "number": 1, "entry": "{}"})


def test_workers_starting_at_once_migrate_once(tmp_path):
    path = tmp_path / "fresh.sqlite3"
    workers = 6
    barrier = threading.Barrier(workers)
    versions, errors = [], []

    def start_worker():
        barrier.wait()
        try:
            versions.append(store.init_database(path))
        except Exception as error:  # collected, so the test names it
            errors.append(error)

    threads = [threading.Thread(target=start_worker) for _ in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert versions == [len(MIGRATIONS)] * workers


def test_a_worker_finding_the_fresh_file_in_another_write_waits_for_it(tmp_path):
    # Another worker's write on the file before it is in WAL: SQLite answers the switch to
    # WAL "locked" at once (a deadlock, so no busy timeout), and a worker failing there
    # made gunicorn stop the whole server.
    path = tmp_path / "fresh.sqlite3"
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("CREATE TABLE other (x)")
    other.execute("BEGIN")
    other.execute("INSERT INTO other VALUES (1)")  # holds the file's reserved lock
    later = threading.Timer(0.3, other.commit)
    later.start()
    try:
        assert store.init_database(path) == len(MIGRATIONS)
    finally:
        later.join()
        other.close()
    db = connect(path)
    assert db.journal_mode == "wal"
    db.close()


def test_a_newer_schema_is_refused(db_path, db):
    db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    with refused_saying(store.StoreError, match="newer"):
        store.init_database(db_path)


@pytest.fixture
def bare_app(tmp_path):
    """Return a minimal Flask app with only the store wired in."""
    app = Flask(__name__)
    app.config["DATABASE"] = str(tmp_path / "instance" / "app.sqlite3")
    store.init_app(app)
    return app


def test_init_app_creates_the_database_at_start_up(bare_app):
    db = store.connect(bare_app.config["DATABASE"])
    assert "sheets" in db.table_names()
    db.close()


def test_init_db_command_reports_the_schema(bare_app):
    result = bare_app.test_cli_runner().invoke(args=["init-db"])
    assert result.exit_code == 0
    assert f"schema version {len(MIGRATIONS)}" in result.output


def test_requests_share_the_threads_connection_and_leave_no_transaction(bare_app):
    with bare_app.app_context():
        db = store.get_db()
        assert store.get_db() is db
        db.execute("BEGIN IMMEDIATE")  # as a request that failed mid-write would leave it
    with bare_app.app_context():
        assert store.get_db() is db
        assert not db.conn.in_transaction


def test_another_database_gets_its_own_connection_and_closes_the_old(bare_app, tmp_path):
    with bare_app.app_context():
        first = store.get_db()
    other = Flask(__name__)
    other.config["DATABASE"] = str(tmp_path / "other.sqlite3")
    store.init_app(other)
    with other.app_context():
        assert store.get_db() is not first
    with pytest.raises(sqlite3.ProgrammingError):
        first.execute("SELECT 1")


def test_the_old_keys_of_sheets_and_tournaments_move_into_one_store(tmp_path):
    path = tmp_path / "before.sqlite3"
    db = connect(path)
    with immediate(db):
        # Every schema before the one idempotency store.
        before = MIGRATIONS.index(sheet_schema.unify_idempotency)
        for number, migrate in enumerate(MIGRATIONS[:before], start=1):
            migrate(db)
            db.execute(f"PRAGMA user_version = {number}")
    # As the code before it wrote them: each scheme keeps the key itself. Today's code
    # reads a new tournament's table cards, a table of a later schema: it stands in while
    # the old rows are written and is gone before the migrations run.
    tournament_schema.create_table_cards(db)
    sheet, _ = store.create_sheet(db, "bauerchen")
    stored, _ = tournaments.create_tournament(db, players=["A1", "B1", "C1", "D1"])
    db.execute("DROP TABLE table_cards")
    entry = {"card_points": {"A": 80}}
    erna = tournament_engine.enter(stored.tournament, "Erna")
    with immediate(db):
        # The game as the code of that schema stored it: its standing on its row.
        played = sheet_game("bauerchen").replay(sheet.rules, sheet.first_dealer, [entry])
        standing = snapshot(played.standing)
        game, state = played.games[0].to_dict(), played.to_dict()
        db["entries"].insert(
            {
                "sheet_id": sheet.id,
                "number": 1,
                "entry": canonical(entry),
                "record": canonical(game),
                "closed": "[]",
                "standing": canonical(standing),
            }
        )
        db.execute("UPDATE sheets SET version = 2 WHERE id = ?", [sheet.id])
        head = replace(sheet, version=2, played=1, standing=standing)
        body = {"game": game, "state": sheet_document(head, {**state, "games_from": 1})}
        db["idempotency_keys"].insert(
            {
                "sheet_id": sheet.id,
                "key": "old-pad-tap-1",
                "request_hash": idempotency.fingerprint(entry),
                "status": 201,
                "response": canonical(body),
                "created": head.updated,
            }
        )
        db["tournament_players"].insert(preisbauer.player_row(stored.id, erna))
        db["tournament_keys"].insert(
            {
                "tournament_id": stored.id,
                "key": "old-late-entry",
                "request_hash": idempotency.fingerprint({"kind": "player", "name": "Erna"}),
                "kind": "player",
                "target": erna.number,
                "created": head.updated,
            }
        )
    assert ensure_schema(db) == len(MIGRATIONS)
    assert "idempotency_keys" not in db.table_names()
    assert "tournament_keys" not in db.table_names()
    retried = service.record_game(db, sheet.id, entry, idempotency_key="old-pad-tap-1")
    shown = sheet_document(retried.sheet, retried.state)
    assert retried.replayed and {"game": retried.game, "state": shown} == body
    again = tournament_service.enter(db, stored.id, ["Erna"], idempotency_key="old-late-entry")
    assert again.replayed and again.player == erna
    assert len(tournaments.load_tournament(db, stored.id).tournament.players) == 5
    kept = db.execute("SELECT key_hash, response FROM idempotency").fetchall()
    assert len(kept) == 2 and not any("old-" in key or "Erna" in body for key, body in kept)
    db.close()


def test_a_tournament_played_out_before_closed_draws_is_finished_by_the_migration(db_path, db):
    names = [f"P{n}" for n in range(4)]
    played, playing = [], []
    for made in (played, playing):
        stored, token = tournaments.create_tournament(
            db, players=names, format={"draws": 1, "rounds_per_draw": 1}
        )
        stored, _ = tournaments.draw_next(db, stored.id, token)
        made.append(stored.tables[(1, 1)].sheet_id)
    service.record_game(db, played[0], {"solo": {"team": "A", "won": True}})
    assert store.load_head(db, played[0]).tournament["closed_by"] == "finished"
    # The file as the version before left it: no corrections, no seal.
    db.executescript(
        """
        DROP TABLE corrections; DROP TABLE redrawn_sheets;
        ALTER TABLE tournament_players DROP COLUMN gaps;
        ALTER TABLE tournaments DROP COLUMN finished;
        """
    )
    tournament_schema.create_corrections(db)
    assert store.load_head(db, played[0]).tournament["closed_by"] == "finished"
    assert store.load_head(db, playing[0]).tournament["closed"] is False
