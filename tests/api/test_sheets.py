"""The sheets resources of API.md: create, read, record, amend, delete, export."""

import csv
import io

import pytest
from pypdf import PdfReader

SHEETS = "/api/v1/sheets"


@pytest.fixture
def sheet(client):
    """Create a Bauerchen sheet and return its creation body."""
    response = client.post(
        SHEETS,
        json={
            "game": "bauerchen",
            "rules": {"preset": "lautern"},
            "players": ["Hans", "Grete", "Karl", "Lise"],
            "first_dealer": 0,
            "title": "Stammtisch",
        },
    )
    assert response.status_code == 201
    return response.get_json()


def auth(sheet, **headers):
    return {"Authorization": f"Bearer {sheet['edit_token']}", **headers}


def record(client, sheet, entry, **headers):
    return client.post(f"{SHEETS}/{sheet['id']}/games", json=entry, headers=auth(sheet, **headers))


def test_create_shows_token_links_and_empty_state(client, sheet):
    assert len(sheet["id"]) >= 20
    assert len(sheet["edit_token"]) >= 30
    assert sheet["players"] == ["Hans", "Grete", "Karl", "Lise"]
    assert sheet["rules"]["preset"] == "lautern"
    assert sheet["current"]["score"] == {"A": 0, "B": 0}
    assert sheet["current"]["dealer"] == 0
    assert sheet["current"]["home"] == "B"
    assert sheet["games"] == [] and sheet["rounds"] == []
    links = sheet["links"]
    assert links["self"].endswith(f"{SHEETS}/{sheet['id']}")
    assert sheet["edit_token"] in links["edit"]
    assert sheet["edit_token"] not in links["view"]
    assert client.get(links["self"]).status_code == 200
    # The token is shown once: reading the sheet never shows it again.
    assert sheet["edit_token"] not in client.get(links["self"]).get_data(as_text=True)


def test_defaults_name_the_players(client):
    body = client.post(SHEETS, json={"game": "bauerchen"}).get_json()
    assert body["players"] == ["Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4"]
    assert body["rules"]["preset"] == "lautern"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "skat"}, "skat"),
        ({"game": "bauerchen", "players": ["A", "B", "C"]}, "4"),
        ({"game": "bauerchen", "first_dealer": 4}, "first_dealer"),
        ({"game": "bauerchen", "rules": {"preset": "nope"}}, "nope"),
        ({"game": "bauerchen", "rules": {"colour": "red"}}, "colour"),
        ({}, "game"),
    ],
)
def test_bad_sheets_are_refused(client, body, words):
    response = client.post(SHEETS, json=body)
    assert response.status_code == 422
    assert words in response.get_json()["message"]


def test_record_derives_home_and_returns_game_and_state(client, sheet):
    response = record(client, sheet, {"card_points": {"A": 72}, "spritz": 1})
    assert response.status_code == 201
    body = response.get_json()
    game = body["game"]
    assert game["number"] == 1
    assert game["dealer"] == 0
    assert game["home"] == "B"  # forehand is seat 1
    assert game["points"] == {"A": 4, "B": 0}  # away won frei: (1 + 1) x 2
    assert body["state"]["current"]["score"] == {"A": 4, "B": 0}
    assert body["state"]["current"]["dealer"] == 1
    assert body["state"]["version"] == sheet["version"] + 1
    assert response.headers["ETag"].strip('"')


def test_explicit_home_wins_and_is_noted(client, sheet):
    game = record(client, sheet, {"home": "A", "card_points": {"A": 72}}).get_json()["game"]
    assert game["home"] == "A"
    assert "home_changed" in game["events"]
    assert game["points"] == {"A": 1, "B": 0}


def test_round_knoddel_and_stein_events(client, sheet):
    schwarz = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 2}
    events = [record(client, sheet, schwarz).get_json()["game"]["events"] for _ in range(2)]
    assert events[0] == ["round_won", "knoddel"]
    assert events[1] == ["round_won", "knoddel", "stein"]
    state = client.get(f"{SHEETS}/{sheet['id']}").get_json()
    assert state["current"]["steins"] == {"A": 1, "B": 0}
    assert [r["winner"] for r in state["rounds"]] == ["A", "A"]


def test_writes_need_the_token(client, sheet):
    url = f"{SHEETS}/{sheet['id']}/games"
    entry = {"card_points": {"A": 72}}
    assert client.post(url, json=entry).status_code == 401
    assert client.post(url, json=entry, headers={"Authorization": "Bearer nope"}).status_code == 403
    record(client, sheet, entry)
    assert client.put(f"{url}/1", json=entry).status_code == 401
    wrong = {"Authorization": "Bearer nope"}
    assert client.delete(f"{url}/1", headers=wrong).status_code == 403
    assert len(client.get(f"{SHEETS}/{sheet['id']}").get_json()["games"]) == 1


def test_unknown_sheet_or_game_is_404(client, sheet):
    assert client.get(f"{SHEETS}/nope").status_code == 404
    assert client.get(f"{SHEETS}/nope").get_json()["message"]
    assert record(client, {**sheet, "id": "nope"}, {"card_points": {"A": 72}}).status_code == 404
    url = f"{SHEETS}/{sheet['id']}/games/3"
    assert client.put(url, json={"card_points": {"A": 72}}, headers=auth(sheet)).status_code == 404
    assert client.delete(url, headers=auth(sheet)).status_code == 404


def test_a_refused_game_changes_nothing(client, sheet):
    before = client.get(f"{SHEETS}/{sheet['id']}")
    response = record(client, sheet, {"card_points": {"A": 5}})
    assert response.status_code == 422
    assert "Game 1" in response.get_json()["message"]
    after = client.get(f"{SHEETS}/{sheet['id']}")
    assert after.get_json() == before.get_json()
    assert after.headers["ETag"] == before.headers["ETag"]


def test_idempotent_retry_records_once(client, sheet):
    entry = {"card_points": {"A": 72}}
    first = record(client, sheet, entry, **{"Idempotency-Key": "tap-1"})
    again = record(client, sheet, entry, **{"Idempotency-Key": "tap-1"})
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert len(client.get(f"{SHEETS}/{sheet['id']}").get_json()["games"]) == 1
    other = record(client, sheet, {"card_points": {"A": 80}}, **{"Idempotency-Key": "tap-1"})
    assert other.status_code == 422
    assert len(client.get(f"{SHEETS}/{sheet['id']}").get_json()["games"]) == 1


def test_etag_if_match_and_if_none_match(client, sheet):
    url = f"{SHEETS}/{sheet['id']}"
    tag = client.get(url).headers["ETag"]
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
    assert record(client, sheet, {"card_points": {"A": 72}}, **{"If-Match": tag}).status_code == 201
    stale = record(client, sheet, {"card_points": {"A": 72}}, **{"If-Match": tag})
    assert stale.status_code == 412
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 200
    fresh = client.get(url).headers["ETag"]
    put = client.put(
        f"{url}/games/1", json={"card_points": {"A": 80}}, headers=auth(sheet, **{"If-Match": tag})
    )
    assert put.status_code == 412
    delete = client.delete(f"{url}/games/1", headers=auth(sheet, **{"If-Match": fresh}))
    assert delete.status_code == 200
    assert delete.get_json()["games"] == []


def test_amend_replays_the_later_games(client, sheet):
    record(client, sheet, {"result": {"winner": "A", "band": "frei"}})
    record(client, sheet, {"result": {"winner": "B", "band": "frei"}})
    url = f"{SHEETS}/{sheet['id']}/games/1"
    amended = client.put(
        url, json={"result": {"winner": "A", "band": "schwarz"}}, headers=auth(sheet)
    )
    assert amended.status_code == 200
    games = amended.get_json()["games"]
    assert games[0]["points"] == {"A": 4, "B": 0}  # A was away at game 1: 3 + 1
    assert games[1]["score_after"] == {"A": 4, "B": 2}  # B won away at game 2


def test_amend_refused_when_a_later_game_becomes_illegal(client, sheet):
    record(client, sheet, {"result": {"winner": "B", "band": "frei"}})
    record(client, sheet, {"card_points": {"A": 72}, "melds": [{"team": "A", "kind": "40"}]})
    forty, twenty = {"team": "A", "kind": "40"}, {"team": "A", "kind": "20"}
    # Game 1 amended to give A 8 leaves game 2's 40 legal (10); 11 would make it pass 12.
    amendments = [
        ({"result": {"winner": "A", "band": "schneider"}, "melds": [forty, twenty, twenty]}, 200),
        ({"result": {"winner": "A", "band": "schwarz"}, "melds": [forty, *[twenty] * 3]}, 422),
    ]
    for amendment, status in amendments:
        response = client.put(
            f"{SHEETS}/{sheet['id']}/games/1",
            json={"home": "A", "spritz": 1, **amendment},
            headers=auth(sheet),
        )
        assert response.status_code == status, response.get_json()
    assert "Game 2" in response.get_json()["message"]
    assert "13" in response.get_json()["message"]
    games = client.get(f"{SHEETS}/{sheet['id']}").get_json()["games"]
    assert games[0]["entry"]["result"]["band"] == "schneider"
    assert games[1]["score_after"] == {"A": 11, "B": 0}


def test_delete_renumbers_and_replays(client, sheet):
    for winner in "ABA":
        record(client, sheet, {"result": {"winner": winner, "band": "frei"}})
    response = client.delete(f"{SHEETS}/{sheet['id']}/games/1", headers=auth(sheet))
    games = response.get_json()["games"]
    assert [g["number"] for g in games] == [1, 2]
    assert [g["dealer"] for g in games] == [0, 1]
    assert [g["entry"]["result"]["winner"] for g in games] == ["B", "A"]


def test_bad_entries_are_422_never_500(client, sheet):
    for entry in ({"card_points": {"A": "x"}}, {"spritz": -1}, {"bogus": 1}, {"melds": "20"}):
        assert record(client, sheet, entry).status_code == 422
    raw = client.post(
        f"{SHEETS}/{sheet['id']}/games",
        data=b"{oops",
        content_type="application/json",
        headers=auth(sheet),
    )
    assert raw.status_code == 422


def test_exports(client, sheet):
    record(client, sheet, {"card_points": {"A": 72}, "melds": [{"team": "B", "kind": "20"}]})
    record(client, sheet, {"result": {"winner": "A", "band": "schwarz"}, "spritz": 2})
    url = f"{SHEETS}/{sheet['id']}/export"

    as_csv = client.get(url, query_string={"format": "csv"})
    assert as_csv.status_code == 200
    assert as_csv.mimetype == "text/csv"
    assert 'filename="Stammtisch-' in as_csv.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(as_csv.get_data().decode("utf-8-sig"))))
    assert len(rows) == 3

    as_json = client.get(url, query_string={"format": "json"})
    assert as_json.mimetype == "application/json"
    assert len(as_json.get_json()["games"]) == 2

    as_pdf = client.get(url, query_string={"format": "pdf"})
    assert as_pdf.mimetype == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(as_pdf.data)).pages)
    assert "Stammtisch" in text and "Grete" in text

    assert client.get(url, query_string={"format": "xls"}).status_code == 422
    assert client.get(f"{SHEETS}/nope/export").status_code == 404
