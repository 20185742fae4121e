"""The Paarturnier's results page shows every pair's names and marks at every width from
390 to 1920 px, no name cut by an ellipsis (Debian's Chromium; screenshots in
tests/artifacts)."""

import pytest
import requests

from tests.tournament.browsing import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.server]

KARTAB = {"solo": {"team": "A", "won": True}}


def played_out(base: str) -> str:
    """Make a Paarturnier of eight pairs of long names and play it to its end; return its id."""
    pairs = [[f"Karl-Heinz Zimmermann {n}", f"Anna-Maria Schäfer-Becker {n}"] for n in range(1, 9)]
    made = requests.post(
        f"{base}/api/v1/tournaments",
        json={
            "title": "Bauer-WM",
            "pairs": pairs,
            "format": {"kind": "pairs", "rounds_to_win": 1, "group_size": 4, "advance": 2},
        },
        timeout=10,
    ).json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    url = f"{base}/api/v1/tournaments/{made['id']}"
    while not requests.get(url, timeout=10).json()["finished"]:
        drawn = requests.post(f"{url}/draws", json={}, headers=auth, timeout=20).json()
        for table in drawn["tables"]:
            sheet = table["sheet"]
            answer = requests.post(
                f"{base}/api/v1/sheets/{sheet['id']}/games",
                json=KARTAB,
                headers={"Authorization": f"Bearer {sheet['edit_token']}"},
                timeout=10,
            )
            assert answer.status_code == 201, answer.text
    return made["id"]


CUT = """() => Array.from(document.querySelectorAll(".group-table .name, .group-table .name *"))
    .filter((el) => el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.textContent.trim())"""
"""The names (and their parts) of the group tables whose text runs past their box: cut."""


@pytest.mark.parametrize("width", [390, 1280, 1920])
def test_no_pair_name_is_cut_on_the_results(live_server, phone, width):
    tournament = played_out(live_server)
    page = phone(viewport={"width": width, "height": 900})
    page.goto(f"{live_server}/t/{tournament}/results")
    names = page.locator(".group-table .name")
    assert names.count() == 8
    assert page.evaluate(CUT) == []
    for n in range(names.count()):
        assert "Anna-Maria Schäfer-Becker" in names.nth(n).inner_text()
    if width == 1280:
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(
                path=str(ARTIFACTS / f"pairs-results-1280-{scheme}.png"), full_page=True
            )
    assert page.problems == []
