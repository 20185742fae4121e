"""Reads that cost the same at game 1000 as at game 50: the board's contract with the pad's
script, polls answered from the version alone, taps answered with what changed, and earlier
rounds folded into summary lines (every game of the score sheet)."""

import json
import re

import pytest

from bauerblock import store
from bauerblock.games.bolachen.pad import DEALS_PER_BLOCK
from bauerblock.scoresheet.blocks import LINES_SHOWN
from bauerblock.services import sheets as service
from tests.pages import PLAYERS, entry_form
from tests.statements import read_after_the_write

HX = {"HX-Request": "true"}
THREE = ["Hans", "Grete", "Karl"]
# A game of each kind that never ends a round (or board) on its own.
PLAIN = {
    "bauerchen": {"result": {"winner": "A", "band": "frei"}},
    "bauerschspiel": {"winner": "A"},
    "bolachen": {"declarer": 0, "contract": "brand", "trump": "herz", "won": True},
}


@pytest.fixture(params=["bauerchen", "bauerschspiel", "bolachen"])
def game(request):
    return request.param


@pytest.fixture
def sheet_of(new_sheet):
    """Create a sheet of `game` through the start form; return its id."""

    def make(game: str, **extra) -> str:
        if game == "bauerchen":
            return new_sheet(**extra)
        if game == "bauerschspiel":
            return new_sheet(game=game, preset="dillkreis", **extra)
        return new_sheet(players=THREE, game=game, preset="soft", **extra)

    return make


def board_of(html: str) -> dict[str, str]:
    """Return the data attributes of #board."""
    tag = re.search(r'<div id="board"[^>]*>', html, re.S).group(0)
    pairs = re.findall(r"data-([\w-]+)=(?:\"([^\"]*)\"|'([^']*)')", tag)
    return {name: double or single for name, double, single in pairs}


def test_the_board_carries_the_contract(app, client, sheet_of, game, tap):
    sheet_id = sheet_of(game)
    with app.app_context():
        service.record_game(store.get_db(), sheet_id, PLAIN[game])
        sheet = store.load_head(store.get_db(), sheet_id)
    page = client.get(f"/s/{sheet_id}/edit").text
    data = board_of(page)
    players = THREE if game == "bolachen" else PLAYERS
    assert data == {
        "sheet": sheet_id,
        "game": game,
        "version": str(sheet.version),
        "etag": store.etag(sheet),
        "played": "1",
        "first-dealer": "0",
        "seats": str(len(players)),
        "players": json.dumps(players),
        "finished": "false",
        "locked": "false",
        "reopens": "false",
    }
    for element in ('id="standing"', 'id="messages"', 'id="entry"', 'id="entry-form"'):
        assert element in page
    assert re.search(r'<tbody id="games">\s*<tr id="game-1" data-number="1"', page)


def fill(app, sheet_id: str, game: str, at_least: int) -> int:
    """Record plain games until `at_least` are played and the last one closed a block."""
    with app.app_context():
        db = store.get_db()
        while True:
            appended = service.record_game(db, sheet_id, PLAIN[game])
            played = appended.number
            if game == "bolachen":
                closed = played % DEALS_PER_BLOCK == 0
            else:
                closed = bool(appended.state["rounds"])
            if played >= at_least and closed:
                return played


@pytest.fixture
def statements(app):
    """Return the SQL statements the app's connection runs from now on."""
    seen: list[str] = []
    with app.app_context():
        store.get_db().conn.set_trace_callback(seen.append)
    yield seen
    with app.app_context():
        store.get_db().conn.set_trace_callback(None)


# --- a poll that finds nothing new --------------------------------------------------------


def test_an_up_to_date_poll_reads_the_version_alone(app, client, sheet_of, game, statements):
    sheet_id = sheet_of(game)
    fill(app, sheet_id, game, 30)
    quoted = f"'{sheet_id}'"
    expected = {
        f"/s/{sheet_id}": [f"SELECT version FROM sheets WHERE id = {quoted}"],
        # The edit view checks the phone's right before it answers 304: the version and the
        # token hash in one read, then the right's row; no game is read either way.
        f"/s/{sheet_id}/edit": [
            f"SELECT version, token_hash FROM sheets WHERE id = {quoted}",
            "FROM device_rights",
        ],
    }
    for path, wanted in expected.items():
        etag = client.get(path, headers=HX).headers["ETag"]
        statements.clear()
        poll = client.get(path, headers={**HX, "If-None-Match": etag})
        assert poll.status_code == 304
        assert poll.headers["ETag"] == etag
        reads = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
        assert len(reads) == len(wanted)
        assert all(part in read for part, read in zip(wanted, reads, strict=True)), reads
        assert not any("entries" in read for read in reads)
    api = client.get(f"/api/v1/sheets/{sheet_id}")
    statements.clear()
    poll = client.get(f"/api/v1/sheets/{sheet_id}", headers={"If-None-Match": api.headers["ETag"]})
    assert poll.status_code == 304
    assert not any("entries" in statement for statement in statements)


def test_a_poll_of_an_unknown_sheet_is_404(client):
    tag = 'W/"1-0000000000000000"'
    assert client.get("/s/nope", headers={**HX, "If-None-Match": tag}).status_code == 404
    assert client.get("/api/v1/sheets/nope", headers={"If-None-Match": tag[2:]}).status_code == 404


def test_a_stale_poll_gets_the_board(app, client, sheet_of, game):
    sheet_id = sheet_of(game)
    etag = client.get(f"/s/{sheet_id}", headers=HX).headers["ETag"]
    fill(app, sheet_id, game, 1)
    poll = client.get(f"/s/{sheet_id}", headers={**HX, "If-None-Match": etag})
    assert poll.status_code == 200
    assert poll.text.lstrip().startswith('<div id="board"')
    # The games recorded meanwhile closed the first round: it is a line now.
    assert 'id="round-1"' in poll.text


# --- the answer to a tap -------------------------------------------------------------------

TAP = {
    "bauerchen": {"result": "A:frei"},
    "bauerschspiel": {"winner": "A"},
    "bolachen": {"declarer": "0", "bid": "brand:herz", "won": "1"},
}
OOB = ' hx-swap-oob="true"'


def answer_at(app, sheet_id: str, game: str, tap, at_least: int):
    """Fill the sheet to a closed block past `at_least` games and tap the next game."""
    played = fill(app, sheet_id, game, at_least)
    response = tap(sheet_id, **TAP[game])
    assert response.status_code == 200, response.text
    return played + 1, response


def test_a_tap_is_answered_with_what_changed(app, client, sheet_of, game, tap):
    sheet_id = sheet_of(game)
    number, response = answer_at(app, sheet_id, game, tap, 200)
    html = response.text
    assert response.headers["HX-Reswap"] == "none"
    assert '<div id="board"' not in html
    for part in ("poller", "messages", "standing", "entry"):
        assert re.search(rf'id="{part}"[^>]*{OOB}', html), part
    assert re.search(rf"Spiel {number}: .+ eingetragen", html)
    # The new game is appended to the current round; nothing of the evening before it.
    assert '<template><tbody hx-swap-oob="beforeend:#games">' in html
    assert len(re.findall(r'<tr id="game-\d+"', html)) == 1
    assert f'<tr id="game-{number}" data-number="{number}"' in html
    assert 'id="pad"' not in html and 'id="round-' not in html
    with app.app_context():
        head = store.load_head(store.get_db(), sheet_id)
    assert f'data-version="{head.version}" data-etag="{store.etag(head)}"' in html
    assert f'name="version" value="{head.version}"' in html


def test_a_tap_appended_to_the_round_reads_no_game_after_its_write(
    app, client, sheet_of, game, tap, statements
):
    sheet_id = sheet_of(game)
    played = fill(app, sheet_id, game, 30)
    tap(sheet_id, **TAP[game])  # the first game of a round redraws the pad
    statements.clear()
    response = tap(sheet_id, **TAP[game])
    assert f'<tr id="game-{played + 2}"' in response.text
    # The answer is drawn from the head the write returned and its own game.
    assert read_after_the_write(statements) == []


def test_a_taps_answer_is_as_big_at_game_200_as_at_game_20(app, client, sheet_of, game, tap):
    sizes = []
    for at_least in (20, 200):
        _, response = answer_at(app, sheet_of(game), game, tap, at_least)
        sizes.append(len(response.data))
    # The same parts, only the numbers in them are longer.
    assert sizes[1] <= sizes[0] * 1.05, sizes


def test_a_tap_closing_a_round_redraws_the_pad(app, client, sheet_of, game, tap, statements):
    sheet_id = sheet_of(game)
    fill(app, sheet_id, game, 20)
    while True:
        statements.clear()
        response = tap(sheet_id, **TAP[game])
        number = int(re.search(r"Spiel (\d+): .+ eingetragen", response.text).group(1))
        if "beforeend:#games" not in response.text:
            break
    html = response.text
    assert re.search(rf'<section id="pad"[^>]*{OOB}', html)
    # The round just closed is a line now; the new round has no game yet.
    assert re.search(r'<tbody id="games">\s*</tbody>', html)
    assert f"–{number}</span>" in html
    assert 'id="game-' not in html
    # The lines are read before the write's COMMIT: the pad drawn is the sheet as written.
    assert read_after_the_write(statements) == []


def test_amending_an_old_game_redraws_the_pad(app, client, sheet_of, game):
    sheet_id = sheet_of(game)
    fill(app, sheet_id, game, 30)
    page = client.get(f"/s/{sheet_id}/games/3").text
    # The round of the game opened for amending is open on the pad, the game marked.
    assert re.search(r'<tr id="game-3" data-number="3" class="game selected"[^>]*>', page)
    form = entry_form(page)
    response = client.post(f"/s/{sheet_id}/games/3", data={**form, **TAP[game]}, headers=HX)
    assert response.status_code == 200
    assert "Spiel 3 geändert." in response.text
    assert re.search(rf'<section id="pad"[^>]*{OOB}', response.text)
    assert response.headers["HX-Reswap"] == "none"


def test_a_refused_tap_shows_the_board_with_the_message(app, client, sheet_of, game, tap):
    sheet_id = sheet_of(game)
    fill(app, sheet_id, game, 20)
    page = client.get(f"/s/{sheet_id}/edit").text
    form = entry_form(page)
    form["version"] = str(int(form["version"]) - 1)
    response = client.post(f"/s/{sheet_id}/games", data={**form, **TAP[game]}, headers=HX)
    assert response.status_code == 412
    assert response.text.lstrip().startswith('<div id="board"')
    assert "HX-Reswap" not in response.headers
    assert re.search(r'<div id="messages"[^>]*>.*role="alert"', response.text, re.S)


def test_a_tap_without_javascript_redirects(app, client, sheet_of, game, tap):
    sheet_id = sheet_of(game)
    response = tap(sheet_id, htmx=False, **TAP[game])
    assert response.status_code == 303
    assert response.headers["Location"] == f"/s/{sheet_id}/edit"


# --- earlier rounds as lines ---------------------------------------------------------------


def game_rows(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="game-(\d+)" data-number', html)]


def round_lines(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="round-(\d+)" class="round-line"', html)]


@pytest.mark.parametrize("edit", [True, False])
def test_the_page_shows_the_current_round_and_the_last_rounds_as_lines(
    app, client, sheet_of, game, edit
):
    sheet_id = sheet_of(game)
    played = fill(app, sheet_id, game, 150)
    with app.app_context():
        service.record_game(store.get_db(), sheet_id, PLAIN[game])
    page = client.get(f"/s/{sheet_id}/edit" if edit else f"/s/{sheet_id}").text
    # The current round holds the one game past the last closed round.
    assert game_rows(page) == [played + 1]
    lines = round_lines(page)
    assert len(lines) == LINES_SHOWN
    assert lines == list(range(lines[0], lines[0] + LINES_SHOWN))
    # Older rounds are one link away, never drawn.
    older = re.search(r'<tr id="before-(\d+)" class="round-line older">', page)
    assert older
    assert f"1–{int(older.group(1)) - 1}" in page
    assert ("/games/" in page) is edit


def test_a_line_opens_its_round_with_htmx_and_without(app, client, sheet_of, game):
    sheet_id = sheet_of(game)
    fill(app, sheet_id, game, 40)
    page = client.get(f"/s/{sheet_id}/edit").text
    number = round_lines(page)[-1]
    line = rf'<tr id="round-{number}".*?href="([^"#]+)#game-(\d+)" hx-get="([^"]+)"'
    link = re.search(line, page, re.S)
    href, first, hx_get = link.group(1).replace("&amp;", "&"), int(link.group(2)), link.group(3)
    assert href == hx_get.replace("&amp;", "&") == f"/s/{sheet_id}/edit?round={number}"
    fragment = client.get(href, headers=HX)
    assert fragment.status_code == 200
    rows = game_rows(fragment.text)
    assert rows[0] == first and rows == list(range(first, rows[-1] + 1))
    if game == "bolachen":
        assert len(rows) == DEALS_PER_BLOCK
    else:
        # The line under the round's last game names its winner.
        assert 'class="round-end' in fragment.text
    assert "<html" not in fragment.text and 'id="board"' not in fragment.text
    # Without JavaScript the link is the page with that round open in its line's place.
    opened = client.get(href).text
    assert opened.startswith("<!DOCTYPE html>")
    assert number not in round_lines(opened)
    assert set(rows) <= set(game_rows(opened))
    assert client.get(f"/s/{sheet_id}/edit?round=999", headers=HX).status_code == 404


def test_older_lines_page_back_to_the_first_round(app, client, sheet_of, game):
    sheet_id = sheet_of(game)
    fill(app, sheet_id, game, 300)
    page = client.get(f"/s/{sheet_id}").text
    seen = round_lines(page)
    while (older := re.search(r'<tr id="before-(\d+)"', page)) is not None:
        before = older.group(1)
        page = client.get(f"/s/{sheet_id}?before={before}", headers=HX).text
        assert len(round_lines(page)) <= LINES_SHOWN
        seen = round_lines(page) + seen
        # Without JavaScript the same lines are a page of their own.
        assert round_lines(client.get(f"/s/{sheet_id}?before={before}").text) == round_lines(page)
    assert seen == list(range(1, len(seen) + 1))


def test_the_page_is_as_big_at_game_300_as_at_game_60(app, client, sheet_of, game):
    sizes = []
    for at_least in (60, 300):
        sheet_id = sheet_of(game)
        fill(app, sheet_id, game, at_least)
        sizes.append(len(client.get(f"/s/{sheet_id}/edit").data))
    # At most LINES_SHOWN lines and the current round, however many rounds came before.
    assert sizes[1] <= sizes[0] * 1.25, sizes


def test_the_print_view_and_exports_keep_every_game(app, client, sheet_of, game):
    sheet_id = sheet_of(game)
    played = fill(app, sheet_id, game, 40)
    assert game_rows(client.get(f"/s/{sheet_id}/print").text) == list(range(1, played + 1))
    exported = client.get(f"/s/{sheet_id}/export.json").get_json()
    assert len(exported["games"]) == played


def test_a_page_reads_no_more_than_it_shows(app, client, sheet_of, game, statements):
    sheet_id = sheet_of(game)
    fill(app, sheet_id, game, 100)
    statements.clear()
    assert client.get(f"/s/{sheet_id}/edit").status_code == 200
    reads = [s for s in statements if "FROM entries" in s]
    assert reads
    # Every read of the games is bounded: a range, a few numbers, or a limit.
    for statement in reads:
        assert re.search(r"BETWEEN|IN \(|number = |LIMIT", statement), statement


@pytest.mark.parametrize("value", ["0", "-3", "x", str(10**30)])
def test_a_round_or_game_no_sheet_can_reach_is_not_a_500(app, client, sheet_of, value):
    sheet_id = sheet_of("bauerchen")
    fill(app, sheet_id, "bauerchen", 10)
    assert client.get(f"/s/{sheet_id}?round={value}", headers=HX).status_code == 200
    assert client.get(f"/s/{sheet_id}/edit?before={value}").status_code == 200
    if value.isdigit():
        assert client.get(f"/s/{sheet_id}/games/{value}").status_code == 404
