"""A whole Preisbauer evening in Debian's Chromium through Playwright, served by gunicorn.

The organiser creates the tournament and pastes the names, draws, prints the table cards;
each table opens its pad from its card and taps its rounds; the board, open in a second
browser context all along, ends on the ranking the API reports.
"""

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.tournament import browsing

pytestmark = [pytest.mark.browser, pytest.mark.server]

NAMES = ["Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "<script>alert(1)</script>", "Anna"]
ROUNDS = 3


def play_draw(organiser, phone, number):
    """Draw, then play every table of the draw from the link on its table card."""
    cards, links = browsing.draw_cards(organiser, f"Auslosung {number} ist gelost.")
    if number == 1:
        cards.first.screenshot(path=str(browsing.ARTIFACTS / "tournament-table-card.png"))

    def play(index, pad, banner):
        expect(banner).to_contain_text(f"Auslosung {number} · Tisch {index + 1} · Runde 1 von 3")
        # Different winners at different tables, so the ranking has something to rank.
        for team in ("A", "B", "A") if index % 2 == 0 else ("B", "B", "A"):
            browsing.kartab(pad, team)
        # The last game of the evening finishes the tournament: the pad says so.
        done = "Endstand" if number == 2 and index == len(links) - 1 else "Tisch fertig"
        expect(pad.locator(".table-done")).to_contain_text(done)
        expect(banner).to_contain_text(done)

    browsing.play_tables(organiser, phone, links, play)


def test_a_whole_tournament_of_two_draws(live_server, browser, phone):
    organiser = browsing.organiser_at(phone, f"{live_server}/")
    organiser.click("text=Neues Turnier")
    organiser.fill("#title", "Preisbauer Zur Linde")
    organiser.fill("#rounds_per_draw", str(ROUNDS))
    organiser.fill("#draws", "2")
    organiser.fill("#players", "\n".join(NAMES))
    organiser.click("button.primary.big")
    organiser.wait_for_url(re.compile(r"/t/[^/]+/organiser$"))
    tournament_id = organiser.url.split("/")[-2]
    expect(organiser.locator(".roster li")).to_have_count(len(NAMES))
    expect(organiser.locator(".roster li").nth(6)).to_contain_text("<script>alert(1)</script>")

    # The board on the wall, in a browser of its own: no session, no token.
    board = browsing.open_board(browser, f"{live_server}/t/{tournament_id}")
    expect(board.locator(".standings tbody tr")).to_have_count(len(NAMES))

    play_draw(organiser, phone, 1)
    browsing.next_beat(board)
    expect(board.locator(".status")).to_contain_text("Auslosung 1 von 2 · fertig", timeout=10000)
    play_draw(organiser, phone, 2)
    expect(organiser.locator("#live")).to_contain_text("Das Turnier ist zu Ende.", timeout=10000)
    browsing.next_beat(board)
    expect(board.locator(".status")).to_have_text("Endstand", timeout=10000)

    api = requests.get(f"{live_server}/api/v1/tournaments/{tournament_id}", timeout=10).json()
    assert api["finished"]
    columns = ("player", "name", "points", "rounds_played")
    expected = [
        [f"{line['place']}.", *(str(line[column]) for column in columns)]
        for line in api["standings"]
    ]
    shown = [
        [cell.inner_text().strip() for cell in row.locator("td").all()]
        for row in board.locator(".standings tbody tr").all()
    ]
    assert shown == expected
    assert sum(line["points"] for line in api["standings"]) == 2 * 2 * 2 * ROUNDS
    board.screenshot(path=str(browsing.ARTIFACTS / "tournament-board-1920x1080.png"))
    # Everything on one screen of the projector: nothing to scroll.
    assert board.evaluate("document.documentElement.scrollHeight") <= browsing.PROJECTOR["height"]
    board.context.close()

    reader = phone()
    reader.goto(f"{live_server}/t/{tournament_id}")
    expect(reader.locator(".standings tbody tr")).to_have_count(len(NAMES))
    reader.screenshot(path=str(browsing.ARTIFACTS / "tournament-board-390.png"), full_page=True)
    assert reader.evaluate("document.documentElement.scrollWidth") <= 390
    assert organiser.problems == [] and reader.problems == []


def test_the_board_of_forty_players_fits_a_projector_and_a_phone(live_server, browser, phone):
    http = requests.Session()
    http.trust_env = False
    players = [f"{first} {last}" for last in ("Schneider", "Becker-Wolff") for first in FIRST]
    created = http.post(
        f"{live_server}/api/v1/tournaments",
        json={"title": "Preisbauer Zur Linde", "players": players[:40]},
        timeout=10,
    ).json()
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    drawn = http.post(
        f"{live_server}/api/v1/tournaments/{created['id']}/draws", json={}, headers=auth, timeout=30
    )
    assert drawn.status_code == 201, drawn.text
    for table in drawn.json()["tables"][::2]:
        sheet = table["sheet"]
        recorded = http.post(
            f"{live_server}/api/v1/sheets/{sheet['id']}/games",
            json={"solo": {"team": "A", "won": True}},
            headers={"Authorization": f"Bearer {sheet['edit_token']}"},
            timeout=10,
        )
        assert recorded.status_code == 201, recorded.text
    wall = browser.new_context(viewport=browsing.PROJECTOR, locale="de-DE")
    board = wall.new_page()
    board.goto(f"{live_server}/t/{created['id']}")
    expect(board.locator(".standings tbody tr")).to_have_count(40)
    expect(board.locator(".draw .table")).to_have_count(10)
    board.screenshot(path=str(browsing.ARTIFACTS / "tournament-board-40-1920x1080.png"))
    assert board.evaluate("document.documentElement.scrollHeight") <= browsing.PROJECTOR["height"]
    assert board.evaluate("document.documentElement.scrollWidth") <= browsing.PROJECTOR["width"]
    wall.close()
    reader = phone()
    reader.goto(f"{live_server}/t/{created['id']}")
    assert reader.evaluate("document.documentElement.scrollWidth") <= 390
    reader.screenshot(path=str(browsing.ARTIFACTS / "tournament-board-40-390.png"), full_page=True)
    # The organiser prints the ten table cards: four to an A4 page, so three pages.
    organiser = phone()
    organiser.goto(created["links"]["organiser"])
    organiser.wait_for_url(re.compile(r"/organiser$"))
    organiser.goto(f"{live_server}/t/{created['id']}/draws/1/cards")
    expect(organiser.locator("article.card")).to_have_count(10)
    pdf = organiser.pdf(format="A4")
    (browsing.ARTIFACTS / "tournament-table-cards.pdf").write_bytes(pdf)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 3
    organiser.emulate_media(media="print")
    organiser.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    organiser.screenshot(path=str(browsing.ARTIFACTS / "tournament-table-cards-print.png"))


FIRST = [
    "Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Fritz", "Anna", "Willi", "Helga",
    "Heinz", "Inge", "Walter", "Ursula", "Günter", "Brigitte", "Klaus", "Renate", "Horst", "Gisela",
]  # fmt: skip


def test_the_organiser_works_without_javascript(live_server, phone):
    page = phone(java_script_enabled=False)
    page.goto(f"{live_server}/t/new")
    page.fill("#title", "Preisbauer ohne Skript")
    page.fill("#players", "\n".join(NAMES[:4]))
    page.click("button.primary.big")
    page.wait_for_url(re.compile(r"/organiser$"))
    page.fill("#names", "Otto")
    page.click("text=Anmelden")
    expect(page.locator(".banner.ok")).to_have_text("1 angemeldet.")
    page.click("#draw-next")
    expect(page.locator(".tables .table")).to_have_count(1)
    expect(page.locator(".byes .pno")).to_have_count(1)
    browsing.end_draw_asked(page)
    expect(page.locator("#draw-next")).to_be_visible()


def test_the_board_polls_only_while_it_is_visible(live_server, browser):
    http = requests.Session()
    http.trust_env = False
    created = http.post(
        f"{live_server}/api/v1/tournaments",
        json={"title": "Sichtbar", "players": NAMES},
        timeout=10,
    ).json()
    context = browser.new_context(viewport=browsing.PROJECTOR)
    # The page believes it is hidden until the test says otherwise.
    context.add_init_script(
        "Object.defineProperty(document, 'visibilityState', "
        "{get: () => (window.shown ? 'visible' : 'hidden')});"
    )
    board = context.new_page()
    polls = []
    board.on(
        "request",
        lambda request: request.headers.get("hx-request") and polls.append(request.url),
    )

    def six_seconds():
        """Run the page's clock 6 s on, a second at a time, each poll answered before the
        next second (as in real time, where a poll takes far less than a beat)."""
        for _ in range(6):
            board.clock.run_for(1000)
            expect(board.locator(".htmx-request")).to_have_count(0)

    board.clock.install()
    board.goto(f"{live_server}/t/{created['id']}")
    six_seconds()
    assert polls == []
    board.evaluate("window.shown = true; document.dispatchEvent(new Event('visibilitychange'))")
    six_seconds()
    # At once on becoming visible, then once every 5 s: two polls in 6 s, never more.
    assert len(polls) == 2, polls
    context.close()
