"""The tournament pages' writes: bounded keys, one transaction per form, a redraw that holds."""

import re
import sqlite3

from tests.tournament.conftest import NAMES
from tests.tournament.test_pages_tournament import draw, post


def stored_key_bytes(app) -> int:
    """Return the bytes the database holds for idempotency keys and their answers."""
    with sqlite3.connect(app.config["DATABASE"]) as db:
        return db.execute(
            "SELECT COALESCE(SUM(LENGTH(owner) + LENGTH(key_hash) + LENGTH(request_hash)"
            " + LENGTH(response) + LENGTH(headers) + LENGTH(created)), 0) FROM idempotency"
        ).fetchone()[0]


def test_a_key_flood_stores_a_bounded_number_of_bytes(app, client, new_tournament, state):
    tournament_id = new_tournament(players=NAMES[:4])
    pasted = "\n".join(f"Spät {n}" for n in range(150))
    # A long key once per pasted name stored megabytes: now it is a bad form, stored nowhere.
    flood = post(client, f"/t/{tournament_id}/players", names=pasted, key="k" * 50_000)
    assert flood.status_code == 422
    assert stored_key_bytes(app) == 0
    assert len(state(tournament_id)["players"]) == 4
    # A key as the page makes it: one row for the whole form, however many names it holds.
    form = post(client, f"/t/{tournament_id}/players", names=pasted, key="late-entries-0001")
    assert form.status_code == 303, re.findall(r'role="alert">([^<]*)', form.text)
    assert len(state(tournament_id)["players"]) == 154
    kept = stored_key_bytes(app)
    assert 0 < kept < 2_000
    # Sent again: the page finds the names registered; nothing more is stored.
    post(client, f"/t/{tournament_id}/players", names=pasted, key="late-entries-0001")
    assert len(state(tournament_id)["players"]) == 154
    assert stored_key_bytes(app) == kept


def test_the_late_entry_form_registers_all_its_names_or_none(client, new_tournament, state):
    tournament_id = new_tournament(players=NAMES[:4])
    # The third name is one too many for a tournament of 200: none of the three is entered.
    post(client, f"/t/{tournament_id}/players", names="\n".join(f"P{n}" for n in range(194)))
    assert len(state(tournament_id)["players"]) == 198
    refused = post(client, f"/t/{tournament_id}/players", names="Erna\nOtto\nFritz")
    # A full list is the list's state (the refusal map's 409), on the pages as in the API.
    assert refused.status_code == 409
    assert "höchstens 200 Spieler" in refused.text
    names = [player["name"] for player in state(tournament_id)["players"]]
    assert len(names) == 198 and "Erna" not in names


def test_a_redraw_that_cannot_draw_keeps_the_old_draw(client, new_tournament, state):
    tournament_id = new_tournament(players=NAMES[:4])
    draw(client, tournament_id)
    before = state(tournament_id)["draws"]
    assert post(client, f"/t/{tournament_id}/players/1/withdraw").status_code == 303
    refused = post(client, f"/t/{tournament_id}/draws/1/redo")
    assert refused.status_code == 422
    after = state(tournament_id)["draws"]
    assert len(after) == 1
    assert after[0]["seed"] == before[0]["seed"]
    assert [t["sheet"]["id"] for t in after[0]["tables"]] == [
        t["sheet"]["id"] for t in before[0]["tables"]
    ]


def test_each_form_of_the_organiser_page_has_its_own_key(client, new_tournament, state):
    tournament_id = new_tournament(players=NAMES[:4])
    page = client.get(f"/t/{tournament_id}/organiser").text
    names_form = page[page.index(f'action="/t/{tournament_id}/players"') :]
    draw_form = page[page.index(f'action="/t/{tournament_id}/draws"') :]
    key = re.search(r'name="key" value="([^"]+)"', names_form).group(1)
    draw_key = re.search(r'name="key" value="([^"]+)"', draw_form).group(1)
    assert draw_key != key
    # Both forms of one page sent: neither is taken for a retry of the other.
    assert post(client, f"/t/{tournament_id}/players", names="Erna", key=key).status_code == 303
    assert post(client, f"/t/{tournament_id}/draws", key=draw_key).status_code == 303
    assert len(state(tournament_id)["draws"]) == 1
    assert len(state(tournament_id)["players"]) == 5


def test_the_new_tournament_form_sent_twice_starts_one(app, client):
    page = client.get("/t/new").text
    key = re.search(r'name="key" value="([^"]+)"', page).group(1)
    data = {"title": "Preisbauer", "players": "\n".join(NAMES), "key": key}
    first = post(client, "/t", **data)
    again = post(client, "/t", **data)
    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    with sqlite3.connect(app.config["DATABASE"]) as db:
        assert db.execute("SELECT COUNT(*) FROM tournaments").fetchone()[0] == 1
