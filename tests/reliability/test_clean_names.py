"""Names keep no NUL, right-to-left override or zero-width character, wherever they come in;
every page shows a name in its own <bdi>."""

import re

from tests.pages import csrf

HOSTILE = "Anna\x00\u202eBerg\u200b"
"""NUL, RIGHT-TO-LEFT OVERRIDE and ZERO WIDTH SPACE: stored as "AnnaBerg"."""
CLEAN = "AnnaBerg"


def auth(owner):
    return {"Authorization": f"Bearer {owner['edit_token']}"}


def test_a_sheet_stores_its_players_cleaned(client):
    players = [HOSTILE, "Hans", "Grete\u2028", "Karl"]
    made = client.post("/api/v1/sheets", json={"game": "bauerchen", "players": players})
    assert made.status_code == 201
    assert made.json["players"] == [CLEAN, "Hans", "Grete", "Karl"]
    page = client.get(f"/s/{made.json['id']}").text
    assert "\u202e" not in page and "\u200b" not in page and "\x00" not in page


def test_a_tournament_stores_its_players_cleaned(client):
    names = [HOSTILE, "Hans", "Grete", "Karl"]
    made = client.post("/api/v1/tournaments", json={"title": "Linde\u202e", "players": names})
    assert made.status_code == 201
    assert made.json["title"] == "Linde"
    url = f"/api/v1/tournaments/{made.json['id']}/players"
    late = client.post(url, json={"name": "\u200bOtto\u202e"}, headers=auth(made.json))
    assert late.status_code == 201, late.json
    players = client.get(f"/api/v1/tournaments/{made.json['id']}").json["players"]
    assert [p["name"] for p in players] == [CLEAN, "Hans", "Grete", "Karl", "Otto"]


def test_a_name_of_format_characters_alone_is_blank(client):
    made = client.post("/api/v1/tournaments", json={"players": ["A", "B", "C", "D"]}).json
    url = f"/api/v1/tournaments/{made['id']}/players"
    refused = client.post(url, json={"name": "\u200b\u202e"}, headers=auth(made))
    assert refused.status_code == 422 and refused.json["reason"] == "player_name_blank"


def test_a_group_stores_its_roster_cleaned(client):
    made = client.post("/api/v1/groups", json={"name": "Linde", "players": [HOSTILE]}).json
    url = f"/api/v1/groups/{made['id']}"
    added = client.post(f"{url}/players", json={"name": "Otto\ufeff"}, headers=auth(made))
    assert added.status_code == 201, added.json
    # A seat named anew joins the roster cleaned too; the same name cleaned is the same player.
    body = {"game": "bolachen", "players": [f"{CLEAN}\u200b", "Fritz\u202e", 2]}
    evening = client.post(f"{url}/sheets", json=body, headers=auth(made))
    assert evening.status_code == 201, evening.json
    assert evening.json["players"] == [CLEAN, "Fritz", "Otto"]
    roster = client.get(url).json["players"]
    assert [p["name"] for p in roster] == [CLEAN, "Otto", "Fritz"]


def test_the_board_wraps_every_name_in_bdi_and_shows_no_override(client):
    data = {"csrf_token": csrf(client), "title": "Preisbauer", "preset": "lautern"}
    data["players"] = "\n".join([HOSTILE, "Hans", "Grete", "Karl", "محمد"])
    organiser = client.post("/t", data=data).headers["Location"]
    tournament = organiser.removesuffix("/organiser")
    assert client.post(f"{tournament}/draws", data={"csrf_token": csrf(client)}).status_code == 303
    board = client.get(tournament).text
    assert "\u202e" not in board and "\u200b" not in board
    ranking = re.findall(r'<td class="name">(.*?)</td>', board)
    assert len(ranking) == 5
    assert all(re.fullmatch(r"<bdi>[^<]+</bdi>", cell) for cell in ranking)
    assert f"<bdi>{CLEAN}</bdi>" in ranking and "<bdi>محمد</bdi>" in ranking
    # The tables of the draw name their partners one <bdi> each, as the organiser's page does.
    assert re.search(r'<span class="team-a"><bdi>[^<]+</bdi> &amp; <bdi>[^<]+</bdi></span>', board)
    assert f"<bdi>{CLEAN}</bdi>" in client.get(organiser).text


def test_the_statistics_tables_isolate_the_heads_that_name_players(client):
    players = ["Hans", "محمد", "Karl", "Lise"]
    made = client.post("/api/v1/sheets", json={"game": "bauerchen", "players": players}).json
    entry = {"result": {"winner": "A", "band": "frei"}}
    games = f"/api/v1/sheets/{made['id']}/games"
    assert client.post(games, json=entry, headers=auth(made)).status_code == 201
    html = client.get(f"/s/{made['id']}/stats").text
    # A team's column is headed by its label with both names, isolated from the next column.
    assert '<th scope="col"><bdi>A (Hans &amp; Karl)</bdi></th>' in html
    assert '<th scope="col"><bdi>B (محمد &amp; Lise)</bdi></th>' in html
