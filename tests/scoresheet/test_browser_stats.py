"""An evening's statistics in Debian's Chromium: tapped on the pad (a Kart'ab with its
player), then read on the statistics page, in light and dark mode, at 390 px. Served by
gunicorn (`live_server`); screenshots are kept in tests/artifacts/."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.pages import settled_tap

pytestmark = [pytest.mark.browser, pytest.mark.server]

ARTIFACTS = Path(__file__).resolve().parents[2] / "tests" / "artifacts"
PLAYERS = ["Hans", "Grete", "<b>Karl</b>", "Lise"]


def figures(page, label):
    """Return the cells of the teams' row headed `label`."""
    return row(page, "#table-teams", label).locator("td").all_inner_texts()


def row(page, table, label):
    heading = page.locator("th", has_text=re.compile(f"^{re.escape(label)}$"))
    return page.locator(f"{table} tbody tr").filter(has=heading)


def test_an_evening_tapped_then_read_as_statistics(live_server, phone):
    page = phone()
    page.goto(f"{live_server}/")
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#player{seat}", name)
    page.click("button.primary.big")
    page.wait_for_url(re.compile(r"/s/[^/]+/edit$"))
    # Game 1: B at home wins schneider; game 2: Karl (seat 2, team A) plays a Kart'ab and wins.
    settled_tap(page)
    page.click("button[name=result][value='B:schneider']")
    expect(page.locator(".undo")).to_contain_text(re.compile(r"Spiel 1: .+ eingetragen"))
    page.click("details.solo summary")
    page.click("label[for=soloist2]")
    settled_tap(page)
    page.click("button[name=solo][value='A:won']")
    expect(page.locator(".undo")).to_contain_text(re.compile(r"Spiel 2: .+ eingetragen"))
    # Game 3: one tap on a Kart'ab without naming its player.
    page.click("details.solo summary")
    settled_tap(page)
    page.click("button[name=solo][value='B:lost']")
    expect(page.locator(".undo")).to_contain_text(re.compile(r"Spiel 3: .+ eingetragen"))

    page.click("a:text-is('Statistik')")
    page.wait_for_url(re.compile(r"/s/[^/]+/stats$"))
    assert figures(page, "Spiele") == ["3", "3"]
    assert figures(page, "gewonnen") == ["2", "1"]
    assert figures(page, "Schneider gewonnen") == ["0", "1"]
    assert figures(page, "Kart'ab gespielt") == ["1", "1"]
    assert figures(page, "Runden gewonnen") == ["2", "0"]
    assert figures(page, "Steine gewonnen") == ["1", "0"]
    expect(row(page, "#table-players", "<b>Karl</b>").locator("td")).to_have_text(["A", "1", "1"])

    charts = page.locator("svg.chart-svg")
    expect(charts).to_have_count(2)
    width = charts.first.bounding_box()["width"]
    assert 300 <= width <= 390
    expect(page.locator("#chart-score .legend")).to_contain_text("A (Hans & <b>Karl</b>)")
    # The chart's numbers open beside it.
    page.click("#chart-score + details summary")
    expect(page.locator("#chart-score + details tbody tr")).to_have_count(3)
    light = page.eval_on_selector("#chart-score polyline", "e => getComputedStyle(e).stroke")
    page.emulate_media(color_scheme="dark")
    dark = page.eval_on_selector("#chart-score polyline", "e => getComputedStyle(e).stroke")
    assert light != dark
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"stats-{scheme}-390.png"), full_page=True)
    assert page.problems == []
