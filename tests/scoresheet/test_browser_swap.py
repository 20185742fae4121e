"""A sheet's page loads no htmx: the board's own swapper (scoresheet/static/swap.js) opens
earlier lines and rounds in place, an old game for amending and back, appends a tap's row,
and an answer it cannot show opens its link's own page."""

import re

import pytest
from playwright.sync_api import expect

from tests.pages import PLAYERS, api_post, settled_tap
from tests.scoresheet.test_browser import pad_rows

pytestmark = [pytest.mark.browser, pytest.mark.server]

KARTAB_WON = {"solo": {"team": "A", "won": True, "player": 0}}
"""Twelve points for A: a round over in one game."""


def evening(base: str, rounds: int) -> str:
    """Start a Bauerchen sheet through the API with `rounds` rounds of one game each; return
    its edit link."""
    sheet = api_post(base, "/sheets", {"game": "bauerchen", "players": PLAYERS})
    for _ in range(rounds):
        api_post(base, f"/sheets/{sheet['id']}/games", KARTAB_WON, sheet["edit_token"])
    return f"{base}/s/{sheet['id']}/edit/{sheet['edit_token']}"


def test_the_board_swaps_its_parts_without_htmx(live_server, phone):
    page = phone()
    page.goto(evening(live_server, 12))
    assert page.evaluate("typeof window.htmx") == "undefined"
    # Ten rounds' lines, and a link to the two before them: opened in place.
    older = page.locator(".pad .round-line.older a")
    expect(older).to_have_text("Frühere Spiele 1–2")
    expect(page.locator(".pad .round-line")).to_have_count(11)
    older.click()
    expect(page.locator(".pad .round-line.older")).to_have_count(0)
    expect(page.locator(".pad .round-line")).to_have_count(12)
    # Round 1's line opens its game in its place.
    page.locator("#round-1 a").click()
    expect(pad_rows(page)).to_have_count(1)
    expect(page.locator("#round-1")).to_have_count(0)
    # Its game opens for amending, and "Abbrechen" goes back to the next game's form.
    pad_rows(page).nth(0).locator(".nr a").click()
    expect(page.locator("#entry-h")).to_have_text("Spiel 1 ändern")
    page.locator(".amend-actions a.button").click()
    expect(page.locator("#entry-h")).to_have_text("Spiel 13 eintragen")
    expect(page.locator("#entry")).not_to_have_class(re.compile("amending"))
    expect(page).to_have_url(re.compile(r"/edit$"))
    # A tap's row comes out of band, appended to the round's rows.
    settled_tap(page)
    page.locator("button[name=result]").first.click()
    expect(page.locator(".undo")).to_contain_text(re.compile(r"Spiel 13: .+ eingetragen"))
    expect(pad_rows(page)).to_have_count(1)
    settled_tap(page)
    page.locator("button[name=result]").first.click()
    expect(page.locator(".undo")).to_contain_text(re.compile(r"Spiel 14: .+ eingetragen"))
    expect(pad_rows(page)).to_have_count(2)
    expect(page.locator("#board")).to_have_attribute("data-played", "14")
    assert page.problems == []


def test_an_answer_the_board_cannot_show_opens_its_links_page(live_server, phone):
    page = phone()
    page.goto(evening(live_server, 1))
    # A game the server does not have (as after another phone deleted it): its page says so.
    link = page.locator("#round-1 a")
    missing = re.sub(r"/edit(\?.*)?$", "/games/9", page.url)
    link.evaluate("(a, to) => { a.href = to; a.setAttribute('hx-get', to); }", missing)
    link.click()
    expect(page).to_have_url(missing)
    assert page.locator("#board").count() == 0
