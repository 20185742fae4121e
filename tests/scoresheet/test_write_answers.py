"""Writes of the pad: a full sheet refuses in words, and an answer uses the head written."""

import re

from bauerblock import store
from bauerblock.engine.games import sheet_game
from bauerblock.services import sheets as service
from bauerblock.store.sheets import MAX_GAMES
from tests.long_sheets import fill
from tests.pages import entry_form
from tests.statements import head_reads, read_after_the_write, reads, traced

PLAIN = {"result": {"winner": "A", "band": "frei"}}
HX = {"HX-Request": "true"}


def test_the_tap_after_the_cap_is_refused_in_german_and_english(app, client, new_sheet, tap):
    sheet_id = new_sheet()
    with app.app_context():
        fill(store.get_db(), sheet_id, PLAIN, MAX_GAMES)
    refused = tap(sheet_id, result="A:frei")
    assert refused.status_code == 422
    assert "Dieser Block ist voll: höchstens 3000 Spiele." in refused.text
    english = client.post(
        f"/s/{sheet_id}/games",
        data={**entry_form(client.get(f"/s/{sheet_id}/edit").text), "result": "A:frei"},
        headers={"HX-Request": "true", "Accept-Language": "en"},
    )
    assert english.status_code == 422
    assert "This sheet is full: at most 3000 games." in english.text
    with app.app_context():
        assert store.load_head(store.get_db(), sheet_id).played == MAX_GAMES


def test_a_tap_reads_the_head_once_under_its_lock_and_nothing_after_its_commit(
    app, client, new_sheet
):
    sheet_id = new_sheet()
    page = client.get(f"/s/{sheet_id}/edit").text
    answers = []
    # The first game and a round's last redraw the pad, the games between are appended.
    while len(answers) < 3 or "beforeend:#games" in answers[-1]:
        form = {**entry_form(page), "result": "A:frei"}
        url = f"/s/{sheet_id}/games"
        answer, seen = traced(app, lambda: client.post(url, data=form, headers=HX))  # noqa: B023
        assert answer.status_code == 200 and f"Spiel {len(answers) + 1}" in answer.text
        selects = reads(seen)
        # The head (one statement) under the write lock, the phone's right, the key; a
        # closed round's lines. The answer shows the game the write returned.
        assert head_reads(seen) == (0, 1), seen
        closing = [sql for sql in selects if "closed <> '[]'" in sql]
        assert len(selects) - len(closing) <= 3 and len(closing) <= 1, selects
        assert read_after_the_write(seen) == []
        page = answer.text
        answers.append(page)
    assert 'id="round-1"' in answers[-1] and 'id="game-' not in answers[-1]


def test_a_taps_answer_shows_the_state_its_write_played(app, client, new_sheet, monkeypatch):
    # Every state of a sheet the engine resumes starts as the game's empty sheet: counting
    # the starts counts the states derived. The pad's answer derives none of its own: its
    # header and entry form read the state the write played (the head's `resting`).
    started: list[str] = []
    module = sheet_game("bauerchen")
    start = module.start
    monkeypatch.setattr(module, "start", lambda *args: started.append("start") or start(*args))
    paded, alone = new_sheet(), new_sheet()
    page = client.get(f"/s/{paded}/edit").text
    for number in range(1, 6):
        started.clear()
        form = {**entry_form(page), "result": "A:schwarz"}
        answer = client.post(f"/s/{paded}/games", data=form, headers=HX)
        assert answer.status_code == 200 and f"Spiel {number}" in answer.text
        page, by_pad = answer.text, len(started)
        started.clear()
        with app.app_context():
            service.record_game(
                store.get_db(), alone, {"result": {"winner": "A", "band": "schwarz"}}
            )
        assert by_pad == len(started), number


def test_a_tap_with_a_key_unlike_the_pads_is_a_broken_form(app, new_sheet, tap):
    sheet_id = new_sheet()
    refused = tap(sheet_id, result="A:frei", key="k" * 5000)
    assert refused.status_code == 422
    assert "Das Formular ist beschädigt" in refused.text
    with app.app_context():
        assert store.load_head(store.get_db(), sheet_id).played == 0
        assert store.get_db()["idempotency"].count == 0


def test_the_start_form_sent_twice_starts_one_sheet(app, client):
    page = client.get("/").text
    form = page[page.index('id="new-sheet"') :]
    data = {
        "csrf_token": re.search(r'name="csrf_token" value="([^"]+)"', form).group(1),
        "key": re.search(r'name="key" value="([^"]+)"', form).group(1),
        "game": "bauerchen",
        "preset": "lautern",
        "first_dealer": "0",
    }
    first = client.post("/s", data=data)
    again = client.post("/s", data=data)
    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    with app.app_context():
        assert store.get_db()["sheets"].count == 1
    # Opened again from the retry's answer: this phone may still write on it.
    assert client.get(first.headers["Location"]).status_code == 200
