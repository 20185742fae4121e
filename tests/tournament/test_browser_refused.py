"""A refused form on a phone, in Debian's Chromium at 390×844: the page comes back open at
the words beside the field they concern, however far down the form that field stands."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.server]


def test_too_few_pairs_open_the_page_at_the_words_beside_the_pairs(live_server, phone):
    page = phone()
    page.goto(f"{live_server}/t/new")
    page.fill("#title", "Paare")
    page.check("#kind-pairs")
    page.fill("#pairs", "Bernd / Uwe\nAnne / Eva")
    page.click("form.new-tournament button[type=submit]")
    said = page.locator("#pairs-error")
    expect(said).to_have_text("Ein Paarturnier hat 4 bis 64 Paare, nicht 2.")
    expect(said).to_be_in_viewport()
    expect(page.locator("#pairs")).to_have_value("Bernd / Uwe\nAnne / Eva")


def test_a_series_tournament_with_a_bad_number_opens_at_its_words(live_server, phone):
    page = phone(locale="en-GB")
    page.goto(f"{live_server}/r/new")
    page.fill("#name", "Cup")
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/r/[^/]+/organiser$"))
    page.fill("#title", "Preisbauer")
    page.fill("#players", "Hans\nGrete\n7")
    page.click("form.new-tournament button[type=submit]")
    said = page.locator("#players-error")
    expect(said).to_have_text("The series has no player 7 (players so far: 0).")
    expect(said).to_be_in_viewport()
