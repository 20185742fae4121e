"""A long evening in Debian's Chromium: taps answered out of band keep the board's version,
polls stay 304, and earlier rounds open in place."""

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.pages import api_post, settled_tap
from tests.scoresheet.test_browser import create_sheet, pad_rows

pytestmark = [pytest.mark.browser, pytest.mark.server]


def api(base, path):
    with urllib.request.urlopen(f"{base}/api/v1{path}") as response:
        return json.load(response)


def test_taps_keep_the_board_current_and_polls_quiet(live_server, phone):
    page = phone()
    create_sheet(page, live_server)
    sheet_id = re.search(r"/s/([^/]+)/edit$", page.url).group(1)
    # Four taps of home winning frei: the round is not over, each row is appended.
    for number in range(1, 5):
        home = page.locator("button[name=result]:not(.away)").first
        settled_tap(page)  # a tap at once after the last would count for nothing
        home.click()
        expect(page.locator(".undo")).to_contain_text(
            re.compile(rf"Spiel {number}: .+ eingetragen")
        )
        expect(page.locator("#board")).to_have_attribute("data-played", str(number))
    expect(pad_rows(page)).to_have_count(4)
    version = api(live_server, f"/sheets/{sheet_id}")["version"]
    board = page.locator("#board")
    expect(board).to_have_attribute("data-version", str(version))
    expect(page.locator("#entry-form input[name=version]")).to_have_value(str(version))
    # The poller asks with the version the last tap brought: nothing new, 304.
    tag = board.get_attribute("data-etag")
    with page.expect_response(lambda r: "if-none-match" in r.request.headers) as poll:
        pass
    assert poll.value.status == 304
    assert poll.value.request.headers["if-none-match"] == f'W/"{tag}"'
    assert page.problems == []


def test_a_closed_round_is_a_line_that_opens_in_place(live_server, phone):
    page = phone()
    create_sheet(page, live_server)
    # Kart'ab won by A: twelve points, the round is over at once.
    page.click("details.solo summary")
    settled_tap(page)
    page.click("button[name=solo][value='A:won']")
    line = page.locator(".pad .round-line")
    expect(line).to_contain_text("Runde 1 an Team A")
    expect(pad_rows(page)).to_have_count(0)
    settled_tap(page)
    page.click("button[name=result] >> nth=0")
    expect(pad_rows(page)).to_have_count(1)
    line.locator("a").click()
    expect(pad_rows(page)).to_have_count(2)
    expect(page.locator(".pad .round-end")).to_contain_text("Runde 1 an Team A")
    expect(page).to_have_url(re.compile(r"/edit$"))
    assert page.problems == []


@pytest.mark.parametrize("width", [390, 1280])
def test_the_heads_keep_their_columns_when_every_game_is_folded(live_server, phone, width):
    players = ["Hans", "Grete", "Karl", "Lise"]
    sheet = api_post(live_server, "/sheets", {"game": "bauerchen", "players": players})
    token, path = sheet["edit_token"], f"/sheets/{sheet['id']}/games"
    # Two Kart'abs won: two rounds over, every game folded into its round's line.
    for _ in range(2):
        api_post(live_server, path, {"solo": {"team": "A", "won": True}}, token)
    page = phone(viewport={"width": width, "height": 800})
    page.goto(sheet["links"]["edit"])
    expect(page.locator(".pad .round-line")).to_have_count(2)
    expect(pad_rows(page)).to_have_count(0)
    heads = "() => [...document.querySelectorAll('.pad thead th')].map(th => th.offsetLeft)"
    folded = page.evaluate(heads)
    # The next game opens a row under the heads: they stand where they stood.
    api_post(live_server, path, {"result": {"winner": "A", "band": "frei"}}, token)
    page.reload()
    expect(pad_rows(page)).to_have_count(1)
    assert page.evaluate(heads) == folded
