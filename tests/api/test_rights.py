"""Reads by rights (issue 35): an answer that differs by token has an ETag of its own and
says `Vary: Authorization`; a public read with a wrong token is refused the same way
everywhere (401 without a bearer token, 403 with one that writes nothing of what is read)."""

import pytest

from tests.api.tournament_calls import auth, create, draw, url

NAMES = ["Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Paul", "Rita"]


@pytest.fixture
def tournament(client):
    made = create(client, {"title": "Linde", "players": NAMES})
    assert draw(client, made, seed="linde-1").status_code == 201
    return made


@pytest.mark.parametrize("where", [(), ("draws", 1)])
def test_the_organisers_etag_differs_from_anyones(client, tournament, where):
    address = url(tournament, *where)
    public = client.get(address)
    organiser = client.get(address, headers=auth(tournament))
    assert public.status_code == organiser.status_code == 200
    assert public.headers["ETag"] != organiser.headers["ETag"]
    assert public.headers["Vary"] == organiser.headers["Vary"] == "Authorization"
    # An organiser revalidating anyone's copy gets the tables' tokens, not a 304.
    again = client.get(
        address, headers=auth(tournament, **{"If-None-Match": public.headers["ETag"]})
    )
    assert again.status_code == 200 and "edit_token" in again.get_data(as_text=True)
    # Each revalidates its own copy.
    mine = auth(tournament, **{"If-None-Match": organiser.headers["ETag"]})
    assert client.get(address, headers=mine).status_code == 304
    theirs = {"If-None-Match": public.headers["ETag"]}
    assert client.get(address, headers=theirs).status_code == 304
    assert (
        client.get(address, headers={"If-None-Match": organiser.headers["ETag"]}).status_code == 200
    )


def reads(client, tournament):
    """Every public read of a table's sheet, the tournament and a group, with the token that
    writes each."""
    table = client.get(url(tournament, "draws", 1), headers=auth(tournament)).json["tables"][0]
    sheet = table["sheet"]
    group = client.post("/api/v1/groups", json={"name": "Linde", "players": NAMES[:4]}).json
    played = f"/api/v1/sheets/{sheet['id']}"
    client.post(
        f"{played}/games",
        json={"card_points": {"A": 80}},
        headers={"Authorization": f"Bearer {sheet['edit_token']}"},
    )
    by_sheet = [played, f"{played}/games/1", f"{played}/stats", f"{played}/export"]
    by_tournament = [url(tournament, *p) for p in [(), ("draws", 1), ("players", 1), ("export",)]]
    by_group = [f"/api/v1/groups/{group['id']}", f"/api/v1/groups/{group['id']}/stats"]
    return (
        [(path, sheet["edit_token"]) for path in by_sheet]
        + [(path, tournament["edit_token"]) for path in by_tournament + by_sheet]
        + [(path, group["edit_token"]) for path in by_group]
    )


def test_a_wrong_token_on_any_public_read_is_403(client, tournament):
    for path, token in reads(client, tournament):
        assert client.get(path).status_code == 200, path
        right = client.get(path, headers={"Authorization": f"Bearer {token}"})
        assert right.status_code == 200, path
        wrong = client.get(path, headers={"Authorization": "Bearer not-a-token-of-it"})
        assert wrong.status_code == 403, path
        assert wrong.json["reason"] == "token_wrong"
        bare = client.get(path, headers={"Authorization": "Basic eDp5"})
        assert bare.status_code == 401, path
        assert bare.headers["WWW-Authenticate"].startswith("Bearer")


def test_an_unknown_thing_is_404_whatever_the_token(client):
    for path in ("/api/v1/sheets/nope", "/api/v1/tournaments/nope", "/api/v1/groups/nope"):
        answer = client.get(path, headers={"Authorization": "Bearer whatever"})
        assert answer.status_code == 404, path


def test_reads_of_nobodys_things_ignore_the_token(client):
    headers = {"Authorization": "Bearer whatever"}
    assert client.get("/api/v1/rulesets", headers=headers).status_code == 200
