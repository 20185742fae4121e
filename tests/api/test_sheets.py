"""The sheets resources of the API: create, read, record, amend, delete, export."""

import csv
import io

import pytest
from pypdf import PdfReader

from bauerblock.engine.games import GAMES
from tests.versions import if_match

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


def versioned(client, sheet, **headers):
    """The token and If-Match naming the sheet's current version: an amendment's, a deletion's."""
    return auth(sheet, **if_match(client, sheet["id"]), **headers)


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
    headers = versioned(client, sheet)
    assert client.put(url, json={"card_points": {"A": 72}}, headers=headers).status_code == 404
    assert client.delete(url, headers=headers).status_code == 404


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
    first = record(client, sheet, entry, **{"Idempotency-Key": "tap-1-key-01"})
    again = record(client, sheet, entry, **{"Idempotency-Key": "tap-1-key-01"})
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert len(client.get(f"{SHEETS}/{sheet['id']}").get_json()["games"]) == 1
    other = record(client, sheet, {"card_points": {"A": 80}}, **{"Idempotency-Key": "tap-1-key-01"})
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
        url, json={"result": {"winner": "A", "band": "schwarz"}}, headers=versioned(client, sheet)
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
            headers=versioned(client, sheet),
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
    response = client.delete(f"{SHEETS}/{sheet['id']}/games/1", headers=versioned(client, sheet))
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
    assert "filename=Stammtisch-" in as_csv.headers["Content-Disposition"]
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


# --- Bauerschspiel and Bolachen ----------------------------------------------------------


def new_sheet(client, **settings):
    response = client.post(SHEETS, json=settings)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_a_bauerschspiel_evening(client):
    sheet = new_sheet(
        client, game="bauerschspiel", players=["Hans", "Grete", "Karl", "Lise"], title="Dill"
    )
    assert sheet["rules"] == {"preset": "dillkreis", "strokes": 5}
    assert sheet["current"]["strokes"] == {"A": 5, "B": 5}
    assert sheet["current"]["nullchen"] == {"A": 0, "B": 0}
    games = [record(client, sheet, {"winner": "A"}).get_json()["game"] for _ in range(5)]
    assert [g["strokes_after"] for g in games][-2:] == [{"A": 1, "B": 9}, {"A": 0, "B": 10}]
    assert games[-1]["events"] == ["nullchen"]
    state = client.get(f"{SHEETS}/{sheet['id']}").get_json()
    assert state["current"]["strokes"] == {"A": 5, "B": 5}
    assert state["current"]["nullchen"] == {"A": 1, "B": 0}
    assert state["current"]["dealer"] == 1
    # Amending game 5 takes the Nullchen back; deleting a game replays the rest.
    amended = client.put(
        f"{SHEETS}/{sheet['id']}/games/5", json={"winner": "B"}, headers=versioned(client, sheet)
    ).get_json()
    assert amended["current"] == {
        "strokes": {"A": 2, "B": 8},
        "nullchen": {"A": 0, "B": 0},
        "dealer": 1,
        "round": 1,
        "games_played": 5,
        "finished": False,  # a board is played on without an end
    }
    deleted = client.delete(
        f"{SHEETS}/{sheet['id']}/games/1", headers=versioned(client, sheet)
    ).get_json()
    assert deleted["current"]["strokes"] == {"A": 3, "B": 7}


@pytest.mark.parametrize(
    "entry",
    [
        {"winner": "A", "home": "A"},
        {"card_points": {"A": 72}},
        {"result": {"winner": "A", "band": "frei"}},
        {"winner": "A", "declarer": 0},
        {"winner": "C"},
        {},
        {"winner": "A", "extra": 1},
    ],
)
def test_a_bauerschspiel_entry_is_only_the_winner(client, entry):
    sheet = new_sheet(client, game="bauerschspiel")
    response = record(client, sheet, entry)
    assert response.status_code == 422
    assert response.get_json()["message"]
    assert client.get(f"{SHEETS}/{sheet['id']}").get_json()["games"] == []


def test_a_bolachen_evening(client):
    sheet = new_sheet(
        client, game="bolachen", players=["Hans", "Grete", "Karl"], rules={"preset": "hard"}
    )
    assert sheet["players"] == ["Hans", "Grete", "Karl"]
    assert sheet["current"]["totals"] == [0, 0, 0]
    assert sheet["current"]["unit"] == "cents"
    assert (sheet["current"]["dealer"], sheet["current"]["forehand"]) == (0, 1)
    deals = [
        {"declarer": 1, "contract": "brand", "trump": "herz", "tricks": 7},
        {"declarer": 2, "contract": "bettel", "won": False},
        {"declarer": 0, "contract": "mord", "tricks": 10},
    ]
    bodies = [record(client, sheet, deal).get_json() for deal in deals]
    assert [b["game"]["totals_after"] for b in bodies] == [
        [-10, 20, -10],
        [10, 40, -50],
        [70, 10, -80],
    ]
    assert [b["game"]["dealer"] for b in bodies] == [0, 1, 2]
    state = bodies[-1]["state"]
    assert state["current"]["totals"] == [70, 10, -80]
    assert state["current"]["dealer"] == 0
    assert "rounds" not in state


def test_bolachen_is_played_by_three(client):
    for players in (["Hans", "Grete"], ["Hans", "Grete", "Karl", "Lise"]):
        response = client.post(SHEETS, json={"game": "bolachen", "players": players})
        assert response.status_code == 422
        assert "3" in response.get_json()["message"]
    response = client.post(SHEETS, json={"game": "bauerschspiel", "players": ["A", "B", "C"]})
    assert response.status_code == 422
    assert "4" in response.get_json()["message"]
    assert client.post(SHEETS, json={"game": "bolachen", "first_dealer": 3}).status_code == 422
    default = new_sheet(client, game="bolachen")
    assert default["players"] == ["Spieler 1", "Spieler 2", "Spieler 3"]
    assert default["rules"]["preset"] == "soft"
    assert default["title"].startswith("Bolachen ")


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"declarer": 0, "contract": "brand", "tricks": 7}, "trump"),
        ({"declarer": 0, "contract": "bettel", "trump": "herz", "won": True}, "without trumps"),
        ({"declarer": 0, "contract": "brand", "trump": "herz", "tricks": 11}, "tricks"),
        ({"declarer": 0, "contract": "bettel", "tricks": 0, "won": True}, "exactly one"),
        ({"declarer": 0, "contract": "bettel", "won": True, "winner": "A"}, "winner"),
        ({"declarer": 0, "contract": "bettel", "won": True, "home": "A"}, "home"),
        ({"card_points": {"A": 72}}, "card_points"),
        ({"declarer": 3, "contract": "bettel", "won": True}, "declarer"),
    ],
)
def test_bad_bolachen_entries_are_422_and_change_nothing(client, entry, words):
    sheet = new_sheet(client, game="bolachen")
    record(client, sheet, {"declarer": 0, "contract": "bettel", "won": True})
    before = client.get(f"{SHEETS}/{sheet['id']}")
    response = record(client, sheet, entry)
    assert response.status_code == 422
    assert words in response.get_json()["message"]
    after = client.get(f"{SHEETS}/{sheet['id']}")
    assert after.get_json() == before.get_json()
    assert after.headers["ETag"] == before.headers["ETag"]


def test_the_bolachen_limit_ends_the_evening(client):
    sheet = new_sheet(client, game="bolachen", rules={"limit": 4})
    brand = {"declarer": 0, "contract": "brand", "trump": "gras", "won": True}
    record(client, sheet, brand)
    reached = record(client, sheet, brand).get_json()
    assert reached["game"]["events"] == ["limit_reached"]
    assert reached["state"]["current"]["limit_reached"] is True
    assert reached["state"]["current"]["limit_reached_by"] == [0]
    # Every game's `current` says whether the sheet takes more games (Bauerchen's too).
    assert reached["state"]["current"]["finished"] is True
    assert client.get(f"{SHEETS}/{sheet['id']}").get_json()["current"]["finished"] is True
    refused = record(client, sheet, brand)
    assert refused.status_code == 422
    assert "ended at game 2" in refused.get_json()["message"]
    # Amending game 1 to a loss takes the limit back.
    amended = client.put(
        f"{SHEETS}/{sheet['id']}/games/1",
        json={**brand, "won": False},
        headers=versioned(client, sheet),
    )
    assert amended.get_json()["current"]["limit_reached"] is False
    assert amended.get_json()["current"]["finished"] is False
    assert record(client, sheet, brand).status_code == 201


def test_exports_of_the_cousins(client):
    schspiel = new_sheet(client, game="bauerschspiel", title="Dill")
    for winner in "AAAAAB":
        record(client, schspiel, {"winner": winner})
    bolachen = new_sheet(client, game="bolachen", players=["Hans", "Grete", "Karl"], title="Bo")
    record(client, bolachen, {"declarer": 2, "contract": "mord", "won": True})
    for sheet, header in ((schspiel, "strokes_A"), (bolachen, "total_2")):
        url = f"{SHEETS}/{sheet['id']}/export"
        as_csv = client.get(url, query_string={"format": "csv"})
        assert as_csv.status_code == 200
        rows = list(csv.DictReader(io.StringIO(as_csv.get_data().decode("utf-8-sig"))))
        assert header in rows[0]
        as_pdf = client.get(url, query_string={"format": "pdf"})
        assert as_pdf.status_code == 200
        assert as_pdf.data.startswith(b"%PDF-")
        assert len(client.get(url, query_string={"format": "json"}).get_json()["games"]) == len(
            rows
        )
    assert [row["strokes_A"] for row in rows_of(client, schspiel)] == ["4", "3", "2", "1", "0", "6"]
    assert rows_of(client, bolachen)[0]["total_2"] == "6"


def rows_of(client, sheet):
    data = client.get(f"{SHEETS}/{sheet['id']}/export").get_data().decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(data)))


def test_the_openapi_document_describes_every_game_entry(client):
    spec = client.get("/api/openapi.json").get_json()
    schemas = spec["components"]["schemas"]
    refs = [member["$ref"].rsplit("/", 1)[1] for member in schemas["SheetEntry"]["oneOf"]]
    assert refs == ["BauerchenEntry", "BauerschspielEntry", "BolachenEntry"]
    assert set(schemas["BauerschspielEntry"]["properties"]) == {"game", "winner"}
    assert {"game", "declarer", "contract", "trump", "tricks", "won"} == set(
        schemas["BolachenEntry"]["properties"]
    )
    # Each entry names its game: the union's discriminator, which generated clients send.
    assert schemas["SheetEntry"]["discriminator"] == {
        "propertyName": "game",
        "mapping": {
            game: f"#/components/schemas/{ref}" for game, ref in zip(GAMES, refs, strict=True)
        },
    }
    assert "/api/v1/bolachen/score" in spec["paths"]
    assert schemas["NewSheet"]["discriminator"]["propertyName"] == "game"
    assert list(schemas["NewSheet"]["discriminator"]["mapping"]) == [
        "bauerchen",
        "bauerschspiel",
        "bolachen",
    ]


def test_a_stale_write_to_a_game_that_is_gone_is_412_not_404(client, sheet):
    record(client, sheet, {"card_points": {"A": 72}})
    url = f"{SHEETS}/{sheet['id']}"
    tag = client.get(url).headers["ETag"]
    assert (
        client.delete(f"{url}/games/1", headers=auth(sheet, **{"If-Match": tag})).status_code == 200
    )
    again = client.delete(f"{url}/games/1", headers=auth(sheet, **{"If-Match": tag}))
    assert again.status_code == 412


def test_a_recorded_game_answers_with_a_page_from_that_game(client, sheet):
    rounder = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 2}  # 12 or 16 points
    for _ in range(3):
        body = record(client, sheet, rounder).get_json()
    state = body["state"]
    assert state["games_from"] == 3
    assert [game["number"] for game in state["games"]] == [3]
    assert [r["number"] for r in state["rounds"]] == [3]  # the round game 3 closed
    assert state["current"]["games_played"] == 3


def test_get_pages_a_long_sheet(client, sheet):
    for _ in range(5):
        record(client, sheet, {"result": {"winner": "B", "band": "schwarz"}, "spritz": 2})
    url = f"{SHEETS}/{sheet['id']}"
    whole = client.get(url).get_json()
    page = client.get(url, query_string={"games_from": 4}).get_json()
    assert whole["games_from"] == 1 and len(whole["games"]) == 5
    assert page["games"] == whole["games"][3:]
    assert [r["number"] for r in page["rounds"]] == [4, 5]  # each game closed a round
    assert page["rounds"] == whole["rounds"][3:]
    assert page["current"] == whole["current"]
    assert client.get(url, query_string={"games_from": 0}).status_code == 422
    assert client.get(url, query_string={"games_from": 9}).get_json()["games"] == []


def test_a_poll_that_is_up_to_date_reads_no_game(client, sheet, monkeypatch):
    record(client, sheet, {"card_points": {"A": 72}})
    url = f"{SHEETS}/{sheet['id']}"
    tag = client.get(url).headers["ETag"]

    def no_games(*args, **kwargs):
        raise AssertionError("a 304 must come from the sheet's head alone")

    monkeypatch.setattr("bauerblock.store.load_sheet", no_games)
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 304


def test_games_from_past_the_last_game_lists_none(client, sheet):
    record(client, sheet, {"card_points": {"A": 72}})
    for games_from in (2, 2**70):
        response = client.get(f"{SHEETS}/{sheet['id']}?games_from={games_from}")
        assert response.status_code == 200
        assert response.get_json()["games"] == []


def test_a_whole_number_past_64_bits_stays_a_whole_number(app, client):
    # orjson would read it as a float, and a float is no whole number: the wrong refusal.
    assert app.json.loads("[50888193192118599276298240]") == [50888193192118599276298240]
    body = '{"game": "bauerchen", "first_dealer": 50888193192118599276298240}'
    response = client.post(SHEETS, data=body, content_type="application/json")
    assert response.status_code == 422
    message = response.get_json()["message"]
    assert "first_dealer" in message and "Not a valid integer" not in message
