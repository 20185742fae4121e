"""The organiser corrects a semi-final on the phone after the final was drawn; the board on
the projector (1920×1080) shows the re-seated final within a poll, and says what moved
(docs/rules.md section 5, "Corrections across stages").

The Paarturnier is played to the final over the API (eight pairs, one round wins a match,
the lower number wins each); the correction goes through the pages as an organiser's does.
"""

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.pages import settled_tap

pytestmark = [pytest.mark.browser, pytest.mark.server]

PAIRS = [[f"Erste {n}", f"Zweite {n}"] for n in range(1, 9)]


def win(team: str) -> dict:
    """Return a game that wins the round at once for team A or B."""
    return {"result": {"winner": team, "band": "schwarz"}, "spritz": 4}


def to_the_final(http, server: str) -> dict:
    """Play the groups and the semi-finals, draw the final (no game yet); return the
    tournament as created (its token and links) with its state."""
    created = http.post(
        f"{server}/api/v1/tournaments",
        json={"title": "Bauer-WM", "pairs": PAIRS, "format": {"kind": "pairs", "rounds_to_win": 1}},
        timeout=10,
    )
    assert created.status_code == 201, created.text
    made = created.json()
    home = f"{server}/api/v1/tournaments/{made['id']}"
    token = {"Authorization": f"Bearer {made['edit_token']}"}
    for number in range(1, 6):
        drawn = http.post(f"{home}/draws", json={"seed": f"s{number}"}, headers=token, timeout=30)
        assert drawn.status_code == 201, drawn.text
        if number == 5:
            break
        for table in drawn.json()["tables"]:
            team = "A" if table["pairs"][0] < table["pairs"][1] else "B"
            sheet = table["sheet"]
            recorded = http.post(
                f"{server}/api/v1/sheets/{sheet['id']}/games",
                json=win(team),
                headers={"Authorization": f"Bearer {sheet['edit_token']}"},
                timeout=10,
            )
            assert recorded.status_code == 201, recorded.text
    made["state"] = http.get(home, timeout=10).json()
    assert made["state"]["draws"][-1]["stage"] == "final"
    return made


def test_a_semifinal_corrected_on_the_phone_reseats_the_final_on_the_board(
    live_server, browser, phone
):
    http = requests.Session()
    http.trust_env = False
    made = to_the_final(http, live_server)
    semi = made["state"]["draws"][3]["tables"][0]
    winner, loser = sorted(semi["pairs"])
    projector = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="de-DE")
    try:
        board = projector.new_page()
        board.goto(f"{live_server}/t/{made['id']}")
        final = board.locator(".bround-final .bmatch")
        expect(final).to_contain_text(f"Erste {winner} / Zweite {winner}")
        # The organiser's phone: its link, then semi-final 1's pad, game 1 opened and won by
        # the other pair with one tap (a Kart'ab ends the round).
        organiser = phone()
        organiser.goto(made["links"]["organiser"])
        organiser.wait_for_url(re.compile(r"/organiser$"))
        organiser.goto(f"{live_server}/s/{semi['sheet']['id']}/edit")
        expect(organiser.locator(".banner.tournament")).to_contain_text(
            "Korrektur der Turnierleitung"
        )
        organiser.click("#round-1 a")
        organiser.locator(".pad tr.game .nr a").first.click()
        expect(organiser.locator("#entry-h")).to_have_text("Spiel 1 ändern")
        settled_tap(organiser)
        organiser.click("details.solo summary")
        team = "A" if semi["pairs"][0] == loser else "B"
        organiser.click(f"button[name=solo][value='{team}:won']")
        # The correction says first what it would do: the ranking moves.
        expect(organiser.locator("#reopen")).to_contain_text("Damit ändert sich die Rangliste")
        organiser.click("#confirm-reopen")
        expect(organiser.locator(".messages")).to_contain_text("Spiel 1 geändert.")
        # The board follows within a poll: the final with the semi-final's new winner, and
        # the line that says what the correction moved.
        expect(final).to_contain_text(f"Erste {loser} / Zweite {loser}", timeout=10_000)
        expect(final).not_to_contain_text(f"Erste {winner} / Zweite {winner}")
        expect(board.locator(".moved")).to_contain_text(
            f"Halbfinale 1 korrigiert: Finale jetzt mit Paar {loser} statt Paar {winner}"
        )
        assert organiser.problems == [] and board.url.endswith(made["id"])
    finally:
        projector.close()
