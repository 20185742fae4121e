"""The app opens offline whichever way a person comes: home screen, edit link, read-only link,
a tournament's board; what needs the network says so."""

import pytest
import requests
from playwright.sync_api import expect

from tests.pages import wait_for_copy, wait_for_kept
from tests.scoresheet.test_offline import QUEUED, start, tap

pytestmark = [pytest.mark.browser, pytest.mark.server]

BANNER = "#outbox"


def kept_text(page) -> str:
    """Return every address and body the service worker's caches hold, as one text."""
    return page.evaluate(
        """async () => {
            const parts = [];
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) {
                    parts.push(request.url, await (await cache.match(request)).text());
                }
            }
            return parts.join("\\n");
        }"""
    )


def offline_page(context):
    """A fresh page of the context, with the network gone."""
    context.set_offline(True)
    page = context.new_page()
    page.problems = []
    return page


def test_the_start_page_opens_offline_with_the_sheets_as_last_seen(live_server, phone):
    page = phone()
    start(page, live_server, players=["Anton", "Berta", "Cäsar", "Dora"])
    page.goto(f"{live_server}/")
    expect(page.locator(".recent:not(.groups)")).to_contain_text("Anton")
    wait_for_kept(page, "/")
    offline = offline_page(page.context)
    offline.goto(f"{live_server}/")  # the manifest's start_url
    expect(offline.locator(".recent:not(.groups)")).to_contain_text("Anton")
    expect(offline.locator(".recent.groups")).to_be_visible()  # "my groups", as last seen
    expect(offline.locator(BANNER)).to_be_visible()
    expect(offline.locator(BANNER)).to_contain_text("offline, Stand von")
    expect(offline.locator("input[name=csrf_token]").first).to_have_value("")
    manifest = requests.get(f"{live_server}/manifest.webmanifest", timeout=10).json()
    assert manifest["start_url"] == "/"


def test_the_edit_link_opens_the_kept_copy_without_its_token(live_server, phone):
    first = phone()
    sheet_id = start(first, live_server)
    edit_link = first.locator(".share a[rel=nofollow]").get_attribute("href")
    token = edit_link.rstrip("/").split("/")[-1].split("token=")[-1]
    assert len(token) > 10
    second = phone()
    second.goto(edit_link)  # the QR code: the token is taken into the session
    wait_for_kept(second, f"/s/{sheet_id}/edit")
    assert token not in kept_text(second)
    offline = offline_page(second.context)
    offline.goto(edit_link)
    expect(offline.locator(BANNER)).to_contain_text("offline, Stand von")
    tap(offline, "B:frei")
    expect(offline.locator(QUEUED)).to_have_count(1)
    assert token not in kept_text(offline)


def test_the_read_only_link_and_the_board_open_offline(live_server, phone):
    page = phone()
    sheet_id = start(page, live_server)
    tap(page, "B:frei")
    expect(page.locator(".pad tr.game")).to_have_count(1)
    http = requests.Session()
    http.trust_env = False
    names = ["Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Fritz", "Anna"]
    made = http.post(
        f"{live_server}/api/v1/tournaments",
        json={"title": "Preisbauer Zur Linde", "players": names},
        timeout=10,
    )
    assert made.status_code == 201, made.text
    tournament_id = made.json()["id"]
    page.goto(f"{live_server}/s/{sheet_id}")
    wait_for_kept(page, f"/s/{sheet_id}")
    page.goto(f"{live_server}/t/{tournament_id}")
    expect(page.locator(".standings tbody tr")).to_have_count(len(names))
    wait_for_kept(page, f"/t/{tournament_id}")
    offline = offline_page(page.context)
    offline.goto(f"{live_server}/s/{sheet_id}")
    expect(offline.locator(".pad tr.game")).to_have_count(1)
    expect(offline.locator(BANNER)).to_contain_text("offline, Stand von")
    expect(offline.locator("#entry-form")).to_have_count(0)
    offline.goto(f"{live_server}/t/{tournament_id}")
    expect(offline.locator(".standings tbody tr")).to_have_count(len(names))
    expect(offline.locator(BANNER)).to_contain_text("offline, Stand von")


def test_what_needs_the_network_says_so(live_server, phone):
    page = phone()
    start(page, live_server)
    tap(page, "B:frei")
    expect(page.locator(".pad tr.game")).to_have_count(1)
    page.context.set_offline(True)
    page.locator(".pad tr.game .nr a").first.click()  # open game 1 to amend it
    expect(page.locator("#board .needs-network")).to_have_text("Dafür braucht es Netz.")
    expect(page.locator("#entry-h")).not_to_contain_text("ändern")
    page.click("a[href$='/stats']")
    expect(page.locator("h1")).to_have_text("braucht Netz")
    expect(page.locator("main")).to_contain_text("Dafür braucht es Netz.")


def test_a_page_the_worker_did_not_take_is_taken_when_it_hands_over_its_copy(live_server, phone):
    # A page can load while the worker is still activating, after its claim (a busy phone):
    # as a reload that bypasses the worker, it is not taken at first.
    page = phone()
    start(page, live_server)
    with page.expect_navigation(wait_until="load"):
        page.context.new_cdp_session(page).send("Page.reload", {"ignoreCache": True})
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)") is False
    wait_for_copy(page)  # taken, and its copy kept
    offline = offline_page(page.context)
    offline.goto(page.url)
    expect(offline.locator(BANNER)).to_contain_text("offline, Stand von")
