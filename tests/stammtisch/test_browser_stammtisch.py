"""A Stammtisch in Debian's Chromium: create it, start two evenings from its roster, play,
and read its statistics and charts. Served by gunicorn (`live_server`); screenshots are
kept in tests/artifacts/."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.pages import PLAYERS, api_post, settled_tap

pytestmark = [pytest.mark.browser, pytest.mark.server]

ARTIFACTS = Path(__file__).resolve().parents[2] / "tests" / "artifacts"
SHEET_EDIT = re.compile(r"/s/[^/]+/edit$")


def screenshot(page, name):
    """Keep a full-page screenshot, after checking nothing is wider than the phone."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{name}: the page is {width} px wide"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def tap(page, value, number):
    settled_tap(page)  # the same button again at once would be a double tap
    page.click(f"button[name=result][value='{value}']")
    expect(page.locator(".undo")).to_contain_text(re.compile(rf"Spiel {number}: .+ eingetragen"))


def test_a_stammtisch_over_two_evenings(live_server, phone):
    page = phone()
    page.goto(f"{live_server}/")
    page.click("a[href='/g']")
    page.fill("#name", "Stammtisch <i>Linde</i>")
    page.fill("#players", "Hans\nGrete\nKarl\nLise\nOtto")
    page.click("button.primary.big")
    page.wait_for_url(re.compile(r"/g/[^/]+$"))
    group_url = page.url
    expect(page.locator("h1")).to_have_text("Stammtisch <i>Linde</i>")
    expect(page.locator(".roster li")).to_have_count(5)

    # A player added later, in place (htmx).
    page.fill("#new_player", "Anni")
    page.click(".add-player button")
    expect(page.locator(".roster li")).to_have_count(6)
    expect(page.locator("#messages")).to_contain_text("Gespeichert.")

    # Evening 1: the first four of the roster, as the form proposes them.
    expect(page.locator("#seat0")).to_have_value("1")
    page.click(".start-evening button.primary")
    page.wait_for_url(SHEET_EDIT)
    expect(page.locator("#board")).to_contain_text("Hans")
    for number, value in enumerate(["A:schwarz", "A:schwarz", "B:frei", "A:frei"], start=1):
        tap(page, value, number)

    # Evening 2: Otto, a new name on seat 2, Karl and Lise.
    page.goto(group_url)
    page.select_option("#seat0", "5")
    page.fill("#player1", "Fritz")
    page.click(".start-evening button.primary")
    page.wait_for_url(SHEET_EDIT)
    expect(page.locator("#board")).to_contain_text("Fritz")
    tap(page, "B:frei", 1)
    tap(page, "B:frei", 2)

    page.click(".exports a[href^='/g/']")  # back to the Stammtisch from the sheet
    expect(page).to_have_url(group_url)
    evenings = page.locator(".evenings li")
    expect(evenings).to_have_count(2)
    expect(evenings.nth(0)).to_contain_text("Otto, Fritz, Karl, Lise")
    expect(page.locator(".roster li")).to_have_count(7)
    screenshot(page, "stammtisch-group-390x844.png")

    page.click("a[href$='/stats']")
    # The boxes are measured below: the page's own stylesheet (charts.css) must have applied
    page.wait_for_load_state("load")
    rows = page.locator("#player-figures tbody tr")
    expect(rows).to_have_count(6)  # Anni has played no evening
    hans = page.locator("#player-figures tr[data-number='1'] td")
    expect(hans.nth(0)).to_have_text("0")  # no Stein yet: the beer balance is even
    expect(hans.nth(1)).to_have_text("4")  # games
    expect(hans.nth(2)).to_have_text("3")  # won
    expect(hans.nth(3)).to_have_text("75 %")
    lise = page.locator("#player-figures tr[data-number='4'] td")
    expect(lise.nth(1)).to_have_text("6")  # games
    expect(lise.nth(2)).to_have_text("3")  # one win with Grete, two with Fritz
    expect(lise.nth(4)).to_have_text("2")  # evenings
    expect(page.locator("#partners")).to_contain_text("Hans & Karl")
    expect(page.locator("#partners")).to_contain_text("Lise & Fritz")
    for chart in ("#chart-balance", "#chart-win-rates"):
        svg = page.locator(f"{chart} svg.chart-svg")
        expect(svg).to_be_visible()
        box = svg.bounding_box()
        assert box["width"] > 300 and box["height"] > 100, (chart, box)
    expect(page.locator("#chart-balance polyline")).to_have_count(6)
    expect(page.locator("#chart-win-rates rect.bar")).to_have_count(6)
    assert page.problems == []
    screenshot(page, "stammtisch-stats-390x844.png")


def test_the_statistics_use_a_wide_screen_and_fit_a_phone(live_server, phone):
    group = api_post(live_server, "/groups", {"name": "Zur Linde", "players": [*PLAYERS, "Otto"]})
    evening = api_post(
        live_server,
        f"/groups/{group['id']}/sheets",
        {"game": "bauerchen", "players": [1, 2, 3, 4]},
        group["edit_token"],
    )
    for entry in (
        {"solo": {"team": "A", "won": True, "player": 0}},
        {"result": {"winner": "B", "band": "frei"}},
    ):
        api_post(live_server, f"/sheets/{evening['id']}/games", entry, evening["edit_token"])
    for width, height in ((1280, 800), (390, 844)):
        page = phone(viewport={"width": width, "height": height})
        page.goto(group["links"]["edit"])
        page.goto(f"{live_server}/g/{group['id']}/stats")
        page.wait_for_load_state("load")
        # A desktop shows every column; a phone may scroll the table, never the page.
        if width == 1280:
            scroll = page.locator(".table-scroll:has(#player-figures)")
            assert scroll.evaluate("box => box.scrollWidth - box.clientWidth") <= 0
        screenshot(page, f"stammtisch-stats-{width}x{height}.png")
        assert page.problems == []
