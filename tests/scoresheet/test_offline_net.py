"""The pad where the network fails it: no token left in the address bar, the history or a
Referer; a discard that asks the server first; a hung server; the home screen in a cellar."""

import os
import re
import signal

import pytest
import requests
from playwright.sync_api import expect

from tests.pages import wait_for_kept
from tests.scoresheet.test_offline import QUEUED, games, rows, start, tap

pytestmark = [pytest.mark.browser, pytest.mark.server]

BANNER = "#outbox"

VIEW_MS = 10000
"""How long after loading an edit view keeps its read-only view too (sheet.js's VIEW_MS)."""


def edit_link(page) -> str:
    """Return the sheet's edit link, as its QR code holds it (the share section is closed)."""
    return page.locator(".share a[rel=nofollow]").get_attribute("href")


def until(page, check, seconds: float = 10) -> None:
    """Wait until `check()` is true, polled every 100 ms (fail after `seconds`)."""
    for _ in range(int(seconds * 10)):
        if check():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"not so after {seconds} s")


def offline_page(context):
    """A fresh page of the context, with the network gone."""
    context.set_offline(True)
    return context.new_page()


def organiser_link(base: str) -> str:
    """Start a tournament through the API; return its organiser link (with its token)."""
    names = ["Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Fritz", "Anna"]
    made = requests.post(
        f"{base}/api/v1/tournaments", json={"title": "Preisbauer", "players": names}, timeout=10
    )
    assert made.status_code == 201, made.text
    link = made.json()["links"]["organiser"]
    return link if link.startswith("http") else base + link


def group_edit_link(base: str) -> str:
    """Start a Stammtisch through the API; return its edit link (with its token)."""
    made = requests.post(
        f"{base}/api/v1/groups",
        json={"name": "Zur Linde", "players": ["Hans", "Grete", "Karl", "Lise"]},
        timeout=10,
    )
    assert made.status_code == 201, made.text
    link = made.json()["links"]["edit"]
    return link if link.startswith("http") else base + link


# Each token link: the address it goes to online, and whether the phone keeps a copy of it.
LINKS = {
    "edit": (r"/edit$", True),
    "organiser": (r"/organiser$", False),
    "group": (r"/g/[^/]+$", True),
}


@pytest.mark.parametrize("link", sorted(LINKS))
def test_no_token_is_left_in_the_address_bar_the_history_or_a_referer(live_server, phone, link):
    page = phone()
    own, kept = LINKS[link]
    if link == "edit":
        first = phone()
        sheet_id = start(first, live_server)
        address = edit_link(first)
        page.goto(address)  # the QR code: the token goes into the session
        wait_for_kept(page, f"/s/{sheet_id}/edit")
    else:
        start(page, live_server)  # the phone has the pad's service worker
        address = (organiser_link if link == "organiser" else group_edit_link)(live_server)
        page.goto(address)
        page.wait_for_url(re.compile(own))
        if kept:
            wait_for_kept(page, re.sub(r"^https?://[^/]+", "", page.url))
    token = address.rstrip("/").split("/")[-1]
    requests_seen = []
    page.context.on("request", lambda request: requests_seen.append(request))
    offline = offline_page(page.context)
    shown = offline.goto(address)
    if kept:
        expect(offline.locator(BANNER)).to_contain_text("offline, Stand von")
    else:
        expect(offline.locator("h1")).to_have_text("braucht Netz")
    if link == "edit":
        tap(offline, "B:frei")
        expect(offline.locator(QUEUED)).to_have_count(1)
    assert shown.headers["referrer-policy"] == "no-referrer"
    visited = [offline.url]
    # On to the start page (the brand's link: a click as the page gets it, whatever is on top).
    offline.locator("a.brand" if kept else "main a.button").dispatch_event("click")
    offline.wait_for_url(f"{live_server}/")
    while offline.go_back() is not None:  # every entry of the history
        visited.append(offline.url)
    assert re.search(own, visited[0]), visited
    assert not [url for url in visited if token in url]
    referers = [r.all_headers().get("referer", "") for r in requests_seen]
    assert len(referers) >= 3
    assert not [referer for referer in referers if token in referer]


def test_the_qr_codes_first_visit_leaves_no_token_anywhere(live_server, phone):
    """Online, the edit link answers with the pad itself: the token leaves the address bar and
    the history as the page starts, goes out in no Referer and into no kept copy."""
    first = phone()
    sheet_id = start(first, live_server)
    address = edit_link(first)
    token = address.rstrip("/").split("/")[-1]
    page = phone()  # a phone that never opened the service before
    requests_seen = []
    page.context.on("request", lambda request: requests_seen.append(request))
    answer = page.goto(address)
    assert answer.status == 200 and answer.request.redirected_from is None
    assert answer.headers["referrer-policy"] == "no-referrer"
    expect(page).to_have_url(f"{live_server}/s/{sheet_id}/edit")
    wait_for_kept(page, f"/s/{sheet_id}/edit")
    tap(page, "B:frei")
    until(page, lambda: len(games(live_server, sheet_id)) == 1)
    page.reload()
    expect(page).to_have_url(f"{live_server}/s/{sheet_id}/edit")
    expect(page.locator("#entry-form")).to_be_visible()
    kept = page.evaluate(
        """async () => {
            const urls = [];
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) urls.push(request.url);
            }
            return urls;
        }"""
    )
    assert f"{live_server}/s/{sheet_id}/edit" in kept
    assert not [url for url in kept if token in url]
    # The page, its styles and scripts, the CSRF token, the tap, the worker, the manifest.
    seen = [(r.url, r.all_headers().get("referer", "")) for r in requests_seen]
    assert len(seen) >= 6, seen
    assert not [url for url, referer in seen[1:] if token in url or token in referer], seen
    visited = [page.url]
    while page.go_back() is not None:  # every entry of the history
        visited.append(page.url)
    assert visited == [f"{live_server}/s/{sheet_id}/edit"], visited


def test_without_scripts_the_edit_link_goes_to_the_sheets_own_address(live_server, phone):
    first = phone()
    sheet_id = start(first, live_server)
    address = edit_link(first)
    token = address.rstrip("/").split("/")[-1]
    page = phone(java_script_enabled=False)
    page.goto(address)
    # The page's refresh (in <noscript>) replaces the link's entry with the sheet's address.
    expect(page).to_have_url(f"{live_server}/s/{sheet_id}/edit")
    expect(page.locator("#entry-form")).to_be_visible()
    visited = [page.url]
    while page.go_back() is not None:  # every entry of the history
        visited.append(page.url)
    assert not [url for url in visited if token in url], visited


def test_a_discard_after_a_lost_answer_asks_and_offers_the_undo(live_server, phone):
    page = phone()
    sheet_id = start(page, live_server)
    state = {"lost": 0}

    def lose(route):
        if state["lost"] == 0:
            route.fetch()  # the server records the tap ...
        state["lost"] += 1
        route.abort("connectionreset")  # ... and the phone never hears: now or on a retry

    page.route(re.compile(r"/games(/\d+/delete)?$"), lose)
    tap(page, "B:frei")
    until(page, lambda: state["lost"] > 0)
    row = page.locator(QUEUED)
    row.locator("button.discard").click()
    expect(row).to_contain_text("Spiel 1 schon eingetragen")  # not "Verworfen"
    expect(row.locator("button.discard")).to_have_count(0)
    assert len(games(live_server, sheet_id)) == 1
    row.locator("button[data-action=undo]").click()
    expect(page.locator(QUEUED)).to_have_count(2)  # the tap, and its undo behind it
    page.unroute(re.compile(r"/games(/\d+/delete)?$"))
    expect(page.locator(QUEUED)).to_have_count(0, timeout=15000)
    expect(rows(page)).to_have_count(0)
    assert games(live_server, sheet_id) == []


def test_a_discard_of_a_tap_the_server_never_got_is_a_discard(live_server, phone):
    page = phone()
    sheet_id = start(page, live_server)
    page.route(re.compile(r"/games$"), lambda route: route.abort("connectionreset"))
    tap(page, "B:frei")
    sent = "() => JSON.parse(localStorage.getItem('bauerblock.outbox') || '[]').some((i) => i.sent)"
    until(page, lambda: page.evaluate(sent))
    page.locator(QUEUED).locator("button.discard").click()
    expect(page.locator("#board .discarded")).to_contain_text("Verworfen")
    expect(page.locator(QUEUED)).to_have_count(0)
    answer = requests.get(f"{live_server}/s/{sheet_id}/writes/{'0' * 32}", timeout=10)
    assert answer.status_code == 403  # only a phone with the edit right asks


@pytest.mark.parametrize("how", ["reload", "new tab"])
def test_a_stopped_server_shows_the_kept_copy_within_five_seconds(live_server, phone, how):
    page = phone()
    start(page, live_server)
    address = page.url
    group = live_server.process.pid
    os.killpg(group, signal.SIGSTOP)  # silent: the connection is taken, never answered
    try:
        shown = page if how == "reload" else page.context.new_page()
        if how == "reload":
            page.reload(wait_until="commit", timeout=8000)
        else:
            shown.goto(address, wait_until="commit", timeout=8000)
        expect(shown.locator(BANNER)).to_contain_text("offline, Stand von", timeout=8000)
        expect(shown.locator("#entry-form")).to_be_visible()
        # When the page's answer came, from the start of its navigation (the browser's clock).
        answered = shown.evaluate(
            "() => performance.getEntriesByType('navigation')[0].responseStart"
        )
        assert 2500 <= answered <= 5000
    finally:
        os.killpg(group, signal.SIGCONT)
    requests.get(f"{live_server}/healthz", timeout=10)  # the server answers again


def test_the_start_page_opens_offline_on_a_phone_that_only_opened_an_edit_link(live_server, phone):
    first = phone()
    sheet_id = start(first, live_server, players=["Anton", "Berta", "Cäsar", "Dora"])
    page = phone()
    page.clock.install()  # the page's clock is run to when it keeps the read-only view
    page.goto(edit_link(first))
    wait_for_kept(page, f"/s/{sheet_id}/edit")
    page.clock.run_for(VIEW_MS)
    wait_for_kept(page, f"/s/{sheet_id}")  # its read-only view too, a while after
    offline = offline_page(page.context)
    offline.goto(f"{live_server}/")  # the home screen's start page, never visited
    kept = offline.locator(".kept a")
    expect(kept).to_have_count(1)  # the sheet once, its edit view
    expect(kept).to_have_attribute("href", f"/s/{sheet_id}/edit")
    kept.click()
    expect(offline.locator(BANNER)).to_contain_text("offline, Stand von")
    tap(offline, "B:frei")
    expect(offline.locator(QUEUED)).to_have_count(1)
    offline.goto(f"{live_server}/s/{sheet_id}")
    expect(offline.locator(BANNER)).to_contain_text("offline, Stand von")
    expect(offline.locator("#entry-form")).to_have_count(0)
