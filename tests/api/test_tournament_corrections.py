"""Closed draws and corrections over HTTP (docs/rules.md section 4, "Closed draws and corrections").

A closed draw's table refuses record, amend and delete with its own token (409, in words);
the tournament's token corrects any table, and the state lists every correction. A finished
tournament refuses players, withdrawals, draws and redraws (409); names are unique (422);
a withdrawal can be taken back (reinstateTournamentPlayer).
"""

import io

import pytest
from pypdf import PdfReader

from tests.api.test_tournaments import (
    NAMES,
    ROUND_FOR_A,
    auth,
    create,
    draw,
    finish,
    state,
    url,
)
from tests.versions import if_match

CLOSED = "Draw 1 is closed – corrections are made by the organiser."
WIN_B = {"result": {"winner": "B", "band": "schwarz"}}
FINISHED = "The tournament is finished: only the organiser's corrections remain."


@pytest.fixture
def made(client):
    return create(client, players=NAMES, format={"rounds_per_draw": 3, "draws": 2})


def games(sheet_id, *number):
    return "/".join([f"/api/v1/sheets/{sheet_id}/games", *map(str, number)])


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def write(client, action, sheet_id, token):
    """Send a table write: record the next game, amend game 1, or delete game 1."""
    if action == "record":
        return client.post(games(sheet_id), json=WIN_B, headers=bearer(token))
    headers = {**bearer(token), **if_match(client, sheet_id)}
    if action == "amend":
        return client.put(games(sheet_id, 1), json=WIN_B, headers=headers)
    return client.delete(games(sheet_id, 1), headers=headers)


def points(client, made):
    return {line["player"]: line["points"] for line in state(client, made)["standings"]}


@pytest.mark.parametrize("action", ["record", "amend", "delete"])
def test_a_closed_draws_table_refuses_its_token_and_takes_the_tournaments(client, made, action):
    first = draw(client, made).json
    finish(client, first)
    assert draw(client, made).status_code == 201
    table = first["tables"][0]
    sheet = client.get(f"/api/v1/sheets/{table['sheet']['id']}").json
    assert sheet["tournament"]["closed"] is True
    assert sheet["tournament"]["closed_by"] == "next_draw"
    before = points(client, made)
    refused = write(client, action, table["sheet"]["id"], table["sheet"]["edit_token"])
    assert refused.status_code == 409 and refused.json["message"] == CLOSED
    assert points(client, made) == before
    assert state(client, made)["corrections"] == []
    # A wrong token is still a wrong token.
    wrong = write(client, action, table["sheet"]["id"], "not-a-token")
    assert wrong.status_code == 403
    # The organiser's correction: the same write with the tournament's token.
    corrected = write(client, action, table["sheet"]["id"], made["edit_token"])
    if action == "record":
        # The table played its three rounds: the engine still says so, to the organiser too.
        assert corrected.status_code == 422 and "Table finished" in corrected.json["message"]
        assert state(client, made)["corrections"] == []
        return
    assert corrected.status_code == 200, corrected.json
    after = state(client, made)
    assert [(c["draw"], c["table"], c["game"], c["action"]) for c in after["corrections"]] == [
        (1, table["number"], 1, action)
    ]
    assert after["draws"][0]["corrected"] is True and after["draws"][0]["closed"] is True
    assert after["draws"][0]["tables"][0]["corrected"] is True
    assert points(client, made) != before


def test_a_correction_of_a_closed_draw_changes_the_standings_and_nothing_else(client, made):
    """docs/rules.md section 5, "Corrections across stages": the Preisbauer's draws follow
    who sat with whom, never the results."""
    first = draw(client, made).json
    finish(client, first)
    second = draw(client, made).json
    before, standings = state(client, made), points(client, made)
    table = first["tables"][0]
    assert write(client, "amend", table["sheet"]["id"], made["edit_token"]).status_code == 200
    after = state(client, made)
    assert points(client, made) != standings
    assert after["draws"][1] == {**before["draws"][1], "corrected": False}
    assert after["corrections"][0]["moved"] == []
    # The next draw's tables play on as drawn.
    finish(client, second)
    assert state(client, made)["finished"] is True


def test_a_correction_is_listed_with_its_time(client, made):
    first = draw(client, made).json
    table = first["tables"][1]
    response = client.post(games(table["sheet"]["id"]), json=ROUND_FOR_A[0], headers=auth(made))
    assert response.status_code == 201
    [correction] = state(client, made)["corrections"]
    assert correction["action"] == "record" and correction["game"] == 1
    assert correction["at"][:4].isdigit() and "T" in correction["at"]
    # A token of another table of the tournament is no correction and no right here.
    other = first["tables"][0]["sheet"]["edit_token"]
    assert write(client, "record", table["sheet"]["id"], other).status_code == 403


def test_a_finished_tournament_refuses_every_step_but_corrections(client, made):
    finish(client, draw(client, made).json)
    second = draw(client, made).json
    finish(client, second)
    assert state(client, made)["finished"] is True
    version = state(client, made)["version"]
    for response in (
        client.post(url(made, "players"), json={"name": "Zu Spät"}, headers=auth(made)),
        client.delete(url(made, "players", 1), headers=auth(made)),
        client.post(url(made, "players", 1, "reinstate"), headers=auth(made)),
        draw(client, made),
        client.delete(url(made, "draws", 2), headers=auth(made)),
    ):
        assert response.status_code == 409 and response.json["message"] == FINISHED
    assert state(client, made)["version"] == version
    assert len(state(client, made)["players"]) == 8
    table = second["tables"][0]["sheet"]
    version = if_match(client, table["id"])
    undo = client.delete(games(table["id"], 12), headers={**bearer(table["edit_token"]), **version})
    assert undo.status_code == 409 and "Draw 2 is closed" in undo.json["message"]
    fixed = client.delete(games(table["id"], 12), headers={**auth(made), **version})
    assert fixed.status_code == 200
    # The tournament stays finished, its table stays closed to its phone.
    assert state(client, made)["finished"] is True
    again = client.post(games(table["id"]), json=WIN_B, headers=bearer(table["edit_token"]))
    assert again.status_code == 409


def test_a_name_registered_twice_is_refused_naming_it(client, made):
    response = client.post(url(made, "players"), json={"name": "spieler   3"}, headers=auth(made))
    assert response.status_code == 409
    # The refusal names the name already registered, as the roster spells it.
    assert response.json["message"].startswith("Spieler 3 is already registered (player 3)")
    twice = client.post(
        "/api/v1/tournaments", json={"players": ["Erna Klein", "Otto", "erna klein"]}
    )
    assert twice.status_code == 422 and "Erna Klein is in the list twice" in twice.json["message"]


def test_a_withdrawal_is_taken_back(client, made):
    assert client.delete(url(made, "players", 5), headers=auth(made)).status_code == 204
    back = client.post(url(made, "players", 5, "reinstate"), headers=auth(made))
    assert back.status_code == 200
    assert back.json["active"] is True and back.json["withdrawn_from"] is None
    assert back.json["missed"] == []
    # Withdrawn while draw 1 plays, back after draw 2: draw 2 is missed.
    finish(client, draw(client, made).json)
    client.delete(url(made, "players", 5), headers=auth(made))
    second = draw(client, made).json
    assert 5 not in [p for t in second["tables"] for p in t["seats"]] + second["byes"]
    back = client.post(url(made, "players", 5, "reinstate"), headers=auth(made))
    assert back.json["missed"] == [[2, 3]] and back.json["active"] is True
    assert client.post(url(made, "players", 99, "reinstate"), headers=auth(made)).status_code == 404
    assert client.post(url(made, "players", 5, "reinstate")).status_code == 401


def test_the_results_list_and_its_exports_mark_a_correction(client, made):
    first = draw(client, made).json
    finish(client, first)
    table = first["tables"][1]
    version = if_match(client, table["sheet"]["id"])
    deleted = client.delete(games(table["sheet"]["id"], 12), headers={**auth(made), **version})
    assert deleted.status_code == 200
    rows = client.get(url(made, "export"), query_string={"format": "csv"}).data
    lines = rows.decode("utf-8-sig").splitlines()
    corrected = [line for line in lines[1:] if line.endswith(",1")]
    assert len(corrected) == 4 and lines[0].endswith(",corrected_draws")
    as_json = client.get(url(made, "export"), query_string={"format": "json"}).json
    assert as_json["corrections"][0]["table"] == table["number"]
    marked = {line["player"] for line in as_json["results"] if line["corrected_draws"] == [1]}
    assert marked == set(table["seats"])
    pdf = client.get(url(made, "export"), query_string={"format": "pdf"}).data
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "korrigiert" in text and "*" in text
