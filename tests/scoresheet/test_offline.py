"""The offline-first pad in Debian's Chromium: outbox, pending rows, sending, service worker."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.pages import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    PLAYERS,
    QUEUED,
    games,
    rows,
    settled_tap,
    settled_tap_at_once,
    start,
    tap,
    wait_for_copy,
)

pytestmark = [pytest.mark.browser, pytest.mark.server]


def test_taps_offline_wait_survive_a_reload_and_go_in_order_once(live_server, phone):
    page = phone()
    sheet_id = start(page, live_server)
    tap(page, "B:frei")  # game 1, online: B is home
    expect(rows(page)).to_have_count(1)
    page.context.set_offline(True)
    # Game 2 (Grete deals, A home): spritz ×2 and a 20 for B, A wins at home.
    page.click("label[for=spritz1]")
    page.click("label[for=mB20a]")
    tap(page, "A:schneider")
    # Game 3 (Karl deals, B home): by card points.
    settled_tap(page)
    page.click("details.cards summary")
    page.fill("#cp", "72")
    page.click(".cards-body button[name=cards]")
    queued = page.locator(QUEUED)
    expect(queued).to_have_count(2)
    expect(queued.nth(0)).to_have_attribute("data-number", "2")
    expect(queued.nth(0)).to_contain_text("Grete gibt · Heim: A")
    expect(queued.nth(0)).to_contain_text("B 20")
    expect(queued.nth(1)).to_have_attribute("data-number", "3")
    expect(queued.nth(1)).to_contain_text("Karl gibt · Heim: B")
    expect(page.locator("#outbox")).to_have_text("2 Spiele warten auf Netz")
    expect(page.locator("#offline")).to_have_count(0)  # no error banner, no "Nochmal senden"
    # The entry form is at game 4, with A at home: A's row (the first) wins at home.
    expect(page.locator("#entry-form input[name=number]")).to_have_value("4")
    expect(page.locator("#entry-form button[name=result]").first).to_have_attribute(
        "value", "A:frei"
    )
    expect(page.locator("#entry-form button[name=result]").first).to_have_class("result team-a")
    expect(page.locator("#entry-form button[name=result]").nth(3)).to_have_class(
        "result team-b away"
    )
    # Reloaded with no network, the service worker shows the last copy and the outbox's rows.
    page.reload()
    expect(page.locator("#outbox")).to_contain_text("offline, Stand von")
    expect(page.locator("#outbox")).to_contain_text("2 Spiele warten auf Netz")
    expect(page.locator(QUEUED)).to_have_count(2)
    expect(rows(page)).to_have_count(1)
    # Closed tab, opened again: still there, and the table plays on (game 4, Lise deals).
    context = page.context
    page.close()
    page = context.new_page()
    page.goto(f"{live_server}/s/{sheet_id}/edit")
    expect(page.locator(QUEUED)).to_have_count(2)
    page.click("details.solo summary")
    page.click("#entry-form button[name=solo][value='B:won']")
    expect(page.locator(QUEUED)).to_have_count(3)
    expect(page.locator(QUEUED).nth(2)).to_contain_text("Kart'ab B gewonnen · Lise gibt · Heim: A")
    assert len(games(live_server, sheet_id)) == 1
    # Back online: everything goes in by itself, in order, once.
    context.set_offline(False)
    expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
    # The Kart'ab closed the round: its games fold into one line.
    expect(page.locator(".pad")).to_contain_text("Runde 1 an Team B")
    expect(page.locator("#outbox")).to_be_hidden()
    recorded = games(live_server, sheet_id)
    assert [g["entry"] for g in recorded] == [
        {"result": {"winner": "B", "band": "frei"}},
        {
            "result": {"winner": "A", "band": "schneider"},
            "melds": [{"team": "B", "kind": "20"}],
            "spritz": 1,
        },
        {"card_points": {"B": 72}},
        {"solo": {"team": "B", "won": True}},
    ]
    assert [g["home"] for g in recorded] == ["B", "A", "B", "A"]


def test_a_lost_answer_is_sent_again_and_recorded_once(live_server, phone):
    page = phone()
    sheet_id = start(page, live_server)
    lost = {"left": 0, "reached": 0}

    def drop_answer(route):
        if lost["left"]:
            lost["left"] -= 1
            lost["reached"] += 1
            route.fetch()  # the server gets the tap and records it ...
            route.abort("connectionreset")  # ... and the phone never hears
        else:
            route.continue_()

    page.route(re.compile(r"/games(/\d+(/delete)?)?$"), drop_answer)
    for value in ("B:frei", "A:frei"):
        lost["left"] = 1
        tap(page, value)
        expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
    # An amendment and an undo whose answers are lost are not done twice either.
    rows(page).nth(0).locator(".nr a").click()
    expect(page.locator("#entry-h")).to_have_text("Spiel 1 ändern")
    lost["left"] = 1
    tap(page, "A:schwarz")
    expect(page.locator(".messages")).to_contain_text("Spiel 1 geändert.", timeout=10000)
    tap(page, "A:frei")
    expect(page.locator(".undo")).to_be_visible(timeout=10000)
    lost["left"] = 1
    page.click(".undo button")
    expect(page.locator(".messages")).to_contain_text("Spiel 3 gelöscht.", timeout=10000)
    assert lost["reached"] == 4
    recorded = games(live_server, sheet_id)
    assert [g["entry"] for g in recorded] == [
        {"result": {"winner": "A", "band": "schwarz"}},
        {"result": {"winner": "A", "band": "frei"}},
    ]
    assert page.problems == [] or all("ERR_CONNECTION_RESET" in p for p in page.problems)


def test_a_queued_meld_that_became_illegal_stops_the_queue_in_words(live_server, phone):
    page = phone()
    sheet_id = start(page, live_server)
    page.context.set_offline(True)
    # Game 1: A wins away schwarz with ×2 (8); game 2: A wins at home schwarz (3): A has 11.
    page.click("label[for=spritz1]")
    tap(page, "A:schwarz")
    tap(page, "A:schwarz")
    # Game 3: a 40 for A looked fine on the phone (it knew 0:0), but 11 + 2 passes 12.
    page.click("label[for=mA40]")
    tap(page, "B:frei")
    tap(page, "A:frei")  # game 4 waits behind it
    expect(page.locator(QUEUED)).to_have_count(4)
    page.context.set_offline(False)
    refused = page.locator("[data-queued=refused]")
    expect(refused).to_have_count(1, timeout=10000)
    expect(refused).to_have_attribute("data-number", "3")
    expect(refused.locator(".why")).to_contain_text("40")
    expect(page.locator(QUEUED)).to_have_count(2)
    expect(page.locator("[data-queued=queued]")).to_have_attribute("data-number", "4")
    assert len(games(live_server, sheet_id)) == 2
    # Fix it: the tap comes back into the form (the 40 is no longer allowed); meld a 20.
    refused.locator("button[data-action=fix]").click()
    expect(page.locator("#mA40")).to_be_disabled()
    page.click("label[for=mA20a]")
    tap(page, "B:frei")
    expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
    recorded = games(live_server, sheet_id)
    assert [g["entry"].get("melds") for g in recorded] == [
        None,
        None,
        [{"team": "A", "kind": "20"}],
        None,
    ]
    assert recorded[3]["entry"]["result"] == {"winner": "A", "band": "frei"}


def test_two_phones_one_offline_conflict_on_the_same_game(live_server, phone):
    first = phone()
    sheet_id = start(first, live_server)
    edit_link = first.locator(".share a[rel=nofollow]").get_attribute("href")
    second = phone()
    second.goto(edit_link)
    second.wait_for_url(re.compile(r"/edit$"))
    wait_for_copy(second)
    second.context.set_offline(True)
    tap(second, "B:frei")  # game 1 on the second phone, and two more behind it
    tap(second, "A:frei")
    tap(second, "B:frei")
    tap(first, "B:schwarz")  # meanwhile the first phone records game 1
    expect(rows(first)).to_have_count(1)
    second.context.set_offline(False)
    conflict = second.locator("[data-queued=conflict]")
    expect(conflict).to_have_count(1, timeout=10000)
    expect(conflict.locator(".why")).to_contain_text("Ein anderes Handy hat inzwischen eingetragen")
    expect(second.locator("[data-queued=queued]")).to_have_count(2)
    expect(rows(second)).to_have_count(1)  # the first phone's game, shown
    # Drop the first: the next one was made on the same old state, so it is a conflict too.
    conflict.locator("button[data-action=drop]").click()
    expect(second.locator(QUEUED)).to_have_count(2)
    expect(conflict.locator("button[data-action=on-top]")).to_have_text("Als Spiel 2 eintragen")
    conflict.locator("button[data-action=on-top]").click()
    expect(second.locator(QUEUED)).to_have_count(0, timeout=10000)
    recorded = games(live_server, sheet_id)
    assert [g["entry"]["result"]["band"] for g in recorded] == ["schwarz", "frei", "frei"]
    assert [g["entry"]["result"]["winner"] for g in recorded] == ["B", "A", "B"]
    expect(rows(first)).to_have_count(3, timeout=10000)


def test_thirty_games_in_a_row_offline(live_server, phone):
    page = phone()
    # The page's own clock, run past each tap's guard: 30 taps, not 21 s of waiting.
    page.clock.install()
    sheet_id = start(page, live_server)
    page.context.set_offline(True)
    homes = []
    for number in range(1, 31):
        first = page.locator("#entry-form button[name=result]:not(.away)").first
        home = first.get_attribute("value")[0]
        homes.append(home)
        expect(first.locator(".who")).to_contain_text(f"({home})")
        settled_tap_at_once(page)  # the same button again at once would be a double tap
        first.click()  # home wins frei
        expect(page.locator(QUEUED)).to_have_count(number)
    queued = page.locator(QUEUED)
    assert queued.evaluate_all("rows => rows.map(r => r.dataset.number)") == [
        str(n) for n in range(1, 31)
    ]
    texts = queued.all_inner_texts()
    for number, (text, home) in enumerate(zip(texts, homes, strict=True), start=1):
        assert f"{PLAYERS[(number - 1) % 4]} gibt · Heim: {home}" in text, text
    expect(page.locator("#outbox")).to_have_text("30 Spiele warten auf Netz")
    assert homes == ["B", "A"] * 15
    page.context.set_offline(False)
    expect(page.locator(QUEUED)).to_have_count(0, timeout=20000)
    recorded = games(live_server, sheet_id)
    assert [g["number"] for g in recorded] == list(range(1, 31))
    assert [g["home"] for g in recorded] == homes
    assert [g["entry"]["result"]["winner"] for g in recorded] == homes


def test_two_tabs_of_one_phone_send_each_tap_once(live_server, phone):
    page = phone()
    sheet_id = start(page, live_server)
    context = page.context
    other = context.new_page()
    other.goto(page.url)
    context.set_offline(True)
    tap(page, "B:frei")
    tap(page, "A:frei")
    tap(other, "B:schneider")  # the other tab sees the outbox and queues behind
    expect(page.locator(QUEUED)).to_have_count(3)
    expect(other.locator(QUEUED)).to_have_count(3)
    context.set_offline(False)
    expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
    expect(other.locator(QUEUED)).to_have_count(0, timeout=10000)
    recorded = games(live_server, sheet_id)
    assert [g["entry"]["result"]["band"] for g in recorded] == ["frei", "frei", "schneider"]


@pytest.mark.parametrize(
    ("game", "players", "taps"),
    [
        (
            "bauerschspiel",
            PLAYERS,
            [["button[name=winner][value=A]"], ["button[name=winner][value=B]"]],
        ),
        (
            "bolachen",
            PLAYERS[:3],
            [
                [
                    "label[for=declarer1]",
                    "label[for=bid-brand-herz]",
                    "button[name=won][value='1']",
                ],
                ["label[for=declarer2]", "label[for=bid-bettel]", "button[name=won][value='0']"],
            ],
        ),
    ],
)
def test_the_cousins_play_on_offline(live_server, phone, game, players, taps):
    page = phone()
    sheet_id = start(page, live_server, game=game, players=players)
    page.context.set_offline(True)
    for clicks in taps:
        settled_tap(page)
        for selector in clicks:
            page.click(f"#entry-form {selector}")
    expect(page.locator(QUEUED)).to_have_count(2)
    expect(page.locator(QUEUED).nth(1)).to_contain_text(f"{players[1]} gibt")
    page.context.set_offline(False)
    expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
    assert len(games(live_server, sheet_id)) == 2


def test_an_amendment_and_an_undo_wait_offline_too(live_server, phone):
    page = phone()
    sheet_id = start(page, live_server)
    tap(page, "B:frei")
    tap(page, "A:frei")
    expect(rows(page)).to_have_count(2)
    rows(page).nth(0).locator(".nr a").click()  # opening an old game needs the network
    expect(page.locator("#entry-h")).to_have_text("Spiel 1 ändern")
    page.context.set_offline(True)
    tap(page, "A:schwarz")
    amended = page.locator("[data-queued][data-kind=amend]")
    expect(amended).to_have_attribute("data-number", "1")
    # Back at the next game's form: game 3 is entered behind the amendment.
    expect(page.locator("#entry-form input[name=number]")).to_have_value("3")
    tap(page, "B:frei")
    expect(page.locator(QUEUED).nth(1)).to_have_attribute("data-number", "3")
    page.context.set_offline(False)
    expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
    expect(page.locator(".undo")).to_contain_text(re.compile(r"Spiel 3: .+ eingetragen"))
    page.context.set_offline(True)
    page.click(".undo button")
    expect(page.locator("[data-queued][data-kind=delete]")).to_contain_text("Spiel 3 löschen")
    page.context.set_offline(False)
    expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
    recorded = games(live_server, sheet_id)
    assert [g["entry"]["result"] for g in recorded] == [
        {"winner": "A", "band": "schwarz"},
        {"winner": "A", "band": "frei"},
    ]


def test_in_english_the_copy_keeps_no_csrf_token(live_server, phone):
    page = phone(locale="en-US")
    start(page, live_server)
    page.context.set_offline(True)
    tap(page, "B:frei")
    expect(page.locator("#outbox")).to_have_text("1 game waiting for the network")
    expect(page.locator(QUEUED)).to_contain_text("Hans deals · home: B")
    page.reload()
    expect(page.locator("#outbox")).to_contain_text("offline, as of")
    expect(page.locator("#outbox")).to_contain_text("1 game waiting for the network")
    # The copy's tokens are blanked: a replay asks GET /csrf for the session's token.
    expect(page.locator("#entry-form input[name=csrf_token]")).to_have_value("")
    # Nor the edit link with its token: the copy keeps the sharing of the read-only link alone.
    expect(page.locator(".share a")).to_have_count(1)
    expect(page.locator(".share a[href*='/edit']")).to_have_count(0)
    expect(page.locator(".share img.qr[data-src$='/edit.svg']")).to_have_count(0)
    assert json.loads(page.locator("body").get_attribute("hx-headers")) == {"X-CSRF-Token": ""}
    with page.expect_request(re.compile(r"/csrf$")):
        page.context.set_offline(False)
    expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
    expect(page.locator("#outbox")).to_be_hidden()


def test_polls_only_while_visible(live_server, phone):
    page = phone()
    sheet_id = start(page, live_server)
    polls = []
    page.on("request", lambda r: "if-none-match" in r.headers and polls.append(r.url))
    page.evaluate(
        """() => {
            Object.defineProperty(document, "hidden", {value: true, configurable: true});
            document.dispatchEvent(new Event("visibilitychange"));
        }"""
    )
    seen = len(polls)
    page.wait_for_timeout(4000)  # more than a poll's interval
    assert len(polls) == seen
    with page.expect_request(lambda r: "if-none-match" in r.headers) as poll:
        page.evaluate(
            """() => {
                Object.defineProperty(document, "hidden", {value: false, configurable: true});
                document.dispatchEvent(new Event("visibilitychange"));
            }"""
        )
    assert poll.value.url.endswith(f"/s/{sheet_id}/edit")


def test_the_outbox_survives_a_restarted_browser(live_server, browser, tmp_path):
    def launch():
        context = browser.browser_type.launch_persistent_context(
            tmp_path / "profile",
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            viewport=PHONE,
            locale="de-DE",
        )
        context.set_default_timeout(8000)
        return context, context.pages[0] if context.pages else context.new_page()

    context, page = launch()
    sheet_id = start(page, live_server)
    context.set_offline(True)
    tap(page, "B:frei")
    tap(page, "A:frei")
    expect(page.locator(QUEUED)).to_have_count(2)
    context.close()
    # The browser starts again with no network: the sheet opens from the copy, taps waiting.
    context, page = launch()
    context.set_offline(True)
    page.goto(f"{live_server}/s/{sheet_id}/edit")
    expect(page.locator("#outbox")).to_contain_text("2 Spiele warten auf Netz")
    context.set_offline(False)
    expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
    context.close()
    assert [g["home"] for g in games(live_server, sheet_id)] == ["B", "A"]
