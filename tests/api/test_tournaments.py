"""The tournament resources of the API: every endpoint, and every refusal it can answer."""

import csv
import io

import pytest
from pypdf import PdfReader

from bauerblock import create_app
from tests.api import tournament_calls as calls
from tests.api.tournament_calls import TOURNAMENTS, auth, draw, record, url
from tests.versions import if_match

NAMES = [f"Spieler {n}" for n in range(1, 9)]
# A round won by A with three schwarz games (3 game points each: 3, 6, 9, 12).
ROUND_FOR_A = [{"result": {"winner": "A", "band": "schwarz"}}] * 4


def create(client, **body):
    return calls.create(client, {"title": "Preisbauer Zur Linde", **body})


@pytest.fixture
def made(client):
    """A tournament of eight players (two tables a draw), three rounds a draw, two draws."""
    return create(client, players=NAMES, format={"rounds_per_draw": 3, "draws": 2})


def state(client, tournament, **headers):
    response = client.get(url(tournament), headers=headers)
    assert response.status_code == 200, response.json
    return response.json


def play(client, table, entries):
    """Record `entries` at a table through the sheets API with the table's own token."""
    for entry in entries:
        response = record(client, table, entry)
        assert response.status_code == 201, response.json


def finish(client, made_draw):
    """Play every table of a draw out: A wins each of its three rounds."""
    for table in made_draw["tables"]:
        play(client, table, ROUND_FOR_A * 3)


def test_create_shows_token_links_defaults_and_numbers(client):
    body = create(client, players=["Hans", "Grete"])
    assert len(body["id"]) >= 20 and len(body["edit_token"]) >= 30
    assert body["format"] == {
        "rounds_per_draw": 3,
        "draws": 5,
        "bye_points": 1,
        "tiebreak": "shared",
    }
    assert body["rules"]["preset"] == "lautern" and body["rules"]["round_limit"] == 3
    assert body["players"] == [
        {
            "number": 1,
            "name": "Hans",
            "active": True,
            "joined_draw": 1,
            "withdrawn_from": None,
            "missed": [],
        },
        {
            "number": 2,
            "name": "Grete",
            "active": True,
            "joined_draw": 1,
            "withdrawn_from": None,
            "missed": [],
        },
    ]
    assert body["draws"] == [] and body["finished"] is False
    assert [line["points"] for line in body["standings"]] == [0, 0]
    links = body["links"]
    assert links["self"].endswith(f"{TOURNAMENTS}/{body['id']}")
    assert links["board"].endswith(f"/t/{body['id']}")
    assert links["organiser"].endswith(f"/t/{body['id']}/organiser/{body['edit_token']}")
    assert links["export"].endswith(f"{TOURNAMENTS}/{body['id']}/export")
    # The token is shown once: a read without it never shows it again.
    read = client.get(links["self"])
    assert body["edit_token"] not in read.text and "organiser" not in read.json["links"]


def test_bye_points_default_to_half_the_rounds(client):
    body = create(client, format={"rounds_per_draw": 5})
    assert body["format"]["bye_points"] == 2


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"format": {"rounds_per_draw": 0}}, "rounds_per_draw"),
        ({"format": {"rounds_per_draw": 10}}, "rounds_per_draw"),
        ({"format": {"draws": 31}}, "draws"),
        ({"format": {"rounds_per_draw": 3, "bye_points": 4}}, "bye_points"),
        ({"format": {"tiebreak": "coin"}}, "tiebreak"),
        ({"format": {"colour": "red"}}, "colour"),
        ({"players": [""]}, "players"),
        ({"players": ["x" * 41]}, "players"),
        ({"players": ["   "]}, "blank"),
        ({"players": "Hans"}, "players"),
        ({"players": [f"P{n}" for n in range(201)]}, "players"),
        ({"rules": {"preset": "nope"}}, "nope"),
        ({"rules": {"round_limit": 2}}, "round_limit"),
        ({"title": "T" * 81}, "title"),
    ],
)
def test_bad_tournaments_are_refused(client, body, words):
    response = client.post(TOURNAMENTS, json=body)
    assert response.status_code == 422, response.json
    assert words in response.json["message"]


def test_get_answers_304_from_the_etag_until_a_table_records(client, made):
    first = client.get(url(made))
    tag = first.headers["ETag"]
    assert client.get(url(made), headers={"If-None-Match": tag}).status_code == 304
    made_draw = draw(client, made).json
    after_draw = client.get(url(made), headers={"If-None-Match": tag})
    assert after_draw.status_code == 200
    tag = after_draw.headers["ETag"]
    play(client, made_draw["tables"][0], ROUND_FOR_A[:1])
    after_game = client.get(url(made), headers={"If-None-Match": tag})
    assert after_game.status_code == 200 and after_game.headers["ETag"] != tag
    assert after_game.json["version"] > after_draw.json["version"]


def test_unknown_tournament_is_404_everywhere(client, made):
    ghost = {"id": "no-such-tournament", "edit_token": made["edit_token"]}
    assert client.get(url(ghost)).status_code == 404
    assert client.get(url(ghost, "export")).status_code == 404
    assert (
        client.post(url(ghost, "players"), json={"name": "X"}, headers=auth(ghost)).status_code
        == 404
    )
    assert client.delete(url(ghost, "players", 1), headers=auth(ghost)).status_code == 404
    assert draw(client, ghost).status_code == 404
    assert client.post(url(ghost, "draws", 1, "end"), headers=auth(ghost)).status_code == 404
    assert client.delete(url(ghost, "draws", 1), headers=auth(ghost)).status_code == 404


@pytest.mark.parametrize(
    ("method", "parts", "body"),
    [
        ("post", ("players",), {"name": "Erna"}),
        ("delete", ("players", 1), None),
        ("post", ("draws",), {}),
        ("post", ("draws", 1, "end"), None),
        ("delete", ("draws", 1), None),
    ],
)
def test_every_write_needs_the_tournaments_token(client, made, method, parts, body):
    send = getattr(client, method)
    version = state(client, made)["version"]
    missing = send(url(made, *parts), json=body)
    assert missing.status_code == 401 and "edit token" in missing.json["message"]
    assert missing.headers["WWW-Authenticate"].startswith("Bearer")
    wrong = send(url(made, *parts), json=body, headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 403
    # A table's token is no tournament token either.
    assert state(client, made)["version"] == version


def test_table_tokens_and_pad_links_only_with_the_tournaments_token(client, made):
    made_draw = draw(client, made).json
    table = made_draw["tables"][0]
    assert table["sheet"]["edit_token"] in table["sheet"]["links"]["edit"]
    with_token = state(client, made, **auth(made))["draws"][0]["tables"][0]["sheet"]
    assert with_token == table["sheet"]
    public = state(client, made)["draws"][0]["tables"][0]["sheet"]
    assert set(public) == {"id", "links"} and set(public["links"]) == {"self", "view"}
    assert client.get(url(made), headers={"Authorization": "Bearer nope"}).status_code == 403
    table_token = {"Authorization": f"Bearer {table['sheet']['edit_token']}"}
    assert client.post(url(made, "draws"), json={}, headers=table_token).status_code == 403


def test_a_draw_seats_everyone_and_makes_a_sheet_per_table(client, made):
    response = draw(client, made, seed="linde")
    assert response.status_code == 201
    made_draw = response.json
    assert made_draw["number"] == 1 and made_draw["seed"] == "linde"
    assert made_draw["byes"] == [] and made_draw["ended"] is False
    seats = [p for table in made_draw["tables"] for p in table["seats"]]
    assert sorted(seats) == list(range(1, 9))
    names = {p["number"]: p["name"] for p in made["players"]}
    for table in made_draw["tables"]:
        sheet = client.get(table["sheet"]["links"]["self"]).json
        assert sheet["game"] == "bauerchen"
        assert sheet["players"] == [names[p] for p in table["seats"]]
        assert sheet["title"] == f"Preisbauer Zur Linde · Auslosung 1 · Tisch {table['number']}"
        assert sheet["rules"]["round_limit"] == 3
        assert sheet["tournament"] == {
            "id": made["id"],
            "draw": 1,
            "table": table["number"],
            "ended": False,
            "closed": False,
        }


def test_byes_when_the_count_is_no_multiple_of_four(client):
    tournament = create(client, players=NAMES[:6])
    made_draw = draw(client, tournament).json
    assert len(made_draw["tables"]) == 1 and len(made_draw["byes"]) == 2
    standings = state(client, tournament)["standings"]
    byes = {line["player"]: line for line in standings if line["byes"]}
    assert set(byes) == set(made_draw["byes"])
    assert all(line["points"] == 1 for line in byes.values())


def test_no_next_draw_while_a_table_plays_and_none_past_the_plan(client, made):
    first = draw(client, made).json
    busy = draw(client, made)
    assert busy.status_code == 409 and "still being played" in busy.json["message"]
    finish(client, first)
    assert draw(client, made).status_code == 201
    state_now = state(client, made)
    assert state_now["draws"][0]["finished"] is True
    # While the last planned draw plays there is none past it; once ended, the end.
    assert "planned" in draw(client, made).json["message"]
    assert client.post(url(made, "draws", 2, "end"), headers=auth(made)).status_code == 200
    done = draw(client, made)
    assert done.status_code == 409 and "tournament is finished" in done.json["message"]
    assert state(client, made)["finished"] is True


def test_a_draw_needs_four_active_players(client):
    tournament = create(client, players=NAMES[:4])
    assert client.delete(url(tournament, "players", 4), headers=auth(tournament)).status_code == 204
    response = draw(client, tournament)
    assert response.status_code == 422 and "at least 4" in response.json["message"]
    assert state(client, tournament)["draws"] == []


def test_a_retried_draw_with_its_key_answers_the_same_draw(client, made):
    headers = auth(made, **{"Idempotency-Key": "draw-1-key-0001"})
    first = client.post(url(made, "draws"), json={"seed": "s"}, headers=headers)
    again = client.post(url(made, "draws"), json={"seed": "s"}, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.json == first.json
    other = client.post(url(made, "draws"), json={"seed": "t"}, headers=headers)
    assert other.status_code == 422 and "Idempotency-Key" in other.json["message"]
    assert len(state(client, made)["draws"]) == 1
    too_long = auth(made, **{"Idempotency-Key": "k" * 201})
    assert client.post(url(made, "draws"), json={}, headers=too_long).status_code == 422


def test_end_draw_closes_its_tables_and_open_rounds_count_for_nobody(client, made):
    made_draw = draw(client, made).json
    first, second = made_draw["tables"]
    play(client, first, ROUND_FOR_A)  # a completed round
    play(client, second, ROUND_FOR_A[:3])  # a round still open
    response = client.post(url(made, "draws", 1, "end"), headers=auth(made))
    assert response.status_code == 200
    assert response.json["ended"] is True and response.json["finished"] is False
    assert "edit_token" in response.json["tables"][0]["sheet"]
    refused = client.post(
        f"/api/v1/sheets/{second['sheet']['id']}/games",
        json=ROUND_FOR_A[0],
        headers={"Authorization": f"Bearer {second['sheet']['edit_token']}"},
    )
    assert refused.status_code == 409
    assert refused.json["message"] == "Draw 1 is closed – corrections are made by the organiser."
    amend = client.put(
        f"/api/v1/sheets/{first['sheet']['id']}/games/1",
        json=ROUND_FOR_A[0],
        headers={
            "Authorization": f"Bearer {first['sheet']['edit_token']}",
            **if_match(client, first["sheet"]["id"]),
        },
    )
    assert amend.status_code == 409
    place = client.get(second["sheet"]["links"]["self"]).json["tournament"]
    assert place["ended"] is True and place["closed"] is True and place["closed_by"] == "ended"
    points = {line["player"]: line["points"] for line in state(client, made)["standings"]}
    a_team = {first["seats"][0], first["seats"][2]}
    assert {p for p, n in points.items() if n} == a_team
    assert all(points[p] == 1 for p in a_team)
    # Ending it again changes nothing.
    version = state(client, made)["version"]
    assert client.post(url(made, "draws", 1, "end"), headers=auth(made)).status_code == 200
    assert state(client, made)["version"] == version


def test_end_draw_refuses_unknown_and_earlier_draws(client, made):
    assert client.post(url(made, "draws", 1, "end"), headers=auth(made)).status_code == 404
    draw(client, made)
    client.post(url(made, "draws", 1, "end"), headers=auth(made))
    draw(client, made)
    earlier = client.post(url(made, "draws", 1, "end"), headers=auth(made))
    assert earlier.status_code == 409 and "latest" in earlier.json["message"]
    assert client.post(url(made, "draws", 3, "end"), headers=auth(made)).status_code == 404


def test_a_finished_table_refuses_games(client, made):
    table = draw(client, made).json["tables"][0]
    play(client, table, ROUND_FOR_A * 3)
    refused = client.post(
        f"/api/v1/sheets/{table['sheet']['id']}/games",
        json=ROUND_FOR_A[0],
        headers={"Authorization": f"Bearer {table['sheet']['edit_token']}"},
    )
    assert refused.status_code == 422 and "Table finished" in refused.json["message"]
    table_state = state(client, made)["draws"][0]["tables"][0]
    assert table_state["rounds_played"] == 3 and table_state["finished"] is True


def test_redo_draw_until_a_table_has_a_game(client, made):
    first = draw(client, made, seed="same").json
    sheet_ids = [table["sheet"]["id"] for table in first["tables"]]
    assert client.delete(url(made, "draws", 1), headers=auth(made)).status_code == 204
    assert state(client, made)["draws"] == []
    for sheet_id in sheet_ids:
        assert client.get(f"/api/v1/sheets/{sheet_id}").status_code == 404
    again = draw(client, made, seed="same").json
    assert [t["seats"] for t in again["tables"]] == [t["seats"] for t in first["tables"]]
    play(client, again["tables"][1], ROUND_FOR_A[:1])
    refused = client.delete(url(made, "draws", 1), headers=auth(made))
    assert refused.status_code == 409 and "game" in refused.json["message"]
    assert client.delete(url(made, "draws", 2), headers=auth(made)).status_code == 404


def test_redo_only_the_latest_draw(client, made):
    draw(client, made)
    client.post(url(made, "draws", 1, "end"), headers=auth(made))
    draw(client, made)
    refused = client.delete(url(made, "draws", 1), headers=auth(made))
    assert refused.status_code == 409 and "latest" in refused.json["message"]


def test_late_entry_joins_from_the_next_draw_and_a_retry_adds_no_one(client, made):
    draw(client, made)
    headers = auth(made, **{"Idempotency-Key": "erna-key-0001"})
    response = client.post(url(made, "players"), json={"name": " Erna "}, headers=headers)
    assert response.status_code == 201
    assert response.json == {
        "number": 9,
        "name": "Erna",
        "active": True,
        "joined_draw": 2,
        "withdrawn_from": None,
        "missed": [],
    }
    again = client.post(url(made, "players"), json={"name": " Erna "}, headers=headers)
    assert again.status_code == 201 and again.json == response.json
    assert len(state(client, made)["players"]) == 9
    erna = next(line for line in state(client, made)["standings"] if line["player"] == 9)
    assert erna["points"] == 0 and erna["points_per_draw"] == [None]


@pytest.mark.parametrize("name", ["", "x" * 41, "   ", 7, None])
def test_bad_names_are_refused(client, made, name):
    response = client.post(url(made, "players"), json={"name": name}, headers=auth(made))
    assert response.status_code == 422
    assert len(state(client, made)["players"]) == len(NAMES)


def test_at_most_200_players(client):
    tournament = create(client, players=[f"P{n}" for n in range(200)])
    response = client.post(
        url(tournament, "players"), json={"name": "One more"}, headers=auth(tournament)
    )
    # A full roster is the roster's state, as a group's (roster_full): 409.
    assert response.status_code == 409 and "200" in response.json["message"]
    assert response.json["reason"] == "too_many_players"


def test_withdrawal_leaves_from_the_next_draw_and_keeps_the_points(client, made):
    made_draw = draw(client, made).json
    finish(client, made_draw)
    winner = made_draw["tables"][0]["seats"][0]
    assert client.delete(url(made, "players", winner), headers=auth(made)).status_code == 204
    version = state(client, made)["version"]
    assert client.delete(url(made, "players", winner), headers=auth(made)).status_code == 204
    after = state(client, made)
    assert after["version"] == version
    player = next(p for p in after["players"] if p["number"] == winner)
    assert player["active"] is False and player["withdrawn_from"] == 2
    line = next(line for line in after["standings"] if line["player"] == winner)
    assert line["points"] == 3 and line["place"] == 1
    second = draw(client, made).json
    assert winner not in [p for table in second["tables"] for p in table["seats"]]
    assert winner not in second["byes"]
    assert client.delete(url(made, "players", 99), headers=auth(made)).status_code == 404


def test_withdrawn_while_a_draw_stands_is_out_of_its_redraw(client, made):
    draw(client, made)
    client.delete(url(made, "players", 1), headers=auth(made))
    client.post(url(made, "players"), json={"name": "Erna"}, headers=auth(made))
    assert client.delete(url(made, "draws", 1), headers=auth(made)).status_code == 204
    again = draw(client, made).json
    seated = {p for table in again["tables"] for p in table["seats"]} | set(again["byes"])
    assert 1 not in seated and 9 in seated


def test_shared_places_and_the_score_difference_tiebreak(client):
    for tiebreak in ("shared", "score_difference"):
        tournament = create(client, players=NAMES[:4], format={"tiebreak": tiebreak})
        table = draw(client, tournament).json["tables"][0]
        # One round each: A wins the first clean, B the second after A scored twice.
        play(client, table, ROUND_FOR_A)
        play(client, table, [{"result": {"winner": "A", "band": "frei"}}] * 2)
        play(client, table, [{"result": {"winner": "B", "band": "schwarz"}}] * 4)
        rounds = client.get(table["sheet"]["links"]["self"]).json["rounds"]
        assert [r["winner"] for r in rounds] == ["A", "B"]
        a_margin = sum(r["final"]["A"] - r["final"]["B"] for r in rounds)
        assert a_margin != 0
        standings = state(client, tournament)["standings"]
        assert [line["points"] for line in standings] == [1, 1, 1, 1]
        by_player = {line["player"]: line for line in standings}
        team_a = {table["seats"][0], table["seats"][2]}
        for player, line in by_player.items():
            assert line["score_difference"] == (a_margin if player in team_a else -a_margin)
        places = [line["place"] for line in standings]
        assert places == ([1, 1, 1, 1] if tiebreak == "shared" else [1, 1, 3, 3]), tiebreak
        if tiebreak == "score_difference":
            leaders = {standings[0]["player"], standings[1]["player"]}
            assert leaders == (team_a if a_margin > 0 else set(by_player) - team_a)


def test_exports_give_the_results_list(client, made):
    made_draw = draw(client, made).json
    finish(client, made_draw)
    response = client.get(url(made, "export"), query_string={"format": "csv"})
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "filename=Preisbauer-Zur-Linde-" in response.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))
    assert rows[0] == [
        "place", "number", "name", "draw_1", "points", "score_difference", "rounds_played", "byes",
        "corrected_draws",
    ]  # fmt: skip
    assert [row[0] for row in rows[1:]] == ["1"] * 4 + ["5"] * 4
    assert {row[3] for row in rows[1:5]} == {"3"}
    as_json = client.get(url(made, "export"), query_string={"format": "json"}).json
    assert [line["place"] for line in as_json["results"]] == [1] * 4 + [5] * 4
    assert as_json["draws"] == 1 and as_json["title"] == "Preisbauer Zur Linde"
    pdf = client.get(url(made, "export"), query_string={"format": "pdf"})
    assert pdf.mimetype == "application/pdf"
    text = PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text()
    assert text.count("1.") >= 4 and text.count("5.") >= 4
    assert "Punkte" in text and "Spieler 1" in text
    assert client.get(url(made, "export"), query_string={"format": "xls"}).status_code == 422


def test_hostile_names_stay_inert_in_every_export(client):
    names = ['=HYPERLINK("http://evil")', "+1", "-2", "@SUM(A1)", "<script>x</script>", "漢字 😀"]
    tournament = create(client, title="=cmd|' /C calc'!A0", players=[*names, "Hans", "Grete"])
    finish(client, draw(client, tournament).json)
    text = client.get(url(tournament, "export")).data.decode("utf-8-sig")
    _, *rows = csv.reader(io.StringIO(text))
    written = {row[2] for row in rows}
    assert written >= {'\'=HYPERLINK("http://evil")', "'+1", "'-2", "'@SUM(A1)"}
    assert not [name for name in written if name[:1] in ("=", "+", "-", "@")]
    # Numbers stay numbers: a negative score difference is no text to defuse.
    assert {int(row[5]) for row in rows} == {42, -42}
    pdf = client.get(url(tournament, "export"), query_string={"format": "pdf"})
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF-")
    assert "<script>x</script>" in PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text()
    assert client.get(url(tournament, "export"), query_string={"format": "json"}).json["results"]


def test_many_draws_turn_the_pdf_sideways(client):
    tournament = create(client, players=NAMES[:4], format={"draws": 12, "rounds_per_draw": 1})
    for _ in range(12):
        finish_one = draw(client, tournament).json
        play(client, finish_one["tables"][0], ROUND_FOR_A)
    pdf = client.get(url(tournament, "export"), query_string={"format": "pdf"})
    page = PdfReader(io.BytesIO(pdf.data)).pages[0]
    assert page.mediabox.width > page.mediabox.height
    assert state(client, tournament)["finished"] is True


def test_create_needs_a_body_and_draw_takes_an_empty_one(client):
    # createTournament's body is required (since v1.2): `{}` takes every default.
    missing = client.post(TOURNAMENTS)
    assert missing.status_code == 415  # no body, no JSON (docs/api.md, "Stability")
    assert missing.json["reason"] == "unsupported_media_type"
    assert "{}" in missing.json["message"]
    # Said to be JSON but empty: no JSON at all.
    empty = client.post(TOURNAMENTS, data=b"", content_type="application/json")
    assert empty.status_code == 422
    assert empty.json["message"] == "The body is missing: send {} for a Preisbauer of the defaults."
    created = client.post(TOURNAMENTS, json={})
    assert created.status_code == 201
    tournament = created.json
    assert tournament["title"].startswith("Preisbauer ") and tournament["players"] == []
    for name in NAMES[:4]:
        client.post(url(tournament, "players"), json={"name": name}, headers=auth(tournament))
    response = client.post(url(tournament, "draws"), headers=auth(tournament))
    assert response.status_code == 201 and len(response.json["tables"]) == 1
    assert response.json["seed"]


def test_tournaments_share_the_rate_limits_of_sheets_and_writes(tmp_path, monkeypatch):
    monkeypatch.setenv("BAUERBLOCK_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "limited.sqlite3"),
            "SECRET_KEY": "test-secret-key",
            "RATELIMIT_SHEETS": "1 per minute",
            "RATELIMIT_WRITES": "3 per minute",
        }
    )
    client = app.test_client()
    tournament = create(client, players=NAMES)
    assert client.post("/api/v1/sheets", json={"game": "bauerchen"}).status_code == 429
    # A draw is charged by the sheets it makes: two tables, two writes.
    assert len(draw(client, tournament).json["tables"]) == 2
    assert client.delete(url(tournament, "draws", 1), headers=auth(tournament)).status_code == 204
    limited = draw(client, tournament)
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) >= 1
    # Reading is never limited.
    assert state(client, tournament)["draws"] == []
