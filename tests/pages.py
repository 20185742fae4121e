"""Helpers for the score sheet tests: form fields and tokens read off the pages."""

import json
import re
import time
import urllib.request

from playwright.sync_api import expect

PLAYERS = ["Hans", "Grete", "Karl", "Lise"]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 390, "height": 844}


def field(html: str, name: str) -> str:
    """Return the value of the first hidden input `name` in a page."""
    match = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert match, f"no field {name}"
    return match.group(1)


def csrf(client) -> str:
    """Return the session's CSRF token, from the start page."""
    return field(client.get("/").text, "csrf_token")


def created(client, path: str, data: dict[str, str], location: str) -> str:
    """Post a form that makes something; return the id its 303 names (`location`'s group)."""
    response = client.post(path, data=data)
    assert response.status_code == 303, response.text
    match = re.fullmatch(location, response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def entry_form(html: str) -> dict[str, str]:
    """Return the hidden fields of the entry form (CSRF token, key, version, number)."""
    form = html[html.index('id="entry-form"') :]
    return {name: field(form, name) for name in ("csrf_token", "key", "version", "number")}


def first_load(client, path: str) -> int:
    """Return the bytes a first visit of `path` fetches from the app, compressed as a phone
    takes them: the page, every static file it links, the manifest and the service worker
    (which keeps what the page loaded); bodies and headers with their status lines,
    without those gunicorn adds (bench/first_load.py counts a real phone's over the wire)."""
    sizes: dict[str, int] = {}

    def fetch(address: str, encoding: str = "gzip, deflate, br") -> bytes:
        with client.get(address, headers={"Accept-Encoding": encoding}) as answer:
            body, headers = answer.data, answer.headers
        if encoding != "identity":
            head = STATUS_LINE + sum(len(name) + len(value) + 4 for name, value in headers.items())
            sizes[address] = len(body) + head + 2
        return body

    fetch(path)
    plain = fetch(path, "identity").decode()
    assets = set(re.findall(r'(?:src|href)="(/static/[^"]+)"', plain))
    fetch("/manifest.webmanifest")
    fetch("/sw.js")
    # The worker keeps what the page loaded: no download of its own.
    for asset in sorted(assets):
        fetch(asset)
    return sum(sizes.values())


STATUS_LINE = len("HTTP/1.1 200 OK\r\n")


ROSTER = ["Hans", "Grete", "Karl", "Lise", "Otto"]


def make_group(client, name: str = "Stammtisch Zur Linde", players=ROSTER) -> str:
    """Create a group through its form; return its id (this client may edit it)."""
    data = {"csrf_token": csrf(client), "name": name, "players": "\n".join(players)}
    return created(client, "/g", data, r"/g/([^/]+)")


def start_evening(client, group_id, seats, game="bauerchen", **extra):
    """Start an evening of a group through its form, the seats by roster number."""
    data = {"csrf_token": csrf(client), "game": game, "preset": "", **extra}
    data.update({f"seat{n}": str(number) for n, number in enumerate(seats)})
    return client.post(f"/g/{group_id}/sheets", data=data)


def wait_for_copy(page) -> None:
    """Wait until the service worker controls the page and keeps a copy of the sheet."""
    wait_for_kept(page, page.evaluate("location.pathname"))


def wait_for_kept(page, path: str) -> None:
    """Wait until the service worker controls the page and keeps a copy of `path` (polled
    here: wait_for_function takes the promise of an async predicate for a true value)."""
    for _ in range(300):
        kept = page.evaluate(
            """async (path) => Boolean(navigator.serviceWorker.controller) &&
                    Boolean(await caches.match(path, {cacheName: "bauerblock-pages"}))""",
            path,
        )
        if kept:
            return
        page.wait_for_timeout(100)
    worker = page.evaluate(
        """async () => {
            const r = await navigator.serviceWorker.getRegistration();
            const state = (w) => (w ? w.state : null);
            return {registration: Boolean(r), installing: state(r && r.installing),
                    waiting: state(r && r.waiting), active: state(r && r.active),
                    controlled: Boolean(navigator.serviceWorker.controller),
                    caches: await caches.keys()};
        }"""
    )
    raise AssertionError(f"no copy of {path} kept; the service worker: {worker}")


def settled_tap(page) -> None:
    """Wait until a tap is no longer "the same tap again": for 700 ms after a form recorded,
    the pad takes no other tap on it (a double tap, or a thumb's second touch)."""
    expect(page.locator("body[data-taken]")).to_have_count(0)


TAP_GUARD_MS = 700
"""How long after a form recorded the pad takes no other tap on it (taps.js's GUARD_MS)."""


def settled_tap_at_once(page) -> None:
    """Like settled_tap, on a page whose clock the test installed (`page.clock.install()`
    before it loaded): run that clock past the tap guard instead of waiting 700 ms of real
    time, so that a test of many taps waits for the server and the outbox only."""
    page.clock.run_for(TAP_GUARD_MS)
    settled_tap(page)


# The offline pad's helpers, shared by the pad's tests and the reliability tests.
QUEUED = "[data-queued]"


def next_held(page, held: list, seconds: float = 10.0):
    """Return the first request `held` (by a route that appends to it), once the page has
    sent it: a click returns before its fetch reaches the route."""
    deadline = time.monotonic() + seconds
    while not held:
        assert time.monotonic() < deadline, "the page sent no request to hold"
        page.wait_for_timeout(50)
    return held.pop(0)


def start(page, base, game="bauerchen", players=PLAYERS, choices=()):
    """Start a sheet through the start form (the labels `choices` clicked, a preset's say);
    return its id once the service worker is ready."""
    page.goto(f"{base}/?game={game}")
    for seat, name in enumerate(players):
        page.fill(f"#player{seat}", name)
    for label in choices:
        page.click(f"label[for={label}]")
    page.click("button.primary.big")
    page.wait_for_url(re.compile(r"/s/[^/]+/edit$"))
    wait_for_copy(page)
    return page.url.split("/s/")[1].split("/")[0]


def games(base, sheet_id):
    """Return the games the server holds, read through the API."""
    with urllib.request.urlopen(f"{base}/api/v1/sheets/{sheet_id}") as answer:
        return json.load(answer)["games"]


def api_post(base: str, path: str, body: dict, token: str | None = None) -> dict:
    """POST `body` to the live server's API at `path` (with the edit token, if given);
    return the answer's JSON."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"{base}/api/v1{path}", data=json.dumps(body).encode(), headers=headers
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def tap(page, value):
    """Tap a result button once the last tap can no longer be taken for a double tap."""
    settled_tap(page)
    page.click(f"#entry-form button[name=result][value='{value}']")


def rows(page):
    """Return the pad's rows of games."""
    return page.locator(".pad tr.game")
