"""Lighthouse's mobile audit of the tournament pages: the organiser's, the board, the cards.

The same audit as the score sheet's (tests/lighthouse.py): German, the pages in one run,
0.95 or more for accessibility, best practices and the page-weight audits, and
nothing fetched from another origin. The tournament has 16 players in its first draw, a few rounds
played.
"""

from urllib.parse import urlsplit

import pytest

from tests.lighthouse import GERMAN, audit_pages, auditing_session, check

pytestmark = [pytest.mark.browser, pytest.mark.server]

FIRST_LOAD = 40 * 1024
NAMES = [
    "Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Fritz", "Anna",
    "Willi", "Helga", "Heinz", "Inge", "Walter", "Ursula", "Günter", "Brigitte",
]  # fmt: skip


@pytest.fixture(scope="module")
def pages(live_server):
    """Make a tournament with a draw under way; return the pages to audit and their headers."""
    http = auditing_session()
    new = {"title": "Preisbauer Zur Linde", "players": NAMES}
    created = http.post(f"{live_server}/api/v1/tournaments", json=new, timeout=10)
    assert created.status_code == 201, created.text
    tournament = created.json()
    auth = {"Authorization": f"Bearer {tournament['edit_token']}"}
    drawn = http.post(
        f"{live_server}/api/v1/tournaments/{tournament['id']}/draws",
        json={},
        headers=auth,
        timeout=30,
    )
    assert drawn.status_code == 201, drawn.text
    for table in drawn.json()["tables"][:2]:
        sheet = table["sheet"]
        recorded = http.post(
            f"{live_server}/api/v1/sheets/{sheet['id']}/games",
            json={"result": {"winner": "A", "band": "frei"}},
            headers={"Authorization": f"Bearer {sheet['edit_token']}"},
            timeout=10,
        )
        assert recorded.status_code == 201, recorded.text
    # The organiser link puts the right into the session: Lighthouse's Chromium gets it as
    # a Cookie header.
    organiser = http.get(tournament["links"]["organiser"], headers=GERMAN, timeout=10)
    assert organiser.status_code == 200
    assert urlsplit(organiser.url).path == f"/t/{tournament['id']}/organiser"
    cookie = {"Cookie": "; ".join(f"{name}={value}" for name, value in http.cookies.items())}
    return {
        "organiser": (organiser.url, {**GERMAN, **cookie}),
        "board": (tournament["links"]["board"], GERMAN),
        "cards": (f"{live_server}/t/{tournament['id']}/draws/1/cards", {**GERMAN, **cookie}),
    }


@pytest.fixture(scope="module")
def reports(pages):
    """Audit the three pages in one Lighthouse run; return their reports by name."""
    return audit_pages(pages, prefix="tournament-")


@pytest.mark.parametrize("name", ["organiser", "board", "cards"])
def test_lighthouse_mobile_tournament(pages, reports, name):
    url, _ = pages[name]
    report = check(f"tournament-{name}", url, reports[name])
    # The first load, as sent (compressed): the page and everything it fetched.
    assert report["audits"]["total-byte-weight"]["numericValue"] <= FIRST_LOAD
