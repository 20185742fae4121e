"""A whole Paarturnier in Debian's Chromium through Playwright, served by gunicorn.

The organiser creates it on "Neues Turnier" with eight pasted pairs, draws every group
round and knock-out round, prints the table cards; each table opens its pad from its card
and plays its match; the board, open in a second browser context at projector size, shows
the groups, then the bracket, and ends on the champion the API reports.
"""

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.tournament import browsing

pytestmark = [pytest.mark.browser, pytest.mark.server]

PAIRS = [
    "Bernd / Uwe", "Anne / Eva", "Karl / Lise", "Hans / Grete",
    "Otto / Erna", "Fritz / Anna", "Willi / Helga", "Heinz / <b>Inge</b>",
]  # fmt: skip


def play_draw(organiser, phone, stage_words, card_shot=None):
    """Draw, then play every match of the draw from the link on its table card."""
    cards, links = browsing.draw_cards(organiser, "ist gelost.")
    expect(cards.first.locator(".stage")).to_contain_text(stage_words)
    expect(cards.first.locator(".pairing")).to_contain_text(" / ")
    if card_shot:
        cards.first.screenshot(path=str(browsing.ARTIFACTS / card_shot))

    def play(index, pad, banner):
        expect(banner).to_contain_text(re.compile(r"Runde 1 · bis zu 1 gewonnenen Runde\b"))
        browsing.kartab(pad, "A" if index % 2 == 0 else "B")
        # The final's last match ends the tournament as well.
        expect(pad.locator(".table-done")).to_contain_text(
            re.compile("Tisch fertig|Turnier beendet – Endstand")
        )

    browsing.play_tables(organiser, phone, links, play)


def test_a_whole_paarturnier_of_eight_pairs(live_server, browser, phone):
    organiser = browsing.organiser_at(phone, f"{live_server}/t/new")
    organiser.check("#kind-pairs")
    # The Preisbauer's fields step aside once the Paarturnier is chosen.
    expect(organiser.locator("#players")).to_be_hidden()
    organiser.fill("#title", "Bauer-WM Pfalz")
    organiser.fill("#rounds_to_win", "1")
    organiser.fill("#pairs", "\n".join(PAIRS))
    organiser.click("button.primary.big")
    organiser.wait_for_url(re.compile(r"/t/[^/]+/organiser$"))
    tournament_id = organiser.url.split("/")[-2]
    expect(organiser.locator(".roster li")).to_have_count(8)
    expect(organiser.locator(".roster li").nth(7)).to_contain_text("Heinz / <b>Inge</b>")

    board = browsing.open_board(browser, f"{live_server}/t/{tournament_id}")
    expect(board.locator(".roster li")).to_have_count(8)

    for number in (1, 2, 3):
        play_draw(
            organiser,
            phone,
            f"Runde {number}",
            card_shot="pairs-table-card.png" if number == 1 else None,
        )
        browsing.next_beat(board)
        expect(board.locator(".status")).to_contain_text(
            f"Gruppenrunde {number} von 3 · fertig", timeout=10000
        )
        if number == 2:
            # While the groups play, the board shows them.
            expect(board.locator(".group")).to_have_count(2)
            expect(board.locator(".group-table tbody tr")).to_have_count(8)
            expect(board.locator(".group-table tr.goes-on")).to_have_count(4)
            board.screenshot(path=str(browsing.ARTIFACTS / "pairs-board-groups-1920x1080.png"))
            assert (
                board.evaluate("document.documentElement.scrollHeight")
                <= browsing.PROJECTOR["height"]
            )
    # The groups are over: the bracket, its semi-finals known and not yet drawn.
    expect(board.locator(".bround-semifinal .bmatch")).to_have_count(2, timeout=10000)
    expect(board.locator(".bround-semifinal .btable")).to_have_count(0)

    expect(organiser.locator("#draw-next")).to_contain_text("Halbfinale")
    play_draw(organiser, phone, "Halbfinale")
    browsing.next_beat(board)
    expect(board.locator(".bracket .bround")).to_have_count(3, timeout=10000)
    play_draw(organiser, phone, "Finale", card_shot="pairs-table-card-final.png")
    expect(organiser.locator("#live")).to_contain_text("Das Turnier ist zu Ende.", timeout=10000)
    browsing.next_beat(board)
    expect(board.locator(".status")).to_have_text("Endstand", timeout=10000)

    api = requests.get(f"{live_server}/api/v1/tournaments/{tournament_id}", timeout=10).json()
    assert api["finished"]
    names = {p["number"]: " / ".join(p["names"]) for p in api["pairs"]}
    champion = names[api["standings"][0]["pair"]]
    expect(board.locator(".bmatch.champion")).to_contain_text(champion)
    podium = [line.inner_text() for line in board.locator(".final-ranking li").all()]
    assert [re.sub(r"^\d+\.\s+\d+\s+", "", line) for line in podium] == [
        names[line["pair"]] for line in api["standings"][:4]
    ]
    # The semi-finals' winners stand in the final, the winners are carried forward.
    semis = api["bracket"][0]["matches"]
    final = api["bracket"][1]["matches"][0]
    assert sorted(final["pairs"]) == sorted(m["winner"] for m in semis)
    expect(board.locator(".bround-final .side.winner")).to_contain_text(names[final["winner"]])
    board.screenshot(path=str(browsing.ARTIFACTS / "pairs-board-bracket-1920x1080.png"))
    assert board.evaluate("document.documentElement.scrollHeight") <= browsing.PROJECTOR["height"]
    assert board.evaluate("document.documentElement.scrollWidth") <= browsing.PROJECTOR["width"]
    board.context.close()

    organiser.click("nav.links >> text=Ergebnisliste")
    expect(organiser.locator(".results tbody tr")).to_have_count(8)
    expect(organiser.locator(".results tbody tr").first).to_contain_text(champion)
    assert organiser.problems == []


def test_the_paarturnier_organiser_works_without_javascript(live_server, phone):
    page = phone(java_script_enabled=False)
    page.goto(f"{live_server}/t/new")
    page.check("#kind-pairs")
    page.fill("#title", "Paare ohne Skript")
    page.fill("#pairs", "\n".join(PAIRS[:4]))
    page.click("button.primary.big")
    page.wait_for_url(re.compile(r"/organiser$"))
    page.click("#draw-next")
    expect(page.locator(".tables .table")).to_have_count(2)
    expect(page.locator(".group")).to_have_count(1)
    browsing.end_draw_asked(page)
    expect(page.locator("#draw-next")).to_contain_text("Gruppenrunde 2")
