"""Fixtures of the score sheet tests: a sheet made through the start form, a tap."""

import os
import re

import pytest
from playwright.sync_api import sync_playwright

from tests.scoresheet.helpers import CHROMIUM, CHROMIUM_ARGS, PHONE, PLAYERS, csrf, entry_form


@pytest.fixture
def new_sheet(client):
    """Create a sheet through the start form; return its id (this client may edit it)."""

    def make(players=PLAYERS, **extra) -> str:
        data = {"csrf_token": csrf(client), "first_dealer": "0", "preset": "lautern"}
        data.update({f"player{seat}": name for seat, name in enumerate(players)})
        data.update(extra)
        response = client.post("/s", data=data)
        assert response.status_code == 303, response.text
        match = re.fullmatch(r"/s/([^/]+)/edit", response.headers["Location"])
        assert match
        return match.group(1)

    return make


@pytest.fixture
def tap(client):
    """Record a game by posting the entry form as rendered (htmx or not)."""

    def record(sheet_id: str, htmx: bool = True, **data):
        page = client.get(f"/s/{sheet_id}/edit")
        form = entry_form(page.text)
        form.update(data)
        headers = {"HX-Request": "true"} if htmx else {}
        return client.post(f"/s/{sheet_id}/games", data=form, headers=headers)

    return record


@pytest.fixture(scope="module")
def browser():
    """Launch Debian's Chromium headless (the browser tests skip where it is missing)."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip("Debian's chromium is not installed")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):
    """Return a function opening a new phone-sized browser context (German unless told)."""
    contexts = []

    def open_phone(locale="de-DE", **options):
        context = browser.new_context(viewport=PHONE, locale=locale, **options)
        context.set_default_timeout(8000)
        contexts.append(context)
        page = context.new_page()
        page.problems = []
        page.on("console", lambda m: m.type == "error" and page.problems.append(m.text))
        page.on("pageerror", lambda e: page.problems.append(str(e)))
        return page

    yield open_phone
    for context in contexts:
        context.close()
