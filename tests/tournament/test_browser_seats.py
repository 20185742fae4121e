"""Every player's phone, in Debian's Chromium: picked once from the board's QR code, it shows
the table, seat, partner and opponents within one poll of a draw (screenshots in
tests/artifacts)."""

import pytest
import requests
from playwright.sync_api import expect

from tests.tournament.browsing import ARTIFACTS, POLL_MS
from tests.tournament.test_browser_closed import Tournament, names

pytestmark = [pytest.mark.browser, pytest.mark.server]


def test_a_players_phone_shows_the_seat_within_one_poll_of_a_draw(live_server, phone):
    players = names(8)
    t = Tournament(live_server, players, rounds_per_draw=3, draws=3)
    page = phone()
    page.clock.install()
    page.goto(f"{live_server}/t/{t.id}/me")
    page.click(f"text={players[4]}")
    expect(page.locator(".seat-where")).to_have_text("Noch nicht ausgelost")
    first = t.draw()
    table = next(made for made in first["tables"] if 5 in made["seats"])
    at = table["seats"].index(5)
    page.clock.run_for(POLL_MS)
    where = page.locator(".seat-where")
    expect(where).to_have_text(f"Auslosung 1: Tisch {table['number']}")
    expect(page.locator("#seat-news")).to_have_text("Neue Auslosung!")
    people = page.locator(".seat-people")
    expect(people).to_contain_text(players[table["seats"][(at + 2) % 4] - 1])
    for other in (table["seats"][(at + 1) % 4], table["seats"][(at + 3) % 4]):
        expect(people).to_contain_text(players[other - 1])
    expect(people).to_contain_text(f"Platz {at + 1}")
    for size, viewport in {
        "phone": {"width": 390, "height": 844},
        "desktop": {"width": 1280, "height": 800},
    }.items():
        page.set_viewport_size(viewport)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=str(ARTIFACTS / f"seat-{size}-{scheme}.png"))
    # The pick is kept: the board's link goes straight on to this player's seat.
    page.goto(f"{live_server}/t/{t.id}/me")
    expect(page.locator(".seat-where")).to_contain_text(f"Tisch {table['number']}")
    assert requests.get(f"{live_server}/t/{t.id}/me", timeout=10).status_code == 200
    assert page.problems == []
