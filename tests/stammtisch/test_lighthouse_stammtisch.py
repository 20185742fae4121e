"""Lighthouse's mobile audit of the Stammtisch pages: the group (with its edit right) and
its statistics, after a few evenings, with the audit of tests/lighthouse.py (as the score
sheet's)."""

from urllib.parse import urlsplit

import pytest

from tests.lighthouse import GAMES, GERMAN, audit_pages, auditing_session, check

pytestmark = [pytest.mark.browser, pytest.mark.server]

ROSTER = ["Hans", "Grete", "Karl", "Lise", "Otto", "Fritz"]


@pytest.fixture(scope="module")
def pages(live_server):
    """Make a group of three evenings; return its pages to audit and their headers."""
    http = auditing_session()
    api = f"{live_server}/api/v1"
    created = http.post(f"{api}/groups", json={"name": "Zur Linde", "players": ROSTER}, timeout=10)
    assert created.status_code == 201, created.text
    group = created.json()
    auth = {"Authorization": f"Bearer {group['edit_token']}"}
    evenings = f"{api}/groups/{group['id']}/sheets"
    for seats in ([1, 2, 3, 4], [5, 3, 6, 1], [2, 4, 5, 6]):
        body = {"game": "bauerchen", "players": seats}
        started = http.post(evenings, json=body, headers=auth, timeout=10)
        assert started.status_code == 201, started.text
        sheet = started.json()
        sheet_auth = {"Authorization": f"Bearer {sheet['edit_token']}"}
        for game in GAMES:
            games = sheet["links"]["self"] + "/games"
            recorded = http.post(games, json=game, headers=sheet_auth, timeout=10)
            assert recorded.status_code == 201, recorded.text
    # The group's edit link sets the edit session and redirects to the group's page.
    page = http.get(group["links"]["edit"], headers=GERMAN, timeout=10)
    assert page.status_code == 200 and urlsplit(page.url).path == f"/g/{group['id']}"
    assert 'class="start-evening"' in page.text
    cookie = "; ".join(f"{name}={value}" for name, value in http.cookies.items())
    return {
        "group": (page.url, {**GERMAN, "Cookie": cookie}),
        "group-stats": (f"{live_server}/g/{group['id']}/stats", GERMAN),
    }


@pytest.fixture(scope="module")
def reports(pages):
    """Audit both pages in one Lighthouse run; return their reports by name."""
    return audit_pages(pages)


@pytest.mark.parametrize("name", ["group", "group-stats"])
def test_lighthouse_mobile(pages, reports, name):
    url, _ = pages[name]
    check(name, url, reports[name])
