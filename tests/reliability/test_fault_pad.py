"""The pad meets a 503 (the database locked, full or failing: web/faults.py): the tap stays
in the outbox as "wartet auf Netz", is never shown as refused, and goes in once the service
answers again, once."""

import re

import pytest
from playwright.sync_api import expect

from tests.pages import QUEUED, games, start, tap

pytestmark = [pytest.mark.browser, pytest.mark.server]


def test_a_503_leaves_the_tap_waiting_and_it_goes_in_later(live_server, phone):
    page = phone()
    sheet_id = start(page, live_server)
    unavailable = {"answered": 0}

    def busy(route):
        if unavailable["answered"] < 2:
            unavailable["answered"] += 1
            route.fulfill(
                status=503,
                headers={"Retry-After": "1", "Content-Type": "text/html; charset=utf-8"},
                body="<h1>503 – Gleich wieder da</h1>",
            )
        else:
            route.continue_()

    page.route(re.compile(r"/games$"), busy)
    tap(page, "B:frei")
    expect(page.locator("#outbox")).to_contain_text("wartet auf Netz")
    expect(page.locator(QUEUED)).to_have_count(1)
    expect(page.locator(QUEUED)).not_to_contain_text("Gleich wieder da")
    expect(page.locator(QUEUED)).to_have_count(0, timeout=15000)
    assert unavailable["answered"] == 2
    assert len(games(live_server, sheet_id)) == 1
