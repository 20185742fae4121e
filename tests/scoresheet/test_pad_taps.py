"""No tap lost in silence (issue 33): a second touch of the same button is the same tap, a
different choice is a new game, and every recorded tap's confirmation names what it recorded."""

import pytest
from playwright.sync_api import expect

from tests.scoresheet.test_offline import QUEUED, games, start

pytestmark = [pytest.mark.browser, pytest.mark.server]

RESULT = "#entry-form button[name=result][value='{}']"


@pytest.mark.parametrize("offline", [False, True], ids=["online", "offline"])
def test_two_different_result_taps_300ms_apart_record_two_games(live_server, phone, offline):
    page = phone()
    page.clock.install()  # the gap is the page's own 300 ms, not the machine's
    sheet_id = start(page, live_server)
    page.context.set_offline(offline)
    page.click(RESULT.format("A:frei"))
    page.clock.run_for(300)
    page.click(RESULT.format("B:schneider"))
    # A third touch where the second was, as soon: the same tap, nothing more.
    page.clock.run_for(100)
    page.click(RESULT.format("B:schneider"))
    if offline:
        expect(page.locator(QUEUED)).to_have_count(2)
        expect(page.locator(RESULT.format("B:schneider"))).to_have_class("result team-b taken")
        page.context.set_offline(False)
    expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
    recorded = games(live_server, sheet_id)
    assert [(g["entry"]["result"]["winner"], g["entry"]["result"]["band"]) for g in recorded] == [
        ("A", "frei"),
        ("B", "schneider"),
    ]


def test_the_confirmation_names_the_game_recorded(live_server, phone):
    page = phone()
    start(page, live_server)
    # Game 1: B is home (Hans deals, Grete leads); A wins away frei: 1 + 1.
    page.click(RESULT.format("A:frei"))
    undo = page.locator("#board .undo")
    expect(undo.locator("span")).to_have_text("Spiel 1: A frei +2 eingetragen")
    expect(undo.locator("button")).to_have_text("Rückgängig")
    # Game 2, with a 20 for B: both teams scored, both are named.
    page.click("label[for=mB20a]")
    expect(page.locator("body[data-taken]")).to_have_count(0)
    page.click(RESULT.format("A:schneider"))
    said = "Spiel 2: A Schneider, B 20er (A +2, B +1) eingetragen"
    expect(undo.locator("span")).to_have_text(said)
