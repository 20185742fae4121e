"""Lighthouse's mobile audit of a Paarturnier's pages: the board (groups, then bracket), the
organiser's page. The same audit as the Preisbauer's: 0.95 or more for accessibility, best
practices and the page-weight audits, nothing fetched from another origin, and the first load
within the Preisbauer's plus the Paarturnier's stylesheet.
"""

from urllib.parse import urlsplit

import pytest

from tests.lighthouse import GERMAN, audit_pages, auditing_session, check
from tests.tournament.test_lighthouse_tournament import FIRST_LOAD

pytestmark = [pytest.mark.browser, pytest.mark.server]

PAIRS_FIRST_LOAD = FIRST_LOAD + 2 * 1024
"""The Preisbauer's first load and the Paarturnier's own stylesheet (1.3 KB compressed)."""
PAIRS = [[f"Spielerin {n}", f"Spieler {n}"] for n in range(1, 9)]
ROUND = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 4}


def make(http, url, *, group_rounds):
    """Make a Paarturnier of eight pairs and play `group_rounds` group rounds (3: all, then
    the semi-finals are drawn and one has a game); return it."""
    created = http.post(
        f"{url}/api/v1/tournaments",
        json={"title": "Bauer-WM", "pairs": PAIRS, "format": {"kind": "pairs", "rounds_to_win": 2}},
        timeout=10,
    )
    assert created.status_code == 201, created.text
    tournament = created.json()
    auth = {"Authorization": f"Bearer {tournament['edit_token']}"}
    for number in range(1, group_rounds + 2):
        drawn = http.post(
            f"{url}/api/v1/tournaments/{tournament['id']}/draws", json={}, headers=auth, timeout=30
        )
        assert drawn.status_code == 201, drawn.text
        last = number == group_rounds + 1
        for table in drawn.json()["tables"][: 1 if last else None]:
            sheet = table["sheet"]
            for _ in range(1 if last else 2):
                recorded = http.post(
                    f"{url}/api/v1/sheets/{sheet['id']}/games",
                    json=ROUND,
                    headers={"Authorization": f"Bearer {sheet['edit_token']}"},
                    timeout=10,
                )
                assert recorded.status_code == 201, recorded.text
    return tournament


@pytest.fixture(scope="module")
def pages(live_server):
    """Make one Paarturnier in its groups and one in its semi-finals; return the pages."""
    http = auditing_session()
    groups = make(http, live_server, group_rounds=1)
    knockout = make(http, live_server, group_rounds=3)
    organiser = http.get(knockout["links"]["organiser"], headers=GERMAN, timeout=10)
    assert organiser.status_code == 200 and "Halbfinale" in organiser.text
    assert urlsplit(organiser.url).path.endswith("/organiser")
    cookie = {"Cookie": "; ".join(f"{name}={value}" for name, value in http.cookies.items())}
    return {
        "board-groups": (groups["links"]["board"], GERMAN),
        "board-bracket": (knockout["links"]["board"], GERMAN),
        "organiser": (organiser.url, {**GERMAN, **cookie}),
    }


@pytest.fixture(scope="module")
def reports(pages):
    """Audit the three pages in one Lighthouse run; return their reports by name."""
    return audit_pages(pages, prefix="pairs-")


@pytest.mark.parametrize("name", ["board-groups", "board-bracket", "organiser"])
def test_lighthouse_mobile_paarturnier(pages, reports, name):
    url, _ = pages[name]
    report = check(f"pairs-{name}", url, reports[name])
    assert report["audits"]["total-byte-weight"]["numericValue"] <= PAIRS_FIRST_LOAD
