"""A Bauerchen sheet with round_limit through the sheets API: finished, refused, reopened."""

SHEETS = "/api/v1/sheets"
ROUND = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 4}
SMALL = {"result": {"winner": "B", "band": "frei"}}


def test_a_finished_sheet_refuses_games_until_a_game_is_deleted(client):
    sheet = client.post(SHEETS, json={"game": "bauerchen", "rules": {"round_limit": 2}}).get_json()
    assert sheet["rules"]["round_limit"] == 2
    url, auth = f"{SHEETS}/{sheet['id']}", {"Authorization": f"Bearer {sheet['edit_token']}"}
    client.post(f"{url}/games", json=ROUND, headers=auth)
    last = client.post(f"{url}/games", json=ROUND, headers=auth).get_json()
    assert "table_finished" in last["game"]["events"]
    assert last["state"]["current"]["finished"] is True
    assert last["state"]["current"]["rounds_played"] == 2
    # `round` is one past the last round played; `finished` says that none is open.
    current = client.get(url).get_json()["current"]
    assert (current["finished"], current["round"], current["rounds_played"]) == (True, 3, 2)

    before = client.get(url)
    refused = client.post(f"{url}/games", json=SMALL, headers=auth)
    assert refused.status_code == 422
    assert refused.get_json()["message"] == (
        "Game 3: Table finished: 2 rounds played. Amend or delete a game to play on."
    )
    assert client.get(url).headers["ETag"] == before.headers["ETag"]

    deleted = client.delete(f"{url}/games/2", headers={**auth, "If-Match": before.headers["ETag"]})
    assert deleted.status_code == 200
    reopened = deleted.get_json()["current"]
    assert (reopened["finished"], reopened["rounds_played"]) == (False, 1)
    assert client.post(f"{url}/games", json=SMALL, headers=auth).status_code == 201


def test_a_round_limit_past_99_is_refused(client):
    response = client.post(SHEETS, json={"game": "bauerchen", "rules": {"round_limit": 100}})
    assert response.status_code == 422
    assert "round_limit" in response.get_json()["message"]
