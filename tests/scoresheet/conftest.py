"""Fixtures of the score sheet tests: a sheet made through the start form, a tap.

The browser fixtures (`browser`, `phone`) are the root conftest's, shared by every page package.
"""

import pytest

from tests.pages import PLAYERS, created, csrf, entry_form


@pytest.fixture
def new_sheet(client):
    """Create a sheet through the start form; return its id (this client may edit it)."""

    def make(players=PLAYERS, **extra) -> str:
        data = {"csrf_token": csrf(client), "first_dealer": "0", "preset": "lautern"}
        data.update({f"player{seat}": name for seat, name in enumerate(players)})
        data.update(extra)
        return created(client, "/s", data, r"/s/([^/]+)/edit")

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
