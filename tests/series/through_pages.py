"""Helpers of the series' page tests: a season made through its forms (this client is its
organiser), its tournaments played out at the store, the pages read as text."""

import html
import re

import flask

from bauerblock import store
from bauerblock.store import tournaments
from bauerblock.web import rights
from tests.pages import created, csrf
from tests.series.season import WIN_A, play_all

NAMES = ["Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Fritz", "Anna"]

ONE_DRAW = {"draws": "1", "rounds_per_draw": "1"}


def text(page: str) -> str:
    """Return a page's words as a reader sees them: tags gone, spaces folded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def new_series(client, **fields) -> str:
    """Make a series through the "Neue Serie" form; return its id."""
    data = {"csrf_token": csrf(client), "name": "Westpfälzer Bauerchen-Cup 2027", **fields}
    return created(client, "/r", data, r"/r/([^/]+)/organiser")


def add_players(client, series_id: str, names) -> None:
    """Add players by name through the organiser's page, each with a key of its own."""
    token = csrf(client)
    for index, name in enumerate(names):
        data = {"csrf_token": token, "name": name, "key": f"add-player-{index:04d}"}
        answer = client.post(f"/r/{series_id}/players", data=data)
        assert answer.status_code == 303, text(answer.text)


def make_tournament(client, series_id: str, *, title: str, lines, kind="preisbauer", **form):
    """Make a tournament of the series through the organiser's form (its list one entry a
    line: a series number or a name; a pair "3 / 7"); return the answer."""
    field = "pairs" if kind == "pairs" else "players"
    data = {
        "csrf_token": csrf(client),
        "title": title,
        "kind": kind,
        "preset": "lautern",
        field: "\n".join(lines),
        **form,
    }
    return client.post(f"/r/{series_id}/tournaments", data=data)


def tournament_ids(client, series_id: str) -> list[str]:
    """Return the series' tournaments as its organiser's page lists them, in order."""
    page = client.get(f"/r/{series_id}/organiser").text
    return re.findall(r'<a href="/t/([^/"]+)/organiser">', page)


def organiser_token(app, client, tournament_id: str) -> str:
    """Return the tournament's organiser token this client's phone holds."""
    with client.session_transaction() as session:
        device = session["device"]
    with app.test_request_context():
        flask.session[rights.DEVICE] = device
        held = rights.ORGANISER.held(rights.Lock(tournament_id))
    assert held is not None
    return held


def play(app, client, tournament_id: str, entry=WIN_A) -> list[str]:
    """Play the tournament out at the store; return its tables' sheet ids."""
    token = organiser_token(app, client, tournament_id)
    with app.app_context():
        return play_all(store.get_db(), tournament_id, token, entry)


def final_places(app, tournament_id: str) -> dict[int, tuple[int, int | None]]:
    """Return a finished tournament's final ranking: evening number → (place, points)."""
    with app.app_context():
        stored = tournaments.load_tournament(store.get_db(), tournament_id)
        assert stored.finished
        return {n: (place, points) for n, (_name, points, place) in stored.ranking().items()}


def rangliste_rows(page: str) -> list[tuple[str, int, str, int, int, int]]:
    """Return the Rangliste's rows as the series' page shows them (its first table):
    place, number, name, points, tournaments, wins."""
    table = page[page.index('class="standings rangliste"') :]
    table = table[: table.index("</table>")]
    found = []
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)[1:]:
        cells = [text(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        place, number, name, points, played, wins = cells
        found.append((place, int(number), name, int(points), int(played), int(wins)))
    return found


def every_series_page(client) -> list[str]:
    """Make a series with a running tournament through the pages; return each of its
    pages (this client is its organiser)."""
    series_id = new_series(client, season="2027")
    add_players(client, series_id, ["Hans", "Grete", "Karl", "Lise"])
    lines = ["1", "2", "3", "4", "Otto", "Erna", "Fritz", "Anna"]
    made = make_tournament(client, series_id, title="Preisbauer Zur Linde", lines=lines)
    assert made.status_code == 303, text(made.text)
    hidden = client.post(
        f"/r/{series_id}/players/2/hidden",
        data={"csrf_token": csrf(client), "hidden": "1", "key": "styled-hide-0001"},
    )
    assert hidden.status_code == 303
    return [
        "/r/new",
        f"/r/{series_id}",
        f"/r/{series_id}/board",
        f"/r/{series_id}/organiser",
        f"/r/{series_id}/players/1",
        f"/r/{series_id}/players/1/forget",
    ]
