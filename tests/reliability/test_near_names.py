"""Names are compared as names, not as code points: full-width, accented and look-alike
spellings of a name already there are refused, in a Stammtisch's roster and in a tournament
alike, in words that name the name they collide with. A CSV cell starting with "|" is
neutralised like the other formula starters."""

import pytest

from bauerblock.exports.common import defuse

API = "/api/v1"
# Full-width HANS, a Greek capital Eta for the H, a combining acute on the a, a Cyrillic
# capital En for the H, and spaces around.
NEAR = ["\uff28\uff21\uff2e\uff33", "\u0397ans", "Ha\u0301ns", "\u041dans", "  hans "]
ROSTER = ["Hans", "Grete", "Karl", "Lise"]


def auth(made):
    return {"Authorization": f"Bearer {made['edit_token']}"}


@pytest.mark.parametrize("near", NEAR)
def test_a_roster_refuses_a_near_duplicate_naming_the_name_there(client, near):
    group = client.post(f"{API}/groups", json={"name": "Linde", "players": ROSTER}).json
    added = client.post(
        f"{API}/groups/{group['id']}/players", json={"name": near}, headers=auth(group)
    )
    assert added.status_code == 409, added.json
    assert added.json["reason"] == "roster_name_taken"
    assert "Hans" in added.json["detail"]
    twice = client.post(f"{API}/groups", json={"name": "Linde", "players": [*ROSTER, near]})
    assert twice.status_code == 422, twice.json
    assert "Hans" in twice.json["detail"]
    roster = client.get(f"{API}/groups/{group['id']}").json["players"]
    assert [p["name"] for p in roster] == ROSTER


@pytest.mark.parametrize("near", NEAR)
def test_a_tournament_refuses_a_near_duplicate_naming_the_name_there(client, near):
    names = [*ROSTER, "Otto", "Erna", "Fritz", "Anna"]
    made = client.post(f"{API}/tournaments", json={"players": names}).json
    late = client.post(
        f"{API}/tournaments/{made['id']}/players", json={"name": near}, headers=auth(made)
    )
    assert late.status_code == 409, late.json
    assert late.json["reason"] == "duplicate_name"
    assert "Hans" in late.json["detail"]
    twice = client.post(f"{API}/tournaments", json={"players": [*names, near]})
    assert twice.status_code == 422, twice.json
    assert "Hans" in twice.json["detail"]


def test_a_pair_tournament_refuses_a_near_duplicate(client):
    pairs = [["Hans", "Grete"], ["Karl", "Lise"], ["Otto", "Erna"], ["Fritz", "\u0397ans"]]
    kind = {"kind": "pairs", "rounds_to_win": 1, "group_size": 4, "advance": 2}
    made = client.post(f"{API}/tournaments", json={"format": kind, "pairs": pairs})
    assert made.status_code == 422, made.json
    assert made.json["reason"] == "pair_name_duplicate"
    assert "Hans" in made.json["detail"]


def test_the_pages_refuse_a_near_duplicate_in_german_and_english(client):
    group = client.post(f"{API}/groups", json={"name": "Linde", "players": ROSTER}).json
    client.get(f"/g/{group['id']}/edit/{group['edit_token']}")
    for lang, words in (("de", "Hans steht schon auf der Liste"), ("en", "Hans is on the roster")):
        client.get(f"/lang/{lang}")
        page = client.get(f"/g/{group['id']}")
        token = page.text.split('name="csrf_token" value="')[1].split('"')[0]
        answer = client.post(
            f"/g/{group['id']}/players", data={"csrf_token": token, "new_player": "\uff28ans"}
        )
        assert answer.status_code in (409, 422)
        assert words in answer.text


@pytest.mark.parametrize("cell", ["|cmd", "=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
def test_a_csv_cell_of_a_formula_starter_is_neutralised(cell):
    assert defuse(cell) == "'" + cell
