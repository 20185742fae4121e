"""A rate-limit store that cannot be reached fails safe: with its SQLite file locked or
deleted, a write answers neither 500 nor past its limit. Each worker counts on its own with
the budget divided by the workers (BAUERBLOCK_WORKERS), and says so once in the log."""

import logging
import os
import sqlite3

import pytest

from bauerblock.store import counters

NEW_SHEET = {"game": "bauerchen"}
LIMITED = {"RATELIMIT_SHEETS": "4 per minute", "WORKERS": 2}
"""Four sheets a minute for the box, two for each of its two workers when counted apart."""


def creates(client, count: int) -> list[int]:
    return [client.post("/api/v1/sheets", json=NEW_SHEET).status_code for _ in range(count)]


def warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == counters.__name__]


def test_the_counters_file_is_made_with_the_instance(app_with, tmp_path):
    app_with()
    path = tmp_path / "instance" / "ratelimits.sqlite3"
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM counters").fetchone() == (0,)


def test_a_counters_file_that_cannot_be_made_stops_the_app(app_with, tmp_path):
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "ratelimits.sqlite3").mkdir()
    with pytest.raises(SystemExit, match=r"rate-limit counters file .* cannot be made"):
        app_with()


def test_a_locked_store_divides_the_budget_between_the_workers(app_with, tmp_path, caplog):
    client = app_with(**LIMITED).test_client()
    lock = sqlite3.connect(tmp_path / "instance" / "ratelimits.sqlite3", isolation_level=None)
    lock.execute("BEGIN EXCLUSIVE")
    try:
        with caplog.at_level(logging.WARNING, logger=counters.__name__):
            answers = creates(client, 3)
    finally:
        lock.rollback()
        lock.close()
    assert answers == [201, 201, 429]
    (warning,) = warnings(caplog)
    assert "divided by 2 workers" in warning


def test_a_deleted_store_divides_the_budget_between_the_workers(app_with, tmp_path, caplog):
    client = app_with(**LIMITED).test_client()
    assert creates(client, 1) == [201]
    path = tmp_path / "instance" / "ratelimits.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(f"{path}{suffix}"):
            os.unlink(f"{path}{suffix}")
    with caplog.at_level(logging.WARNING, logger=counters.__name__):
        answers = creates(client, 3)
    # Counted alone from here: 2 of the 4 (each hit counts twice), whatever the file had.
    assert answers == [201, 201, 429]
    assert len(warnings(caplog)) == 1
    assert not path.exists()


def test_a_store_made_anew_is_shared_again_by_every_worker(app_with, tmp_path):
    first = app_with(**LIMITED).test_client()
    assert creates(first, 1) == [201]
    path = tmp_path / "instance" / "ratelimits.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(f"{path}{suffix}"):
            os.unlink(f"{path}{suffix}")
    # A worker restarting makes the file again; the first one reopens it: one budget.
    second = app_with(**LIMITED).test_client()
    assert creates(second, 2) == [201, 201]
    assert creates(first, 3) == [201, 201, 429]


def test_alone_each_hit_counts_for_every_worker(tmp_path):
    storage = counters.SQLiteStorage(counters.uri_for(str(tmp_path / "gone.sqlite3")), workers=3)
    assert storage.incr("k", 60) == 3 and storage.incr("k", 60, amount=2) == 9
    assert storage.get("k") == 9 and not storage.check()
