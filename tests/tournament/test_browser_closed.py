"""The truth on every phone, in Debian's Chromium: closed draws, redraws, reopening a table,
withdrawals, the organiser's page at 390×844, the table cards as PDF (screenshots in
tests/artifacts; the board at the projector's sizes is test_board_room.py's)."""

import io
import re
from pathlib import Path

import pytest
import requests
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.pages import wait_for_copy

pytestmark = [pytest.mark.browser, pytest.mark.server]

ARTIFACTS = Path(__file__).resolve().parents[2] / "tests" / "artifacts"
KARTAB = {"solo": {"team": "A", "won": True}}
CLOSED = "Auslosung 1 ist abgeschlossen – Korrekturen macht die Turnierleitung"


class Tournament:
    """A tournament made and run through the API, as the organiser's other device would."""

    def __init__(self, base, players, **format):
        self.base = base
        answer = requests.post(
            f"{base}/api/v1/tournaments",
            json={"title": "Preisbauer Zur Linde", "players": players, "format": format},
            timeout=10,
        )
        assert answer.status_code == 201, answer.text
        self.body = answer.json()
        self.id = self.body["id"]
        self.auth = {"Authorization": f"Bearer {self.body['edit_token']}"}

    def url(self, *parts):
        return "/".join([f"{self.base}/api/v1/tournaments", self.id, *map(str, parts)])

    def draw(self):
        answer = requests.post(self.url("draws"), json={}, headers=self.auth, timeout=20)
        assert answer.status_code == 201, answer.text
        return answer.json()

    def end(self, number):
        answer = requests.post(self.url("draws", number, "end"), headers=self.auth, timeout=10)
        assert answer.status_code == 200, answer.text

    def redo(self, number):
        answer = requests.delete(self.url("draws", number), headers=self.auth, timeout=10)
        assert answer.status_code == 204, answer.text

    def play_out(self, table, rounds=3):
        sheet = table["sheet"]
        for _ in range(rounds):
            answer = requests.post(
                f"{self.base}/api/v1/sheets/{sheet['id']}/games",
                json=KARTAB,
                headers={"Authorization": f"Bearer {sheet['edit_token']}"},
                timeout=10,
            )
            assert answer.status_code == 201, answer.text

    def organiser(self, page):
        """Open the organiser's page on `page` (its link hands the right over)."""
        page.goto(self.body["links"]["organiser"])
        page.wait_for_url(re.compile(r"/organiser$"))


def names(count, width=0):
    """Return `count` distinct names, as long as `width` characters if given."""
    base = ["Karl-Heinz Zimmermann-Schäfer", "Erna Klein", "Walter Wolf", "Anna Maria Becker"]
    out = []
    for n in range(count):
        name = f"{base[n % len(base)]} {n + 1}"
        out.append(name.ljust(width, "x")[: max(width, len(name))] if width else name)
    return out


def open_pad(phone, table):
    page = phone()
    page.goto(table["sheet"]["links"]["edit"])
    page.wait_for_url(re.compile(r"/edit$"))
    wait_for_copy(page)
    return page


def test_an_old_table_phone_after_the_next_draw(live_server, phone):
    t = Tournament(live_server, names(8), rounds_per_draw=3, draws=3)
    first = t.draw()
    pad = open_pad(phone, first["tables"][0])
    for table in first["tables"]:
        t.play_out(table)
    pad.reload()
    expect(pad.locator(".table-done")).to_contain_text("Warten auf die nächste Auslosung")
    t.draw()
    # The pad's poll sees its draw closed: it says so, offers no undo and no game to open.
    done = pad.locator(".table-done")
    expect(done).to_contain_text("Auslosung 1 ist abgeschlossen", timeout=10000)
    expect(done).to_contain_text("die Karte dieses Tisches öffnet seinen nächsten Block")
    expect(pad.locator("#board")).to_have_attribute("data-locked", "true")
    expect(pad.locator(".undo")).to_have_count(0)
    expect(pad.locator(".pad .nr a")).to_have_count(0)
    pad.click(".table-done a")
    pad.wait_for_url(re.compile(rf"/t/{t.id}$"))
    assert pad.problems == []


def tap_offline(live_server, phone):
    """Open table 1's pad of a new tournament's first draw and tap a game there offline."""
    t = Tournament(live_server, names(8), rounds_per_draw=3, draws=3)
    first = t.draw()
    pad = open_pad(phone, first["tables"][0])
    pad.context.set_offline(True)
    pad.click("#entry-form button[name=result][value='A:frei']")
    expect(pad.locator("[data-queued]")).to_have_count(1)
    return t, first, pad


def test_a_tap_in_the_outbox_after_the_draw_was_ended(live_server, phone):
    t, _, pad = tap_offline(live_server, phone)
    expect(pad.locator("#outbox")).to_contain_text("1 Spiel wartet auf Netz")
    t.end(1)
    pad.context.set_offline(False)
    pad.evaluate("window.dispatchEvent(new Event('online'))")
    refused = pad.locator("[data-queued=final]")
    expect(refused).to_have_count(1, timeout=10000)
    expect(refused).to_contain_text(CLOSED)
    expect(refused).to_contain_text("nicht eingetragen")
    expect(refused).not_to_contain_text("wartet auf Netz")
    expect(refused.locator("button[data-action=on-top]")).to_have_count(0)
    expect(refused.locator("button[data-action=fix]")).to_have_count(0)
    expect(pad.locator("#outbox")).to_be_hidden()
    expect(pad.locator(".table-done")).to_contain_text("Auslosung beendet")
    assert "anderes Handy hat inzwischen" not in pad.content()
    assert requests.get(t.url(), timeout=10).json()["draws"][0]["tables"][0]["rounds_played"] == 0


def test_a_pad_opened_before_the_redraw_says_drawn_anew(live_server, phone):
    t, first, pad = tap_offline(live_server, phone)
    t.redo(1)
    t.draw()
    pad.context.set_offline(False)
    pad.evaluate("window.dispatchEvent(new Event('online'))")
    # The tap is refused for good, in words; the pad, reloading, says what happened.
    expect(pad.locator("h1")).to_contain_text(
        "Neu gelost – die Tischkarte öffnet den neuen Block", timeout=15000
    )
    expect(pad.locator("main a.button")).to_have_attribute("href", f"/t/{t.id}")
    assert "Zur Startseite" not in pad.content()
    card = phone()
    card.goto(first["tables"][0]["sheet"]["links"]["edit"])
    expect(card.locator("h1")).to_contain_text("Neu gelost – die Tischkarte öffnet den neuen Block")


def test_a_finished_table_asks_before_it_reopens(live_server, phone):
    t = Tournament(live_server, names(8), rounds_per_draw=3, draws=3)
    first = t.draw()
    table = first["tables"][0]
    pad = open_pad(phone, table)
    t.play_out(table)
    pad.reload()
    expect(pad.locator(".table-done")).to_contain_text("Tisch fertig")
    expect(pad.locator(".next", has_text="gibt")).to_have_count(0)
    pad.click("#round-3 a")
    pad.click(".pad .nr a >> text=3")
    asked = []

    def answer(dialog, accept):
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    pad.once("dialog", lambda dialog: answer(dialog, False))
    pad.click("#entry-form .amend-actions button.danger")
    assert asked == ["Tisch wieder öffnen?"]
    assert requests.get(t.url(), timeout=10).json()["draws"][0]["tables"][0]["finished"] is True
    pad.once("dialog", lambda dialog: answer(dialog, True))
    pad.click("#entry-form .amend-actions button.danger")
    expect(pad.locator("[data-queued]")).to_have_count(0, timeout=10000)
    state = requests.get(t.url(), timeout=10).json()
    assert state["draws"][0]["tables"][0]["rounds_played"] == 2 and state["corrections"] == []
    # Without script the server asks the same question.
    plain = phone(java_script_enabled=False)
    plain.goto(table["sheet"]["links"]["edit"])
    # The link's page goes on to the sheet's own address (its <noscript> refresh).
    plain.wait_for_url(re.compile(r"/edit$"))
    t.play_out(table, rounds=1)
    plain.goto(f"{live_server}/s/{table['sheet']['id']}/games/3")
    plain.click(".amend-actions button.danger")
    expect(plain.locator("#reopen")).to_contain_text("Tisch wieder öffnen?")
    plain.click("#confirm-reopen")
    plain.wait_for_url(re.compile(r"/edit$"))
    expect(plain.locator(".table-done")).to_have_count(0)
    state = requests.get(t.url(), timeout=10).json()
    assert state["draws"][0]["tables"][0]["rounds_played"] == 2


def test_withdrawal_asks_and_is_taken_back(live_server, phone):
    t = Tournament(live_server, names(8), rounds_per_draw=3, draws=3)
    page = phone()
    t.organiser(page)
    # Before the first draw the roster is open; no button withdraws at one tap.
    expect(page.locator("#players")).to_have_attribute("open", "")
    expect(page.locator(".roster button.danger")).to_have_count(0)
    page.click(".roster li:nth-child(2) a.button")
    expect(page.locator("h1")).to_contain_text("abmelden?")
    page.click("text=Nein, zurück")
    assert all(p["active"] for p in requests.get(t.url(), timeout=10).json()["players"])
    page.click(".roster li:nth-child(2) a.button")
    page.click("#confirm-withdraw")
    expect(page.locator(".banner.ok")).to_contain_text("ist abgemeldet.")
    assert not requests.get(t.url(), timeout=10).json()["players"][1]["active"]
    page.click(".roster li:nth-child(2) >> text=Wieder aufnehmen")
    expect(page.locator(".banner.ok")).to_contain_text("spielt wieder mit.")
    assert requests.get(t.url(), timeout=10).json()["players"][1]["active"]
    assert page.problems == []


def test_the_organiser_page_on_a_phone_has_its_main_action_in_reach(live_server, phone):
    t = Tournament(live_server, names(40), rounds_per_draw=3, draws=7)
    page = phone()
    t.organiser(page)
    assert page.viewport_size == {"width": 390, "height": 844}

    def in_reach(selector):
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        # Whole, without scrolling, in the lower half of the screen where the thumb rests.
        assert box["y"] >= 844 / 2 and box["y"] + box["height"] <= 844, (selector, box)

    in_reach("#draw-next")
    page.click("#draw-next")
    expect(page.locator("#summary")).to_contain_text("0 von 10 Tischen fertig · Auslosung 1 von 7")
    in_reach("#cards")
    in_reach("#end-draw")
    expect(page.locator("#players")).not_to_have_attribute("open", "")
    page.screenshot(path=str(ARTIFACTS / "organiser-390x844.png"))
    # Ending asks first.
    page.click("#end-draw")
    expect(page.locator("h1")).to_contain_text("Auslosung 1 beenden?")
    assert page.problems == []


@pytest.mark.parametrize(("tables", "pages"), [(4, 1), (5, 2), (10, 3)])
def test_table_cards_print_four_to_an_a4_sheet(live_server, phone, tables, pages):
    t = Tournament(live_server, names(4 * tables), rounds_per_draw=3, draws=2)
    t.draw()
    page = phone()
    t.organiser(page)
    page.goto(f"{live_server}/t/{t.id}/draws/1/cards")
    expect(page.locator("article.card")).to_have_count(tables)
    pdf = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
    reader = PdfReader(io.BytesIO(pdf))
    (ARTIFACTS / f"table-cards-{tables}.pdf").write_bytes(pdf)
    assert len(reader.pages) == pages
    text = reader.pages[-1].extract_text()
    assert f"Tisch {tables}" in text
