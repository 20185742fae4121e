"""Every line on the pad tells the truth while taps wait: the header's figures stay the
server's (the pad predicts no points) while who deals next follows the queue, the pending
rows speak the server rows' words; and no token or key ever travels in an address."""

import re

import pytest
from playwright.sync_api import expect

from tests.pages import settled_tap
from tests.scoresheet.test_offline import PLAYERS, QUEUED, games, start, tap

pytestmark = [pytest.mark.browser, pytest.mark.server]

FOLLOWS = "#standing [data-follows={}]"


def follows(page, what):
    return page.locator(FOLLOWS.format(what))


def test_bauerchen_header_and_rows_follow_one_three_and_five_taps(live_server, phone):
    page = phone()
    start(page, live_server)
    page.context.set_offline(True)
    for queued in range(1, 6):
        if queued == 2:
            page.click("label[for=mB20a]")  # a 20 for B, in the server rows' words: "B 20er"
        settled_tap(page)
        if queued == 3:
            page.click("details.cards summary")
            page.fill("#cp", "72")
            page.click(".cards-body button[name=cards]")
        else:
            page.locator(
                "#entry-form button[name=result]:not(.away)"
            ).first.click()  # home wins frei
        expect(page.locator(QUEUED)).to_have_count(queued)
        if queued in (1, 3, 5):
            number = queued + 1
            dealer = (number - 1) % 4
            home = "A" if (dealer + 1) % 2 == 0 else "B"
            expect(follows(page, "game")).to_have_text(str(number))
            expect(follows(page, "dealer")).to_have_text(PLAYERS[dealer])
            expect(follows(page, "home")).to_have_text(home)
            expect(page.locator("#standing .team.is-home")).to_have_class(
                re.compile(f"team-{home.lower()}")
            )
            expect(page.locator("#standing .team.is-home")).to_have_count(1)
    rows = page.locator(QUEUED)
    expect(rows.nth(0)).to_contain_text("B frei · ")
    expect(rows.nth(1)).to_contain_text("A frei, B 20er · ")
    expect(rows.nth(2)).to_contain_text("B 72 Augen")
    # The figures stay the server's, unscored games waiting beside them.
    expect(page.locator("#standing .score")).to_have_text(["0", "0"])
    expect(page.locator("#standing .knoddel .mark:not(.empty)")).to_have_count(0)
    expect(follows(page, "round")).to_have_text("1")
    expect(page.locator("#outbox")).to_have_text("5 Spiele warten auf Netz")
    page.context.set_offline(False)
    expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
    expect(page.locator("#standing .score")).not_to_have_text(["0", "0"])


def test_bauerschspiel_board_stays_the_servers_while_wins_wait(live_server, phone):
    page = phone()
    start(page, live_server, game="bauerschspiel")
    page.context.set_offline(True)
    effect = page.locator("#entry-form button[name=winner][value=A] .effect")
    expect(effect).to_have_text("noch 4 Striche")
    for queued in range(1, 6):
        settled_tap(page)
        page.click("#entry-form button[name=winner][value=A]")
        expect(page.locator(QUEUED)).to_have_count(queued)
        # What a win does would be counted from a board the server has not drawn: unsaid.
        expect(effect).to_be_hidden()
        if queued == 1:
            expect(follows(page, "game")).to_have_text("2")
            expect(follows(page, "dealer")).to_have_text("Grete")
    # Five wins wait (the fifth A's Nullchen): the board, Nullchen and round the server's.
    expect(page.locator("#standing .steine strong")).to_have_text(["5", "5"])
    expect(page.locator("#standing .nullchen strong")).to_have_text(["0", "0"])
    expect(follows(page, "round")).to_have_text("1")
    expect(follows(page, "game")).to_have_text("6")
    page.context.set_offline(False)
    expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
    expect(page.locator("#standing .nullchen strong")).to_have_text(["1", "0"])
    expect(follows(page, "round")).to_have_text("2")
    expect(effect).to_have_text("noch 4 Striche")


def test_bolachen_header_moves_dealer_and_forehand_and_rows_say_the_deal(live_server, phone):
    page = phone()
    players = ["Hans", "Grete", "Karl"]
    start(page, live_server, game="bolachen", players=players)
    page.context.set_offline(True)
    deals = [("declarer0", "bid-brand-herz", "1"), ("declarer1", "bid-mord", "0")]
    deals += [("declarer2", "bid-bettel", "1")] * 3
    for queued, (declarer, bid, won) in enumerate(deals, start=1):
        settled_tap(page)
        page.click(f"label[for={declarer}]")
        page.click(f"label[for={bid}]")
        page.click(f"#entry-form button[name=won][value='{won}']")
        expect(page.locator(QUEUED)).to_have_count(queued)
        if queued in (1, 3, 5):
            dealer = queued % 3
            players_divs = page.locator("#standing .players3 .player")
            expect(follows(page, "game")).to_have_text(str(queued + 1))
            expect(follows(page, "dealer")).to_have_text(players[dealer])
            expect(follows(page, "forehand")).to_have_text(players[(dealer + 1) % 3])
            expect(players_divs.nth(dealer).locator("[data-follows=dealer-tag]")).to_have_count(1)
            forehand = players_divs.nth((dealer + 1) % 3)
            expect(forehand.locator("[data-follows=forehand-tag]")).to_have_count(1)
    rows = page.locator(QUEUED)
    expect(rows.nth(0).locator("span").first).to_have_text(
        re.compile(r"^Hans: Brand Herz, gewonnen · ")
    )
    expect(rows.nth(1)).to_contain_text("Grete: Mord, verloren")
    # The seats' totals stay the server's while the deals wait.
    expect(page.locator("#standing .players3 .total")).to_have_text(["0", "0", "0"])


def test_a_rebased_row_says_what_it_will_be_recorded_as(live_server, phone):
    first = phone()
    sheet_id = start(first, live_server)
    edit_link = first.locator(".share a[rel=nofollow]").get_attribute("href")
    second = phone()
    second.goto(edit_link)
    second.wait_for_url(re.compile(r"/edit$"))
    second.context.set_offline(True)
    tap(second, "B:frei")  # game 1 with B at home
    expect(second.locator(QUEUED)).to_contain_text("B frei · ")
    expect(second.locator(QUEUED)).to_contain_text("Heim: B")
    tap(first, "A:schwarz")  # meanwhile game 1 goes in on the first phone
    expect(first.locator(".pad tr.game")).to_have_count(1)
    second.context.set_offline(False)
    conflict = second.locator("[data-queued=conflict]")
    expect(conflict).to_have_count(1, timeout=10000)
    # As game 2, A is at home: the same tap is an away win (the server scores it so).
    expect(conflict).to_contain_text("als Spiel 2 jetzt: B frei")
    expect(conflict).to_contain_text("Heim: A")
    expect(conflict).to_contain_text("wartet auf deine Entscheidung")  # what it waits for
    # Another result than the other phone's game: recording it on top comes first.
    expect(conflict).not_to_contain_text("Sieht aus wie")
    expect(conflict.locator(".choices button").first).to_have_attribute("data-action", "on-top")
    conflict.locator("button[data-action=on-top]").click()
    expect(second.locator(QUEUED)).to_have_count(0, timeout=10000)
    recorded = games(live_server, sheet_id)
    assert recorded[1]["entry"]["result"] == {"winner": "B", "band": "frei"}
    assert recorded[1]["home"] == "A"
    assert recorded[1]["points"]["B"] == 2


def test_no_token_or_key_in_any_address_of_a_session(live_server, phone):
    page = phone()
    addresses = []
    page.context.on("request", lambda request: addresses.append(request.url))
    sheet_id = start(page, live_server)
    edit_token = page.locator(".share a[rel=nofollow]").get_attribute("href").split("/")[-1]
    csrf = page.evaluate("JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRF-Token']")
    tap(page, "B:frei")
    expect(page.locator(".pad tr.game")).to_have_count(1)  # its answer swapped the form
    page.click("details.cards summary")
    page.fill("#cp", "72")  # the card-points preview asks as you type
    expect(page.locator("#preview")).to_contain_text("Augen")
    settled_tap(page)  # within 700 ms of the last tap the form takes none (the tap guard)
    page.click(".cards-body button[name=cards]")
    expect(page.locator(".pad tr.game")).to_have_count(2)
    page.context.set_offline(True)
    tap(page, "A:frei")
    page.context.set_offline(False)
    expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
    page.locator(".pad tr.game .nr a").first.click()
    expect(page.locator("#entry-h")).to_have_text("Spiel 1 ändern")
    tap(page, "A:schneider")
    expect(page.locator(".messages")).to_contain_text("Spiel 1 geändert.")
    page.goto(f"{live_server}/s/{sheet_id}/stats")
    page.goto(f"{live_server}/s/{sheet_id}")
    page.goto(f"{live_server}/")
    assert len(addresses) > 20
    for address in addresses:
        assert not re.search(r"[?&](csrf_token|key|token|version)=", address), address
        assert csrf not in address and edit_token not in address, address
