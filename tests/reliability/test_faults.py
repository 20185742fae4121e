"""A locked, full or failing database answers 503 with Retry-After, in the client's form (a
problem document, the v1 body, a page in the pad's language), and writes nothing
(bauerblock/web/faults.py). A write waits for the lock the busy timeout, a few seconds."""

import sqlite3

import pytest

from bauerblock import store
from bauerblock.store import db as store_db
from bauerblock.web.faults import RETRY_AFTER_S
from tests.pages import csrf

GAME = {"card_points": {"A": 70}}


@pytest.fixture
def app(app_with, monkeypatch):
    # A held lock is met after a tenth of a second here, not the service's few seconds.
    monkeypatch.setattr(store_db, "BUSY_TIMEOUT_S", 0.1)
    return app_with(TESTING=False)


@pytest.fixture
def sheet(app):
    made = app.test_client().post("/api/v1/sheets", json={"game": "bauerchen"})
    assert made.status_code == 201
    return made.get_json()


def locked(app) -> sqlite3.Connection:
    """Hold the database's write lock from another connection, as a VACUUM does."""
    holder = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    return holder


def games(app, sheet) -> list:
    return app.test_client().get(f"/api/v1/sheets/{sheet['id']}").get_json()["games"]


def record(client, sheet, **headers):
    return client.post(
        f"/api/v1/sheets/{sheet['id']}/games",
        json=GAME,
        headers={"Authorization": f"Bearer {sheet['edit_token']}", **headers},
    )


def test_the_busy_timeout_is_a_few_seconds():
    assert 1 <= store_db.BUSY_TIMEOUT_S <= 5


def test_a_locked_database_answers_the_api_503_as_a_problem_and_writes_nothing(app, sheet):
    client = app.test_client()
    holder = locked(app)
    try:
        problem = record(
            client, sheet, Accept="application/problem+json", **{"Accept-Language": "de"}
        )
        plain = record(client, sheet)
    finally:
        holder.close()
    assert problem.status_code == 503
    assert problem.headers["Retry-After"] == str(RETRY_AFTER_S)
    assert problem.headers["Content-Type"] == "application/problem+json"
    body = problem.get_json()
    assert body["status"] == 503 and body["reason"] == "service_unavailable"
    assert body["type"] == "/api/v1/problems/service_unavailable"
    assert "nichts wurde geändert" in body["detail"]
    assert plain.status_code == 503 and plain.headers["Retry-After"] == str(RETRY_AFTER_S)
    assert plain.get_json()["code"] == 503
    assert "nothing was changed" in plain.get_json()["message"]
    assert games(app, sheet) == []
    # The lock gone, the same write goes through.
    assert record(client, sheet).status_code == 201


def test_a_locked_database_answers_a_page_503_in_the_pads_language(app, sheet):
    client = app.test_client()
    form = {"csrf_token": csrf(client), "game": "bauerchen"}
    holder = locked(app)
    try:
        german = client.post("/s", data=form)
        english = client.post("/s", data=form, headers={"Accept-Language": "en"})
    finally:
        holder.close()
    assert german.status_code == 503 and german.headers["Retry-After"] == str(RETRY_AFTER_S)
    assert german.headers["Content-Type"].startswith("text/html")
    page = german.get_data(as_text=True)
    assert "Gleich wieder da" in page and "nichts wurde geändert" in page
    assert english.status_code == 503
    assert "nothing was changed" in english.get_data(as_text=True)
    assert german.headers["Cache-Control"] == "no-store"
    with sqlite3.connect(app.config["DATABASE"]) as db:
        assert db.execute("SELECT count(*) FROM sheets").fetchone() == (1,)


def test_a_full_database_answers_503_and_writes_nothing(app, sheet):
    client = app.test_client()
    with app.app_context():
        db = store.get_db()
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        # No page more for this connection: the file is "full" (SQLITE_FULL).
        db.execute(f"PRAGMA max_page_count = {pages}").fetchall()
        answers = [record(client, sheet) for _ in range(80)]
        db.execute("PRAGMA max_page_count = 1073741823").fetchall()
    full = [answer for answer in answers if answer.status_code != 201]
    assert full, "the file never filled"
    assert {answer.status_code for answer in full} == {503}
    assert full[0].headers["Retry-After"] == str(RETRY_AFTER_S)
    recorded = [answer for answer in answers if answer.status_code == 201]
    assert len(games(app, sheet)) == len(recorded)


def test_an_error_of_a_statement_is_no_fault_of_the_database(app):
    """A bug (an IntegrityError) still answers 500: only the file's faults are 503."""

    @app.get("/broken")
    def broken():
        raise sqlite3.IntegrityError("UNIQUE constraint failed")

    answer = app.test_client().get("/broken")
    assert answer.status_code == 500
    assert "Retry-After" not in answer.headers
