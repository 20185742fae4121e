"""The pad by keyboard and screen reader (issue 33): after a recorded tap the focus is on the
first result button, every toggle says its team and meaning, and no swap breaks the CSP."""

import re

import pytest
from playwright.sync_api import expect

from tests.scoresheet.test_offline import QUEUED, start

pytestmark = [pytest.mark.browser, pytest.mark.server]

FOCUSED = "() => [document.activeElement.name, document.activeElement.value]"


def csp_errors(page) -> list[str]:
    """Return the list the page's Content Security Policy complaints are gathered in."""
    said: list[str] = []
    page.on(
        "console",
        lambda message: (
            said.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return said


def test_after_a_tap_the_keyboard_goes_on_at_the_first_result(live_server, phone):
    page = phone()
    start(page, live_server)
    csp = csp_errors(page)
    first = page.locator("#entry-form button[name=result]").first
    first.focus()
    for number in (1, 2):
        # The same button again within its window would be a double touch: wait it out.
        expect(page.locator("body[data-taken]")).to_have_count(0)
        page.keyboard.press("Enter")
        expect(page.locator("#board")).to_have_attribute("data-played", str(number))
        expect(page.locator(QUEUED)).to_have_count(0)
        expect(first).to_be_focused()
    # The next Tab is the next result button, not the Kart'ab further down.
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == ["result", "A:schneider"]
    # The undo, by keyboard too: the focus is back at the first result.
    expect(page.locator("body[data-taken]")).to_have_count(0)
    page.locator("#board .undo button").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_have_attribute("data-played", "1")
    expect(first).to_be_focused()
    # An old game opened and closed again: swaps of the whole board.
    page.click("#game-1 a")
    expect(page.locator("#entry.amending")).to_have_count(1)
    page.click("#entry .amend-actions a")
    expect(page.locator("#entry.amending")).to_have_count(0)
    assert csp == []


def test_every_toggle_names_its_team_and_meaning(live_server, phone):
    page = phone()
    start(page, live_server)
    for team in "AB":
        expect(
            page.get_by_role("checkbox", name=f"Team {team} meldet 20", exact=True)
        ).to_have_count(1)
        expect(
            page.get_by_role("checkbox", name=f"Team {team} meldet 40", exact=True)
        ).to_have_count(1)
        expect(
            page.get_by_role("checkbox", name=re.compile(f"^Team {team} meldet noch einen 20er"))
        ).to_have_count(1)
    expect(page.get_by_role("radio", name="ohne Spritz", exact=True)).to_be_checked()
    expect(page.get_by_role("radio", name="Spritz ×2", exact=True)).to_have_count(1)


def test_an_old_game_amended_then_deleted_puts_back_a_form_without_inline_style(live_server, phone):
    page = phone()
    start(page, live_server)
    csp = csp_errors(page)
    for number in (1, 2):
        expect(page.locator("body[data-taken]")).to_have_count(0)
        page.locator("#entry-form button[name=result]").first.click()
        expect(page.locator("#board")).to_have_attribute("data-played", str(number))
        expect(page.locator(QUEUED)).to_have_count(0)
    # The browser may leave an empty style on a field (autofill, a style reset): the CSP
    # refuses it when the saved form is put back as markup.
    page.evaluate(
        """() => document.querySelectorAll('#entry input').forEach(input => {
            input.style.color = 'red';
            input.style.color = '';
        })"""
    )
    page.click("#game-1 a")
    expect(page.locator("#entry.amending")).to_have_count(1)
    page.locator("#entry button.danger").click()
    expect(page.locator("#entry.amending")).to_have_count(0)
    expect(page.locator("#board")).to_have_attribute("data-played", "1")
    assert page.locator("#entry [style]").count() == 0
    assert csp == []
