"""No tap lost in silence (issue 33): a second touch of the same button is the same tap, a
different choice is a new game, and every recorded tap's confirmation names what it recorded."""

import re

import pytest
from playwright.sync_api import expect

from tests.pages import next_held
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


def outbox(page):
    return page.evaluate("JSON.parse(localStorage.getItem('bauerblock.outbox') || '[]').length")


def test_an_impossible_entry_never_reaches_the_outbox(live_server, phone):
    page = phone()
    sheet_id = start(page, live_server)
    page.context.set_offline(True)
    said = page.locator("#entry-form .field-error")
    # Card points no tricks give, or past the total: refused beside the field, in the
    # server's words (B is home in game 1: its points by default).
    page.click("details.cards summary")
    for typed, words in [
        ("5", "Team B kann nicht 5 Augen haben"),
        ("131", "Team B kann nicht 131 Augen haben"),
    ]:
        page.fill("#cp", typed)
        page.click(".cards-body button[name=cards]")
        expect(said).to_contain_text(words)
        expect(page.locator("details.cards .field-error")).to_have_count(1)
        assert outbox(page) == 0
    page.click("label[for=cpteamA]")
    page.fill("#cp", "7")
    page.click(".cards-body button[name=cards]")
    expect(said).to_contain_text("Team A kann nicht 7 Augen haben")
    # Two 40s in one game: the rules' words.
    page.fill("#cp", "")
    page.click("details.cards summary")
    page.click("label[for=mA40]")
    page.click("label[for=mB40]")
    page.click(RESULT.format("A:frei"))
    expect(said).to_have_text("Ein Spiel hat höchstens einen 40er und drei 20er.")
    # A Kart'ab of team B by team A's player.
    page.click("label[for=mB40]")
    page.click("details.solo summary")
    page.click("label[for=soloist0]")
    page.click("#entry-form button[name=solo][value='B:won']")
    expect(said).to_contain_text("Wer allein gespielt hat, gehört zu Team A")
    assert outbox(page) == 0
    expect(page.locator(QUEUED)).to_have_count(0)
    # What the server takes goes in: 72 for A.
    page.click("details.cards summary")
    page.click("label[for=cpteamA]")
    page.fill("#cp", "72")
    page.click(".cards-body button[name=cards]")
    expect(said).to_have_count(0)
    expect(page.locator(QUEUED)).to_have_count(1)
    page.context.set_offline(False)
    expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
    assert games(live_server, sheet_id)[0]["entry"]["card_points"] == {"A": 72}


def test_impossible_card_points_are_said_once_beside_the_field(live_server, phone):
    page = phone()
    start(page, live_server)
    page.click("details.cards summary")
    page.fill("#cp", "140")
    # Online, the preview already says why as the points are typed; the tap says no more.
    said = page.locator("details.cards .field-error:visible")
    expect(page.locator("#preview")).to_contain_text("Team B kann nicht 140 Augen haben")
    page.click(".cards-body button[name=cards]")
    expect(said).to_have_count(1)
    expect(said).to_contain_text("Team B kann nicht 140 Augen haben")
    assert outbox(page) == 0
    # Points typed again and refused for another reason: the new words stand, once.
    page.fill("#cp", "5")
    expect(page.locator("#preview")).to_contain_text("Team B kann nicht 5 Augen haben")
    page.click(".cards-body button[name=cards]")
    expect(said).to_have_count(1)
    expect(said).to_contain_text("Team B kann nicht 5 Augen haben")


def test_the_header_never_counts_a_refused_tap_nor_those_behind_it(live_server, phone):
    page = phone()
    start(page, live_server)
    held = []
    page.route(re.compile(r"/games$"), lambda route: held.append(route))
    score = page.locator("#standing .team-a .score")
    page.click(RESULT.format("A:schwarz"))  # A away in game 1: 4
    expect(page.locator(QUEUED)).to_have_count(1)
    # On its way: the next game follows it, its points wait for the server's answer.
    expect(page.locator("#standing [data-follows=game]")).to_have_text("2")
    expect(score).to_have_text("0")
    page.click(RESULT.format("A:frei"))  # another button: a new game at once
    expect(page.locator(QUEUED)).to_have_count(2)
    next_held(page, held).fulfill(status=422, body="<p role=alert>Abgelehnt, weil.</p>")
    banner = page.locator("#outbox")
    expect(banner).to_have_text("Spiel 1: wartet auf deine Entscheidung – Abgelehnt, weil.")
    # Neither the refused tap nor the one waiting behind it is counted: the server's 0.
    expect(score).to_have_text("0")
    expect(page.locator("#standing [data-follows=game]")).to_have_text("1")
    expect(page.locator(QUEUED).nth(1)).to_contain_text("wartet auf Spiel 1")


def test_a_conflict_that_looks_like_the_other_phones_game_offers_to_drop_it(live_server, phone):
    first = phone()
    sheet_id = start(first, live_server)
    edit_link = first.locator(".share a[rel=nofollow]").get_attribute("href")
    second = phone()
    second.goto(edit_link)
    second.wait_for_url(re.compile(r"/edit$"))
    second.context.set_offline(True)
    second.click(RESULT.format("B:frei"))  # game 1, B at home
    expect(second.locator(QUEUED)).to_have_count(1)
    first.click(RESULT.format("B:frei"))  # the same hand, entered on the other phone
    expect(first.locator(".pad tr.game")).to_have_count(1)
    second.context.set_offline(False)
    conflict = second.locator("[data-queued=conflict]")
    expect(conflict).to_have_count(1, timeout=10000)
    # As it would be recorded now (game 2: A at home, B's win is away).
    expect(conflict).to_contain_text("als Spiel 2 jetzt: B frei")
    expect(conflict).to_contain_text("Heim: A")
    expect(conflict.locator(".why")).to_contain_text(
        "Sieht aus wie Spiel 1 vom anderen Handy – vielleicht schon eingetragen."
    )
    choices = conflict.locator(".choices button")
    expect(choices).to_have_text(["Verwerfen", "Als Spiel 2 eintragen"])
    choices.first.click()
    expect(second.locator(QUEUED)).to_have_count(0)
    expect(second.locator(".discarded")).to_contain_text("Verworfen: B frei")
    assert len(games(live_server, sheet_id)) == 1


def test_the_confirmation_is_read_whole_however_long(live_server, phone):
    # A long name, and a narrow phone: the Kart'ab's words take four lines beside the undo.
    page = phone(viewport={"width": 360, "height": 740})
    long = "Maximiliane Hohenstein-Schmidt"
    start(page, live_server, players=[long, "Grete", "Karl", "Lise"])
    page.click("details.solo summary")
    page.click("label[for=soloist0]")
    page.click("#entry-form button[name=solo][value='A:won']")
    said = page.locator("#board .undo span")
    expect(said).to_have_text(f"Spiel 1: Kart'ab A gewonnen, {long} +12 eingetragen")
    # Nothing of it is cut: its box holds all its lines, and the bar holds its box.
    box = said.evaluate(
        "(s) => [s.scrollHeight, s.clientHeight, s.closest('form').scrollHeight,"
        " s.closest('form').clientHeight]"
    )
    assert box[0] <= box[1] + 1 and box[2] <= box[3] + 1, box
