"""A player's seat on their phone, in Debian's Chromium: offline it opens with its last copy,
as the pad does, and says that it is the last copy and from when; a poll that brought the
next draw keeps the new copy. A Paarturnier's pair sees what its knock-out match decides
(screenshots in tests/artifacts)."""

import re

import pytest
from playwright.sync_api import expect

from tests.pages import wait_for_kept
from tests.tournament.browsing import ARTIFACTS, POLL_MS
from tests.tournament.pairs_api import Pairs, long_names
from tests.tournament.test_browser_closed import Tournament, names

pytestmark = [pytest.mark.browser, pytest.mark.server]

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
LAST_COPY = re.compile(r"^Offline – letzter Stand von \d\d:\d\d\. Eine neue Auslosung")


def kept_text(page, path: str) -> str:
    """Return the copy of `path` the service worker keeps (empty: none)."""
    return page.evaluate(
        """async (path) => {
            const copy = await caches.match(path, {cacheName: "bauerblock-pages"});
            return copy ? copy.text() : "";
        }""",
        path,
    )


def screenshots(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=str(ARTIFACTS / f"{name}-{size}-{scheme}.png"))


def test_a_players_seat_opens_offline_with_its_last_copy(live_server, phone):
    players = names(8)
    t = Tournament(live_server, players, rounds_per_draw=1, draws=3)
    first = t.draw()
    table = next(made for made in first["tables"] if 5 in made["seats"])
    page = phone()
    page.clock.install()
    page.goto(f"{live_server}/t/{t.id}/me")
    page.click(f"text={players[4]}")
    where = page.locator(".seat-where")
    expect(where).to_have_text(f"Auslosung 1: Tisch {table['number']}")
    seat = f"/t/{t.id}/players/5"
    wait_for_kept(page, seat)
    # The board's link (/me) goes on to the seat picked: it is kept under both addresses.
    page.goto(f"{live_server}/t/{t.id}/me")
    expect(where).to_contain_text(f"Tisch {table['number']}")
    wait_for_kept(page, f"/t/{t.id}/me")
    page.context.set_offline(True)
    for address in (seat, f"/t/{t.id}/me"):
        page.goto(f"{live_server}{address}")
        expect(where).to_have_text(f"Auslosung 1: Tisch {table['number']}")
        expect(page.locator("#outbox")).to_be_visible()
        expect(page.locator("#outbox")).to_have_text(LAST_COPY)
    screenshots(page, "seat-offline")
    # Back online: the next poll answers, the mark goes; the next draw comes within a poll
    # and its page is the copy kept from then on.
    page.context.set_offline(False)
    page.goto(f"{live_server}{seat}")
    expect(page.locator("#outbox")).to_be_hidden()
    for made in first["tables"]:
        t.play_out(made, rounds=1)
    second = t.draw()
    moved = next(made for made in second["tables"] if 5 in made["seats"])
    page.clock.run_for(POLL_MS)
    expect(where).to_have_text(f"Auslosung 2: Tisch {moved['number']}")
    for _ in range(50):
        if "Auslosung 2" in kept_text(page, seat):
            break
        page.wait_for_timeout(100)
    assert "Auslosung 2" in kept_text(page, seat)
    assert "Neue Auslosung!" not in kept_text(page, seat)  # news once, not offline again
    page.context.set_offline(True)
    page.reload()
    expect(where).to_have_text(f"Auslosung 2: Tisch {moved['number']}")
    expect(page.locator("#outbox")).to_have_text(LAST_COPY)
    # The copy holds no right: no CSRF token, no token link.
    copy = kept_text(page, seat)
    assert "/edit/" not in copy and "/organiser/" not in copy
    assert not re.search(r'X-CSRF-Token(?:"|&quot;):\s*(?:"|&quot;)[\w-]+', copy)


def test_a_pairs_seat_says_what_its_semifinal_decides(live_server, phone):
    t = Pairs(live_server, long_names(8))
    made = t.play_groups()
    assert made["stage"] == "semifinal"
    pair = made["tables"][0]["pairs"][0]
    page = phone()
    page.goto(f"{live_server}/t/{t.id}/players/{pair}")
    stakes = page.locator(".seat-stakes li")
    expect(stakes).to_have_text(["Sieg: Finale", "Niederlage: Spiel um Platz 3"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # names wrap
    screenshots(page, "seat-pairs-semifinal")
    assert page.problems == []
