"""A tournament's tables for the evening in the API: getTournamentTable with either token, the
table's token recording draw after draw through the sheets API, and reprintTableCard."""

import pytest

from tests.api import tournament_calls as calls
from tests.api.tournament_calls import auth, draw, url

NAMES = [f"Spieler {n}" for n in range(1, 9)]
KARTAB = {"solo": {"team": "A", "won": True}}
"""A Kart'ab won: the round (and a match to one round) is over in one game."""
ROUND_FOR_A = [{"result": {"winner": "A", "band": "schwarz"}}] * 4


@pytest.fixture
def made(client):
    return calls.create(
        client,
        {"title": "Preisbauer Zur Linde", "players": NAMES, "format": {"draws": 3}},
    )


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def table(client, made, number, token):
    return client.get(url(made, "tables", number), headers=bearer(token))


def record(client, sheet_id, token, entry=ROUND_FOR_A[0]):
    return client.post(f"/api/v1/sheets/{sheet_id}/games", json=entry, headers=bearer(token))


def test_the_organiser_reads_a_tables_card_and_the_table_the_same_without_it(client, made):
    drawn = draw(client, made).json
    organiser = table(client, made, 2, made["edit_token"])
    assert organiser.status_code == 200, organiser.json
    body = organiser.json
    sheet = drawn["tables"][1]["sheet"]
    assert body["number"] == 2 and body["draw"] == 1 and body["empty"] is False
    assert body["sheet"]["id"] == sheet["id"] and body["sheet"]["closed"] is False
    # The card's token is the sheet's edit token, and its link the table's page.
    assert body["card"]["token"] == sheet["edit_token"] and body["card"]["printed"] == 0
    assert body["card"]["links"]["card"].endswith(
        f"/t/{made['id']}/tables/2/{body['card']['token']}"
    )
    with_card = table(client, made, 2, body["card"]["token"])
    assert with_card.status_code == 200
    assert with_card.json == {k: v for k, v in body.items() if k != "card"}
    # Another table's token, no token, an unknown table or tournament.
    assert table(client, made, 1, body["card"]["token"]).status_code == 403
    assert client.get(url(made, "tables", 2)).status_code == 401
    assert table(client, made, 7, made["edit_token"]).status_code == 404
    assert client.get("/api/v1/tournaments/nosuch/tables/1", headers=bearer("x")).status_code == 404


def test_a_tables_etag_differs_by_right_and_answers_304_until_the_tournament_moves(client, made):
    draw(client, made)
    organiser = table(client, made, 1, made["edit_token"])
    card = organiser.json["card"]["token"]
    at_table = table(client, made, 1, card)
    for answer in (organiser, at_table):
        assert answer.headers["Vary"] == "Authorization"
    assert organiser.headers["ETag"] != at_table.headers["ETag"]
    for token, answer in ((made["edit_token"], organiser), (card, at_table)):
        again = client.get(
            url(made, "tables", 1),
            headers={**bearer(token), "If-None-Match": answer.headers["ETag"]},
        )
        assert again.status_code == 304 and again.headers["ETag"] == answer.headers["ETag"]
        assert again.headers["Vary"] == "Authorization"
    # The table's copy never revalidates the organiser's (the card and its token).
    crossed = client.get(
        url(made, "tables", 1),
        headers={**bearer(made["edit_token"]), "If-None-Match": at_table.headers["ETag"]},
    )
    assert crossed.status_code == 200 and "card" in crossed.json
    # A token is checked before any 304: none 401, another table's 403.
    tag = {"If-None-Match": at_table.headers["ETag"]}
    assert client.get(url(made, "tables", 1), headers=tag).status_code == 401
    assert table(client, made, 2, card).status_code == 403
    # A reprinted card moves the tournament: the organiser's old copy is stale.
    reprinted = client.post(url(made, "tables", 1, "card"), headers=auth(made))
    assert reprinted.status_code == 200
    stale = client.get(
        url(made, "tables", 1),
        headers={**bearer(made["edit_token"]), "If-None-Match": organiser.headers["ETag"]},
    )
    assert stale.status_code == 200 and stale.json["card"]["printed"] == 1


def test_the_tables_token_records_every_draw_and_a_closed_draw_refuses_it(client, made):
    first = draw(client, made).json
    token = table(client, made, 1, made["edit_token"]).json["card"]["token"]
    for made_table in first["tables"]:
        for entry in ROUND_FOR_A * 3:
            assert (
                record(
                    client,
                    made_table["sheet"]["id"],
                    token if made_table["number"] == 1 else made_table["sheet"]["edit_token"],
                    entry,
                ).status_code
                == 201
            )
    second = draw(client, made).json
    now = table(client, made, 1, token).json
    assert now["draw"] == 2 and now["sheet"]["id"] == second["tables"][0]["sheet"]["id"]
    assert record(client, now["sheet"]["id"], token).status_code == 201
    refused = record(client, first["tables"][0]["sheet"]["id"], token)
    assert refused.status_code == 409 and refused.json["reason"] == "draw_closed"


def test_reprinting_a_card_revokes_the_old_one_once_for_its_key(client, made):
    draw(client, made)
    old = table(client, made, 1, made["edit_token"]).json
    headers = auth(made, **{"Idempotency-Key": "reprint-card-1"})
    fresh = client.post(url(made, "tables", 1, "card"), headers=headers)
    assert fresh.status_code == 200, fresh.json
    assert fresh.json["card"]["printed"] == 1
    assert fresh.json["card"]["token"] != old["card"]["token"]
    again = client.post(url(made, "tables", 1, "card"), headers=headers)
    assert again.json["card"] == fresh.json["card"]
    assert again.headers["Idempotent-Replayed"] == "true"
    assert table(client, made, 1, old["card"]["token"]).status_code == 403
    assert record(client, old["sheet"]["id"], old["card"]["token"]).status_code == 403
    assert record(client, old["sheet"]["id"], fresh.json["card"]["token"]).status_code == 201
    # Only the organiser reprints; a table no draw seated has no card.
    card = fresh.json["card"]["token"]
    assert client.post(url(made, "tables", 1, "card"), headers=bearer(card)).status_code == 403
    assert client.post(url(made, "tables", 9, "card"), headers=auth(made)).status_code == 404


def test_one_set_of_cards_serves_a_whole_paarturnier(client):
    made = calls.create(
        client,
        {
            "title": "Bauer-WM",
            "pairs": [[f"Erste {n}", f"Zweite {n}"] for n in range(1, 9)],
            "format": {"kind": "pairs", "rounds_to_win": 1, "group_size": 4, "advance": 2},
        },
    )
    drawn = draw(client, made).json
    cards = {n: table(client, made, n, made["edit_token"]).json["card"]["token"] for n in (1, 2)}
    stages = []
    while True:
        stages.append(drawn["stage"])
        for number in [t["number"] for t in drawn["tables"]]:
            # Tables 1 and 2 record every stage with the cards printed for the first draw.
            organiser = table(client, made, number, made["edit_token"]).json
            token = cards.get(number, organiser["card"]["token"])
            now = table(client, made, number, token).json
            assert now["draw"] == drawn["number"]
            assert record(client, now["sheet"]["id"], token, KARTAB).status_code == 201
        if client.get(url(made)).json["finished"]:
            break
        drawn = draw(client, made).json
    assert stages == ["group", "group", "group", "semifinal", "final"]


def seat(client, made, number, **headers):
    return client.get(url(made, "players", number, "seat"), headers=headers)


def test_a_players_seat_is_public_and_follows_the_draws(client):
    made = calls.create(
        client,
        {"title": "Preisbauer", "players": NAMES[:6], "format": {"draws": 3, "bye_points": 1}},
    )
    before = seat(client, made, 1)
    assert before.status_code == 200, before.json
    assert before.json["draw"] is None and before.json["table"] is None
    assert before.json["entrant"] == {"number": 1, "name": "Spieler 1"}
    drawn = draw(client, made).json
    (made_table,) = drawn["tables"]
    seats = made_table["seats"]
    here = seat(client, made, seats[1]).json
    assert here["draw"] == 1 and here["table"] == 1 and here["seat"] == 1
    assert here["partner"] == {"number": seats[3], "name": f"Spieler {seats[3]}"}
    assert [o["number"] for o in here["opponents"]] == [seats[2], seats[0]]
    assert here["playing"] is True and here["bye"] is False and here["rounds"] == 3
    # The two sitting out got their bye point: they lead.
    assert here["points"] == 0 and here["place"] == 3
    (bye,) = drawn["byes"][:1]
    assert seat(client, made, bye).json["bye"] is True
    # Polled cheaply: 304 while the tournament is the same; a game moves it.
    tag = seat(client, made, seats[0]).headers["ETag"]
    assert seat(client, made, seats[0], **{"If-None-Match": tag}).status_code == 304
    sheet = made_table["sheet"]
    assert record(client, sheet["id"], sheet["edit_token"], KARTAB).status_code == 201
    moved = seat(client, made, seats[0], **{"If-None-Match": tag})
    assert (
        moved.status_code == 200 and moved.json["points"] == 1 and moved.json["rounds_played"] == 1
    )
    assert seat(client, made, 99).status_code == 404
    assert client.get("/api/v1/tournaments/nosuch/players/1/seat").status_code == 404


def test_a_pairs_seat_names_its_match_and_stage(client):
    made = calls.create(
        client,
        {
            "title": "Bauer-WM",
            "pairs": [[f"Erste {n}", f"Zweite {n}"] for n in range(1, 9)],
            "format": {"kind": "pairs", "rounds_to_win": 1, "group_size": 4, "advance": 2},
        },
    )
    drawn = draw(client, made).json
    one, two = drawn["tables"][0]["pairs"]
    here = seat(client, made, two).json
    assert here["table"] == 1 and here["seat"] == 1 and here["stage"] == "group"
    assert here["partner"] is None
    assert here["opponents"] == [{"number": one, "name": f"Erste {one} / Zweite {one}"}]
    assert here["entrant"]["name"] == f"Erste {two} / Zweite {two}"
    assert seat(client, made, 9).status_code == 404
