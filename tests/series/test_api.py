"""The series' API: a season made, entered by number, played out and read back as the
Rangliste; hidden and forgotten names; each refusal a clear 4xx with nothing stored."""

import pytest

from bauerblock import store
from bauerblock.store import tournaments
from tests.series.season import play_all

KEY = "series-key-0123456789"


def make_series(client, key=KEY, **body):
    answer = client.post(
        "/api/v1/series",
        json={"name": "Westpfälzer Cup", "season": "2027", **body},
        headers={"Idempotency-Key": key},
    )
    assert answer.status_code == 201, answer.json
    return answer.json["id"], {"Authorization": f"Bearer {answer.json['edit_token']}"}


def add(client, series_id, auth, name, key):
    return client.post(
        f"/api/v1/series/{series_id}/players",
        json={"name": name},
        headers={**auth, "Idempotency-Key": key},
    )


def players_of(client, series_id, auth, names):
    return [
        add(client, series_id, auth, n, f"add-{i:04d}").json["number"] for i, n in enumerate(names)
    ]


def test_a_season_is_made_played_and_ranked(app, client):
    series_id, auth = make_series(client, counted=2, minimum=1, planned=3)
    again = client.post(
        "/api/v1/series",
        json={
            "name": "Westpfälzer Cup",
            "season": "2027",
            "counted": 2,
            "minimum": 1,
            "planned": 3,
        },
        headers={"Idempotency-Key": KEY},
    )
    assert again.json["id"] == series_id and again.headers["Idempotent-Replayed"] == "true"
    numbers = players_of(client, series_id, auth, ["Hans", "Grete", "Karl", "Lise", "Erna"])
    assert numbers == [1, 2, 3, 4, 5]
    made = client.post(
        f"/api/v1/series/{series_id}/tournaments",
        json={"title": "Erfenbach", "players": [1, 2, 3, 4, "Otto"], "format": {"draws": 1}},
        headers={**auth, "Idempotency-Key": "make-0001"},
    )
    assert made.status_code == 201, made.json
    assert made.json["edit_token"] and len(made.json["players"]) == 5
    with app.app_context():
        play_all(store.get_db(), made.json["id"], made.json["edit_token"])
    read = client.get(f"/api/v1/series/{series_id}")
    assert read.status_code == 200
    ranking = read.json["ranking"]
    assert [line["tournaments"] for line in ranking] == [1] * 5
    assert sorted(line["number"] for line in ranking) == [1, 2, 3, 4, 6]
    assert ranking[0]["place"] == 1 and ranking[0]["points"] >= ranking[-1]["points"]
    assert read.json["tournaments"][0]["finished"] and not read.json["tournaments"][0]["running"]
    tag = read.headers["ETag"]
    assert (
        client.get(f"/api/v1/series/{series_id}", headers={"If-None-Match": tag}).status_code == 304
    )
    results = client.get(f"/api/v1/series/{series_id}/players/{ranking[0]['number']}")
    assert results.json["place"] == 1 and results.json["tournaments"][0]["title"] == "Erfenbach"


def test_hidden_names_show_only_to_the_organiser(client):
    series_id, auth = make_series(client)
    players_of(client, series_id, auth, ["Hans"])
    hid = client.patch(
        f"/api/v1/series/{series_id}/players/1",
        json={"hidden": True},
        headers={**auth, "Idempotency-Key": "hide-0001"},
    )
    assert hid.status_code == 200 and hid.json["hidden"]
    public = client.get(f"/api/v1/series/{series_id}")
    own = client.get(f"/api/v1/series/{series_id}", headers=auth)
    assert public.json["players"][0]["name"] == "Spieler 1"
    # The API's words are one language's: one ETag, one answer.
    english = client.get(f"/api/v1/series/{series_id}", headers={"Accept-Language": "en"})
    assert english.json == public.json and english.headers["ETag"] == public.headers["ETag"]
    player = client.get(f"/api/v1/series/{series_id}/players/1", headers={"Accept-Language": "en"})
    assert player.json["name"] == "Spieler 1"
    assert own.json["players"][0]["name"] == "Hans"
    assert public.headers["ETag"] != own.headers["ETag"]
    assert own.headers["Vary"] == "Authorization"


def test_a_forget_is_for_good_and_a_retry_forgets_no_other(client):
    series_id, auth = make_series(client)
    players_of(client, series_id, auth, ["Hans", "Grete"])
    forget = {**auth, "Idempotency-Key": "forget-0001"}
    assert client.delete(f"/api/v1/series/{series_id}/players/1", headers=forget).status_code == 204
    assert client.delete(f"/api/v1/series/{series_id}/players/1", headers=forget).status_code == 204
    names = [
        p["name"] for p in client.get(f"/api/v1/series/{series_id}", headers=auth).json["players"]
    ]
    assert names == ["Spieler 1", "Grete"]
    again = client.post(
        f"/api/v1/series/{series_id}/tournaments",
        json={"players": [1, 2, "Karl", "Lise"]},
        headers={**auth, "Idempotency-Key": "make-0002"},
    )
    assert again.status_code == 409 and again.json["reason"] == "series_player_forgotten"


@pytest.mark.parametrize(
    ("entries", "status", "code"),
    [
        ([1, 2, 3, 99], 422, "series_number_unknown"),
        ([1, 2, 3, "hans "], 409, "series_name_taken"),
        ([1, 2, 3, "HÄNS"], 409, "series_name_taken"),
        ([1, 1, 2, 3], 422, "series_number_twice"),
    ],
)
def test_a_refused_tournament_stores_nothing(app, client, entries, status, code):
    series_id, auth = make_series(client)
    players_of(client, series_id, auth, ["Hans", "Grete", "Karl"])
    before = client.get(f"/api/v1/series/{series_id}", headers=auth).json
    answer = client.post(
        f"/api/v1/series/{series_id}/tournaments",
        json={"players": entries},
        headers={**auth, "Idempotency-Key": "make-0003"},
    )
    assert answer.status_code == status and answer.json["reason"] == code
    assert client.get(f"/api/v1/series/{series_id}", headers=auth).json == before


def test_the_other_refusals(app, client):
    assert (
        client.post("/api/v1/series", json={"name": "Cup", "counted": 5, "planned": 3}).json[
            "reason"
        ]
        == "series_counted_over_planned"
    )
    series_id, auth = make_series(client)
    players_of(client, series_id, auth, ["Hans"])
    taken = add(client, series_id, auth, "HANS", "add-9999")
    assert taken.status_code == 409 and taken.json["reason"] == "series_name_taken"
    other_id, other_auth = make_series(client, "other-key-0123456789", name="Other")
    made = client.post("/api/v1/tournaments", json={"players": ["A", "B", "C", "D"]}).json
    body = {"tournament_id": made["id"], "tournament_token": made["edit_token"]}
    first = client.post(f"/api/v1/series/{series_id}/tournaments", json=body, headers=auth)
    assert first.status_code == 201
    second = client.post(f"/api/v1/series/{other_id}/tournaments", json=body, headers=other_auth)
    assert second.status_code == 409 and second.json["reason"] == "series_tournament_taken"
    wrong = client.post(
        f"/api/v1/series/{other_id}/tournaments",
        json={**body, "tournament_token": "nope"},
        headers=other_auth,
    )
    assert wrong.status_code == 403
    with app.app_context():
        assert tournaments.load_tournament(store.get_db(), made["id"]) is not None
    assert client.get(f"/api/v1/series/{other_id}").json["tournaments"] == []
    assert client.post(f"/api/v1/series/{series_id}/players", json={"name": "X"}).status_code == 401


def test_hiding_a_forgotten_player_changes_nothing_shown(client):
    series_id, auth = make_series(client)
    players_of(client, series_id, auth, ["Hans"])
    at = f"/api/v1/series/{series_id}/players/1"
    assert client.delete(at, headers=auth).status_code == 204
    for hidden in (True, False):
        answer = client.patch(at, json={"hidden": hidden}, headers=auth)
        assert answer.status_code == 200 and answer.json["name"] == "Spieler 1"
        assert answer.json["forgotten"] is True
