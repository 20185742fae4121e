"""What a keyed amendment costs: a bounded answer, a few kilobytes kept, no replay under the
write lock (issue 26: an amend of game 1 at game 3000 kept a megabyte, planned under the lock).
"""

import pytest

from bauerblock import store
from bauerblock.api.paging import PAGE
from bauerblock.services.sheets import CHANGED_PAGE
from bauerblock.store.db import in_write
from bauerblock.store.sheets import MAX_GAMES
from bauerblock.store.sheets import log as sheet_log
from bauerblock.store.sheets.checkpoints import CHECKPOINT
from tests.long_sheets import BOLACHEN_PLAIN, fill
from tests.versions import if_match

SHEETS = "/api/v1/sheets"
LOST = {**BOLACHEN_PLAIN, "won": False}


@pytest.fixture
def full_sheet(app, client):
    body = {"game": "bolachen", "players": ["Hans", "Grete", "Karl"], "rules": {"preset": "soft"}}
    sheet = client.post(SHEETS, json=body).get_json()
    with app.app_context():
        fill(store.get_db(), sheet["id"], BOLACHEN_PLAIN, MAX_GAMES)
    return sheet


def keyed(sheet, key):
    return {"Authorization": f"Bearer {sheet['edit_token']}", "Idempotency-Key": key}


def kept_bytes(app, sheet_id):
    with app.app_context():
        row = store.get_db().execute(
            "SELECT SUM(LENGTH(response)) FROM idempotency WHERE owner = ?", [f"sheet:{sheet_id}"]
        )
        return row.fetchone()[0]


def test_a_keyed_amend_of_game_one_at_game_3000_keeps_a_few_kilobytes(app, client, full_sheet):
    url = f"{SHEETS}/{full_sheet['id']}/games/1"
    headers = {**keyed(full_sheet, "amend-one-0001"), **if_match(client, full_sheet["id"])}
    first = client.put(url, json=LOST, headers=headers)
    assert first.status_code == 200
    body = first.get_json()
    assert [game["number"] for game in body["games"]] == list(range(1, CHANGED_PAGE + 1))
    assert body["changed_game"]["number"] == 1 and body["changed_game"]["won"] is False
    assert body["current"]["games_played"] == MAX_GAMES
    assert body["games_more"].endswith(f"/sheets/{full_sheet['id']}?games_from={CHANGED_PAGE + 1}")
    assert len(first.data) < 8_000
    assert kept_bytes(app, full_sheet["id"]) < 8_000

    again = client.put(url, json=LOST, headers=headers)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == body and again.headers["ETag"] == first.headers["ETag"]
    with app.app_context():
        assert store.load_head(store.get_db(), full_sheet["id"]).version == body["version"]
    assert body["next"] == body["games_more"]
    assert first.headers["Link"] == f'<{body["next"]}>; rel="next"'
    # The rest is a read away, a page at a time: the link names it.
    rest = client.get(body["games_more"])
    games = rest.get_json()["games"]
    assert rest.get_json()["games_from"] == CHANGED_PAGE + 1
    first = CHANGED_PAGE + 1
    assert [game["number"] for game in games] == list(range(first, first + PAGE))
    assert rest.get_json()["next"].endswith(f"games_from={CHANGED_PAGE + PAGE + 1}&limit={PAGE}")


@pytest.mark.parametrize("key", [None, "amend-lock-0001"])
def test_the_amend_plans_its_replay_outside_the_write_lock(
    app, client, full_sheet, key, monkeypatch
):
    # Every replay of a change goes through plan_from: note whether the write lock was held.
    under_lock = []
    plan = sheet_log.plan_from

    def noted(db, head, start, entry):
        planned = plan(db, head, start, entry)
        under_lock.append((in_write(db), len(planned.rows)))
        return planned

    version = if_match(client, full_sheet["id"])
    monkeypatch.setattr(sheet_log, "plan_from", noted)
    headers = version | (
        keyed(full_sheet, key)
        if key
        else {"Authorization": keyed(full_sheet, "x")["Authorization"]}
    )
    answer = client.put(f"{SHEETS}/{full_sheet['id']}/games/1", json=LOST, headers=headers)
    assert answer.status_code == 200
    # One replay, planned in a read transaction; none under the lock. Lost instead of won
    # moves every later total: the games up to the first checkpoint are scored again.
    assert under_lock == [(False, CHECKPOINT)]
