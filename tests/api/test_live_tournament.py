"""A whole Preisbauer evening over real HTTP against gunicorn: 16 players, three draws.

Every game goes through the sheets API with the table's own token, as the tables' phones
would send it. The standings the tournament answers are checked against a computation of
the test's own from the rounds each sheet reports (docs/rules.md section 4), not the engine's.
"""

import random

import pytest

from tests.api.live import create, draw, record

pytestmark = pytest.mark.server

PLAYERS = [f"Spieler {n}" for n in range(1, 17)]


def play_table(http, url, table, rng, *, rounds=None) -> None:
    """Record games at a table until it is finished, or (with `rounds`) until a game into
    the round after those: an open round."""
    while True:
        response = record(http, url, table, rng)
        assert response.status_code == 201, response.text
        body = response.json()
        if body["state"]["current"]["finished"]:
            return
        if rounds is not None and body["game"]["round"] > rounds:
            return


def expected_standings(http, url, tournament) -> dict[int, dict]:
    """Compute each player's line from the tables' sheets as docs/rules.md section 4 says."""
    lines = {
        p["number"]: {"points": 0, "rounds_played": 0, "score_difference": 0, "byes": 0}
        for p in tournament["players"]
    }
    bye_points = tournament["format"]["bye_points"]
    for made in tournament["draws"]:
        for player in made["byes"]:
            lines[player]["points"] += bye_points
            lines[player]["byes"] += 1
        for table in made["tables"]:
            sheet = http.get(f"{url}/api/v1/sheets/{table['sheet']['id']}", timeout=10).json()
            teams = {"A": table["seats"][0::2], "B": table["seats"][1::2]}
            # Only completed rounds count; an open round is in `current`, not in `rounds`.
            for finished in sheet["rounds"]:
                for team, other in (("A", "B"), ("B", "A")):
                    for player in teams[team]:
                        line = lines[player]
                        line["rounds_played"] += 1
                        line["points"] += finished["winner"] == team
                        line["score_difference"] += (
                            finished["final"][team] - finished["final"][other]
                        )
    ranked = sorted(lines, key=lambda p: -lines[p]["points"])
    for index, player in enumerate(ranked):
        before = ranked[index - 1] if index else None
        shared = before is not None and lines[before]["points"] == lines[player]["points"]
        lines[player]["place"] = lines[before]["place"] if shared else index + 1
    return lines


def test_a_whole_tournament_through_the_sheets_api(live_server, http):
    rng = random.Random(1604)
    body = {
        "title": "Preisbauer Zur Linde",
        "rules": {"preset": "lautern"},
        "players": PLAYERS,
        "format": {"rounds_per_draw": 3, "draws": 3},
    }
    home, token = create(http, live_server, body)
    tag = http.get(home, timeout=10).headers["ETag"]
    partners: dict[int, set[int]] = {number: set() for number in range(1, 17)}

    for number in (1, 2, 3):
        response = draw(http, home, token, f"linde-{number}", f"draw-key-{number}")
        assert response.status_code == 201, response.text
        made = response.json()
        assert made["number"] == number and made["byes"] == []
        assert sorted(p for t in made["tables"] for p in t["seats"]) == list(range(1, 17))
        for table in made["tables"]:
            for seat, across in ((0, 2), (1, 3), (2, 0), (3, 1)):
                partners[table["seats"][seat]].add(table["seats"][across])
            last = number == 3 and table["number"] == len(made["tables"])
            # The last table of the last draw is stopped one game into its third round.
            play_table(http, live_server, table, rng, rounds=2 if last else None)
        if number == 2:
            # A correction at table 1 after the fact: its last game was won schwarz,
            # which still ends the round (by as much or more); the standings follow.
            sheet = made["tables"][0]["sheet"]
            last_game = http.get(f"{live_server}/api/v1/sheets/{sheet['id']}", timeout=10)
            game = last_game.json()["games"][-1]
            amended = http.put(
                f"{live_server}/api/v1/sheets/{sheet['id']}/games/{game['number']}",
                json={"result": {"winner": game["round_winner"], "band": "schwarz"}},
                headers={
                    "Authorization": f"Bearer {sheet['edit_token']}",
                    "If-Match": last_game.headers["ETag"],
                },
                timeout=10,
            )
            assert amended.status_code == 200, amended.text
        if number == 3:
            busy = http.post(f"{home}/draws", json={}, headers=token, timeout=10)
            assert busy.status_code == 409
            ended = http.post(f"{home}/draws/3/end", headers=token, timeout=10)
            assert ended.status_code == 200 and ended.json()["ended"] is True

    # The store hands the engine every earlier draw: nobody partners anyone twice.
    assert all(len(mates) == 3 for mates in partners.values()), partners

    board = http.get(home, headers={"If-None-Match": tag}, timeout=10)
    assert board.status_code == 200
    assert (
        http.get(home, headers={"If-None-Match": board.headers["ETag"]}, timeout=10).status_code
        == 304
    )
    final = board.json()
    assert final["finished"] is True
    expected = expected_standings(http, live_server, final)
    got = {
        line["player"]: {
            key: line[key]
            for key in ("points", "rounds_played", "score_difference", "byes", "place")
        }
        for line in final["standings"]
    }
    assert got == expected
    # Points: two winners for every completed round (no byes with sixteen).
    rounds = sum(t["rounds_played"] for d in final["draws"] for t in d["tables"])
    assert sum(line["points"] for line in final["standings"]) == 2 * rounds
    assert rounds == 3 * 4 * 3 - 1
    places = [line["place"] for line in final["standings"]]
    assert places == sorted(places) and places[0] == 1
    log = live_server.log_text()
    assert "Traceback" not in log, log[-3000:]
