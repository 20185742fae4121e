"""What the offline pad needs from the server: the manifest, the service worker, /csrf."""

import json
import re
import struct

import pytest

from bauerblock.web import pages
from bauerblock.web.guards import CONTENT_SECURITY_POLICY
from tests.pages import PLAYERS, created, csrf, entry_form


def png_size(data: bytes) -> tuple[int, int]:
    """Return a PNG's width and height, read from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_makes_the_pad_installable(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.data)
    assert manifest["name"] == "Bauerblock"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    sizes = {}
    for icon in manifest["icons"]:
        assert icon["type"] == "image/png"
        with client.get(icon["src"]) as image:
            assert image.status_code == 200
            assert image.mimetype == "image/png"
            width, height = png_size(image.data)
        assert icon["sizes"] == f"{width}x{height}"
        sizes[width] = height
    assert sizes == {192: 192, 512: 512}


def test_pages_link_the_manifest_and_both_theme_colours(client):
    page = client.get("/").text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    light = re.search(
        r'name="theme-color" media="\(prefers-color-scheme: light\)" content="(#\w+)"', page
    )
    dark = re.search(
        r'name="theme-color" media="\(prefers-color-scheme: dark\)" content="(#\w+)"', page
    )
    assert light and dark and light.group(1) != dark.group(1)


def test_the_service_worker_covers_the_site_and_keeps_the_current_shell(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    # At the site's root its scope is the whole site by default: no header widens it.
    assert "Service-Worker-Allowed" not in response.headers
    assert response.headers["Cache-Control"] == "no-cache"
    script = response.text
    # It keeps what the kept pages load, under the static folder's address.
    assert re.search(r'var STATIC\s*=\s*"/static/";', script)
    cache = re.search(r'var SHELL_CACHE\s*=\s*"(bauerblock-shell-\w+)";', script).group(1)
    # A copy served offline keeps the strict policy of the page it was made from.
    assert (
        json.loads(re.search(r"var CSP\s*=\s*(\".*?\");", script).group(1))
        == CONTENT_SECURITY_POLICY
    )
    assert cache == re.search(r'"(bauerblock-shell-\w+)"', client.get("/sw.js").text).group(1)


@pytest.mark.parametrize("bundle", ["app.js", "app-bolachen.js", "sheet-bauerchen.css"])
def test_a_changed_bundle_renames_the_shell_cache(client, monkeypatch, bundle):
    before = client.get("/sw.js").text
    digest = pages.static_version

    def changed(filename):
        return "0123456789ab" if filename == bundle else digest(filename)

    monkeypatch.setattr(pages, "static_version", changed)
    after = client.get("/sw.js").text
    name = re.compile(r'var SHELL_CACHE\s*=\s*"([^"]+)"')
    assert name.search(before).group(1) != name.search(after).group(1)


@pytest.mark.parametrize("game", ["bauerchen", "bauerschspiel", "bolachen"])
def test_a_sheet_loads_its_games_bundles_and_the_start_page_the_shared_ones(client, game):
    seats = 3 if game == "bolachen" else 4
    data = {"csrf_token": csrf(client), "first_dealer": "0", "game": game}
    data.update({f"player{seat}": name for seat, name in enumerate(PLAYERS[:seats])})
    sheet_id = created(client, "/s", data, r"/s/([^/]+)/edit")
    linked = re.compile(r'(?:src|href)="/static/([^"?]+)\?v=[0-9a-f]{12}"')
    for path in (f"/s/{sheet_id}/edit", f"/s/{sheet_id}"):
        page = client.get(path).text
        assert set(linked.findall(page)) == {f"sheet-{game}.css", f"app-{game}.js"}
    assert set(linked.findall(client.get("/").text)) == {"sheet.css", "app.js"}
    with client.get(f"/static/app-{game}.js", headers={"Accept-Encoding": "identity"}) as js:
        script = js.data
    # Its game's hooks (minified: `<Pad>.games.<game>=`), no other game's.
    hooks = set(re.findall(rb"\.games\.(\w+)=", script))
    assert hooks == {game.encode()}


def test_csrf_hands_out_the_sessions_token_never_cached(client, new_sheet):
    sheet_id = new_sheet()
    response = client.get("/csrf")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    token = response.json["csrf_token"]
    form = entry_form(client.get(f"/s/{sheet_id}/edit").text)
    assert token == form["csrf_token"]
    # A tap sent long after the page with the token fetched fresh, in the header: recorded.
    form.pop("csrf_token")
    answer = client.post(
        f"/s/{sheet_id}/games",
        data={**form, "result": "B:frei"},
        headers={"HX-Request": "true", "X-CSRF-Token": token},
    )
    assert answer.status_code == 200
    refused = client.post(
        f"/s/{sheet_id}/games", data={**form, "result": "B:frei"}, headers={"X-CSRF-Token": "x"}
    )
    assert refused.status_code == 403


def test_a_resent_undo_with_its_key_deletes_once(client, new_sheet, tap):
    sheet_id = new_sheet()
    for result in ("B:frei", "A:frei", "B:schneider"):
        assert tap(sheet_id, result=result).status_code == 200
    form = entry_form(client.get(f"/s/{sheet_id}/edit").text)
    undo = {"csrf_token": form["csrf_token"], "version": form["version"], "key": "undo-game-one"}
    headers = {"HX-Request": "true"}
    first = client.post(f"/s/{sheet_id}/games/1/delete", data=undo, headers=headers)
    assert first.status_code == 200
    again = client.post(f"/s/{sheet_id}/games/1/delete", data=undo, headers=headers)
    assert again.status_code == 200
    assert "Spiel 1 gelöscht." in again.text
    games = client.get(f"/api/v1/sheets/{sheet_id}").json["games"]
    assert [g["entry"]["result"] for g in games] == [
        {"winner": "A", "band": "frei"},
        {"winner": "B", "band": "schneider"},
    ]
    # The same key for another game is refused (422, as in the API), nothing changes.
    other = client.post(f"/s/{sheet_id}/games/2/delete", data=undo, headers=headers)
    assert other.status_code == 422
    assert len(client.get(f"/api/v1/sheets/{sheet_id}").json["games"]) == 2


def test_a_writes_key_says_whether_it_was_recorded_and_as_which_game(client, new_sheet, tap):
    sheet_id = new_sheet()
    assert tap(sheet_id, result="B:frei", key="first-tap-key").status_code == 200
    assert tap(sheet_id, result="A:frei", key="second-tap-key").status_code == 200
    form = entry_form(client.get(f"/s/{sheet_id}/edit").text)
    undo = {"csrf_token": form["csrf_token"], "version": form["version"], "key": "undo-game-one"}
    htmx = {"HX-Request": "true"}
    assert client.post(f"/s/{sheet_id}/games/1/delete", data=undo, headers=htmx).status_code == 200
    asked = {
        key: client.get(f"/s/{sheet_id}/writes/{key}")
        for key in ("first-tap-key", "second-tap-key", "undo-game-one", "never-sent-key")
    }
    assert {key: answer.json for key, answer in asked.items()} == {
        "first-tap-key": {"recorded": True, "number": 1},
        "second-tap-key": {"recorded": True, "number": 2},
        "undo-game-one": {"recorded": True, "number": 1},
        "never-sent-key": {"recorded": False, "number": None},
    }
    assert all(answer.headers["Cache-Control"] == "no-store" for answer in asked.values())
    # A key the pad never makes names no write; another phone without the edit right asks
    # nothing, nor of a sheet that is not there.
    assert client.get(f"/s/{sheet_id}/writes/no!").status_code == 404
    assert client.get("/s/nosuchsheet/writes/first-tap-key").status_code == 404
    other = client.application.test_client()
    assert other.get(f"/s/{sheet_id}/writes/first-tap-key").status_code == 403
