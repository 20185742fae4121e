"""The organiser's list and a correction, in Debian's Chromium: each finished table shows its
result (rounds won per team, the points they gave); a correction that reopens a table and
moves the standings says so beside its button before it is made, and is then listed with
what it changed
(screenshots in tests/artifacts)."""

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.tournament.browsing import ARTIFACTS
from tests.tournament.test_browser_closed import Tournament, names

pytestmark = [pytest.mark.browser, pytest.mark.server]

RESULT = "Runden 2:1 · Punkte je Spieler: A 2, B 1"


def won_by(t: Tournament, table: dict, team: str) -> None:
    """Record a Kart'ab won by `team` at `table` over the API."""
    sheet = table["sheet"]
    answer = requests.post(
        f"{t.base}/api/v1/sheets/{sheet['id']}/games",
        json={"solo": {"team": team, "won": True}},
        headers={"Authorization": f"Bearer {sheet['edit_token']}"},
        timeout=10,
    )
    assert answer.status_code == 201, answer.text


def test_the_list_shows_results_and_a_reopening_correction_is_said_first(live_server, phone):
    t = Tournament(live_server, names(8), rounds_per_draw=3, draws=3)
    first = t.draw()
    for table in first["tables"]:
        for team in ("A", "B", "A"):
            won_by(t, table, team)
    organiser = phone()
    t.organiser(organiser)
    for table in first["tables"]:
        expect(organiser.locator(f"#table-{table['number']} .state")).to_contain_text(
            f"fertig {RESULT}"
        )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    organiser.screenshot(path=str(ARTIFACTS / "organiser-results-phone.png"), full_page=True)
    # After the next draw the organiser corrects table 1's last game of draw 1: deleting it
    # would reopen round 3 and move the ranking, and the pad says so before anything changes.
    t.draw()
    t.organiser(organiser)
    organiser.click("#earlier summary")
    organiser.locator("#earlier .table", has_text="Tisch 1").locator("a.button").click()
    organiser.wait_for_url(re.compile(r"/edit$"))
    organiser.click("#round-3 a")
    organiser.click(".pad .nr a >> text=3")
    table = next(table for table in first["tables"] if table["number"] == 1)
    winner = names(8)[table["seats"][0] - 1]
    told = re.compile(
        rf"Damit ist Runde 3 an Tisch 1 wieder offen, die Rangliste ändert sich: .*{winner} 2 → 1"
    )
    expect(organiser.locator("#delete-effect")).to_contain_text(told)
    said = organiser.locator("#delete-effect").inner_text()
    assert not re.search(r"(?<![\d.])(\d+) → \1(?!\d)", said), said  # only what moves
    organiser.screenshot(path=str(ARTIFACTS / "correction-said-first-phone.png"))
    state = requests.get(t.url(), timeout=10).json()
    at = [table["number"] for table in state["draws"][0]["tables"]].index(1)
    assert state["draws"][0]["tables"][at]["rounds_played"] == 3 and state["corrections"] == []
    # The delete beside those words is the confirmation: one tap, then it is made.
    organiser.click("#entry-form .amend-actions button.danger")
    expect(organiser.locator("main")).to_contain_text("Spiel 3 gelöscht.")
    expect(organiser.locator("[data-queued]")).to_have_count(0, timeout=10000)
    state = requests.get(t.url(), timeout=10).json()
    assert state["draws"][0]["tables"][at]["rounds_played"] == 2
    t.organiser(organiser)
    expect(organiser.locator("body")).to_contain_text(
        "Auslosung 1 · Tisch 1 · Spiel 3 gelöscht: Runden gewonnen vorher 2:1, nachher 1:1"
    )
    expect(organiser.locator("#earlier .table", has_text="Tisch 1")).to_contain_text(
        "2 von 3 Runden"
    )
    assert organiser.problems == []
