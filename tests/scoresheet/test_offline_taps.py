"""The pad at a real table: a double tap is one game, a waiting tap is taken back."""

import re

import pytest
from playwright.sync_api import expect

from tests.pages import settled_tap, settled_tap_at_once
from tests.scoresheet.test_offline import QUEUED, games, rows, start

pytestmark = [pytest.mark.browser, pytest.mark.server]

RESULTS = "#entry-form button[name=result]"
RESTORE_MS = 5000
"""How long a discarded tap can be brought back (taps.js's RESTORE_MS)."""


def settled(page):
    """Wait until nothing waits in the outbox and the entry form is back."""
    expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
    expect(page.locator(RESULTS).first).to_be_visible()


def twice_150ms(page, index):
    """Two taps on the same button 150 ms apart: a shaky hand, not two games. Timed in the
    page, so a busy test machine cannot stretch the gap past the pad's second."""
    page.evaluate(
        """([selector, index]) => new Promise((done) => {
            const button = () => document.querySelectorAll(selector)[index];
            button().click();
            setTimeout(() => { button().click(); done(); }, 150);
        })""",
        [RESULTS, index],
    )


def two_different(page):
    """Home frei, then away frei once the first is taken: two taps meant as two games."""
    page.locator(RESULTS).nth(0).click()
    settled_tap(page)
    page.locator(RESULTS).nth(3).click()


@pytest.mark.parametrize("offline", [False, True], ids=["online", "offline"])
def test_a_double_tap_is_one_game_two_different_taps_are_two(live_server, phone, offline):
    page = phone()
    sheet_id = start(page, live_server)
    page.context.set_offline(offline)
    page.locator(RESULTS).nth(0).dblclick()
    if offline:
        expect(page.locator(RESULTS).nth(0)).to_have_class(re.compile(r"\btaken\b"))
        expect(page.locator(QUEUED)).to_have_count(1)
    settled_tap(page)
    twice_150ms(page, 0)
    if offline:
        expect(page.locator(QUEUED)).to_have_count(2)
    settled_tap(page)
    two_different(page)
    if offline:
        expect(page.locator(QUEUED)).to_have_count(4)
        expect(page.locator("#entry-form input[name=number]")).to_have_value("5")
        page.context.set_offline(False)
    settled(page)
    expect(rows(page).last).to_be_visible()
    recorded = games(live_server, sheet_id)
    assert len(recorded) == 4
    assert [g["number"] for g in recorded] == [1, 2, 3, 4]


def test_a_waiting_record_is_discarded_renumbered_and_brought_back(live_server, phone):
    page = phone()
    page.clock.install()  # run past the tap guards and the undo's few seconds
    sheet_id = start(page, live_server)
    page.context.set_offline(True)
    for index in (0, 3, 1):  # game 1 A frei, game 2 B frei, game 3 A schneider
        settled_tap_at_once(page)
        page.locator(RESULTS).nth(index).click()
    queued = page.locator(QUEUED)
    expect(queued).to_have_count(3)
    second = queued.nth(1).text_content()
    queued.nth(1).locator("button.discard").click()
    # The rows behind move up: game 3 is game 2 now, and the form is at game 3.
    expect(queued).to_have_count(2)
    expect(queued.nth(1)).to_have_attribute("data-number", "2")
    expect(page.locator("#entry-form input[name=number]")).to_have_value("3")
    expect(page.locator(".discarded")).to_contain_text("Verworfen")
    page.click(".discarded button")
    expect(queued).to_have_count(3)
    expect(queued.nth(1)).to_have_text(second)
    expect(page.locator(".discarded")).to_have_count(0)
    # Taken back for good: its own undo goes after a few seconds.
    queued.nth(2).locator("button.discard").click()
    expect(queued).to_have_count(2)
    expect(page.locator(".discarded")).to_have_count(1)
    page.clock.run_for(RESTORE_MS)
    expect(page.locator(".discarded")).to_have_count(0)
    # While taps wait, no line says a game is recorded: the last waiting one is discarded.
    expect(page.locator(".undo")).to_have_count(0)
    queued.nth(1).locator("button.discard").click()
    expect(queued).to_have_count(1)
    page.context.set_offline(False)
    settled(page)
    recorded = games(live_server, sheet_id)
    assert len(recorded) == 1
    assert recorded[0]["entry"]["result"]["band"] == "frei"
    assert recorded[0]["entry"]["result"]["winner"] == "A"  # the first row is team A's


def test_a_waiting_amendment_delete_and_undo_are_discarded(live_server, phone):
    page = phone()
    sheet_id = start(page, live_server)
    page.locator(RESULTS).nth(0).click()
    settled(page)
    settled_tap(page)
    page.locator(RESULTS).nth(3).click()
    settled(page)
    # An undo queued offline, taken back.
    expect(page.locator(".undo")).to_contain_text(re.compile(r"Spiel 2: .+ eingetragen"))
    page.context.set_offline(True)
    page.click(".undo button")
    deleted = page.locator("[data-queued][data-kind=delete]")
    expect(deleted).to_contain_text("Spiel 2 löschen")
    deleted.locator("button.discard").click()
    expect(page.locator(QUEUED)).to_have_count(0)
    # An amendment queued offline, taken back; a record behind it keeps its number.
    page.context.set_offline(False)
    rows(page).nth(0).locator(".nr a").click()
    expect(page.locator("#entry-h")).to_have_text("Spiel 1 ändern")
    page.context.set_offline(True)
    page.locator(RESULTS).nth(2).click()
    amended = page.locator("[data-queued][data-kind=amend]")
    expect(amended).to_have_attribute("data-number", "1")
    settled_tap(page)
    page.locator(RESULTS).nth(0).click()
    expect(page.locator(QUEUED).nth(1)).to_have_attribute("data-number", "3")
    amended.locator("button.discard").click()
    expect(page.locator(QUEUED)).to_have_count(1)
    expect(page.locator(QUEUED).nth(0)).to_have_attribute("data-number", "3")
    # The delete of the amend form, queued and taken back too.
    page.context.set_offline(False)
    settled(page)
    settled_tap(page)
    rows(page).nth(0).locator(".nr a").click()
    expect(page.locator("#entry-h")).to_have_text("Spiel 1 ändern")
    page.context.set_offline(True)
    page.click("#entry button.danger")
    expect(page.locator("[data-queued][data-kind=delete]")).to_contain_text("Spiel 1 löschen")
    page.locator("[data-queued][data-kind=delete] button.discard").click()
    expect(page.locator(QUEUED)).to_have_count(0)
    page.context.set_offline(False)
    page.wait_for_timeout(500)
    recorded = games(live_server, sheet_id)
    assert len(recorded) == 3
    assert recorded[0]["entry"]["result"]["band"] == "frei"
