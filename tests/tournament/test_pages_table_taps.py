"""A tap at a tournament's table reads as a tap on any sheet: the head once under its lock
(the table's place, its tournament's title and format, the names it veils in that one
statement), the organiser's right and the table's in one read, the key; a closed round's
lines; nothing after its COMMIT."""

import pytest

from tests.api import pair_play
from tests.api import tournament_calls as calls
from tests.pages import entry_form
from tests.statements import head_reads, read_after_the_write, reads, traced

HX = {"HX-Request": "true"}
STORY = (
    "SELECT * FROM tournament_pairs",
    "SELECT * FROM draws",
    "SELECT * FROM draw_tables",
    "SELECT draw_tables.draw, draw_tables.number AS table_number, entries.closed",
)
"""What a pair's story reads of its tournament: the pairs, the draws, their tables, the
rounds closed."""
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
        # The head (one statement) under the write lock, the two rights (one statement), the
        # key; a closed round's lines. The answer shows the game the write returned.
        assert head_reads(seen) == (0, 1), seen
        closing = [sql for sql in selects if "closed <> '[]'" in sql]
        assert len(selects) - len(closing) <= 3, selects
        assert len([sql for sql in selects if "FROM device_rights" in sql]) == 1, selects
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
    # The head, both rights, the key; the closed round's lines (the rounds each team won are
    # the standing's, read with the head).
    closing = [sql for sql in reads(seen) if "closed <> '[]'" in sql]
    assert len(reads(seen)) - len(closing) <= 3 and len(closing) == 1, reads(seen)


@pytest.mark.parametrize("draws", [2, 4])
def test_the_tap_that_finishes_a_preisbauer_reads_its_last_draw_once(app, client, draws):
    # The tables play through the API, the last table of the last draw on its pad: its game
    # finishes the tournament. It counts the draw's unfinished tables (one read) and reads
    # the head no second time, however many draws came before.
    body = {**PREISBAUER, "format": {"draws": draws, "rounds_per_draw": 1}}
    made = calls.create(client, body)
    won = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 4}
    for number in range(1, draws + 1):
        tables = calls.draw(client, made).json["tables"]
        for table in tables[: -1 if number == draws else None]:
            assert calls.record(client, table, won).status_code == 201
    sheet = tables[-1]["sheet"]
    phone = app.test_client()
    page = phone.get(f"/t/{made['id']}/tables/2/{sheet['edit_token']}", follow_redirects=True).text
    form = {**entry_form(page), "result": "A:schwarz", "spritz": "4"}
    url = f"/s/{sheet['id']}/games"
    answer, seen = traced(app, lambda: phone.post(url, data=form, headers=HX))
    # The table's place as the write left it: the tournament over.
    assert answer.status_code == 200 and "Turnier beendet – Endstand" in answer.text
    assert "Das Turnier ist zu Ende." in answer.text
    assert client.get(calls.url(made)).json["finished"]
    selects = reads(seen)
    counted = [sql for sql in selects if "SELECT COUNT(*) FROM draw_tables" in sql]
    closing = [sql for sql in selects if "closed <> '[]'" in sql and sql not in counted]
    assert len(selects) == 3 + len(counted) + len(closing), selects
    assert len(counted) == 1 and len(closing) == 1, selects
    assert read_after_the_write(seen) == []


@pytest.mark.parametrize("pairs", [8, 16])
def test_a_paarturnier_match_won_on_its_pad_reads_what_its_story_needs_once(app, client, pairs):
    # A table of each draw plays on its pad, the others through the API. The pad that tells
    # its pairs' stories reads the pairs, the draws, their matches and the rounds closed, four
    # reads however many draws came before; the final's draw counts its undecided matches.
    made = pair_play.create(client, pairs)
    while not pair_play.state(client, made)["finished"]:
        drawn = pair_play.draw(client, made)
        *others, table = drawn["tables"]
        for other in others:
            won = pair_play.win(pair_play.team_of(other, min(other["pairs"])))
            assert calls.record(client, other, won).status_code == 201
        sheet = table["sheet"]
        phone = app.test_client()
        page = phone.get(f"/s/{sheet['id']}/edit/{sheet['edit_token']}").text
        team = pair_play.team_of(table, min(table["pairs"]))
        form = {**entry_form(page), "result": f"{team}:schwarz", "spritz": "4"}
        url = f"/s/{sheet['id']}/games"
        answer, seen = traced(app, lambda: phone.post(url, data=form, headers=HX))  # noqa: B023
        assert answer.status_code == 200 and 'class="stories"' in answer.text
        selects = reads(seen)
        told = [sql for sql in selects if sql.startswith(STORY)]
        counted = [sql for sql in selects if "SELECT COUNT(*) FROM draw_tables" in sql]
        closing = [sql for sql in selects if "closed <> '[]'" in sql and sql not in counted]
        assert len(told) == 4 and len(counted) == (drawn["stage"] == "final"), selects
        assert len(selects) == 3 + len(told) + len(counted) + len(closing), selects
        assert len(closing) == 1 and read_after_the_write(seen) == []
        assert not [sql for sql in selects if "FROM tournaments " in sql], selects
