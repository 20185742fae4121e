"""GET /api/v1/sheets/{id}/stats: the evening's figures, their ETag and refusals."""

import pytest

from tests.versions import if_match

SHEETS = "/api/v1/sheets"


def new_sheet(client, game="bauerchen", **more):
    body = {"game": game, **more}
    response = client.post(SHEETS, json=body)
    assert response.status_code == 201
    return response.get_json()


def record(client, sheet, entry):
    headers = {"Authorization": f"Bearer {sheet['edit_token']}"}
    response = client.post(f"{SHEETS}/{sheet['id']}/games", json=entry, headers=headers)
    assert response.status_code == 201, response.get_json()
    return response


def stats(client, sheet, **headers):
    return client.get(f"{SHEETS}/{sheet['id']}/stats", headers=headers)


def test_bauerchen_stats_by_seat_and_team(client):
    sheet = new_sheet(client, players=["Hans", "Grete", "Karl", "Lise"])
    record(client, sheet, {"result": {"winner": "A", "band": "schneider"}, "spritz": 1})
    record(client, sheet, {"solo": {"team": "A", "won": True, "player": 2}})
    response = stats(client, sheet)
    assert response.status_code == 200
    body = response.get_json()
    assert body["id"] == sheet["id"]
    assert body["game"] == "bauerchen"
    assert body["games"] == 2
    assert body["rounds"] == 1
    assert [p["name"] for p in body["players"]] == ["Hans", "Grete", "Karl", "Lise"]
    assert [p["seat"] for p in body["players"]] == [0, 1, 2, 3]
    team_a = body["teams"]["A"]
    assert team_a["games_won"] == 2
    assert team_a["spritz_won"] == 1
    assert team_a["schneider_won"] == 1
    assert team_a["solos"] == 1
    assert team_a["rounds_won"] == 1
    assert body["teams"]["B"]["knoddels"] == 1
    # The Kart'ab is Karl's (seat 2), not Hans's.
    assert body["players"][2]["solos_won"] == 1
    assert body["players"][0]["solos"] == 0
    assert body["players"][0]["games_won"] == 2
    assert [p["score"] for p in body["series"]] == [{"A": 6, "B": 0}, {"A": 18, "B": 0}]
    assert body["series"][1]["round_winner"] == "A"


def test_etag_is_the_sheets_and_if_none_match_answers_304(client):
    sheet = new_sheet(client)
    first = stats(client, sheet)
    tag = first.headers["ETag"]
    assert tag == client.get(f"{SHEETS}/{sheet['id']}").headers["ETag"]
    assert first.get_json()["version"] == 1
    again = stats(client, sheet, **{"If-None-Match": tag})
    assert again.status_code == 304
    assert again.headers["ETag"] == tag
    assert again.get_data() == b""
    record(client, sheet, {"result": {"winner": "B", "band": "frei"}})
    fresh = stats(client, sheet, **{"If-None-Match": tag})
    assert fresh.status_code == 200
    assert fresh.headers["ETag"] != tag
    assert fresh.get_json()["teams"]["B"]["games_won"] == 1


def test_an_amended_game_changes_the_stats(client):
    sheet = new_sheet(client)
    record(client, sheet, {"result": {"winner": "B", "band": "frei"}})
    assert stats(client, sheet).get_json()["teams"]["B"]["games_won"] == 1
    headers = {"Authorization": f"Bearer {sheet['edit_token']}", **if_match(client, sheet["id"])}
    amended = client.put(
        f"{SHEETS}/{sheet['id']}/games/1",
        json={"result": {"winner": "A", "band": "schwarz"}},
        headers=headers,
    )
    assert amended.status_code == 200
    body = stats(client, sheet).get_json()
    assert body["teams"]["B"]["games_won"] == 0
    assert body["teams"]["A"]["schwarz_won"] == 1


def test_unknown_sheet_is_404(client):
    response = client.get(f"{SHEETS}/no-such-sheet/stats")
    assert response.status_code == 404
    assert response.get_json()["message"]


def test_bolachen_stats_settle_in_the_unit(client):
    sheet = new_sheet(
        client, "bolachen", players=["Sepp", "Vroni", "Hias"], rules={"preset": "hard"}
    )
    record(client, sheet, {"declarer": 0, "contract": "mord", "won": True})
    record(client, sheet, {"declarer": 1, "contract": "bettel", "tricks": 2})
    body = stats(client, sheet).get_json()
    assert body["unit"] == "cents"
    # Mord +60/-30/-30, then the Bettel lost by Vroni: -40/+20/+20.
    assert [p["total"] for p in body["players"]] == [80, -70, -10]
    assert body["payments"] == [
        {"from": 1, "to": 0, "amount": 70},
        {"from": 2, "to": 0, "amount": 10},
    ]
    assert body["players"][1]["declared"] == {"brand": 0, "bettel": 1, "mord": 0}
    assert body["players"][1]["declared_won"] == {"brand": 0, "bettel": 0, "mord": 0}
    assert body["series"][-1] == {"number": 2, "totals": [80, -70, -10]}
    assert "teams" not in body


def test_bauerschspiel_stats(client):
    sheet = new_sheet(client, "bauerschspiel")
    for _ in range(5):
        record(client, sheet, {"winner": "B"})
    body = stats(client, sheet).get_json()
    assert body["teams"]["B"] == {"games": 5, "games_won": 5, "nullchen": 1}
    assert body["players"][3]["nullchen"] == 1
    assert body["series"][-1]["nullchen"] == {"A": 0, "B": 1}


@pytest.mark.parametrize(
    ("solo", "message"),
    [
        ({"team": "A", "won": True, "player": 1}, "one of team A: 0 or 2, not 1"),
        ({"team": "B", "won": False, "player": 2}, "one of team B: 1 or 3, not 2"),
    ],
)
def test_a_soloist_of_the_other_team_is_refused(client, solo, message):
    sheet = new_sheet(client)
    headers = {"Authorization": f"Bearer {sheet['edit_token']}"}
    response = client.post(f"{SHEETS}/{sheet['id']}/games", json={"solo": solo}, headers=headers)
    assert response.status_code == 422
    assert message in response.get_json()["message"]
    assert client.get(f"{SHEETS}/{sheet['id']}").get_json()["games"] == []


def test_a_soloist_past_the_seats_is_refused_by_the_schema(client):
    sheet = new_sheet(client)
    headers = {"Authorization": f"Bearer {sheet['edit_token']}"}
    solo = {"team": "A", "won": True, "player": 7}
    response = client.post(f"{SHEETS}/{sheet['id']}/games", json={"solo": solo}, headers=headers)
    assert response.status_code == 422


def test_the_stats_operation_is_documented(client):
    spec = client.get("/api/openapi.json").get_json()
    operation = spec["paths"]["/api/v1/sheets/{sheet_id}/stats"]["get"]
    assert operation["operationId"] == "getSheetStats"
    assert operation["tags"]
    assert set(operation["responses"]) >= {"200", "304", "404"}
    schemas = spec["components"]["schemas"]
    # One schema a game, chosen by `game` as a sheet is; every field of each required.
    union = schemas["SheetStats"]
    assert union["discriminator"]["propertyName"] == "game"
    for game in ("Bauerchen", "Bauerschspiel", "Bolachen"):
        stats = schemas[f"{game}Stats"]
        assert union["discriminator"]["mapping"][game.lower()].endswith(f"/{game}Stats")
        assert set(stats["required"]) == set(stats["properties"])
        seat = stats["properties"]["players"]["items"]["$ref"]
        assert seat.endswith(f"/{game}SeatStats")
    payment = spec["components"]["schemas"]["Payment"]
    assert set(payment["properties"]) == {"from", "to", "amount"}
    solo = spec["components"]["schemas"]["Solo"]
    assert solo["properties"]["player"]["maximum"] == 3
