"""Replication with Litestream (store/replica.py): its configuration, the checkpoints it
takes over, and the restore's refusals. The restore drill itself (a live server killed,
its replica restored and served) is tests/reliability/test_restore_drill.py."""

import sqlite3
from pathlib import Path

import pytest

from bauerblock import store
from bauerblock.services import sheets as service
from bauerblock.store.db import JOURNAL_SIZE_LIMIT
from bauerblock.store.replica import (
    ReplicaError,
    checkpoint,
    litestream,
    replica_url,
    replicate_command,
    reset_command,
    restore,
    write_bound,
    write_config,
)
from tests.conftest import make_app


@pytest.mark.parametrize(
    ("replica", "url"),
    [
        (
            "s3://bucket/pub?endpoint=https://s3.example",
            "s3://bucket/pub?endpoint=https://s3.example",
        ),
        ("file:///backups/pub", "file:///backups/pub"),
        ("/backups/pub", "file:///backups/pub"),
    ],
)
def test_a_replica_is_a_url_or_a_folder(replica, url):
    assert replica_url(replica) == url


def test_a_relative_folder_is_taken_from_where_the_service_starts(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert replica_url("replica") == (tmp_path / "replica").as_uri()


def test_the_config_names_the_database_and_the_replica_and_syncs_within_a_second(tmp_path):
    path = write_config(tmp_path, tmp_path / "a b$c.sqlite3", "s3://bucket/pub")
    text = path.read_text()
    assert path == tmp_path / "litestream.yml"
    assert f'path: "{tmp_path}/a b$c.sqlite3"' in text
    assert 'url: "s3://bucket/pub"' in text
    assert "monitor-interval: 100ms" in text and "sync-interval: 300ms" in text


def test_litestream_runs_beside_the_service_and_keeps_each_argument_whole(tmp_path):
    config = tmp_path / "a b$c" / "litestream.yml"
    command = replicate_command(config)
    assert command[0] == litestream() and Path(command[0]).is_file()
    assert command[1:] == ["replicate", "-no-expand-env", "-config", str(config)]
    reset = reset_command(config, tmp_path / "a b$c.sqlite3")
    assert reset[1:] == [
        "reset",
        "-no-expand-env",
        "-config",
        str(config),
        str((tmp_path / "a b$c.sqlite3").resolve()),
    ]


def test_litestream_checkpoints_at_the_wal_bound(tmp_path):
    text = write_config(tmp_path, tmp_path / "db.sqlite3", "s3://b/p", limit=8 * 1024 * 1024)
    assert "truncate-page-n: 2048" in text.read_text()
    assert "min-checkpoint-page-count: 512" in text.read_text()


def test_every_connection_limits_the_wal_left_after_a_checkpoint(tmp_path):
    db = store.connect(tmp_path / "db.sqlite3")
    try:
        assert db.execute("PRAGMA journal_size_limit").fetchone()[0] == JOURNAL_SIZE_LIMIT
    finally:
        db.close()


def test_writes_wait_while_the_wal_is_past_its_bound_and_go_on_once_it_is_emptied(
    tmp_path, monkeypatch
):
    replicated = make_app(tmp_path, monkeypatch, REPLICA=str(tmp_path / "replica"), WAL_LIMIT_MB=4)
    bound = write_bound(replicated.config)
    assert bound == 6 * 1024 * 1024
    with replicated.app_context():
        db = store.get_db()
        sheet, _ = store.create_sheet(db, "bauerchen")
        # A reader that keeps its snapshot, as Litestream does: no checkpoint passes it.
        reader = store.connect(replicated.config["DATABASE"])
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM sheets").fetchone()
        played = 0
        try:
            with pytest.raises(sqlite3.OperationalError, match="past its bound"):
                while played < 5000:
                    service.record_game(db, sheet.id, {"card_points": {"A": 70}})
                    played += 1
        finally:
            reader.rollback()
            reader.close()
        wal = Path(f"{replicated.config['DATABASE']}-wal")
        # The last write before the refusal may cross the bound by its own pages alone.
        assert bound < wal.stat().st_size <= bound + 64 * 1024
        assert store.load_head(db, sheet.id).played == played
        checkpoint(replicated.config["DATABASE"], "TRUNCATE")
        service.record_game(db, sheet.id, {"card_points": {"A": 70}})
        assert store.load_head(db, sheet.id).played == played + 1
        # A WAL started again is cut to half the bound at most: its size alone stops nothing.
        assert db.execute("PRAGMA journal_size_limit").fetchone()[0] == bound // 2


def test_a_replicated_service_leaves_the_checkpoints_to_litestream(tmp_path, monkeypatch):
    replicated = make_app(tmp_path, monkeypatch, REPLICA=str(tmp_path / "replica"))
    with replicated.app_context():
        assert store.get_db().execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    plain = store.connect(tmp_path / "bauerblock.sqlite3")
    try:
        assert plain.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1000
        assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        plain.close()


def test_a_restore_never_overwrites_an_evening(db, db_path, created, tmp_path):
    with pytest.raises(ReplicaError, match=r"1 sheets.*fresh instance folder"):
        restore(db_path, str(tmp_path / "replica"))
    assert store.load_sheet(db, created[0].id).title == "Stammtisch"


def test_a_restore_from_a_replica_that_is_not_there_says_so(tmp_path):
    with pytest.raises(ReplicaError, match="litestream restore failed"):
        restore(tmp_path / "fresh.sqlite3", str(tmp_path / "no-replica"))
    assert not (tmp_path / "fresh.sqlite3").exists()


def test_the_restore_command_wants_a_replica(tmp_path, monkeypatch):
    runner = make_app(tmp_path, monkeypatch).test_cli_runner()
    result = runner.invoke(args=["restore"])
    assert result.exit_code != 0 and "BAUERBLOCK_REPLICA" in result.output
