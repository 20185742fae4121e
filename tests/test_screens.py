"""The screenshot walk: every page of the product as a person sees it, at 390 × 844 and at
1280 × 800, light and dark, in German and in English (the browser's language), in Debian's
Chromium, with axe-core's WCAG 2.1 A/AA audit.

Each page is photographed whole into tests/artifacts/walk/ (git-ignored: look at them) and
checked as a person would read it: no text cut without a way to read it (a name least of
all), no interactive element lying over another, nothing wider than the window, and no
violation axe-core (the engine behind Lighthouse's accessibility audit; pinned in tools/npm,
injected from the disk, no network) finds. One browser, one context per size and scheme,
the pages visited in turn.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import requests

from tests.pages import CHROMIUM

pytestmark = [pytest.mark.browser, pytest.mark.server]

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "tests" / "artifacts" / "walk"
AXE = ROOT / "tools" / "npm" / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
SCHEMES = ("light", "dark")
LANGUAGES = {"de": "de-DE", "en": "en-US"}
"""Each language the pages speak, by the browser's locale (its Accept-Language)."""
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
LONG = "Maximiliane Hohenstein-Schmidt"
"""A long name, as a table has one: it must be readable wherever it is shown."""

BAUERCHEN = [
    {"result": {"winner": "B", "band": "schneider"}, "spritz": 1},
    {"card_points": {"A": 72}, "melds": [{"team": "A", "kind": "20"}]},
    {"solo": {"team": "A", "won": True, "player": 0}},
    {"result": {"winner": "A", "band": "frei"}},
    {"result": {"winner": "B", "band": "frei"}},
    {"result": {"winner": "B", "band": "schwarz"}},
    {"result": {"winner": "B", "band": "schneider"}},
    {"result": {"winner": "A", "band": "schneider"}},
]
DEALS = [
    {"declarer": 0, "contract": "brand", "trump": "herz", "tricks": 7},
    {"declarer": 1, "contract": "bettel", "won": False},
    {"declarer": 2, "contract": "mord", "tricks": 10},
]


class Site:
    """What the walk visits: made once over the API of the live server."""

    def __init__(self, server: str) -> None:
        self.server = server
        self.http = requests.Session()
        self.http.trust_env = False  # straight to loopback
        self.links: list[str] = []
        """The edit and organiser links a browser context takes first (its rights)."""
        self.pages: dict[str, str] = {"start": "/", "new-tournament": "/t/new", "new-group": "/g"}

    def post(self, path: str, body: dict, token: str | None = None) -> dict:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = self.http.post(f"{self.server}/api/v1{path}", json=body, headers=headers)
        assert answer.status_code in (200, 201), answer.text
        return answer.json()

    def sheet(self, name: str, game: str, players: list[str], entries: list[dict], **body):
        made = self.post("/sheets", {"game": game, "players": players, **body})
        for entry in entries:
            self.post(f"/sheets/{made['id']}/games", entry, made["edit_token"])
        self.links.append(made["links"]["edit"])
        path = f"/s/{made['id']}"
        self.pages.update({f"pad-{name}": f"{path}/edit", f"stats-{name}": f"{path}/stats"})
        return path

    def make(self) -> Site:
        four = [LONG, "Grete", "Karl", "Lise"]
        sheet = self.sheet("bauerchen", "bauerchen", four, BAUERCHEN, title="Stammtisch")
        self.pages.update({"view": sheet, "print": f"{sheet}/print"})
        self.sheet("bauerschspiel", "bauerschspiel", four, [{"winner": "B"}] * 6)
        three = [LONG, "Grete", "Karl"]
        self.sheet("bolachen", "bolachen", three, DEALS, rules={"preset": "hard", "tariff": 10})
        names = [LONG, "Grete", "Karl", "Lise", "Otto", "Anne", "Eva", "Bernd"]
        made = self.post("/tournaments", {"title": "Preisbauer Zur Linde", "players": names})
        self.post(f"/tournaments/{made['id']}/draws", {}, made["edit_token"])
        self.links.append(made["links"]["organiser"])
        path = f"/t/{made['id']}"
        self.pages.update(
            {
                "preisbauer-organiser": f"{path}/organiser",
                "preisbauer-board": path,
                "preisbauer-results": f"{path}/results",
                "preisbauer-cards": f"{path}/draws/1/cards",
                "preisbauer-wall": f"{path}/draws/1/wall",
                "preisbauer-seat": f"{path}/players/1",
            }
        )
        # Before its first draw: the organiser's "Auslosen (Auslosung 1)".
        waiting = self.post("/tournaments", {"title": "Preisbauer", "players": names})
        self.links.append(waiting["links"]["organiser"])
        self.pages["preisbauer-before"] = f"/t/{waiting['id']}/organiser"
        pairs = [[names[i], names[i + 1]] for i in range(0, 8, 2)]
        form = {"kind": "pairs", "rounds_to_win": 1, "group_size": 4, "advance": 2}
        made = self.post("/tournaments", {"title": "Bauer-WM", "pairs": pairs, "format": form})
        self.post(f"/tournaments/{made['id']}/draws", {}, made["edit_token"])
        self.links.append(made["links"]["organiser"])
        path = f"/t/{made['id']}"
        self.pages.update(
            {
                "pairs-organiser": f"{path}/organiser",
                "pairs-board": path,
                "pairs-results": f"{path}/results",
                "pairs-seat": f"{path}/players/1",
            }
        )
        group = self.post("/groups", {"name": "Stammtisch Zur Linde", "players": names[:5]})
        evening = self.post(
            f"/groups/{group['id']}/sheets",
            {"game": "bauerchen", "players": [1, 2, 3, 4]},
            group["edit_token"],
        )
        for entry in BAUERCHEN[:4]:
            self.post(f"/sheets/{evening['id']}/games", entry, evening["edit_token"])
        self.links.append(group["links"]["edit"])
        path = f"/g/{group['id']}"
        self.pages.update({"group": path, "group-stats": f"{path}/stats"})
        return self


@pytest.fixture(scope="module")
def site(live_server):
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip("Debian's chromium is not installed")
    assert AXE.is_file(), "axe-core is not installed: bin/test runs `npm ci --prefix tools/npm`"
    return Site(str(live_server)).make()


LOOK = (ROOT / "tests" / "look.js").read_text()
"""The page's checks, a function run in it (tests/look.js)."""

AUDIT = """async (tags) => {
  const found = await axe.run(document, { runOnly: { type: "tag", values: tags } });
  return found.violations.map((v) => `axe ${v.id} (${v.impact}): ${v.help}: ` +
    v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | "));
}"""


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", sorted(SIZES))
def test_every_page_reads_whole_and_passes_axe(browser, site, size, scheme, language):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    # axe-core goes in as a script of its own: the pages' CSP allows no inline script.
    context = browser.new_context(
        viewport=SIZES[size], color_scheme=scheme, locale=LANGUAGES[language], bypass_csp=True
    )
    # The machine may be busy: a page is given time, the walk is not timed.
    context.set_default_timeout(30000)
    page = context.new_page()
    found: dict[str, list[str]] = {}
    try:
        for link in site.links:
            assert page.goto(link).ok, link
        for name, path in site.pages.items():
            answer = page.goto(site.server + path)
            assert answer is not None and answer.ok, (name, path)
            # The page speaks the browser's language (no cookie chose another).
            assert page.evaluate("document.documentElement.lang") == language, (name, path)
            shot = ARTIFACTS / f"{name}-{size}-{scheme}-{language}.png"
            page.screenshot(path=shot, full_page=True)
            problems = page.evaluate(LOOK)
            page.add_script_tag(path=str(AXE))
            problems += page.evaluate(AUDIT, WCAG)
            if problems:
                found[name] = problems
    finally:
        context.close()
    assert not found, "\n".join(
        f"{name} ({size}, {scheme}, {language}): {problem}"
        for name, problems in found.items()
        for problem in problems
    )
