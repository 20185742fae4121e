"""The score sheet in Debian's Chromium through Playwright, served by gunicorn."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.pages import settled_tap

pytestmark = [pytest.mark.browser, pytest.mark.server]

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
PLAYERS = ["Hans", "Grete", "Karl", "<script>alert(1)</script>"]


def create_sheet(page, base, title="Stammtisch"):
    page.goto(f"{base}/")
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#player{seat}", name)
    page.fill("#title", title)
    page.click("button.primary.big")
    page.wait_for_url(re.compile(r"/s/[^/]+/edit$"))


def pad_rows(page):
    return page.locator(".pad tr.game")


def test_record_undo_amend_by_tapping(live_server, phone):
    page = phone()
    create_sheet(page, live_server)
    expect(page.locator(".team-b .team-name")).to_contain_text("<script>alert(1)</script>")
    # Game 1: B is home (forehand is seat 2); one tap on "home wins frei".
    settled_tap(page)
    page.click("button[name=result][value='B:frei']")
    expect(page.locator(".undo")).to_contain_text(re.compile(r"Spiel 1: .+ eingetragen"))
    expect(pad_rows(page)).to_have_count(1)
    expect(page.locator(".team-b .score")).to_have_text("1")
    # Game 2: A home; spritz ×2 and a 20 for B, then B wins away schneider: (2 + 1) × 2 + 1.
    page.click("label[for=spritz1]")
    expect(page.locator("button[value='B:schneider'] .p")).to_have_text("6")
    page.click("label[for=mB20a]")
    settled_tap(page)
    page.click("button[name=result][value='B:schneider']")
    expect(page.locator(".undo")).to_contain_text(re.compile(r"Spiel 2: .+ eingetragen"))
    expect(page.locator(".team-b .score")).to_have_text("8")
    # Game 3: by card points, with the preview showing the other team's points.
    page.click("details.cards summary")
    page.fill("#cp", "72")
    expect(page.locator("#preview")).to_contain_text("58 Augen")
    settled_tap(page)
    page.click(".cards-body button[name=cards]")
    expect(pad_rows(page)).to_have_count(3)
    expect(pad_rows(page).nth(2)).to_contain_text("B 72")
    # Undo game 3.
    page.click(".undo button")
    expect(page.locator(".messages")).to_contain_text("Spiel 3 gelöscht.")
    expect(pad_rows(page)).to_have_count(2)
    # Amend game 1: A won it away instead, schwarz.
    pad_rows(page).nth(0).locator(".nr a").click()
    expect(page.locator("#entry-h")).to_have_text("Spiel 1 ändern")
    settled_tap(page)
    page.click("button[name=result][value='A:schwarz']")
    expect(page.locator(".messages")).to_contain_text("Spiel 1 geändert.")
    expect(pad_rows(page).nth(0)).to_contain_text("A schwarz")
    expect(page.locator(".team-a .score")).to_have_text("4")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "scoresheet-phone-390x844.png"), full_page=True)
    assert page.problems == []


def test_two_phones_see_each_other_and_stale_writes_are_refused(live_server, phone):
    first = phone()
    create_sheet(first, live_server)
    edit_link = first.locator(".share a[rel=nofollow]").get_attribute("href")
    view_link = first.locator(".share figcaption a").first.get_attribute("href")
    second = phone()
    second.goto(edit_link)
    second.wait_for_url(re.compile(r"/edit$"))
    reader = phone()
    reader.goto(view_link)
    assert "token" not in reader.content()
    settled_tap(second)
    second.click("button[name=result][value='B:frei']")
    expect(pad_rows(first)).to_have_count(1, timeout=6000)
    expect(pad_rows(reader)).to_have_count(1, timeout=6000)
    # The first phone is choosing a spritz while the second records: no swap, then refusal.
    first.click("label[for=spritz1]")
    settled_tap(second)
    second.click("button[name=result][value='B:frei']")
    expect(first.locator(".fresh")).to_be_visible(timeout=6000)
    settled_tap(first)
    first.click("button[name=result][value='A:frei']")
    stale = "Ein anderes Handy hat inzwischen eingetragen"
    # Said in the status line over the top bar, not in a banner that pushes the form down.
    expect(first.locator("#outbox")).to_contain_text(stale)
    expect(first.locator("#board > .messages")).not_to_contain_text(stale)
    expect(pad_rows(first)).to_have_count(2)
    # The tap waits beside the news: recorded on top only when the table says so.
    conflict = first.locator("[data-queued=conflict]")
    expect(conflict.locator(".why")).to_contain_text(stale)
    conflict.locator("button[data-action=on-top]").click()
    expect(pad_rows(first)).to_have_count(3)
    expect(pad_rows(first).nth(2)).to_contain_text("A frei")


def test_without_javascript(live_server, phone):
    page = phone(java_script_enabled=False)
    create_sheet(page, live_server)
    settled_tap(page)
    page.click("button[name=result][value='B:frei']")
    page.wait_for_url(re.compile(r"/edit$"))
    expect(page.locator(".undo")).to_contain_text(re.compile(r"Spiel 1: .+ eingetragen"))
    # Card points: Enter in the field records the card points, not a result button.
    page.click("details.cards summary")
    page.fill("#cp", "40")
    page.press("#cp", "Enter")
    page.wait_for_url(re.compile(r"/edit$"))
    expect(pad_rows(page)).to_have_count(2)
    expect(pad_rows(page).nth(1)).to_contain_text("A 40")
    page.click(".undo button")
    expect(pad_rows(page)).to_have_count(1)
    pad_rows(page).nth(0).locator(".nr a").click()
    page.click("button.danger")
    expect(pad_rows(page)).to_have_count(0)


def test_english_and_the_language_switch(live_server, phone):
    page = phone(locale="en-US")
    page.goto(f"{live_server}/")
    # The Stammtische of this device come first on the start page, the new pad's form after.
    expect(page.locator("h2").first).to_have_text("Stammtische on this device")
    expect(page.locator("#new-sheet h2")).to_have_text("New pad")
    create_sheet(page, live_server)
    expect(page.locator(".quick legend")).to_contain_text("Who won?")
    page.click(".lang a[lang=de]")
    expect(page.locator(".quick legend")).to_contain_text("Wer hat gewonnen?")
    expect(page).to_have_url(re.compile(r"/edit$"))
