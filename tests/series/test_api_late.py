"""Late entry into a running tournament of the series through the API
(addSeriesTournamentPlayer): by series number or as a new name, from the next draw on,
as addTournamentPlayer enters a player; each refusal a clear 4xx with nothing stored."""

import pytest

from bauerblock import store
from tests.series.season import play_all, play_draw
from tests.series.test_api import make_series, players_of


@pytest.fixture
def running(app, client):
    """A series of six players whose Preisbauer (players 1 to 4) has drawn its first draw."""
    series_id, auth = make_series(client)
    players_of(client, series_id, auth, ["Hans", "Grete", "Karl", "Lise", "Erna", "Fritz"])
    made = client.post(
        f"/api/v1/series/{series_id}/tournaments",
        json={"title": "Rodenbach", "players": [1, 2, 3, 4], "format": {"draws": 2}},
        headers={**auth, "Idempotency-Key": "make-0001"},
    ).json
    with app.app_context():
        play_draw(store.get_db(), made["id"], made["edit_token"])
    return series_id, auth, made


def enter(client, series_id, auth, tournament_id, player, key="late-0001"):
    return client.post(
        f"/api/v1/series/{series_id}/tournaments/{tournament_id}/players",
        json={"player": player},
        headers={**auth, "Idempotency-Key": key},
    )


def test_a_late_player_enters_by_number_or_as_a_new_name(app, client, running):
    series_id, auth, made = running
    by_number = enter(client, series_id, auth, made["id"], 5)
    assert by_number.status_code == 201, by_number.json
    assert by_number.json["series_number"] == 5 and by_number.json["joined"] is False
    assert (by_number.json["number"], by_number.json["name"]) == (5, "Erna")
    assert by_number.json["joined_draw"] == 2 and by_number.json["active"]
    # Its Location is the tournament's player, as addTournamentPlayer's.
    there = client.get(by_number.headers["Location"])
    assert there.status_code == 200 and there.json["name"] == "Erna"
    again = enter(client, series_id, auth, made["id"], 5)
    assert again.headers["Idempotent-Replayed"] == "true" and again.json == by_number.json
    newcomer = enter(client, series_id, auth, made["id"], "Otto", key="late-0002")
    assert newcomer.status_code == 201
    assert (newcomer.json["series_number"], newcomer.json["number"]) == (7, 6)
    assert newcomer.json["joined"] is True
    series = client.get(f"/api/v1/series/{series_id}").json
    assert [p["name"] for p in series["players"]][-1] == "Otto"
    with app.app_context():
        play_all(store.get_db(), made["id"], made["edit_token"])
    results = client.get(f"/api/v1/series/{series_id}/players/7").json
    (played,) = results["tournaments"]
    assert played["evening"] == 6 and played["place"] is not None
    ranked = {line["number"] for line in client.get(f"/api/v1/series/{series_id}").json["ranking"]}
    assert {1, 2, 3, 4, 5, 7} <= ranked


def test_a_refused_late_entry_stores_nothing(client, running):
    series_id, auth, made = running
    pairs = client.post(
        f"/api/v1/series/{series_id}/tournaments",
        json={"pairs": [[1, 2], [3, 4], [5, 6], ["Ida", "Jan"]], "format": {"kind": "pairs"}},
        headers={**auth, "Idempotency-Key": "make-0002"},
    ).json
    other_id, other_auth = make_series(client, "other-key-0123456789", name="Other")
    assert client.delete(f"/api/v1/series/{series_id}/players/6", headers=auth).status_code == 204
    before = client.get(f"/api/v1/series/{series_id}", headers=auth).json
    tournament = client.get(f"/api/v1/tournaments/{made['id']}").json
    cases = [
        (made["id"], 99, 422, "series_number_unknown"),
        (made["id"], "hans", 409, "series_name_taken"),
        (made["id"], 1, 409, "duplicate_name"),
        (made["id"], 6, 409, "series_player_forgotten"),
        (made["id"], True, 422, "series_entry_kind"),
        (made["id"], [5], 422, "series_entry_kind"),
        (pairs["id"], 5, 409, "pairs_fixed"),
    ]
    for n, (tournament_id, player, status, reason) in enumerate(cases):
        answer = enter(client, series_id, auth, tournament_id, player, key=f"refused-{n:04d}")
        assert (answer.status_code, answer.json["reason"]) == (status, reason), player
    elsewhere = enter(client, other_id, other_auth, made["id"], "Otto")
    assert elsewhere.status_code == 422 and elsewhere.json["reason"] == "series_tournament_unknown"
    assert enter(client, series_id, {}, made["id"], 5).status_code == 401
    assert enter(client, series_id, other_auth, made["id"], 5).status_code == 403
    assert client.get(f"/api/v1/series/{series_id}", headers=auth).json == before
    assert client.get(f"/api/v1/tournaments/{made['id']}").json == tournament


def test_a_finished_tournament_takes_no_late_entry(app, client, running):
    series_id, auth, made = running
    with app.app_context():
        play_all(store.get_db(), made["id"], made["edit_token"])
    answer = enter(client, series_id, auth, made["id"], 5)
    assert answer.status_code == 409
