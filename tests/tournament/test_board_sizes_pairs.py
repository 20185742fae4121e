"""A finished Paarturnier's board on the projector, at 1280×720, 1920×1080 and 3840×2160, in
Debian's Chromium: the group tables stay below the bracket and fit the screen, the group
tables' headings stand apart, the match for third place is as wide as a round, and nothing
runs off the side.

The tournament is played over the API (twelve pairs in three groups of four, a knock-out of
eight with third place), with long names as players type them.
"""

import pytest
import requests

from tests.api.live import create, draw

pytestmark = [pytest.mark.browser, pytest.mark.server]

PAIRS = [[f"Manfred Zöller-Schneidersmann {n}", f"Helga {n}"] for n in range(1, 13)]
ROUND = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 4}
SIZES = [(1280, 720, 1), (1920, 1080, 1), (1920, 1080, 2)]
"""Projector sizes; the last is 3840×2160 pixels, a 4K screen at the scale it runs at."""

MEASURE = """() => {
  const box = (el) => el.getBoundingClientRect();
  const text = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect();
  };
  const heads = [...document.querySelectorAll('.group-table thead tr')].map((row) => {
    const [place, pair] = row.querySelectorAll('th');
    return text(pair).left - text(place).right;
  });
  const rounds = [...document.querySelectorAll('.bround')].map((el) => box(el).width);
  const third = document.querySelector('.bthird .bmatch');
  const groups = [...document.querySelectorAll('.group-table')].map((el) => box(el).bottom);
  return {
    heads, rounds, third: third ? box(third).width : null,
    groupsBottom: Math.max(...groups), height: innerHeight,
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  };
}"""


@pytest.fixture(scope="module")
def finished(live_server):
    """Play a Paarturnier of twelve pairs to its end; return its board's address."""
    http = requests.Session()
    http.trust_env = False
    body = {
        "title": "Bauer-WM",
        "pairs": PAIRS,
        "format": {"kind": "pairs", "rounds_to_win": 1, "group_size": 4},
    }
    home, token = create(http, live_server, body)
    for number in range(1, 12):
        made = draw(http, home, token, f"seed-{number}", f"board-sizes-{number}")
        if made.status_code == 409:
            break
        assert made.status_code == 201, made.text
        for table in made.json()["tables"]:
            sheet = table["sheet"]
            recorded = http.post(
                f"{live_server}/api/v1/sheets/{sheet['id']}/games",
                json=ROUND,
                headers={"Authorization": f"Bearer {sheet['edit_token']}"},
                timeout=10,
            )
            assert recorded.status_code == 201, recorded.text
    state = http.get(home, timeout=10).json()
    assert state["finished"], state
    return f"{live_server}/t/{state['id']}"


@pytest.mark.parametrize(("width", "height", "scale"), SIZES)
def test_the_finished_board_fits_the_projector(browser, finished, width, height, scale):
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=scale, locale="de-DE"
    )
    try:
        page = context.new_page()
        page.goto(finished)
        shown = page.evaluate(MEASURE)
    finally:
        context.close()
    assert len(shown["heads"]) == 3
    assert min(shown["heads"]) >= 4, shown["heads"]  # "Platz" and "Paar" never run together
    assert shown["groupsBottom"] <= shown["height"], shown  # the groups stay on the screen
    assert shown["third"] == pytest.approx(shown["rounds"][-1], abs=24), shown
    assert shown["overflow"] <= 0, shown
