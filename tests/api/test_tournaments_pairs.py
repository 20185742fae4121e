"""The Paarturnier through the API (Flask's client): shapes, refusals, exports."""

import csv
import io

import pytest
from pypdf import PdfReader

from tests.api import tournament_calls as calls
from tests.api.tournament_calls import TOURNAMENTS, auth, record, url
from tests.versions import if_match

PAIRS = [[f"Erste {n}", f"Zweite {n}"] for n in range(1, 9)]
FORMAT = {"kind": "pairs", "rounds_to_win": 1, "group_size": 4, "advance": 2}
ROUND_A = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 4}
ROUND_B = {"result": {"winner": "B", "band": "schwarz"}, "spritz": 4}


def create(client, **body):
    return calls.create(client, {"title": "Bauer-WM", **body})


@pytest.fixture
def made(client):
    """A Paarturnier of eight pairs in two groups, a match to one round won."""
    return create(client, pairs=PAIRS, format=FORMAT)


def draw(client, tournament):
    response = calls.draw(client, tournament)
    assert response.status_code == 201, response.json
    return response.json


def test_create_answers_the_pairs_and_the_resolved_format(client, made):
    assert made["kind"] == "pairs" and made["edit_token"]
    assert made["format"] == {**FORMAT, "third_place": True}
    assert made["rules"]["rounds_to_win"] == 1 and made["rules"]["round_limit"] == 0
    assert made["pairs"][0] == {"number": 1, "names": ["Erste 1", "Zweite 1"], "active": True}
    assert made["groups"] == [] and made["bracket"] == [] and made["standings"] == []
    assert set(made["links"]) == {"self", "board", "organiser", "export"}
    # A Preisbauer says its kind too.
    assert create(client, players=["A", "B", "C", "D"])["kind"] == "preisbauer"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"pairs": PAIRS[:3], "format": FORMAT}, "pairs"),
        ({"pairs": [*PAIRS[:4], ["Erste 2", "Neu"]], "format": FORMAT}, "given twice"),
        ({"pairs": [*PAIRS[:4], ["Allein"]], "format": FORMAT}, "pairs"),
        ({"pairs": [*PAIRS[:4], ["  ", "x"]], "format": FORMAT}, "blank"),
        ({"pairs": PAIRS, "format": {**FORMAT, "group_size": 7}}, "group_size"),
        ({"pairs": PAIRS, "format": {**FORMAT, "kind": "liga"}}, "kind"),
        ({"pairs": PAIRS}, "pairs"),
        ({"pairs": PAIRS, "players": ["Hans"], "format": FORMAT}, "players"),
        ({"pairs": PAIRS[:4], "format": {**FORMAT, "advance": 1}}, "knock-out"),
        ({"pairs": PAIRS, "format": FORMAT, "rules": {"round_limit": 2}}, "round_limit"),
    ],
)
def test_bad_paarturniere_are_refused_in_words(client, body, words):
    response = client.post(TOURNAMENTS, json=body)
    assert response.status_code == 422, response.json
    assert words in str(response.json), response.json


def test_draws_groups_matches_and_the_bracket(client, made):
    first = draw(client, made)
    assert first["stage"] == "group" and len(first["tables"]) == 4
    table = first["tables"][0]
    assert table["group"] in ("A", "B") and table["rounds_won"] == [0, 0]
    assert table["winner"] is None and table["sheet"]["links"]["edit"]
    busy = client.post(url(made, "draws"), json={}, headers=auth(made))
    assert busy.status_code == 409 and "still being played" in busy.json["message"]
    assert record(client, table, ROUND_B).status_code == 201
    refused = record(client, table, ROUND_A)
    assert refused.status_code == 422 and "Table finished: 0:1 rounds" in refused.json["message"]
    state = client.get(url(made)).json
    assert "edit_token" not in state["draws"][0]["tables"][0]["sheet"]
    decided = state["draws"][0]["tables"][0]
    assert decided["winner"] == table["pairs"][1] and decided["finished"] is True
    groups = {group["name"]: group for group in state["groups"]}
    line = next(line for line in groups[table["group"]]["standings"] if line["place"] == 1)
    assert line["pair"] == table["pairs"][1] and line["matches_won"] == 1
    for lines in groups.values():
        assert {"lot", "round_difference", "score_difference"} <= set(lines["standings"][0])


def test_the_whole_tournament_and_its_exports(client, made):
    stages = []
    state = made
    while not state["finished"]:
        made_draw = draw(client, made)
        stages.append(made_draw["stage"])
        for table in made_draw["tables"]:
            one, two = table["pairs"]
            assert record(client, table, ROUND_A if one < two else ROUND_B).status_code == 201
        state = client.get(url(made)).json
    assert stages == ["group", "group", "group", "semifinal", "final"]
    places = [line["place"] for line in state["standings"]]
    assert places[:4] == [1, 2, 3, 4]
    # The groups' thirds, then their fourths, share a place unless the score parts them.
    for place, index in ((5, 2), (7, 3)):
        one, two = (group["standings"][index] for group in state["groups"])
        tied = one["score_difference"] == two["score_difference"]
        assert places[place - 1 : place + 1] == ([place, place] if tied else [place, place + 1])
    assert state["bracket"][-1]["matches"][1]["third_place"] is True
    done = client.post(url(made, "draws"), json={}, headers=auth(made))
    assert done.status_code == 409 and "finished" in done.json["message"]

    exported = client.get(url(made, "export"), query_string={"format": "json"}).json
    assert exported["kind"] == "pairs" and exported["results"] == state["standings"]
    assert exported["groups"] == state["groups"] and exported["bracket"] == state["bracket"]
    text = client.get(url(made, "export"), query_string={"format": "csv"}).data.decode("utf-8-sig")
    blocks = text.strip().split("\r\n\r\n")
    ranking = list(csv.DictReader(io.StringIO(blocks[0])))
    assert ranking[0] == {
        "place": "1",
        "pair": "1",
        "names": "Erste 1 / Zweite 1",
        "stage": "final",
    }
    assert len(list(csv.DictReader(io.StringIO(blocks[1])))) == 8
    matches = list(csv.DictReader(io.StringIO(blocks[2])))
    assert [m["stage"] for m in matches] == ["semifinal", "semifinal", "final", "third_place"]
    pdf = client.get(url(made, "export"), query_string={"format": "pdf"})
    words = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.data)).pages)
    for expected in ("Endstand", "Gruppe A", "Gruppe B", "Halbfinale", "Spiel um Platz 3"):
        assert expected in words
    assert "Erste 1 / Zweite 1" in words


def test_pairs_are_fixed_and_a_draw_is_redone_or_ended(client, made):
    late = client.post(url(made, "players"), json={"name": "Spät"}, headers=auth(made))
    assert late.status_code == 409 and "pairs" in late.json["message"]
    gone = client.delete(url(made, "players", 1), headers=auth(made))
    assert gone.status_code == 409
    first = draw(client, made)
    assert client.delete(url(made, "draws", 1), headers=auth(made)).status_code == 204
    again = draw(client, made)
    assert again["number"] == 1
    ended = client.post(url(made, "draws", 1, "end"), headers=auth(made))
    assert ended.status_code == 200 and ended.json["ended"] is True
    closed = record(client, again["tables"][0], ROUND_A)
    assert closed.status_code == 409 and "Draw 1 is closed" in closed.json["message"]
    assert first["seed"] != again["seed"]


def test_closed_draws_and_corrections_as_for_a_preisbauer(client, made):
    first = draw(client, made)
    for table in first["tables"]:
        assert record(client, table, ROUND_A).status_code == 201
    second = draw(client, made)
    state = client.get(url(made)).json
    assert state["draws"][0]["closed"] is True and state["draws"][1]["closed"] is False
    # The table's phone may no longer change draw 1; the organiser corrects it.
    table = first["tables"][0]
    games = f"/api/v1/sheets/{table['sheet']['id']}/games/1"
    version = if_match(client, table["sheet"]["id"])
    phone = client.put(
        games,
        json=ROUND_B,
        headers={"Authorization": f"Bearer {table['sheet']['edit_token']}", **version},
    )
    assert phone.status_code == 409 and "Draw 1 is closed" in phone.json["message"]
    corrected = client.put(games, json=ROUND_B, headers={**auth(made), **version})
    assert corrected.status_code == 200, corrected.json
    state = client.get(url(made)).json
    assert [(c["draw"], c["table"], c["game"]) for c in state["corrections"]] == [(1, 1, 1)]
    line = state["draws"][0]["tables"][0]
    assert line["corrected"] is True and line["winner"] == table["pairs"][1]
    assert state["draws"][0]["corrected"] is True and second["closed"] is False


def test_hostile_names_stay_inert_in_the_exports(client):
    hostile = [["=cmd|' /C calc'!A0", "<b>x</b>"], *PAIRS[1:4]]
    made = create(client, pairs=hostile, format=FORMAT)
    draw(client, made)
    text = client.get(url(made, "export"), query_string={"format": "csv"}).data.decode("utf-8-sig")
    assert "'=cmd" in text and "\n=cmd" not in text and ",=cmd" not in text
