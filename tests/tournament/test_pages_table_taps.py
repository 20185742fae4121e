"""A tap at a tournament's table reads as a tap on any sheet: the head once under its lock
(the table's place, its tournament's title and format, the names it veils in that one
statement), the organiser's right and the table's, the key; a closed round's lines; nothing
after its COMMIT."""

import pytest

from tests.api import tournament_calls as calls
from tests.pages import entry_form
from tests.statements import read_after_the_write, reads, traced

HX = {"HX-Request": "true"}
PREISBAUER = {"title": "Preisbauer Zur Linde", "players": [f"Spieler {n}" for n in range(1, 9)]}
PAIRS = {
    "title": "Bauer-WM",
    "pairs": [[f"Erste {n}", f"Zweite {n}"] for n in range(1, 9)],
    "format": {"kind": "pairs", "rounds_to_win": 2, "group_size": 4},
}


@pytest.mark.parametrize("body", [PREISBAUER, PAIRS], ids=["preisbauer", "pairs"])
def test_a_table_tap_reads_the_head_once_under_its_lock_and_nothing_after_its_commit(
    app, client, body
):
    made = calls.create(client, body)
    sheet = calls.draw(client, made).json["tables"][0]["sheet"]
    phone = app.test_client()
    card = f"/t/{made['id']}/tables/1/{sheet['edit_token']}"
    page = phone.get(card, follow_redirects=True).text
    answers = []
    # The first game and a round's last redraw the pad, the games between are appended.
    while len(answers) < 3 or "beforeend:#games" in answers[-1]:
        form = {**entry_form(page), "result": "A:schwarz"}
        url = f"/s/{sheet['id']}/games"
        answer, seen = traced(app, lambda: phone.post(url, data=form, headers=HX))  # noqa: B023
        assert answer.status_code == 200 and f"Spiel {len(answers) + 1}" in answer.text
        selects = reads(seen)
        # The head (one statement) under the write lock, the two rights, the key; a closed
        # round's lines. The answer shows the game the write returned.
        heads = [n for n, sql in enumerate(seen) if "LEFT JOIN draw_tables" in sql]
        assert len(heads) == 1 and "BEGIN IMMEDIATE" in seen[: heads[0]], seen
        closing = [sql for sql in selects if "closed <> '[]'" in sql]
        assert len(selects) - len(closing) <= 4, selects
        assert read_after_the_write(seen) == []
        page = answer.text
        answers.append(page)
    assert 'id="round-1"' in answers[-1] and 'id="game-' not in answers[-1]
    # The banner names the tournament, read with the head.
    assert body["title"] in answers[0]


def test_the_tap_that_finishes_a_preisbauer_table_reads_no_tournament(app, client):
    # One round a draw, two draws: the first game won outright finishes the table, and its
    # tournament goes on. A Preisbauer tells its pairs no story: nothing of it is loaded.
    body = {**PREISBAUER, "format": {"draws": 2, "rounds_per_draw": 1}}
    made = calls.create(client, body)
    sheet = calls.draw(client, made).json["tables"][0]["sheet"]
    phone = app.test_client()
    page = phone.get(f"/t/{made['id']}/tables/1/{sheet['edit_token']}", follow_redirects=True).text
    for _ in range(9):
        form = {**entry_form(page), "result": "A:schwarz"}
        url = f"/s/{sheet['id']}/games"
        answer, seen = traced(app, lambda: phone.post(url, data=form, headers=HX))  # noqa: B023
        assert answer.status_code == 200
        page = answer.text
        if "Tisch fertig" in page:
            break
    assert "Tisch fertig" in page and read_after_the_write(seen) == []
    loaded = [sql for sql in reads(seen) if "FROM tournament_players" in sql]
    assert loaded == [], reads(seen)
