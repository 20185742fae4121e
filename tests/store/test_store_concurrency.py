"""Writers racing on one sheet, each on its own connection as gunicorn workers would be."""

import threading

from bauerblock import store
from bauerblock.services import sheets as service

A_WINS = {"card_points": {"A": 72}}


def race(db_path, writers, write):
    """Run `write(db, index)` in `writers` threads started together; return their results."""
    barrier = threading.Barrier(writers)
    results, errors = [None] * writers, []

    def run(index):
        db = store.connect(db_path)
        try:
            barrier.wait()
            results[index] = write(db, index)
        except Exception as error:  # collected, so the test names it
            errors.append(error)
        finally:
            db.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    return results


def test_concurrent_games_are_all_recorded_exactly_once(db_path, db, created):
    sheet, _ = created
    writers, games_each = 8, 5

    def record(conn, index):
        return [
            service.record_game(
                conn, sheet.id, A_WINS, idempotency_key=f"k-{index:02}-{game:03}"
            ).number
            for game in range(games_each)
        ]

    numbers = race(db_path, writers, record)

    recorded = writers * games_each
    assert sorted(n for each in numbers for n in each) == list(range(1, recorded + 1))
    loaded = store.load_sheet(db, sheet.id)
    assert len(loaded.entries) == recorded
    assert loaded.version == 1 + recorded
    assert db.execute("SELECT count(*) FROM idempotency").fetchone()[0] == recorded


def test_concurrent_retries_of_one_tap_record_one_game(db_path, db, created):
    sheet, _ = created
    writers = 8

    def retry(conn, index):
        return service.record_game(conn, sheet.id, A_WINS, idempotency_key="tap-key-0001")

    answers = race(db_path, writers, retry)

    assert sum(not answer.replayed for answer in answers) == 1
    assert all(answer.kept() == answers[0].kept() for answer in answers)
    loaded = store.load_sheet(db, sheet.id)
    assert (len(loaded.entries), loaded.version) == (1, 2)


def test_concurrent_writes_with_one_expected_version_let_one_through(db_path, db, created):
    sheet, _ = created
    writers = 6

    def write(conn, index):
        try:
            return service.record_game(conn, sheet.id, A_WINS, expected_version=1)
        except store.StaleVersion:
            return None

    answers = race(db_path, writers, write)

    assert sum(answer is not None for answer in answers) == 1
    assert store.load_sheet(db, sheet.id).version == 2
