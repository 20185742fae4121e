"""Every class a page's elements carry is styled by a stylesheet that page loads.

A static check: each page is rendered through Flask's test client, its stylesheets are
fetched as served (the bundles of web/assets.py, minified) and their selectors read; a class
on an element that no selector of those stylesheets names is a component styled somewhere the
page does not look (the start page's chooser once lived in tournament.css alone, and the
first screen ran its two choices into one line). Classes that are only hooks for a script
(or for a test) are listed by name in HOOKS, and each must still be used by a script.
"""

import re
import tokenize
from html.parser import HTMLParser
from pathlib import Path

from bauerblock import store
from bauerblock.services import sheets as service
from tests.pages import csrf, entry_form, make_group, start_evening
from tests.series.through_pages import every_series_page
from tests.tournament.addresses import every_page

ROOT = Path(__file__).resolve().parents[1]
STATIC = sorted((ROOT / "bauerblock").glob("**/static"))

HOOKS = {
    # A script finds the element by it, or an htmx attribute of the page selects it.
    "knoddel": "game_bauerchen.js: the header's Knoddel, redrawn offline",
    "steine": "game_bauerchen.js, game_bauerschspiel.js: the header's Steine, redrawn offline",
    "p": "game_bauerchen.js: a result button's points, shown with the spritz",
    "start-evening": "stammtisch/_group.html: the game switch's hx-select and hx-target",
    # A test finds the element by it (a browser test's locator, a page test's check).
    "add-player": "tests/stammtisch: the roster's form",
    "balance": "tests/stammtisch: the balance column of the group's figures",
    "cards": "tests/scoresheet: Bauerchen's card points, folded",
    "draw": "tests/tournament/test_browser_tournament.py: the board's tables of the draw",
    "evenings": "tests/stammtisch: the list of evenings",
    "game": "tests/scoresheet: a game's row of the pad",
    "groups": "tests/scoresheet/test_offline_open.py: the start page's list of groups",
    "nullchen": "tests/scoresheet/test_browser_cousins.py: Bauerschspiel's header",
    "players": "tests/scoresheet/test_cousins.py: the start page's seats, after the games",
    "print": "tests: the print page's sheet",
    "quick": "tests/scoresheet/test_browser.py: the result buttons",
    "ranking": "tests/tournament/test_browser_closed.py: the board's ranking",
    "roster": "tests: the roster of a tournament and of a group",
    "solo": "tests: Bauerchen's solo, folded",
    "standing": "tests: the sheet's and a pair's standing",
    "winner": "tests/tournament/test_browser_pairs.py: a winner of the bracket",
}
"""Classes no stylesheet styles on purpose: the script that uses each, in words."""

GAMES = {
    "bauerchen": (4, [{"result": "A:frei"}, {"cards": "1", "cp_team": "B", "cp": "72"}]),
    "bauerschspiel": (4, [{"winner": "A"}, {"winner": "B"}]),
    "bolachen": (3, [{"declarer": "0", "bid": "brand:herz", "won": "1"}]),
}
"""Each game's seats and taps of its entry form that play a few games."""


class Page(HTMLParser):
    """The classes a page's elements carry and the stylesheets it links."""

    def __init__(self) -> None:
        super().__init__()
        self.classes: set[str] = set()
        self.sheets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.classes.update((found.get("class") or "").split())
        if tag == "link" and found.get("rel") == "stylesheet" and found.get("href"):
            self.sheets.append(found["href"])


def selectors(css: str) -> str:
    """Return the selectors of a stylesheet, its declarations and comments left out."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found, depth, chunk = [], 0, []
    for char in css:
        if char == "{":
            text = "".join(chunk).strip()
            # An at-rule (@media, @keyframes...) holds selectors; a rule holds declarations.
            if not text.startswith("@") and not re.fullmatch(r"(from|to|[\d.]+%)(,\s*\S+)*", text):
                found.append(text)
            depth, chunk = depth + 1, []
        elif char == "}":
            depth, chunk = depth - 1, []
        elif char == ";":
            chunk = []
        else:
            chunk.append(char)
    return "\n".join(found)


def styled_classes(css: str) -> set[str]:
    """Return the classes a stylesheet's selectors name (`.name`, and `[class*=name]`)."""
    text = re.sub(
        r"\[[^\]]*\]", lambda m: m.group(0) if "class" in m.group(0) else "", selectors(css)
    )
    named = set(re.findall(r"\.(-?[_a-zA-Z][\w-]*)", text))
    prefixes = re.findall(r"\[class[*^]=\"?'?([\w-]+)", text)
    return named | {f"prefix:{prefix}" for prefix in prefixes}


def served(client, path: str) -> str:
    """Return the text the app serves at `path` (a page, a static file)."""
    with client.get(path) as answer:
        assert answer.status_code == 200, (path, answer.status_code)
        return answer.text


def unstyled(client, path: str) -> set[str]:
    """Return the classes of the page at `path` that none of its stylesheets styles."""
    page = Page()
    page.feed(served(client, path))
    assert page.sheets, path
    styled: set[str] = set()
    for sheet in page.sheets:
        styled |= styled_classes(served(client, sheet))
    prefixes = [name.removeprefix("prefix:") for name in styled if name.startswith("prefix:")]
    return {
        name
        for name in page.classes - styled - HOOKS.keys()
        if not any(name.startswith(prefix) for prefix in prefixes)
    }


def test_the_parser_finds_classes_in_selectors_not_in_declarations():
    css = """/* .comment */ :root { --x: 0.5rem; }
    @media (min-width: 10px) { .a > .b:hover, td.c[aria-current] { margin: 0.5rem; } }
    @keyframes fade { to { opacity: 0; } } .d[class*=series-] { fill: url(#x.y); }"""
    assert styled_classes(css) == {"a", "b", "c", "d", "prefix:series-"}


def test_a_class_no_stylesheet_styles_is_found(client):
    page = Page()
    page.feed('<link rel="stylesheet" href="/x.css"><p class="banner nowhere-styled">')
    assert page.classes == {"banner", "nowhere-styled"} and page.sheets == ["/x.css"]
    styled = styled_classes(served(client, "/static/sheet.css"))
    assert "banner" in styled and "nowhere-styled" not in styled


def quoted(path: Path) -> str:
    """Return what a file could name a class in: a script's or template's text, a Python
    file's strings (an attribute `stored.players` is no selector)."""
    if path.suffix != ".py":
        return path.read_text()
    with path.open("rb") as source:
        tokens = tokenize.tokenize(source.readline)
        return "\n".join(token.string for token in tokens if token.type == tokenize.STRING)


def test_every_hook_is_still_used():
    """A hook no script, htmx attribute or test names any more is a class to drop."""
    users = [ROOT / "tests", *(ROOT / "bauerblock").glob("**/templates"), *STATIC]
    texts = "\n".join(
        quoted(path)
        for folder in users
        for path in folder.rglob("*")
        if path.suffix in (".py", ".js", ".html") and path.name != "test_styled.py"
    )
    for hook in HOOKS:
        name = re.escape(hook)
        selector = rf'(hx-(select|target)="|\.|class="([^"]*\s)?){name}(?![\w-])'
        assert re.search(selector, texts), hook


def play(client, sheet_id: str, taps: list[dict[str, str]]) -> None:
    for tap in taps:
        form = entry_form(client.get(f"/s/{sheet_id}/edit").text)
        answer = client.post(f"/s/{sheet_id}/games", data={**form, **tap})
        assert answer.status_code == 303, answer.text


def new_sheet(client, game: str, seats: int) -> str:
    data = {"csrf_token": csrf(client), "game": game, "first_dealer": "0"}
    data.update({f"player{seat}": name for seat, name in enumerate("ABCD"[:seats])})
    answer = client.post("/s", data=data)
    assert answer.status_code in (200, 303), answer.text
    return re.search(r"/s/([\w-]+)/edit", answer.text or answer.headers["Location"])[1]


def sheet_pages(client, game: str) -> list[str]:
    seats, taps = GAMES[game]
    sheet_id = new_sheet(client, game, seats)
    play(client, sheet_id, taps * 2)
    return [
        f"/s/{sheet_id}/edit",
        f"/s/{sheet_id}/games/1",
        f"/s/{sheet_id}",
        f"/s/{sheet_id}/print",
        f"/s/{sheet_id}/stats",
    ]


def tournament(client, app, **fields: str) -> str:
    """Make a tournament through its form, draw it and play a game at each table."""
    data = {"csrf_token": csrf(client), "title": "Zur Linde", "preset": "lautern", **fields}
    made = client.post("/t", data=data)
    assert made.status_code == 303, made.text
    tournament_id = made.headers["Location"].split("/")[2]
    drawn = client.post(f"/t/{tournament_id}/draws", data={"csrf_token": csrf(client)})
    assert drawn.status_code == 303, drawn.text
    with app.app_context():
        db = store.get_db()
        stored = store.tournaments.load_tournament(db, tournament_id)
        for table in stored.tables.values():
            service.record_game(db, table.sheet_id, {"result": {"winner": "A", "band": "frei"}})
    return tournament_id


def every_path(client, app) -> list[str]:
    paths = ["/t/new", "/g"]
    for game in GAMES:
        paths += sheet_pages(client, game)
    preisbauer = tournament(client, app, players="\n".join(f"Spieler {n}" for n in range(8)))
    pairs = [f"Erste {n} / Zweite {n}" for n in range(4)]
    paarturnier = tournament(client, app, kind="pairs", pairs="\n".join(pairs), rounds_to_win="1")
    paths += every_page(preisbauer) + every_page(paarturnier)
    group_id = make_group(client)
    evening = start_evening(client, group_id, [1, 2, 3, 4])
    assert evening.status_code == 303, evening.text
    play(client, evening.headers["Location"].split("/")[2], GAMES["bauerchen"][1])
    paths += [f"/g/{group_id}", f"/g/{group_id}/stats"]
    paths += every_series_page(client)
    # The start page last: it lists what this phone opened (sheets, groups).
    return [*paths, "/"]


def test_every_class_on_every_page_is_styled_by_what_the_page_loads(app, client):
    found = {path: names for path in every_path(client, app) if (names := unstyled(client, path))}
    assert found == {}
