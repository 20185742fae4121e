"""The series' pages in Chromium: each at 390 × 844 and 1280 × 800, light and dark, read
whole (tests/look.js) and axe-core clean, photographed into tests/artifacts/series/ to be
looked at; the organiser's check of the numbers typed; the board of the Rangliste filling
a projector, its type growing with the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from bauerblock import store
from bauerblock.series import service
from bauerblock.services import tournaments as tournament_service
from tests.series.season import play_all
from tests.test_screens import AUDIT, AXE, LOOK, ROOT, WCAG

pytestmark = [pytest.mark.browser, pytest.mark.server]

ARTIFACTS = ROOT / "tests" / "artifacts" / "series"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
LONG = "Maximiliane Hohenstein-Schmidt"
NAMES = [LONG, "Grete", "Karl", "Lise", "Otto", "Erna", "Fritz", "Anna", "Bernd", "Uwe"]


class Season:
    """A season made at the live server's store: a finished Preisbauer, a running one,
    a hidden player; the organiser's link and the pages to visit."""

    def __init__(self, server) -> None:
        db = store.connect(server.database)
        try:
            made = service.create_series(db, name="Westpfälzer Bauerchen-Cup 2027", season="2027")
            sid, token = made.series.id, made.token
            for name in NAMES:
                service.add_player(db, sid, token, name)
            first = service.create_tournament(
                db,
                sid,
                token,
                title="Preisbauer Erfenbach",
                players=list(range(1, 9)),
                format={"draws": 1, "rounds_per_draw": 1},
            )
            play_all(db, first.tournament.id, first.token)
            running = service.create_tournament(
                db, sid, token, title="Preisbauer Rodenbach", players=[1, 2, 3, 4, 9, 10, 5, 6]
            )
            tournament_service.draw(db, running.tournament.id, running.token)
            service.set_hidden(db, sid, 3, True)
        finally:
            db.close()
        self.server = str(server)
        self.id = sid
        self.organiser = f"{server}/r/{sid}/organiser/{token}"
        self.pages = {
            "new": "/r/new",
            "page": f"/r/{sid}",
            "organiser": f"/r/{sid}/organiser",
            "player": f"/r/{sid}/players/1",
            "seated": f"/r/{sid}/players/9",
            "forget": f"/r/{sid}/players/2/forget",
            "board": f"/r/{sid}/board",
        }


@pytest.fixture(scope="module")
def season(live_server, browser):
    assert AXE.is_file(), "axe-core is not installed: bin/test runs `npm ci --prefix tools/npm`"
    return Season(live_server)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", sorted(SIZES))
def test_every_series_page_reads_whole_and_passes_axe(browser, season, size, scheme):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(
        viewport=SIZES[size], color_scheme=scheme, locale="de-DE", bypass_csp=True
    )
    context.set_default_timeout(30000)
    page = context.new_page()
    found: dict[str, list[str]] = {}
    try:
        assert page.goto(season.organiser).ok
        for name, path in season.pages.items():
            answer = page.goto(season.server + path)
            assert answer is not None and answer.ok, (name, path)
            page.screenshot(path=ARTIFACTS / f"{name}-{size}-{scheme}.png", full_page=True)
            problems = page.evaluate(LOOK)
            page.add_script_tag(path=str(AXE))
            problems += page.evaluate(AUDIT, WCAG)
            if problems:
                found[name] = problems
    finally:
        context.close()
    assert not found, "\n".join(f"{name}: {p}" for name, ps in found.items() for p in ps)


def test_the_organiser_sees_each_numbers_name_as_it_is_typed(phone, season):
    page = phone()
    page.goto(season.organiser)
    page.click("#new-tournament summary")
    page.fill("#players", "1\n2\n77\nFritz Neumann")
    check = page.locator("#entry-check li")
    expect(check).to_have_text(
        [f"1 → {LONG}", "2 → Grete", "77 → unbekannte Nummer", "Fritz Neumann (neu in der Serie)"]
    )
    assert page.problems == []


def test_the_board_fills_the_projector_and_its_type_grows_with_the_screen(browser, season):
    sizes = {}
    for width, height in ((1280, 720), (1920, 1080)):
        context = browser.new_context(viewport={"width": width, "height": height}, locale="de-DE")
        page = context.new_page()
        page.goto(season.server + season.pages["board"])
        rows = page.locator(".rangliste tbody tr")
        expect(rows).to_have_count(8)
        # Nothing scrolls: the page is the screen.
        assert page.evaluate("document.documentElement.scrollHeight") <= height
        sizes[height] = page.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('.rangliste td.name')).fontSize)"
        )
        if height == 1080:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=ARTIFACTS / "board-1920x1080.png")
        context.close()
    assert sizes[1080] == pytest.approx(sizes[720] * 1.5, rel=0.1)
    assert sizes[1080] >= 30  # read from the back of the room
