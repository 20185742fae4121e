"""A table keeps its card and its phone for the evening, in Debian's Chromium: a phone opened
from table 3's card in draw 1 follows its table to draw 2 by itself, records there with no
new scan, and is refused at the closed draw's sheet; an empty table's phone says so; the
organiser reprints a lost card (screenshots in tests/artifacts)."""

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.tournament.browsing import ARTIFACTS, kartab, open_pad
from tests.tournament.test_browser_closed import CLOSED, Tournament, names

pytestmark = [pytest.mark.browser, pytest.mark.server]

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def card_of(t: Tournament, number: int) -> dict:
    """Return table `number` as the organiser reads it: its card and its current sheet."""
    answer = requests.get(t.url("tables", number), headers=t.auth, timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


def games_at(t: Tournament, sheet_id: str) -> int:
    answer = requests.get(f"{t.base}/api/v1/sheets/{sheet_id}", timeout=10)
    return len(answer.json()["games"])


def test_table_3s_phone_follows_its_table_to_draw_2_and_is_refused_at_draw_1(live_server, phone):
    t = Tournament(live_server, names(12), rounds_per_draw=3, draws=5)
    first = t.draw()
    table = card_of(t, 3)
    assert table["sheet"]["id"] == first["tables"][2]["sheet"]["id"]
    pad, banner = open_pad(phone, table["card"]["links"]["card"])
    expect(banner).to_contain_text("Auslosung 1 · Tisch 3")
    for made in first["tables"]:
        t.play_out(made)
    second = t.draw()
    # Within one poll of the pad the phone is at table 3's sheet of draw 2: no new scan.
    pad.clock.run_for(4000)
    expect(pad.locator("#tournament-banner")).to_contain_text(
        "Auslosung 2 · Tisch 3", timeout=15000
    )
    new_sheet = second["tables"][2]["sheet"]["id"]
    assert pad.url.endswith(f"/s/{new_sheet}/edit")
    kartab(pad, "A")
    assert games_at(t, new_sheet) == 1
    pad.screenshot(path=str(ARTIFACTS / "table-card-follows-draw-2.png"))
    # The closed draw's sheet still refuses this phone, in words.
    old_sheet = first["tables"][2]["sheet"]["id"]
    refused = pad.goto(f"{live_server}/s/{old_sheet}/games/1")
    assert refused.status == 409
    expect(pad.locator("body")).to_contain_text(CLOSED)
    assert games_at(t, old_sheet) == 3
    # Nothing went wrong but the two answers meant: the old sheet's 410 (load again, and go
    # on) and the closed draw's 409.
    assert all(re.search(r"status of 4(10|09)", problem) for problem in pad.problems)


def test_an_empty_tables_phone_says_so_and_a_lost_card_is_reprinted(live_server, phone):
    t = Tournament(live_server, names(8), rounds_per_draw=3, draws=5)
    first = t.draw()
    pad, banner = open_pad(phone, card_of(t, 2)["card"]["links"]["card"])
    expect(banner).to_contain_text("Auslosung 1 · Tisch 2")
    for made in first["tables"]:
        t.play_out(made)
    for number in (5, 6, 7, 8):
        answer = requests.delete(t.url("players", number), headers=t.auth, timeout=10)
        assert answer.status_code == 204, answer.text
    t.draw()
    pad.clock.run_for(4000)
    expect(pad.locator("h1")).to_have_text("Tisch 2 ist in dieser Auslosung frei", timeout=15000)
    for scheme in ("light", "dark"):
        pad.emulate_media(color_scheme=scheme)
        pad.screenshot(path=str(ARTIFACTS / f"table-free-phone-{scheme}.png"))
    pad.set_viewport_size(SIZES["desktop"])
    for scheme in ("light", "dark"):
        pad.emulate_media(color_scheme=scheme)
        pad.screenshot(path=str(ARTIFACTS / f"table-free-desktop-{scheme}.png"))
    # The organiser reprints table 1's card from the table cards' page: one step.
    organiser = phone()
    t.organiser(organiser)
    organiser.click("#main-actions #cards")
    old = card_of(t, 1)["card"]["token"]
    organiser.locator("#reprint summary").click()
    organiser.select_option("#reprint-table", "1")
    for size, viewport in SIZES.items():
        organiser.set_viewport_size(viewport)
        for scheme in ("light", "dark"):
            organiser.emulate_media(color_scheme=scheme)
            organiser.locator("#reprint").screenshot(
                path=str(ARTIFACTS / f"table-reprint-{size}-{scheme}.png")
            )
    organiser.set_viewport_size(SIZES["phone"])
    organiser.click("#reprint-card")
    expect(organiser.locator(".banner.ok")).to_contain_text("Tischkarte 1 ist neu")
    fresh = card_of(t, 1)["card"]
    assert fresh["printed"] == 1 and fresh["token"] != old
    gone = organiser.context.browser.new_context().new_page()
    answer = gone.goto(re.sub(r"/[^/]+$", f"/{old}", fresh["links"]["card"]))
    assert answer.status == 403
    gone.context.close()
