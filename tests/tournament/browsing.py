"""What the tournament's browser tests share: the organiser's phone, the projector, and a
draw's tables: drawn from the organiser's page, each table's pad opened from its card's
link on a phone of its own, and checked once it has played."""

import re
from pathlib import Path

from playwright.sync_api import expect

from tests.pages import settled_tap_at_once

ARTIFACTS = Path(__file__).resolve().parents[2] / "tests" / "artifacts"
"""Where the screenshots and printouts go, for a person to look at."""
PROJECTOR = {"width": 1920, "height": 1080}
POLL_MS = 5000
"""A tournament page's beat: it polls at most once per 5 s while visible (tournament.js)."""


def organiser_at(phone, address: str):
    """Open `address` on the organiser's phone (the screenshots' folder made); return it."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    organiser = phone()
    organiser.goto(address)
    return organiser


def kartab(pad, team: str) -> None:
    """Tap a Kart'ab won by `team` on a pad from `open_pad`: the round ends in one tap (12
    points)."""
    before = pad.locator("#board").get_attribute("data-etag")
    settled_tap_at_once(pad)  # a tap at once after the last would count for nothing
    pad.click("details.solo summary")
    pad.click(f"button[name=solo][value='{team}:won']")
    expect(pad.locator("#board")).not_to_have_attribute("data-etag", before)


def draw_cards(organiser, drawn: str):
    """Draw the next draw and open its table cards; return the cards and each one's pad link."""
    organiser.click("#draw-next")
    expect(organiser.locator(".banner.ok")).to_contain_text(drawn)
    organiser.click("#main-actions #cards")
    cards = organiser.locator("article.card")
    expect(cards.first).to_be_visible()
    return cards, [card.locator("a.card-qr").get_attribute("href") for card in cards.all()]


def open_pad(phone, link: str):
    """Open a table's pad from its card's link on a phone of its own; return it and its banner.
    The pad's clock is the test's (installed), so that `kartab` runs it past the tap guard."""
    pad = phone()
    pad.clock.install()
    pad.goto(link)
    pad.wait_for_url(re.compile(r"/edit$"))
    return pad, pad.locator("#tournament-banner")


def play_tables(organiser, phone, links: list[str], play) -> None:
    """Play each table of a draw from its card's link, `play(index, pad, banner)` on a phone of
    its own, then go back to the organiser's page."""
    for index, link in enumerate(links):
        pad, banner = open_pad(phone, link)
        play(index, pad, banner)
        put_away(pad)
    organiser.click("text=Zur Turnierleitung")


def open_board(browser, address: str):
    """Open the board at `address` on the projector, in a browser of its own (no session, no
    token); its clock is the test's (installed), for `next_beat`."""
    board = browser.new_context(viewport=PROJECTOR, locale="de-DE").new_page()
    board.clock.install()
    board.goto(address)
    return board


def next_beat(board) -> None:
    """Run the board's clock one beat on: it polls now, not within 5 s of real time."""
    board.clock.run_for(POLL_MS)


def put_away(pad) -> None:
    """Check a table's pad takes no more games and went without problems; close its phone."""
    expect(pad.locator("button[name=result]")).to_have_count(0)
    assert pad.problems == []
    pad.context.close()


def end_draw_asked(page) -> None:
    """End draw 1 from the organiser's page: the step asks first, on a page of its own."""
    page.click("#end-draw")
    expect(page.locator("h1")).to_have_text("Auslosung 1 beenden?")
    page.click("#confirm-end")
    expect(page.locator(".banner.ok")).to_have_text("Auslosung 1 ist beendet.")
