"""Helpers for the score sheet tests: form fields and tokens read off the pages."""

import re

import pytest
from playwright.sync_api import expect

from bench import first_load as bench_first_load
from tests.conftest import start_gunicorn, stop_gunicorn

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


def entry_form(html: str) -> dict[str, str]:
    """Return the hidden fields of the entry form (CSRF token, key, version, number)."""
    form = html[html.index('id="entry-form"') :]
    return {name: field(form, name) for name in ("csrf_token", "key", "version", "number")}


def first_load(client, path: str) -> int:
    """Return the bytes a first visit of `path` fetches, compressed as a phone takes them
    (bench/first_load.py says what counts: page, assets, service worker, precache, manifest)."""

    def get(address, headers):
        with client.get(address, headers=headers) as answer:
            return answer.data, answer.headers

    return sum(bench_first_load.first_load(get, path).values())


def settled_tap(page) -> None:
    """Wait until a tap is no longer "the same tap again": the pad drops a second tap on the
    same button within about a second as a double tap."""
    expect(page.locator("body[data-taken]")).to_have_count(0)


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
    raise AssertionError(f"no copy of {path} kept")


def module_server(name: str):
    """Return a fixture `live_server` of one gunicorn for a test module (each test has its
    own sheets and browser context): assign it as `live_server = module_server("name")`."""

    @pytest.fixture(scope="module")
    def live_server(tmp_path_factory):
        server = start_gunicorn(tmp_path_factory.mktemp(name))
        yield server
        stop_gunicorn(server)

    return live_server
