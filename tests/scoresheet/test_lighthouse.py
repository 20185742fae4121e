"""Lighthouse's mobile audit of the score sheet: performance, accessibility, best practices.

Lighthouse is the npm package pinned in tools/npm (bin/test installs it with `npm ci`),
run on Debian's Chromium with its default mobile settings and simulated throttling, against the
app served by gunicorn (the `live_server` fixture). The pages are audited in German, the
language of the table. One run per page: each takes some 13 seconds on two cores. The reports
are kept in tests/artifacts/ for reading (the audit itself is tests/lighthouse.py).
"""

from urllib.parse import urlsplit

import pytest

from tests.lighthouse import GAMES, GERMAN, audit, auditing_session

pytestmark = [pytest.mark.browser, pytest.mark.server]

PLAYERS = ["Hans", "Grete", "Karl", "Lise"]


@pytest.fixture(scope="module")
def pages(live_server):
    """Make a sheet of an evening's games; return the pages to audit and their headers."""
    http = auditing_session()
    new = {"game": "bauerchen", "players": PLAYERS, "title": "Stammtisch"}
    created = http.post(f"{live_server}/api/v1/sheets", json=new, timeout=10)
    assert created.status_code == 201, created.text
    sheet = created.json()
    auth = {"Authorization": f"Bearer {sheet['edit_token']}"}
    games = f"{live_server}/api/v1/sheets/{sheet['id']}/games"
    for game in GAMES:
        recorded = http.post(games, json=game, headers=auth, timeout=10)
        assert recorded.status_code == 201, recorded.text
    # The edit link sets the edit session and redirects to the edit view: Lighthouse's
    # Chromium gets that session as a Cookie header.
    edit = http.get(sheet["links"]["edit"], headers=GERMAN, timeout=10)
    assert edit.status_code == 200
    assert urlsplit(edit.url).path == f"/s/{sheet['id']}/edit"
    assert 'id="entry-form"' in edit.text and edit.text.count('name="result"') == 6
    cookie = "; ".join(f"{name}={value}" for name, value in http.cookies.items())
    return {
        "start": (f"{live_server}/", GERMAN),
        "view": (sheet["links"]["view"], GERMAN),
        "edit": (edit.url, {**GERMAN, "Cookie": cookie}),
        "stats": (f"{live_server}/s/{sheet['id']}/stats", GERMAN),
    }


@pytest.mark.parametrize("name", ["start", "view", "edit", "stats"])
def test_lighthouse_mobile(pages, name):
    url, headers = pages[name]
    audit(name, url, headers)
