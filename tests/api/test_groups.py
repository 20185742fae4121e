"""The Stammtisch resources of the API: groups, roster, evenings and statistics."""

import pytest

GROUPS = "/api/v1/groups"
SHEETS = "/api/v1/sheets"
ROSTER = ["Hans", "Grete", "Karl", "Lise", "Otto"]
SCHWARZ_A = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 2}


@pytest.fixture
def group(client):
    """Create a group and return its creation body."""
    response = client.post(GROUPS, json={"name": "Stammtisch Zur Linde", "players": ROSTER})
    assert response.status_code == 201, response.text
    return response.get_json()


def auth(body, **headers):
    return {"Authorization": f"Bearer {body['edit_token']}", **headers}


def start(client, group, players, game="bauerchen", **more):
    url = f"{GROUPS}/{group['id']}/sheets"
    return client.post(url, json={"game": game, "players": players, **more}, headers=auth(group))


def record(client, sheet, entry):
    return client.post(f"{SHEETS}/{sheet['id']}/games", json=entry, headers=auth(sheet))


def everything(client, group):
    """Return what the API shows of a group, to show that a refusal changed nothing."""
    return client.get(f"{GROUPS}/{group['id']}").get_json()


def test_create_shows_token_links_and_the_numbered_roster(client, group):
    assert len(group["id"]) >= 20 and len(group["edit_token"]) >= 30
    assert group["name"] == "Stammtisch Zur Linde"
    assert group["players"] == [{"number": n, "name": name} for n, name in enumerate(ROSTER, 1)]
    assert group["sheets"] == []
    links = group["links"]
    assert links["self"].endswith(f"{GROUPS}/{group['id']}")
    assert links["stats"].endswith(f"{GROUPS}/{group['id']}/stats")
    assert links["page"].endswith(f"/g/{group['id']}")
    assert links["edit"].endswith(f"/g/{group['id']}/edit/{group['edit_token']}")
    read = client.get(links["self"])
    assert read.status_code == 200
    assert group["edit_token"] not in read.text
    assert client.get(links["page"]).status_code == 200
    assert client.get(links["edit"]).headers["Location"] == f"/g/{group['id']}"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({}, "name"),
        ({"name": ""}, "name"),
        ({"name": "x" * 81}, "name"),
        ({"name": "   "}, "needs a name"),
        ({"name": "Linde", "players": ["Hans", "HANS"]}, "twice"),
        ({"name": "Linde", "players": ["x" * 41]}, "players"),
        ({"name": "Linde", "players": [""]}, "players"),
        ({"name": "Linde", "players": [f"P{n}" for n in range(61)]}, "players"),
        ({"name": "Linde", "players": "Hans"}, "players"),
        ({"name": 5}, "name"),
    ],
)
def test_bad_groups_are_refused(client, body, words):
    response = client.post(GROUPS, json=body)
    assert response.status_code == 422
    assert words in response.get_json()["message"]


def test_get_group_has_an_etag_and_answers_304_until_it_changes(client, group):
    url = f"{GROUPS}/{group['id']}"
    first = client.get(url)
    tag = first.headers["ETag"]
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
    stats = client.get(f"{url}/stats")
    assert stats.headers["ETag"] == tag
    assert client.get(f"{url}/stats", headers={"If-None-Match": tag}).status_code == 304
    sheet = start(client, group, [1, 2, 3, 4]).get_json()
    moved = client.get(url, headers={"If-None-Match": tag})
    assert moved.status_code == 200
    tag = moved.headers["ETag"]
    # A game recorded on one of its evenings moves the group: its ETag covers the evenings.
    record(client, sheet, SCHWARZ_A)
    again = client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 200 and again.headers["ETag"] != tag
    assert again.get_json()["sheets"][0]["result"]["score"] == {"A": 0, "B": 0}
    assert again.get_json()["sheets"][0]["result"]["knoddels"] == {"A": 0, "B": 1}


def test_add_a_player(client, group):
    response = client.post(
        f"{GROUPS}/{group['id']}/players", json={"name": "Fritz"}, headers=auth(group)
    )
    assert response.status_code == 201
    assert response.get_json() == {"number": 6, "name": "Fritz"}
    assert response.headers["ETag"] == client.get(f"{GROUPS}/{group['id']}").headers["ETag"]
    assert everything(client, group)["players"][-1] == {"number": 6, "name": "Fritz"}


@pytest.mark.parametrize(
    ("body", "headers", "status"),
    [
        ({"name": "Fritz"}, {}, 401),
        ({"name": "Fritz"}, {"Authorization": "Bearer nope"}, 403),
        ({"name": "grete"}, None, 409),
        ({"name": ""}, None, 422),
        ({"name": "x" * 41}, None, 422),
        ({}, None, 422),
        ({"name": ["Fritz"]}, None, 422),
    ],
)
def test_bad_new_players_are_refused(client, group, body, headers, status):
    before = everything(client, group)
    response = client.post(
        f"{GROUPS}/{group['id']}/players",
        json=body,
        headers=auth(group) if headers is None else headers,
    )
    assert response.status_code == status
    assert response.get_json()["message"]
    assert everything(client, group) == before


def test_start_an_evening_of_roster_players(client, group):
    response = start(client, group, [5, 1, 2, "Fritz"], title="Freitag", first_dealer=1)
    assert response.status_code == 201, response.text
    sheet = response.get_json()
    assert sheet["players"] == ["Otto", "Hans", "Grete", "Fritz"]
    assert sheet["group"] == {"id": group["id"], "players": [5, 1, 2, 6]}
    assert sheet["title"] == "Freitag" and sheet["current"]["dealer"] == 1
    # The sheet's own edit token writes the sheet; the group's does not.
    assert sheet["edit_token"] != group["edit_token"]
    assert sheet["edit_token"] in sheet["links"]["edit"]
    assert record(client, sheet, SCHWARZ_A).status_code == 201
    wrong = client.post(f"{SHEETS}/{sheet['id']}/games", json=SCHWARZ_A, headers=auth(group))
    assert wrong.status_code == 403
    read = client.get(f"{SHEETS}/{sheet['id']}").get_json()
    assert read["group"] == {"id": group["id"], "players": [5, 1, 2, 6]}
    listed = everything(client, group)
    assert listed["players"][-1] == {"number": 6, "name": "Fritz"}
    [evening] = listed["sheets"]
    assert evening["id"] == sheet["id"] and evening["title"] == "Freitag"
    assert evening["game"] == "bauerchen" and evening["players"] == [5, 1, 2, 6]
    assert evening["created"] == sheet["created"]


def test_evenings_are_newest_first_with_their_result(client, group):
    first = start(client, group, [1, 2, 3, 4]).get_json()
    board = start(client, group, [1, 2, 3, 4], game="bauerschspiel").get_json()
    money = start(client, group, [1, 2, 3], game="bolachen", rules={"preset": "hard"}).get_json()
    record(client, board, {"winner": "A"})
    record(client, money, {"declarer": 0, "contract": "mord", "won": True})
    sheets = everything(client, group)["sheets"]
    assert [s["id"] for s in sheets] == [money["id"], board["id"], first["id"]]
    assert sheets[0]["result"] == {"games_played": 1, "totals": [60, -30, -30], "unit": "cents"}
    assert sheets[1]["result"]["strokes"] == {"A": 4, "B": 6}
    assert sheets[2]["result"]["steins"] == {"A": 0, "B": 0}
    assert sheets[2]["title"] == "Stammtisch Zur Linde"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "bauerchen", "players": [1, 2, 3, 9]}, "number 9"),
        ({"game": "bauerchen", "players": [1, 2, 3, 1]}, "Hans is on two"),
        ({"game": "bauerchen", "players": [1, 2, 3, "hans"]}, "Hans is on two"),
        ({"game": "bauerchen", "players": [1, 2, 3]}, "played by 4"),
        ({"game": "bolachen", "players": [1, 2, 3, 4]}, "played by 3"),
        ({"game": "bauerchen", "players": [1, 2, 3, 0]}, "players"),
        ({"game": "bauerchen", "players": [1, 2, 3, True]}, "players"),
        ({"game": "bauerchen", "players": [1, 2, 3, None]}, "players"),
        ({"game": "bauerchen", "players": [1, 2, 3, "x" * 41]}, "players"),
        ({"game": "bauerchen", "players": [1, 2, 3, "Neu"], "first_dealer": 4}, "first_dealer"),
        ({"game": "bauerchen"}, "players"),
        ({"game": "skat", "players": [1, 2, 3, 4]}, "skat"),
        ({"players": [1, 2, 3, 4]}, "game"),
    ],
)
def test_bad_evenings_are_refused_and_nothing_is_stored(client, group, body, words):
    before = everything(client, group)
    response = client.post(f"{GROUPS}/{group['id']}/sheets", json=body, headers=auth(group))
    assert response.status_code == 422
    assert words in response.get_json()["message"]
    assert everything(client, group) == before


def test_writes_need_the_groups_token(client, group):
    url = f"{GROUPS}/{group['id']}/sheets"
    body = {"game": "bauerchen", "players": [1, 2, 3, 4]}
    assert client.post(url, json=body).status_code == 401
    assert client.post(url, json=body, headers={"Authorization": "Basic x"}).status_code == 401
    assert client.post(url, json=body, headers={"Authorization": "Bearer nope"}).status_code == 403
    other = client.post(GROUPS, json={"name": "Andere"}).get_json()
    assert client.post(url, json=body, headers=auth(other)).status_code == 403
    assert everything(client, group)["sheets"] == []


def test_a_full_roster_is_a_conflict(client):
    full = client.post(GROUPS, json={"name": "Voll", "players": [f"P{n}" for n in range(60)]})
    body = full.get_json()
    response = start(client, body, [1, 2, "Neu"], game="bolachen")
    assert response.status_code == 409
    assert "full" in response.get_json()["message"]


@pytest.mark.parametrize("suffix", ["", "/stats"])
def test_unknown_groups_are_404(client, suffix):
    response = client.get(f"{GROUPS}/nope{suffix}")
    assert response.status_code == 404
    assert response.get_json()["message"]
    assert client.post(f"{GROUPS}/nope/players", json={"name": "A"}).status_code == 404


def test_stats_sum_the_evenings_per_roster_player(client, group):
    first = start(client, group, [1, 2, 3, 4]).get_json()
    for _ in range(2):
        record(client, first, SCHWARZ_A)
    # Team A of the second evening is Otto and Grete; B (Karl and Lise) wins the Stein.
    second = start(client, group, [5, 3, 2, 4]).get_json()
    for _ in range(2):
        record(client, second, {"result": {"winner": "B", "band": "schwarz"}, "spritz": 2})
    record(client, second, {"solo": {"team": "B", "won": True, "player": 3}})
    money = start(client, group, [5, 1, 2], game="bolachen", rules={"preset": "hard"}).get_json()
    record(client, money, {"declarer": 0, "contract": "mord", "won": True})

    response = client.get(f"{GROUPS}/{group['id']}/stats")
    assert response.status_code == 200
    stats = response.get_json()
    assert stats["evenings"] == 3 and stats["name"] == "Stammtisch Zur Linde"
    players = {p["number"]: p for p in stats["players"]}
    assert {n: p["steins_balance"] for n, p in players.items()} == {
        1: 1,
        2: -2,
        3: 2,
        4: 0,
        5: -1,
    }
    assert sum(p["steins_balance"] for p in players.values()) == 0
    lise = players[4]
    assert (lise["evenings"], lise["games"], lise["games_won"]) == (2, 5, 3)
    assert lise["win_rate"] == pytest.approx(3 / 5)
    assert (lise["solos"], lise["solos_won"]) == (1, 1)
    assert players[3]["solos"] == 0
    assert players[5]["bolachen"]["cents"] == 60 and players[1]["bolachen"]["cents"] == -30
    assert stats["payments"] == [
        {"from": 1, "to": 5, "amount": 30},
        {"from": 2, "to": 5, "amount": 30},
    ]
    partners = {tuple(p["players"]): (p["games"], p["games_won"]) for p in stats["partners"]}
    assert partners == {(1, 3): (2, 2), (2, 4): (2, 0), (2, 5): (3, 0), (3, 4): (3, 3)}
    assert [point["id"] for point in stats["series"]] == [first["id"], second["id"], money["id"]]
    assert stats["series"][-1]["steins_balance"] == [1, -2, 2, 0, -1]
    assert stats["series"][-1]["cents"] == [-30, -30, 0, 0, 60]
