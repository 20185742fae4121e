"""One set of table cards for the whole evening, in Debian's Chromium: the phone opened from
table 3's card (table 1's in the Paarturnier) in draw 1 follows its table through every draw
of a five-draw Preisbauer and of a Paarturnier (three group rounds, semi-final, final),
records each draw's game there with no new scan, and is refused at a closed draw's sheet."""

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.tournament.browsing import kartab, open_pad
from tests.tournament.pairs_api import Pairs
from tests.tournament.test_browser_closed import CLOSED, Tournament, names

pytestmark = [pytest.mark.browser, pytest.mark.server]

DRAWS = 5


def card_link(t: Tournament, number: int) -> str:
    """Return table `number`'s card link, as the organiser prints it once."""
    answer = requests.get(t.url("tables", number), headers=t.auth, timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()["card"]["links"]["card"]


def games_at(base: str, sheet_id: str) -> int:
    return len(requests.get(f"{base}/api/v1/sheets/{sheet_id}", timeout=10).json()["games"])


def play_others(t: Tournament, made: dict, number: int) -> None:
    """Play every table of a draw but `number` over the API: one Kart'ab each ends its draw
    (a Preisbauer of one round a draw, a Paarturnier of one round a match)."""
    for table in made["tables"]:
        if table["number"] != number:
            t.play_out(table, rounds=1)


def follow(t: Tournament, phone, number: int) -> list[str]:
    """Run the evening with one phone on table `number` from its card: in each draw the phone
    records a Kart'ab there; return each draw's sheet at that table."""
    made = t.draw()
    pad, banner = open_pad(phone, card_link(t, number))
    sheets = []
    for draw in range(1, DRAWS + 1):
        if draw > 1:
            made = t.draw()
            pad.clock.run_for(4000)  # within one poll of the pad, no new scan
        expect(banner).to_contain_text(f"Auslosung {draw} · Tisch {number}", timeout=15000)
        table = next(table for table in made["tables"] if table["number"] == number)
        sheet = table["sheet"]["id"]
        pad.wait_for_url(re.compile(rf"/s/{sheet}/edit$"))
        kartab(pad, "A")
        assert games_at(t.base, sheet) == 1
        sheets.append(sheet)
        play_others(t, made, number)
    # A closed draw's sheet refuses the table's phone, in words.
    refused = pad.goto(f"{t.base}/s/{sheets[-2]}/games/1")
    assert refused.status == 409
    expect(pad.locator("body")).to_contain_text(CLOSED.replace("1", str(DRAWS - 1)))
    assert games_at(t.base, sheets[-2]) == 1
    return sheets


def test_one_card_serves_a_five_draw_preisbauer(live_server, phone):
    t = Tournament(live_server, names(12), rounds_per_draw=1, draws=DRAWS)
    sheets = follow(t, phone, 3)
    assert len(set(sheets)) == DRAWS


def test_one_card_serves_a_whole_paarturnier(live_server, phone):
    t = Pairs(live_server, [[f"Erste {n}", f"Zweite {n}"] for n in range(1, 9)])
    sheets = follow(t, phone, 1)
    assert len(set(sheets)) == DRAWS
    state = requests.get(t.url(), timeout=10).json()
    assert [d["stage"] for d in state["draws"]] == ["group"] * 3 + ["semifinal", "final"]
    assert state["finished"]
