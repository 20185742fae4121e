"""Every `Location` a 201 names can be read: a game, a draw, a player (issue 35)."""

import pytest

from tests.api.tournament_calls import TOURNAMENTS, auth, create, draw, url

SHEETS = "/api/v1/sheets"
A_WINS = {"card_points": {"A": 80}}
B_WINS = {"card_points": {"B": 80}}
NAMES = ["Hans", "Grete", "Karl", "Lise"]


def path_of(location: str) -> str:
    """Return the path of an absolute Location (Flask's client asks by path)."""
    return location.split("://", 1)[1].split("/", 1)[1].join(["/", ""])


@pytest.fixture
def sheet(client):
    response = client.post(SHEETS, json={"game": "bauerchen", "title": "Wo"})
    assert response.status_code == 201
    return response.get_json()


def record(client, sheet, entry):
    headers = {"Authorization": f"Bearer {sheet['edit_token']}"}
    answer = client.post(f"{SHEETS}/{sheet['id']}/games", json=entry, headers=headers)
    assert answer.status_code == 201
    return answer


def test_a_recorded_games_location_answers_the_game(client, sheet):
    first = record(client, sheet, A_WINS)
    second = record(client, sheet, B_WINS)
    read = client.get(path_of(second.headers["Location"]))
    assert read.status_code == 200
    assert read.get_json() == second.get_json()["game"]
    assert read.get_json()["game"] == "bauerchen" and read.get_json()["number"] == 2
    # Its ETag is the sheet's: the version amendGame and deleteGame take as If-Match.
    assert read.headers["ETag"] == second.headers["ETag"]
    assert (
        client.get(
            path_of(second.headers["Location"]), headers={"If-None-Match": read.headers["ETag"]}
        ).status_code
        == 304
    )
    # Games are numbered by position: once game 1 is gone, game 2's address is empty.
    headers = {"Authorization": f"Bearer {sheet['edit_token']}", "If-Match": read.headers["ETag"]}
    assert client.delete(path_of(first.headers["Location"]), headers=headers).status_code == 200
    moved = client.get(path_of(first.headers["Location"])).get_json()
    assert moved["entry"] == B_WINS and moved["number"] == 1
    gone = client.get(path_of(second.headers["Location"]))
    assert gone.status_code == 404 and gone.get_json()["reason"] == "game_not_found"


def test_an_unknown_sheet_or_game_is_404(client, sheet):
    assert client.get(f"{SHEETS}/{sheet['id']}/games/1").get_json()["reason"] == "game_not_found"
    assert client.get(f"{SHEETS}/nope/games/1").get_json()["reason"] == "sheet_not_found"
    assert client.get(f"{SHEETS}/{sheet['id']}/games/0").status_code == 404


def test_reading_a_game_counts_against_no_write_budget(app_with):
    client = app_with(RATELIMIT_WRITES="2 per minute").test_client()
    made = client.post(SHEETS, json={"game": "bauerchen"}).get_json()
    record(client, made, A_WINS)
    for _ in range(4):
        assert client.get(f"{SHEETS}/{made['id']}/games/1").status_code == 200


@pytest.fixture
def app_with(tmp_path, monkeypatch):
    from tests.conftest import make_app

    return lambda **config: make_app(tmp_path, monkeypatch, **config)


@pytest.fixture
def tournament(client):
    return create(client, {"title": "Linde", "players": [*NAMES, "Otto", "Erna", "Paul", "Rita"]})


def test_a_draws_location_answers_the_draw(client, tournament):
    made = draw(client, tournament, seed="linde-1")
    assert made.status_code == 201
    where = path_of(made.headers["Location"])
    assert where == url(tournament, "draws", 1)
    # With the tournament's token: the draw as drawNext answered it, tables' tokens and all.
    organiser = client.get(where, headers=auth(tournament))
    assert organiser.status_code == 200
    assert organiser.get_json() == made.get_json()
    # Without it, anyone reads the draw, without the tables' tokens.
    public = client.get(where)
    assert public.status_code == 200
    tables = public.get_json()["tables"]
    assert [t["seats"] for t in tables] == [t["seats"] for t in made.get_json()["tables"]]
    assert all("edit_token" not in t["sheet"] for t in tables)
    assert all("edit" not in t["sheet"]["links"] for t in tables)
    assert public.headers["Vary"] == "Authorization"
    wrong = client.get(where, headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 403
    missing = client.get(url(tournament, "draws", 2))
    assert missing.status_code == 404 and missing.get_json()["reason"] == "draw_not_found"


def test_a_players_location_answers_the_player(client, tournament):
    added = client.post(
        url(tournament, "players"), json={"name": "Zu Spät"}, headers=auth(tournament)
    )
    assert added.status_code == 201
    read = client.get(path_of(added.headers["Location"]))
    assert read.status_code == 200 and read.get_json() == added.get_json()
    assert read.get_json()["number"] == 9
    client.delete(url(tournament, "players", 9), headers=auth(tournament))
    withdrawn = client.get(url(tournament, "players", 9)).get_json()
    assert withdrawn["active"] is False and withdrawn["withdrawn_from"] == 1
    tag = client.get(url(tournament, "players", 9)).headers["ETag"]
    assert (
        client.get(url(tournament, "players", 9), headers={"If-None-Match": tag}).status_code == 304
    )
    missing = client.get(url(tournament, "players", 99))
    assert missing.status_code == 404 and missing.get_json()["reason"] == "player_not_found"


def test_a_paarturnier_has_no_players_to_read(client):
    pairs = [["A1", "A2"], ["B1", "B2"], ["C1", "C2"], ["D1", "D2"]]
    made = create(client, {"title": "WM", "pairs": pairs, "format": {"kind": "pairs"}})
    refused = client.get(url(made, "players", 1))
    assert refused.status_code == 404 and refused.get_json()["reason"] == "player_not_found"


def test_every_location_of_a_201_answers_200(client, sheet, tournament):
    """Each 201 of the document names a Location; a GET there answers 200."""
    group = client.post("/api/v1/groups", json={"name": "Linde", "players": NAMES})
    game = record(client, sheet, A_WINS)
    made = draw(client, tournament)
    player = client.post(url(tournament, "players"), json={"name": "Neu"}, headers=auth(tournament))
    created = client.post(SHEETS, json={"game": "bolachen"})
    started = client.post(TOURNAMENTS, json={"players": NAMES})
    for answer in (group, game, made, player, created, started):
        assert answer.status_code == 201
        assert client.get(path_of(answer.headers["Location"])).status_code == 200


def test_the_document_names_the_reads(client):
    spec = client.get("/api/openapi.json").get_json()
    paths = spec["paths"]
    reads = {
        "/api/v1/sheets/{sheet_id}/games/{number}": "getGame",
        "/api/v1/tournaments/{tournament_id}/draws/{number}": "getDraw",
        "/api/v1/tournaments/{tournament_id}/players/{number}": "getTournamentPlayer",
    }
    for path, operation in reads.items():
        get = paths[path]["get"]
        assert get["operationId"] == operation
        assert {"200", "304", "404"} <= set(get["responses"])
        assert get["security"] == []
        # The reads take no Idempotency-Key; the writes of the same path still do.
        assert "Idempotency-Key" not in {p["name"] for p in get.get("parameters", [])}
        writes = [op for method, op in paths[path].items() if method in ("put", "delete")]
        assert all("Idempotency-Key" in {p["name"] for p in op["parameters"]} for op in writes)


def test_numbered_path_parameters_count_from_1(client):
    spec = client.get("/api/openapi.json").get_json()
    for path, item in spec["paths"].items():
        for parameter in item.get("parameters", []):
            if parameter["name"] == "number":
                assert parameter["schema"]["minimum"] == 1, path
