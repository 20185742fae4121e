"""A fourth game plugs in from its own folder: Zielwurf, kept in tests/games/toy/ and
registered once by the fixture (its `GAME`), is played through the API (create, record,
amend, undo), the pad's pages, the exports and a Stammtisch evening, with no file of
bauerblock/ naming it; without it the API's document is the committed one."""

import csv
import io
import json
import re
import threading
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from bauerblock.api.game_schemas import APIS
from bauerblock.engine.games import GAMES
from tests.conftest import make_app
from tests.pages import entry_form, make_group, settled_tap, start_evening, wait_for_copy
from tests.versions import if_match

SHEETS = "/api/v1/sheets"
ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Hans", "Grete", "Karl", "Lise"]


def new_sheet(client):
    response = client.post(SHEETS, json={"game": "zielwurf", "players": PLAYERS})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def auth(sheet):
    return {"Authorization": f"Bearer {sheet['edit_token']}"}


def versioned(client, sheet):
    """The token and the sheet's current ETag as If-Match: an amendment's, a deletion's."""
    return {**auth(sheet), **if_match(client, sheet["id"])}


def test_the_api_creates_records_amends_and_undoes_a_game_of_it(client):
    sheet = new_sheet(client)
    assert sheet["rules"] == {"preset": "kurz", "target": 3}
    assert sheet["current"]["score"] == {"A": 0, "B": 0} and sheet["rounds"] == []
    games = f"{SHEETS}/{sheet['id']}/games"
    for winner in "AAB":
        answer = client.post(
            games, json={"game": "zielwurf", "winner": winner}, headers=auth(sheet)
        )
        assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["game"]["score_after"] == {"A": 2, "B": 1}
    # Another game's entry, and a field of another game, are refused in the game's words.
    other = client.post(games, json={"game": "bauerschspiel", "winner": "A"}, headers=auth(sheet))
    assert other.status_code == 422
    refused = client.post(games, json={"winner": "C"}, headers=auth(sheet))
    assert refused.status_code == 422
    amended = client.put(f"{games}/3", json={"winner": "A"}, headers=versioned(client, sheet))
    assert amended.status_code == 200, amended.get_json()
    state = client.get(f"{SHEETS}/{sheet['id']}").get_json()
    assert state["rounds"] == [{"number": 1, "winner": "A", "final": {"A": 3, "B": 0}}]
    assert state["current"] == {
        "score": {"A": 0, "B": 0},
        "dealer": 3,
        "round": 2,
        "games_played": 3,
    }
    undone = client.delete(f"{games}/3", headers=versioned(client, sheet))
    assert undone.status_code == 200
    state = client.get(f"{SHEETS}/{sheet['id']}").get_json()
    assert state["current"]["score"] == {"A": 2, "B": 0} and state["rounds"] == []


def test_the_document_names_it_while_registered(client):
    document = client.get("/api/openapi.json").get_json()
    mapping = document["components"]["schemas"]["Sheet"]["discriminator"]["mapping"]
    assert set(mapping) == set(GAMES) and "zielwurf" in mapping
    assert "ZielwurfRulesSpec" in document["components"]["schemas"]


def test_the_pad_shows_it_and_records_a_tap(client):
    sheet = new_sheet(client)
    client.get(sheet["links"]["edit"])  # the edit link hands this phone the right
    edit = client.get(f"/s/{sheet['id']}/edit")
    assert edit.status_code == 200
    assert "Wer hat getroffen?" in edit.text and "noch 3 bis zum Ziel" in edit.text
    tap = client.post(f"/s/{sheet['id']}/games", data={**entry_form(edit.text), "winner": "B"})
    assert tap.status_code == 303, tap.text
    page = client.get(f"/s/{sheet['id']}").text
    assert re.search(r'class="zielwurf-score">1</strong>', page)
    assert "Team B trifft" in client.get(f"/s/{sheet['id']}/edit").text
    assert client.get(f"/s/{sheet['id']}/stats").status_code == 200


@pytest.fixture
def served(app):
    """Serve the app with Zielwurf registered on a free loopback port, from this process
    (whose registries hold it), for a browser."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


@pytest.mark.browser
def test_the_pads_script_takes_its_taps_offline_and_sends_them(served, phone):
    body = json.dumps({"game": "zielwurf", "players": PLAYERS}).encode()
    request = urllib.request.Request(
        f"{served}{SHEETS}", body, {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        sheet = json.load(answer)
    page = phone()
    page.goto(sheet["links"]["edit"])
    page.wait_for_url(re.compile(r"/edit$"))
    wait_for_copy(page)
    page.context.set_offline(True)
    for team in "BA":
        settled_tap(page)
        page.click(f"#entry-form button[name=winner][value={team}]")
    waiting = page.locator("[data-queued]")
    expect(waiting).to_have_count(2)
    # Its taps in its button's first line, each with its dealer, from the shared scripts.
    expect(waiting.nth(0)).to_contain_text("Team B trifft · Hans gibt")
    expect(waiting.nth(1)).to_contain_text("Team A trifft · Grete gibt")
    expect(page.locator("#outbox")).to_have_text("2 Spiele warten auf Netz")
    page.context.set_offline(False)
    expect(waiting).to_have_count(0, timeout=15000)
    expect(page.locator(".pad tr.game")).to_have_count(2)
    expect(page.locator(".zielwurf-score")).to_have_text(["1", "1"])
    # No script failed: the only errors are the sends the browser could not make offline.
    assert all("ERR_INTERNET_DISCONNECTED" in problem for problem in page.problems)


def test_the_exports_write_its_columns(client):
    sheet = new_sheet(client)
    games = f"{SHEETS}/{sheet['id']}/games"
    for winner in "BBB":
        client.post(games, json={"winner": winner}, headers=auth(sheet))
    export = client.get(f"{SHEETS}/{sheet['id']}/export?format=csv")
    assert export.status_code == 200
    rows = list(csv.DictReader(io.StringIO(export.data.decode("utf-8-sig"))))
    assert [row["score_B"] for row in rows] == ["1", "2", "3"]
    assert rows[-1]["events"] == "round_won B"
    document = json.loads(client.get(f"{SHEETS}/{sheet['id']}/export?format=json").data)
    assert document["game"] == "zielwurf" and document["rounds"][0]["winner"] == "B"
    pdf = client.get(f"{SHEETS}/{sheet['id']}/export?format=pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")


def test_a_stammtisch_plays_an_evening_of_it(client):
    group_id = make_group(client)
    started = start_evening(client, group_id, [1, 2, 3, 4], game="zielwurf", title="Zielabend")
    assert started.status_code == 303, started.text
    sheet_id = re.fullmatch(r"/s/([^/]+)/edit", started.headers["Location"]).group(1)
    for winner in "AB":
        form = entry_form(client.get(f"/s/{sheet_id}/edit").text)
        assert (
            client.post(f"/s/{sheet_id}/games", data={**form, "winner": winner}).status_code == 303
        )
    page = client.get(f"/g/{group_id}").text
    assert "Zielabend" in page and "Runde 1: 1:1" in page
    stats = client.get(f"/api/v1/groups/{group_id}/stats").get_json()
    hans = stats["players"][0]
    assert hans["evenings"] == 1
    assert hans["zielwurf"] == {"evenings": 1, "games": 2, "games_won": 1}
    page = client.get(f"/g/{group_id}/stats").text
    table = re.search(r'<table class="figures" id="zielwurf-figures">.*?</table>', page, re.S)
    assert table and '<h2 id="zielwurf-figures-h">Zielwurf: Treffer</h2>' in page
    rows = dict(re.findall(r'<tr data-number="(\d)">(.*?)</tr>', table.group(0), re.S))
    assert re.findall(r"<td>(\d+)</td>", rows["1"]) == ["1", "2", "1"]
    assert sorted(rows) == ["1", "2", "3", "4"] and "Würfe" in table.group(0)
    # The statistics CSV for people: German words as heads, each with its game's name.
    stats_csv = client.get(f"/g/{group_id}/stats.csv").text.lstrip("\ufeff")
    figures = list(csv.DictReader(io.StringIO(stats_csv), delimiter=";"))
    assert [row["getroffen (Zielwurf)"] for row in figures] == ["1", "1", "1", "1", "0"]
    assert figures[0]["Abende (Zielwurf)"] == "1" and figures[4]["Würfe (Zielwurf)"] == "0"
    evenings = client.get(f"/g/{group_id}/evenings.csv").text
    rows = list(csv.DictReader(io.StringIO(evenings), delimiter=";"))
    assert rows[0]["Spielart"] == "Zielwurf"


def test_no_file_of_the_package_names_it():
    named = [
        path
        for path in (ROOT / "bauerblock").rglob("*")
        if path.is_file()
        and path.suffix in {".py", ".html", ".js"}
        and "zielwurf" in path.read_text(errors="ignore").lower()
    ]
    assert named == []


def test_without_the_fixture_it_is_registered_nowhere_and_the_document_is_the_committed(
    tmp_path, monkeypatch
):
    assert "zielwurf" not in GAMES and "zielwurf" not in APIS
    printed = make_app(tmp_path, monkeypatch).test_cli_runner().invoke(args=["openapi", "print"])
    committed = (ROOT / "openapi" / "openapi.json").read_text()
    assert json.loads(printed.output) == json.loads(committed)
