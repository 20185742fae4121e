"""The board for the room, in Debian's Chromium: at 1280×720, 1920×1080 and 3840×2160 (light
and dark) the ranking and the current draw's tables fill the screen, nothing scrolls or runs
off, no name is cut, 16 players' ranking rows are at least 4 % of the screen high at
1920×1080, 40 players fit in two or three columns, the points stand beside the names, and each
table's state is in type readable at 5 m (at least 2.2 % of the screen height). The same for
a Paarturnier's groups and its bracket (screenshots in tests/artifacts).

The tournaments are played over the API, with names as long as players type them.
"""

import pytest

from tests.tournament.browsing import ARTIFACTS
from tests.tournament.pairs_api import Pairs, long_names
from tests.tournament.test_browser_closed import Tournament, names

pytestmark = [pytest.mark.browser, pytest.mark.server]

SIZES = [(1280, 720, 1), (1920, 1080, 1), (1920, 1080, 2)]
"""Projector sizes; the last is 3840×2160 pixels, a 4K screen at the scale it runs at."""
READABLE = 0.022
"""A table's state in type at least this share of the screen height: read at 5 m."""

MEASURE = """() => {
  const box = (el) => el.getBoundingClientRect();
  const cut = (el) => el.scrollWidth > el.clientWidth + 1;
  const rows = [...document.querySelectorAll('.ranking tbody tr, .group-table tbody tr')];
  const gaps = rows.map((row) => {
    const text = (el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect();
    };
    return text(row.querySelector('.points')).left - text(row.querySelector('.name')).right;
  });
  const names = [...document.querySelectorAll(
    '.standings .name, .side .pname, .tables .who')];
  const states = [...document.querySelectorAll('.draw .table .state, .bmatch .mscore')];
  const tiles = [...document.querySelectorAll('.draw .table, .bmatch')];
  // Each part inside its own box: a ranking column never runs under the tables.
  const inside = (part, whole) => [...document.querySelectorAll(part)].filter((el) => {
    const b = box(el), w = box(el.closest(whole));
    return b.left < w.left - 1 || b.right > w.right + 1 || b.bottom > w.bottom + 1;
  }).map((el) => [part, box(el).right, box(el.closest(whole)).right]);
  const overlaps = [
    ...inside('.ranking .standings', '.ranking-columns'), ...inside('.draw .table', '.tables'),
    ...inside('.group', '.groups'), ...inside('.bround', '.bracket'),
  ];
  const columns = new Set(rows.map((row) => Math.round(box(row).left)));
  const out = [...document.querySelectorAll('main *')].filter((el) => {
    const b = box(el);
    return b.width > 0 && (b.right > innerWidth + 1 || b.bottom > innerHeight + 1);
  }).map((el) => el.className || el.tagName);
  return {
    width: innerWidth, height: innerHeight,
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
    rowHeights: rows.map((row) => box(row).height),
    gaps, columns: columns.size,
    cutNames: names.filter(cut).map((el) => el.textContent.trim()),
    stateFonts: states.map((el) => parseFloat(getComputedStyle(el).fontSize)),
    tilesCut: tiles.filter((el) => el.scrollHeight > el.clientHeight + 1).length,
    out, overlaps,
    used: Math.max(...[...document.querySelectorAll('#tboard > *')].map((el) => box(el).bottom)),
  };
}"""


def preisbauer(base: str, count: int) -> str:
    """Make a Preisbauer of `count` players with long names, draw once; the first table
    finished, the second a round in; return its board's address."""
    t = Tournament(base, names(count, width=30), rounds_per_draw=3, draws=5)
    tables = t.draw()["tables"]
    t.play_out(tables[0])
    t.play_out(tables[1], rounds=1)
    return f"{base}/t/{t.id}"


def pairs(base: str, knockout: bool) -> str:
    """Make a Paarturnier of twelve pairs with long names in three groups of four, a match to
    two rounds won; play its first group round (its first match a round in), or every group
    round and the first knock-out round (its first match a round in); return its board's
    address."""
    t = Pairs(base, long_names(12), rounds_to_win=2)
    tables = (t.play_groups() if knockout else t.draw())["tables"]
    for index, table in enumerate(tables):
        for _ in range(1 if index == 0 else 2):
            t.record(table)
    return f"{base}/t/{t.id}"


@pytest.fixture(scope="module")
def boards(live_server):
    """The boards measured, by name."""
    return {
        "preisbauer-16": preisbauer(live_server, 16),
        "preisbauer-40": preisbauer(live_server, 40),
        "pairs-groups": pairs(live_server, knockout=False),
        "pairs-knockout": pairs(live_server, knockout=True),
    }


def shown_on(browser, address: str, name: str, width: int, height: int, scale: int) -> dict:
    """Open the board at a projector's size, screenshot it light and dark; return its measure."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=scale, locale="de-DE"
    )
    try:
        page = context.new_page()
        page.goto(address)
        for scheme in ("dark", "light"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=str(ARTIFACTS / f"room-{name}-{width * scale}-{scheme}.png"))
        return page.evaluate(MEASURE)
    finally:
        context.close()


def fills_the_screen(shown: dict) -> None:
    """Check nothing scrolls, runs off or is cut, and the board uses the screen's height."""
    assert shown["scroll"] == [shown["width"], shown["height"]], shown["scroll"]
    assert shown["out"] == [], shown["out"]
    assert shown["cutNames"] == [], shown["cutNames"]
    assert shown["tilesCut"] == 0
    assert shown["overlaps"] == [], shown["overlaps"]
    assert shown["used"] >= 0.85 * shown["height"], shown["used"]  # no empty bottom half
    assert min(shown["stateFonts"]) >= READABLE * shown["height"], shown["stateFonts"]


@pytest.mark.parametrize(("width", "height", "scale"), SIZES)
@pytest.mark.parametrize("players", [16, 40])
def test_the_preisbauer_board_reads_across_the_room(browser, boards, players, width, height, scale):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = f"preisbauer-{players}"
    shown = shown_on(browser, boards[name], name, width, height, scale)
    assert len(shown["rowHeights"]) == players
    fills_the_screen(shown)
    if players == 16:
        assert shown["columns"] == 1
        assert min(shown["rowHeights"]) >= 0.04 * height, shown["rowHeights"]
    else:
        assert shown["columns"] in (2, 3)
        assert min(shown["rowHeights"]) >= 0.03 * height, shown["rowHeights"]
    # The points stand beside the longest name, not at the far edge of the screen.
    assert max(shown["gaps"]) <= 0.12 * width, shown["gaps"]


@pytest.mark.parametrize(("width", "height", "scale"), SIZES)
@pytest.mark.parametrize("phase", ["groups", "knockout"])
def test_the_paarturnier_board_reads_across_the_room(browser, boards, phase, width, height, scale):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = f"pairs-{phase}"
    shown = shown_on(browser, boards[name], name, width, height, scale)
    assert len(shown["rowHeights"]) == 12
    fills_the_screen(shown)
    rows = 0.04 if phase == "groups" else 0.025
    assert min(shown["rowHeights"]) >= rows * height, shown["rowHeights"]
    assert max(shown["gaps"]) <= 0.12 * width, shown["gaps"]
