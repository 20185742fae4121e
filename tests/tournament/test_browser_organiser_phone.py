"""The organiser's page for one hand, in Debian's Chromium at 390×844, in both formats: the
draw and end buttons in the bar at the bottom of the screen, the roster (the pair list)
folded away once play starts, and the whole page at most two screens tall during play."""

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.pages import PHONE
from tests.tournament import browsing

pytestmark = [pytest.mark.browser, pytest.mark.server]


FIRST = ["Karl-Heinz", "Erna", "Walter", "Anna Maria", "Günter", "Brigitte", "Horst", "Gisela"]
LAST = ["Zimmermann", "Klein", "Wolf", "Becker"]
PLAYERS = [f"{FIRST[n % 8]} {LAST[n % 4]} {n + 1}" for n in range(32)]
FORMATS = {
    # 16 players: four tables a draw.
    "preisbauer": (
        {"players": PLAYERS[:16], "format": {"rounds_per_draw": 3, "draws": 3}},
        "0 von 4 Tischen fertig · Auslosung 1 von 3",
    ),
    # 16 pairs: four groups of four, eight matches a group round.
    "pairs": (
        {
            "pairs": [PLAYERS[n : n + 2] for n in range(0, 32, 2)],
            "format": {"kind": "pairs", "rounds_to_win": 1, "group_size": 4},
        },
        "0 von 8 Partien fertig · Gruppenrunde 1 von 3",
    ),
}


def in_reach(page, selector: str) -> None:
    """Assert a button sits in the bar at the bottom of the screen, whole, without scrolling."""
    button = page.locator(f"#main-actions {selector}")
    expect(button).to_be_visible()
    box = button.bounding_box()
    assert box is not None, selector
    assert box["y"] >= PHONE["height"] / 2, (selector, box)
    assert box["y"] + box["height"] <= PHONE["height"], (selector, box)


@pytest.mark.parametrize("kind", FORMATS)
def test_the_organiser_page_is_two_screens_at_most_during_play(live_server, phone, kind):
    body, playing = FORMATS[kind]
    answer = requests.post(
        f"{live_server}/api/v1/tournaments", json={"title": "Abend", **body}, timeout=10
    )
    assert answer.status_code == 201, answer.text
    page = phone()
    assert page.viewport_size == PHONE
    page.goto(answer.json()["links"]["organiser"])
    page.wait_for_url(re.compile(r"/organiser$"))
    # Before play the roster is open, the draw in the thumb's reach.
    expect(page.locator("#players")).to_have_attribute("open", "")
    in_reach(page, "#draw-next")

    page.click("#draw-next")
    expect(page.locator("#summary")).to_have_text(playing)
    expect(page.locator("#players")).not_to_have_attribute("open", "")
    in_reach(page, "#end-draw")
    in_reach(page, "#cards")
    page.screenshot(
        path=str(browsing.ARTIFACTS / f"organiser-{kind}-playing-390x844.png"), full_page=True
    )
    screens = page.evaluate("document.documentElement.scrollHeight / innerHeight")
    assert screens <= 2, screens
    # The roster is one tap away.
    page.click("#players summary")
    expect(page.locator("#players .roster li")).to_have_count(16)
    assert page.problems == []


def test_a_poll_keeps_what_the_organiser_unfolded(live_server, phone):
    body, _ = FORMATS["pairs"]
    made = requests.post(
        f"{live_server}/api/v1/tournaments", json={"title": "Abend", **body}, timeout=10
    ).json()
    page = phone()
    page.goto(made["links"]["organiser"])
    page.wait_for_url(re.compile(r"/organiser$"))
    page.click("#draw-next")
    # While the round plays the groups are folded away; the organiser unfolds them.
    expect(page.locator("#group-stage")).not_to_have_attribute("open", "")
    page.click("#group-stage summary")
    expect(page.locator("#group-stage .group")).to_have_count(4)
    # A table wins its match on its own phone: the next poll swaps the live part in anew.
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    state = requests.get(
        f"{live_server}/api/v1/tournaments/{made['id']}", headers=auth, timeout=10
    ).json()
    sheet = state["draws"][0]["tables"][0]["sheet"]
    answer = requests.post(
        f"{live_server}/api/v1/sheets/{sheet['id']}/games",
        json={"result": {"winner": "A", "band": "schwarz"}, "spritz": 4},
        headers={"Authorization": f"Bearer {sheet['edit_token']}"},
        timeout=10,
    )
    assert answer.status_code == 201, answer.text
    expect(page.locator("#summary")).to_contain_text("1 von 8 Partien fertig", timeout=15000)
    expect(page.locator("#group-stage")).to_have_attribute("open", "")
    expect(page.locator("#players")).not_to_have_attribute("open", "")
    assert page.problems == []
