"""Paging by one convention: `limit` with a maximum, the list's cursor, and the next page in
`next` and in `Link: rel="next"` (a sheet's games, a Stammtisch's evenings, a change's page)."""

import json

import pytest

from bauerblock import store
from bauerblock.api.paging import MAX_PAGE, PAGE
from tests.api import tournament_calls as calls
from tests.api.conformance import OPENAPI_FILE
from tests.long_sheets import BOLACHEN_PLAIN, fill
from tests.versions import if_match

SHEETS = "/api/v1/sheets"


@pytest.fixture
def long_sheet(app, client):
    """Return a Bolachen sheet of 250 games (made through the API, filled in one go)."""
    body = {"game": "bolachen", "players": ["Hans", "Grete", "Karl"], "rules": {"preset": "soft"}}
    sheet = client.post(SHEETS, json=body).get_json()
    with app.app_context():
        fill(store.get_db(), sheet["id"], BOLACHEN_PLAIN, 250)
    return sheet


def pages(client, url):
    """Follow `next` from `url`; return each answer."""
    answers = []
    while url is not None:
        answer = client.get(url)
        assert answer.status_code == 200
        answers.append(answer)
        url = answer.get_json()["next"]
    return answers


def test_a_sheets_get_is_bounded_and_its_pages_cover_the_evening_once(client, long_sheet):
    answers = pages(client, f"{SHEETS}/{long_sheet['id']}")
    numbers = [game["number"] for answer in answers for game in answer.get_json()["games"]]
    assert numbers == list(range(1, 251))
    assert [len(answer.get_json()["games"]) for answer in answers] == [PAGE] * 5
    first, last = answers[0], answers[-1]
    assert first.get_json()["next"].endswith(f"games_from={PAGE + 1}&limit={PAGE}")
    assert first.headers["Link"] == f'<{first.get_json()["next"]}>; rel="next"'
    assert last.get_json()["next"] is None and "Link" not in last.headers
    # Every page carries the whole standing, whichever games it lists.
    assert {answer.get_json()["current"]["games_played"] for answer in answers} == {250}


@pytest.mark.parametrize("limit", [0, MAX_PAGE + 1, -3])
def test_a_limit_out_of_bounds_is_refused_in_words(client, long_sheet, limit):
    refused = client.get(f"{SHEETS}/{long_sheet['id']}?limit={limit}")
    assert refused.status_code == 422
    assert "limit" in refused.get_json()["errors"]["query"]


def test_a_chosen_limit_pages_by_it(client, long_sheet):
    answers = pages(client, f"{SHEETS}/{long_sheet['id']}?games_from=201&limit=20")
    assert [len(answer.get_json()["games"]) for answer in answers] == [20, 20, 10]
    assert answers[1].get_json()["games_from"] == 221


def test_a_changes_page_names_the_rest_as_next(client, long_sheet):
    url = f"{SHEETS}/{long_sheet['id']}/games/3"
    token = {"Authorization": f"Bearer {long_sheet['edit_token']}"}
    headers = {**token, **if_match(client, long_sheet["id"])}
    changed = client.delete(url, headers=headers)
    assert changed.status_code == 200
    body = changed.get_json()
    assert body["next"] == body["games_more"] is not None
    assert changed.headers["Link"] == f'<{body["next"]}>; rel="next"'
    rest = [g["number"] for a in pages(client, body["next"]) for g in a.get_json()["games"]]
    assert rest == list(range(13, 250))


def test_a_recorded_games_state_has_no_next_page(client, long_sheet):
    recorded = client.post(
        f"{SHEETS}/{long_sheet['id']}/games",
        json={"game": "bolachen", **BOLACHEN_PLAIN},
        headers={"Authorization": f"Bearer {long_sheet['edit_token']}"},
    )
    assert recorded.status_code == 201
    assert recorded.get_json()["state"]["next"] is None and "Link" not in recorded.headers


def test_a_stammtisch_pages_its_evenings_newest_first(client):
    made = client.post(
        "/api/v1/groups", json={"name": "Linde", "players": ["Hans", "Grete", "Karl", "Lise"]}
    ).get_json()
    assert made["next"] is None
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    titles = [f"Abend {n}" for n in range(1, 6)]
    for title in titles:
        body = {"game": "bauerchen", "players": [1, 2, 3, 4], "title": title}
        made_sheet = client.post(f"/api/v1/groups/{made['id']}/sheets", json=body, headers=auth)
        assert made_sheet.status_code == 201
    answers = pages(client, f"/api/v1/groups/{made['id']}?limit=2")
    listed = [sheet["title"] for answer in answers for sheet in answer.get_json()["sheets"]]
    assert listed == titles[::-1]
    assert [len(answer.get_json()["sheets"]) for answer in answers] == [2, 2, 1]
    assert answers[0].headers["Link"] == f'<{answers[0].get_json()["next"]}>; rel="next"'
    whole = client.get(f"/api/v1/groups/{made['id']}").get_json()
    assert len(whole["sheets"]) == 5 <= PAGE and whole["next"] is None
    too_many = client.get(f"/api/v1/groups/{made['id']}?limit={MAX_PAGE + 1}")
    assert too_many.status_code == 422


def test_a_stammtisch_page_reads_its_own_evenings_alone(app, client):
    made = client.post(
        "/api/v1/groups", json={"name": "Linde", "players": ["Hans", "Grete", "Karl", "Lise"]}
    ).get_json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}

    def start(evenings: int) -> None:
        for _ in range(evenings):
            body = {"game": "bauerchen", "players": [1, 2, 3, 4]}
            made_sheet = client.post(f"/api/v1/groups/{made['id']}/sheets", json=body, headers=auth)
            assert made_sheet.status_code == 201

    def rows_read() -> int:
        """Return the rows SQLite hands over to answer the newest two evenings."""
        counted = []

        def count(cursor, row):
            counted.append(row)
            return row

        with app.app_context():
            db = store.get_db()
            db.conn.row_factory = count
            try:
                answer = client.get(f"/api/v1/groups/{made['id']}?limit=2")
            finally:
                db.conn.row_factory = None
        assert answer.status_code == 200 and len(answer.get_json()["sheets"]) == 2
        return len(counted)

    start(3)
    few = rows_read()
    start(30)
    # The newest two of 33 evenings read as many rows as of 3: no other evening is read.
    assert rows_read() == few


def test_a_tournament_pages_its_draws_and_keeps_its_standings_whole(client):
    made = calls.create(
        client,
        {
            "title": "Linde",
            "players": [f"Spieler {n}" for n in range(1, 9)],
            "format": {"draws": 3},
        },
    )
    assert made["next"] is None
    for number in (1, 2, 3):
        assert calls.draw(client, made).status_code == 201
        ended = client.post(calls.url(made, "draws", number, "end"), headers=calls.auth(made))
        assert ended.status_code == 200
    whole = client.get(calls.url(made)).get_json()
    assert [d["number"] for d in whole["draws"]] == [1, 2, 3] and whole["next"] is None
    answers = pages(client, calls.url(made) + "?limit=2")
    assert [[d["number"] for d in a.get_json()["draws"]] for a in answers] == [[1, 2], [3]]
    assert answers[0].headers["Link"] == f'<{answers[0].get_json()["next"]}>; rel="next"'
    assert answers[0].get_json()["next"].endswith("draws_from=3&limit=2")
    assert {len(a.get_json()["players"]) for a in answers} == {8}
    assert answers[0].get_json()["standings"] == answers[1].get_json()["standings"]
    # The organiser's pages show the tables' tokens, as the whole state does.
    organiser = client.get(calls.url(made) + "?draws_from=3", headers=calls.auth(made))
    assert organiser.get_json()["draws"][0]["tables"][0]["sheet"]["edit_token"]
    assert client.get(calls.url(made) + "?draws_from=9").get_json()["draws"] == []
    assert client.get(calls.url(made) + f"?limit={MAX_PAGE + 1}").status_code == 422


def test_every_paged_operation_refers_to_one_limit_and_one_link_header():
    document = json.loads(OPENAPI_FILE.read_text())
    limit = document["components"]["parameters"]["limit"]
    assert limit["schema"] == {
        "type": "integer",
        "default": PAGE,
        "minimum": 1,
        "maximum": MAX_PAGE,
    }
    paged = {
        operation["operationId"]
        for item in document["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
        and {"$ref": "#/components/parameters/limit"} in operation.get("parameters", [])
    }
    assert paged == {"getSheet", "getGroup", "getTournament"}
    linked = {
        operation["operationId"]
        for item in document["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
        and operation["responses"].get("200", {}).get("headers", {}).get("Link")
        == {"$ref": "#/components/headers/Link"}
    }
    assert linked == paged | {"amendGame", "deleteGame"}
    inline = json.dumps(document["paths"])
    assert '"name": "limit"' not in inline and 'rel=\\"next' not in inline
