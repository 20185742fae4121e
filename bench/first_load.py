"""The first visit of a sheet on a phone (issues 18 and 24): what Debian's Chromium fetches in
its first 5 s when the QR code's edit link is opened with a cold cache, counted as it comes
over the wire (Chrome DevTools Protocol: each answer's encodedDataLength, its headers and
status line included), in the encoding Chromium asks for (it takes zstd, Brotli and gzip).

Counted: the page (the link answers with it: no redirect; one would count too), its CSS
and scripts, the manifest (asked for as a phone's
browser does to offer the home screen), the service worker's script and what its precache
fetches beyond the browser's cache, the page's first poll, and anything else in those 5 s.
The page's requests come from CDP's Network events; the service worker's (another target)
from Playwright's, which reads them from CDP there (the worker's own script comes with no
body size: its Content-Length counts).

`slow_3g` is the time to interactive under DevTools' "Slow 3G" (CDP's network emulation:
2000 ms latency, 50 000 B/s down and up, DevTools' own preset): from the start of the
navigation to the end of DOMContentLoaded, when the deferred scripts have run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import requests

from tests.pages import CHROMIUM, CHROMIUM_ARGS, PHONE

WINDOW_MS = 5000
"""The first visit: what is fetched in its first 5 s."""
SLOW_3G = {
    "offline": False,
    "latency": 2000,
    "downloadThroughput": 50000,
    "uploadThroughput": 50000,
}
"""DevTools' "Slow 3G" preset (500 kbit/s × 0.8, 400 ms × 5 of latency)."""
BUDGET = 32 * 1024
"""The ceiling a first visit may not pass: 32 KB. A sheet's page loads no htmx (the board's
own swapper, scoresheet/static/swap.js, serves its few attributes): about 19 KB now
(docs/performance.md)."""
SLOW_3G_GOAL_MS = 5000


GAMES = {"bauerchen": 4, "bauerschspiel": 4, "bolachen": 3}
"""The games a sheet is started for, with their seats."""


def new_edit_link(base: str, game: str = "bauerchen") -> str:
    """Start a sheet of `game` through the start page's form on another phone (its first
    rule set); return its edit link (with the token), as the sheet's QR code holds it."""
    session = requests.Session()
    session.trust_env = False
    start = session.get(f"{base}/", timeout=10).text
    token = re.search(r'name="csrf_token" value="([^"]+)"', start).group(1)
    names = ("Hans", "Grete", "Karl", "Lise")[: GAMES[game]]
    players = {f"player{seat}": name for seat, name in enumerate(names)}
    made = session.post(
        f"{base}/s",
        data={"csrf_token": token, "first_dealer": "0", "game": game, **players},
        timeout=10,
    )
    link = re.search(r'href="([^"]*/edit/[^"]+)"', made.text).group(1)
    return link if link.startswith("http") else base + link


@contextmanager
def chromium() -> Iterator[object]:
    """Launch Debian's Chromium headless through Playwright; yield the browser."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def phone(browser):
    """Return a new phone of the browser: a cold cache, 390×844 with touch."""
    return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="de-DE")


def first_visit(browser, link: str) -> dict[str, int]:
    """Return the bytes each answer of a first visit of `link` took over the wire, by address
    (a repeated address gets a number)."""
    context = phone(browser)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    addresses: dict[str, str] = {}
    sizes: dict[str, int] = {}

    def named(address: str) -> str:
        name = re.sub(r"^https?://[^/]+", "", address)
        n = sum(1 for key in sizes if key == name or key.startswith(f"{name} #"))
        return name if n == 0 else f"{name} #{n + 1}"

    def sent(event: dict) -> None:
        redirect = event.get("redirectResponse")
        if redirect:
            sizes[named(redirect["url"])] = int(redirect["encodedDataLength"])
        addresses[event["requestId"]] = event["request"]["url"]

    def finished(event: dict) -> None:
        address = addresses.pop(event["requestId"], None)
        if address is not None:
            sizes[named(address)] = int(event["encodedDataLength"])

    def worker(request) -> None:
        if request.service_worker is None:
            return
        got = request.sizes()
        if got["responseBodySize"] < 0:
            return  # from the browser's cache: nothing came over the wire
        body = got["responseBodySize"] or int(request.response().headers.get("content-length", 0))
        sizes[named(request.url)] = got["responseHeadersSize"] + body

    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.loadingFinished", finished)
    context.on("requestfinished", worker)
    page.goto(link)
    cdp.send("Page.getAppManifest")  # a phone's browser reads it to offer the home screen
    page.wait_for_timeout(WINDOW_MS)
    context.close()
    return sizes


def slow_3g(browser, link: str) -> float:
    """Return the milliseconds from opening `link` to the end of DOMContentLoaded under Slow 3G."""
    context = phone(browser)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_3G)
    page.goto(link, wait_until="domcontentloaded", timeout=60000)
    ready = page.evaluate(
        "() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
    )
    context.close()
    return float(ready)


def report(base: str, games: tuple[str, ...] = tuple(GAMES)) -> None:
    """Print the first visit of a new sheet's edit link of each game on a live server, and
    Slow 3G's time to interactive."""
    print("first visit of a sheet's edit link in Chromium, first 5 s (bench/first_load.py):")
    with chromium() as browser:
        for game in games:
            sizes = first_visit(browser, new_edit_link(base, game))
            interactive = slow_3g(browser, new_edit_link(base, game))
            print(f"  {game}:")
            for address, size in sizes.items():
                name = re.sub(r"/(s|edit)/[^/?]+", r"/\1/…", address.split("?")[0])
                print(f"    {name:32s} {size:6d} B")
            total = sum(sizes.values())
            print(f"    {'total transferred':32s} {total:6d} B   (target <= {BUDGET})")
            seconds, goal = interactive / 1000, SLOW_3G_GOAL_MS / 1000
            print(f"    Slow 3G, to interactive: {seconds:.1f} s   (goal <= {goal:.0f} s)")
