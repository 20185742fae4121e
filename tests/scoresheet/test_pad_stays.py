"""Buttons that stay (issue 33): no result button moves by more than 2 px through any tap of
any game, and each team's buttons stay in one row, at 390 × 844 with touch."""

import pytest
from playwright.sync_api import expect

from tests.scoresheet.test_offline import PLAYERS, QUEUED, start

pytestmark = [pytest.mark.browser, pytest.mark.server]

TOUCH = {"has_touch": True, "is_mobile": True}
UNDO = "#board .undo button"

# Each game: its result buttons, its players, and its taps (the clicks of each, a pair: what
# is typed into a field), every kind of tap the game has.
GAMES = {
    "bauerchen": (
        "#entry-form button[name=result]",
        PLAYERS,
        {
            "result": ["button[name=result][value='A:frei']"],
            "undo": [UNDO],
            "result with modifiers": [
                "label[for=spritz1]",
                "label[for=mB20a]",
                "button[name=result][value='B:schneider']",
            ],
            "card points": [
                "details.cards summary",
                "label[for=cpteamA]",
                ("#cp", "72"),
                ".cards-body button[name=cards]",
            ],
            # Lautern plays to 12, two Knoddel a Stein: each Kart'ab won ends a round.
            "round end (Kart'ab)": [
                "details.solo summary",
                "label[for=soloist0]",
                "button[name=solo][value='A:won']",
            ],
            "Gehampelter": ["details.solo summary", "button[name=solo][value='B:won']"],
            "Stein": ["details.solo summary", "button[name=solo][value='A:lost']"],
            "after the Stein": ["button[name=result][value='B:schwarz']"],
        },
    ),
    "bauerschspiel": (
        "#entry-form button[name=winner]",
        PLAYERS,
        {
            "win": ["button[name=winner][value=A]"],
            "undo": [UNDO],
            **{f"win {n}": ["button[name=winner][value=A]"] for n in range(1, 5)},
            "Nullchen": ["button[name=winner][value=A]"],
            "after the Nullchen": ["button[name=winner][value=B]"],
        },
    ),
    "bolachen": (
        "#entry-form button[name=won]",
        ["Hans", "Grete", "Karl"],
        {
            "won": ["label[for=declarer0]", "label[for=bid-bettel]", "button[name=won][value='1']"],
            "undo": [UNDO],
            "lost": ["label[for=declarer1]", "label[for=bid-mord]", "button[name=won][value='0']"],
            "by tricks": [
                "label[for=declarer2]",
                "label[for=bid-brand-herz]",
                "details.tricks summary",
                "label[for=tricks7]",
                "details.tricks button[name=by]",
            ],
        },
    ),
}

BOXES = """(selector) => Array.from(document.querySelectorAll(selector), (button) => {
    const r = button.getBoundingClientRect();
    return {value: button.value, x: r.x + scrollX, y: r.y + scrollY, w: r.width, h: r.height};
})"""
"""Every result button's box on the page (not on the screen: the page may scroll)."""


def boxes(page, selector):
    return page.evaluate(BOXES, selector)


def moved(before, after):
    """Return the largest move of any button's box between two measures, in px."""
    assert [b["value"] for b in before] == [a["value"] for a in after]
    return max(abs(b[key] - a[key]) for b, a in zip(before, after, strict=True) for key in "xywh")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_result_button_moves_through_any_tap(live_server, phone, game):
    selector, players, taps = GAMES[game]
    page = phone(viewport={"width": 390, "height": 844}, **TOUCH)
    start(page, live_server, game=game, players=players)
    first = boxes(page, selector)
    assert first
    played = 0
    for kind, clicks in taps.items():
        expect(page.locator("body[data-taken]")).to_have_count(0)
        for step in clicks:
            if isinstance(step, tuple):
                page.fill(*step)
            else:
                page.click(
                    step if step.startswith(("label", "details", "#")) else f"#entry-form {step}"
                )
        played += -1 if kind == "undo" else 1
        expect(page.locator(QUEUED)).to_have_count(0, timeout=10000)
        expect(page.locator("#board")).to_have_attribute("data-played", str(played))
        if kind == "Gehampelter":
            expect(page.locator("#standing .decider")).to_be_visible()
        now = boxes(page, selector)
        assert moved(first, now) <= 2, (game, kind, first, now)
        if game == "bauerchen":
            # Each team's buttons in one row of their own: A's above B's, every game.
            rows = {team: {b["y"] for b in now if b["value"][0] == team} for team in "AB"}
            assert len(rows["A"]) == len(rows["B"]) == 1, (kind, rows)
            assert rows["A"] != rows["B"], kind
    if game == "bauerchen":
        expect(page.locator("#standing .decider")).to_be_hidden()  # the Stein ended it


def test_news_and_a_conflict_move_no_button_and_the_buttons_name_the_headers_game(
    live_server, phone
):
    page = phone(**TOUCH)
    start(page, live_server)
    selector = GAMES["bauerchen"][0]
    first = boxes(page, selector)
    # Another phone with the edit link (the share section's) records two games.
    other = phone(**TOUCH)
    other.goto(page.locator(".share a[rel=nofollow]").get_attribute("href"))
    # Spritz chosen: the pad is busy, so the news waits in its banner and keeps the form.
    page.click("label[for=spritz1]")
    for value, played in (("A:frei", "1"), ("B:frei", "2")):
        other.click(f"#entry-form button[name=result][value='{value}']")
        expect(other.locator("#board")).to_have_attribute("data-played", played)
    expect(page.locator("#board .fresh")).to_be_visible(timeout=15000)
    assert moved(first, boxes(page, selector)) <= 2
    # A tap now meets the other phone's games: it waits for the table's decision.
    page.click("#entry-form button[name=result][value='A:schneider']")
    expect(page.locator("[data-queued=conflict]")).to_have_count(1, timeout=10000)
    assert moved(first, boxes(page, selector)) <= 2
    # The waiting tap is not counted: the header names game 3 (Karl deals, B home), and the
    # buttons say what a win gives in it, home's without the arrow of away.
    expect(page.locator("#standing .next")).to_contain_text("Spiel 3")
    expect(page.locator("#standing .next")).to_contain_text("Team B")
    buttons = page.evaluate(
        """(selector) => Array.from(document.querySelectorAll(selector), (b) =>
            [b.value, b.classList.contains("away"), b.querySelector(".p").textContent])""",
        selector,
    )
    bands = ("frei", "schneider", "schwarz")
    assert [(value, away) for value, away, _points in buttons] == [
        (f"{team}:{band}", team == "A") for team in "AB" for band in bands
    ]
    # With spritz ×2 still chosen: B at home wins frei +1 ×2, A away +2 ×2.
    assert dict((value, points) for value, _away, points in buttons)["B:frei"] == "2"
    assert dict((value, points) for value, _away, points in buttons)["A:frei"] == "4"


LONG = "Maximiliane Hohenstein-Schmidt"


@pytest.mark.parametrize(
    ("game", "taps"),
    [
        ("bauerchen", ["button[name=result][value='A:frei']"] * 4),
        ("bauerschspiel", ["button[name=winner][value=A]"] * 4),
        (
            "bolachen",
            ["label[for=declarer0]", "label[for=bid-bettel]", "button[name=won][value='1']"] * 3,
        ),
    ],
)
def test_a_long_name_dealing_moves_no_button(live_server, phone, game, taps):
    # The header names the dealer (and Bolachen's forehand): a long name wraps its line to
    # one more than the others do, so it is given its room in every game.
    selector, players, _taps = GAMES[game]
    page = phone(viewport={"width": 360, "height": 740}, **TOUCH)
    start(page, live_server, game=game, players=[LONG, *players[1:]])
    first = boxes(page, selector)
    played = 0
    for step in taps:
        expect(page.locator("body[data-taken]")).to_have_count(0)
        page.click(step if step.startswith("label") else f"#entry-form {step}")
        if step.startswith("label"):
            continue
        played += 1
        expect(page.locator("#board")).to_have_attribute("data-played", str(played))
        assert moved(first, boxes(page, selector)) <= 2, (game, played)
