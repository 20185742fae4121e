"""No token of any kind lands in the phone's Cache Storage, whichever page showed one: a
sheet's edit view (its edit link, the copy the page hands over after a tap), a Stammtisch's
page (its edit link), a tournament's organiser and board and a table's pad (the organiser's
and the tables' links), the start page. "Dieses Handy vergessen" clears what the browser
keeps of the site (Clear-Site-Data) and the phone's rights."""

import pytest
import requests
from playwright.sync_api import expect

from tests.pages import start, tap, wait_for_kept

pytestmark = [pytest.mark.browser, pytest.mark.server]

NAMES = ["Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Fritz", "Anna"]


def kept_text(page) -> str:
    """Return every address and body the caches of the page's origin hold, as one text."""
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


def absolute(base: str, link: str) -> str:
    return link if link.startswith("http") else base + link


def test_no_page_leaves_a_token_in_the_caches_and_forgetting_clears_them(live_server, phone):
    http = requests.Session()
    http.trust_env = False
    page = phone()
    tokens: dict[str, str] = {}

    # A sheet started here: its edit view shows the edit link (and hands its copy over after
    # a tap); its read-only view too.
    sheet_id = start(page, live_server)
    edit_link = page.locator(".share a[rel=nofollow]").get_attribute("href")
    tokens["sheet"] = edit_link.rstrip("/").split("/")[-1]
    assert tokens["sheet"] in page.content()  # the page shows it: a test that can fail
    tap(page, "B:frei")
    expect(page.locator(".pad tr.game")).to_have_count(1)
    page.goto(absolute(live_server, edit_link))
    wait_for_kept(page, f"/s/{sheet_id}/edit")
    page.goto(f"{live_server}/s/{sheet_id}")
    wait_for_kept(page, f"/s/{sheet_id}")

    # A Stammtisch opened by its edit link: its page shows that link.
    group = http.post(
        f"{live_server}/api/v1/groups", json={"name": "Zur Linde", "players": NAMES}, timeout=10
    ).json()
    tokens["group"] = group["edit_token"]
    page.goto(absolute(live_server, group["links"]["edit"]))
    expect(page.locator(".share a")).to_have_count(1)
    assert tokens["group"] in page.content()
    wait_for_kept(page, f"/g/{group['id']}")

    # A tournament with a draw, opened by its organiser link: the organiser's page, the board
    # and a table's pad, each with this phone's organiser right.
    made = http.post(
        f"{live_server}/api/v1/tournaments",
        json={"title": "Preisbauer", "players": NAMES},
        timeout=10,
    ).json()
    tokens["organiser"] = made["edit_token"]
    drawn = http.post(
        f"{live_server}/api/v1/tournaments/{made['id']}/draws",
        json={"seed": "guard"},
        headers={"Authorization": f"Bearer {made['edit_token']}", "Idempotency-Key": "guard-dr"},
        timeout=30,
    )
    assert drawn.status_code == 201, drawn.text
    tables = drawn.json()["tables"]
    for number, table in enumerate(tables):
        tokens[f"table {number + 1}"] = table["sheet"]["edit_token"]
    page.goto(absolute(live_server, made["links"]["organiser"]))
    expect(page.locator("h1")).to_be_visible()
    assert tokens["organiser"] in page.content()
    page.goto(f"{live_server}/t/{made['id']}")
    wait_for_kept(page, f"/t/{made['id']}")
    table = tables[0]["sheet"]["id"]
    page.goto(absolute(live_server, tables[0]["sheet"]["links"]["edit"]))
    wait_for_kept(page, f"/s/{table}/edit")
    tap(page, "B:frei")
    expect(page.locator(".pad tr.game")).to_have_count(1)

    page.goto(f"{live_server}/")
    wait_for_kept(page, "/")
    page.wait_for_timeout(1000)  # a copy handed over after the last tap is put by now
    kept = kept_text(page)
    assert f"/s/{sheet_id}/edit" in kept and f"/g/{group['id']}" in kept
    leaked = sorted(name for name, token in tokens.items() if token in kept)
    assert leaked == []

    # Forget this phone: the copies are cleared (the start page it goes to may be kept anew),
    # the rights gone.
    page.get_by_role("button", name="Dieses Handy vergessen").click()
    page.wait_for_url(f"{live_server}/")
    copies = [f"/s/{sheet_id}/edit", f"/s/{sheet_id}", f"/g/{group['id']}", f"/t/{made['id']}"]
    assert page.evaluate(KEPT, copies) == []
    answer = page.goto(f"{live_server}/s/{sheet_id}/edit")
    assert answer is not None and answer.status == 403


KEPT = """async (paths) => {
    const kept = [];
    for (const path of paths) if (await caches.match(path)) kept.push(path);
    return kept;
}"""
