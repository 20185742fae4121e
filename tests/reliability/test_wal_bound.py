"""VACUUM leaves no WAL the size of the database: every connection limits what a WAL keeps
of its file (store/db.py's JOURNAL_SIZE_LIMIT), and `flask expire`'s VACUUM checkpoints and
starts the WAL again after it (store/maintenance.py)."""

from pathlib import Path

from bauerblock import store
from bauerblock.store.db import JOURNAL_SIZE_LIMIT
from bauerblock.store.maintenance import vacuum


def test_a_vacuum_leaves_a_wal_within_the_journal_size_limit(tmp_path):
    path = tmp_path / "db.sqlite3"
    store.init_database(path)
    db = store.connect(path)
    try:
        db.execute("CREATE TABLE ballast (x BLOB)")
        with store.db.immediate(db):
            for _ in range(6000):
                db.execute("INSERT INTO ballast VALUES (randomblob(4000))")
        db.execute("DELETE FROM ballast WHERE rowid % 2 = 0")
        database = Path(path).stat().st_size
        assert database > 4 * JOURNAL_SIZE_LIMIT
        vacuum(db)
        wal = Path(f"{path}-wal").stat().st_size
    finally:
        db.close()
    assert wal <= JOURNAL_SIZE_LIMIT < database / 4
