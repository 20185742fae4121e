"""A refused form on a phone, in Debian's Chromium at 390×844, on every kind of page: it
comes back open at the words beside the field they concern, however far down the form that
field stands (the tournament's and the series' forms: tests/tournament/test_browser_refused.py)."""

import pytest
import requests
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.server]

PLAYERS = ["Hans", "Grete", "Karl"]


def refuse_the_limit(page):
    """Type a limit that is no amount into a Bolachen form's house rules and send it."""
    page.fill("#limit", "viel")
    page.click("form button.primary[type=submit]")


def test_a_new_sheet_with_a_bad_limit_opens_at_its_words(live_server, phone):
    page = phone()
    page.goto(f"{live_server}/?game=bolachen")
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#player{seat}", name)
    refuse_the_limit(page)
    said = page.locator("#limit-error")
    expect(said).to_be_visible()
    expect(said).to_be_in_viewport()
    expect(page.locator("#limit")).to_have_value("viel")


def test_a_stammtisch_evening_with_a_bad_limit_opens_at_its_words(live_server, phone):
    body = {"name": "Zur Linde", "players": PLAYERS}
    http = requests.Session()
    http.trust_env = False  # straight to loopback
    group = http.post(f"{live_server}/api/v1/groups", json=body).json()
    page = phone()
    page.goto(group["links"]["edit"])
    page.goto(f"{live_server}/g/{group['id']}?game=bolachen")
    refuse_the_limit(page)
    said = page.locator("#limit-error")
    expect(said).to_be_visible()
    expect(said).to_be_in_viewport()
