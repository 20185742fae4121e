"""Expiry and backup, as an operator runs them: `flask expire` and `flask backup PATH`."""

import pytest

from bauerblock import create_app, store
from bauerblock.services import sheets as service
from bauerblock.store import groups, tournaments
from bauerblock.store.maintenance import backup, expire

A_WINS = {"card_points": {"A": 80}}
LONG_AGO = "2020-01-01T00:00:00+00:00"


def backdate(db, table: str, row_id: str) -> None:
    db.execute(f"UPDATE {table} SET updated = ? WHERE id = ?", [LONG_AGO, row_id])


def count(db, sql: str, *params) -> int:
    return db.execute(sql, params).fetchone()[0]


def test_old_keys_expire_and_fresh_ones_stay(db, created):
    sheet, _ = created
    service.record_game(db, sheet.id, A_WINS, idempotency_key="old-tap-0001")
    service.record_game(db, sheet.id, A_WINS, idempotency_key="new-tap-0001")
    db.execute("UPDATE idempotency SET created = ? WHERE rowid = 1", [LONG_AGO])
    gone = expire(db)
    assert gone.keys == 1 and gone.sheets == 0
    assert count(db, "SELECT COUNT(*) FROM idempotency") == 1
    # The fresh key still answers its retry; the old one is a new request now.
    assert service.record_game(db, sheet.id, A_WINS, idempotency_key="new-tap-0001").replayed
    assert not service.record_game(db, sheet.id, A_WINS, idempotency_key="old-tap-0001").replayed


def test_an_idle_sheet_goes_only_when_asked(db, created):
    sheet, _ = created
    fresh, _ = store.create_sheet(db, "bauerchen")
    service.record_game(db, sheet.id, A_WINS, idempotency_key="idle-tap-001")
    backdate(db, "sheets", sheet.id)
    assert expire(db).sheets == 0
    assert store.load_head(db, sheet.id) is not None
    gone = expire(db, idle_days=30)
    assert gone.sheets == 1
    assert store.load_head(db, sheet.id) is None
    assert store.load_head(db, fresh.id) is not None
    # Its games and its keys went with it.
    assert count(db, "SELECT COUNT(*) FROM entries WHERE sheet_id = ?", sheet.id) == 0
    assert count(db, "SELECT COUNT(*) FROM idempotency") == 0


def test_tables_and_evenings_go_with_their_tournament_or_group(db):
    stored, token = tournaments.create_tournament(db, players=["A1", "B1", "C1", "D1"])
    stored, _ = tournaments.draw_next(db, stored.id, token)
    table = stored.tables[(1, 1)].sheet_id
    group, _ = groups.create_group(db, "Linde", ["Hans", "Grete", "Karl"])
    evening, _ = groups.create_group_sheet(db, group.id, "bolachen", players=[1, 2, 3])
    # An old table or evening of a live tournament or group stays.
    backdate(db, "sheets", table)
    backdate(db, "sheets", evening.id)
    assert expire(db, idle_days=30).sheets == 0
    backdate(db, "tournaments", stored.id)
    backdate(db, "groups", group.id)
    gone = expire(db, idle_days=30)
    assert (gone.sheets, gone.tournaments, gone.groups) == (2, 1, 1)
    assert tournaments.load_tournament(db, stored.id) is None
    assert groups.load_group(db, group.id) is None
    assert count(db, "SELECT COUNT(*) FROM sheets") == 0


def test_the_expire_command_takes_the_setting_or_the_option(app, runner):
    with app.app_context():
        db = store.get_db()
        sheet, _ = store.create_sheet(db, "bauerchen")
        backdate(db, "sheets", sheet.id)
    result = runner.invoke(args=["expire"])
    assert result.exit_code == 0, result.output
    assert "0 sheets" in result.output
    app.config["EXPIRE_IDLE_DAYS"] = 7
    result = runner.invoke(args=["expire"])
    assert result.exit_code == 0 and "1 sheets" in result.output
    assert runner.invoke(args=["expire", "--idle-days", "0"]).exit_code != 0


def test_a_restored_backup_serves_the_same_sheets(app, client, runner, tmp_path, monkeypatch):
    made = client.post("/api/v1/sheets", json={"game": "bauerchen", "title": "Gesichert"})
    sheet = made.get_json()
    auth = {"Authorization": f"Bearer {sheet['edit_token']}"}
    for entry in (A_WINS, {"card_points": {"B": 80}}):
        client.post(f"/api/v1/sheets/{sheet['id']}/games", json=entry, headers=auth)
    before = client.get(f"/api/v1/sheets/{sheet['id']}")
    target = tmp_path / "backups" / "bauerblock.sqlite3"
    result = runner.invoke(args=["backup", str(target)])
    assert result.exit_code == 0, result.output
    assert runner.invoke(args=["backup", str(target)]).exit_code != 0
    monkeypatch.setenv("BAUERBLOCK_INSTANCE_PATH", str(tmp_path / "restored"))
    restored = create_app({"TESTING": True, "DATABASE": str(target), "SECRET_KEY": "x"})
    after = restored.test_client().get(f"/api/v1/sheets/{sheet['id']}")
    assert after.status_code == 200
    assert after.get_json() == before.get_json() and len(after.get_json()["games"]) == 2
    assert after.headers["ETag"] == before.headers["ETag"]


def test_a_backup_never_overwrites_a_file(db_path, tmp_path):
    target = tmp_path / "there.sqlite3"
    target.write_text("keep me")
    with pytest.raises(FileExistsError):
        backup(db_path, target)
    assert target.read_text() == "keep me"
