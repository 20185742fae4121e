"""The organiser's list shows each table's result (rounds won per team, the points they
gave), and what a correction changed, before and after (no JavaScript)."""

import re

from tests.pages import field
from tests.tournament.test_pages_tournament import draw, play_round, post


def text(html):
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_organisers_list_shows_results_and_what_a_correction_changed(
    app, client, new_tournament, state
):
    tournament_id = new_tournament(draws="3")
    draw(client, tournament_id)
    first = state(tournament_id)["draws"][0]["tables"]
    for table in first:
        for team in ("A", "B", "A"):
            play_round(app, table["sheet"]["id"], team)
    page = client.get(f"/t/{tournament_id}/organiser").text
    live = text(page[page.index('class="tables"') :])
    assert live.count("Runden 2:1 · Punkte je Spieler: A 2, B 1") == len(first)
    # The board says the same.
    assert "Runden 2:1" in text(client.get(f"/t/{tournament_id}").text)
    draw(client, tournament_id)
    sheet_id = first[0]["sheet"]["id"]
    pad = client.get(f"/s/{sheet_id}/edit").text
    form = {"version": field(pad, "version"), "reopen": "1"}  # said first, confirmed
    assert post(client, f"/s/{sheet_id}/games/3/delete", **form).status_code == 303
    page = text(client.get(f"/t/{tournament_id}/organiser").text)
    assert (
        "Auslosung 1 · Tisch 1 · Spiel 3 gelöscht: Runden gewonnen vorher 2:1, nachher 1:1" in page
    )


def test_a_correction_that_reopens_a_table_and_moves_the_standings_says_so_first(
    app, client, new_tournament, state
):
    tournament_id = new_tournament(draws="3")
    draw(client, tournament_id)
    first = state(tournament_id)["draws"][0]["tables"]
    for table in first:
        for team in ("A", "B", "A"):
            play_round(app, table["sheet"]["id"], team)
    table = first[0]
    sheet_id = table["sheet"]["id"]
    names = {p["number"]: p["name"] for p in state(tournament_id)["players"]}
    winner = names[table["seats"][0]]
    # Opening the last game to correct it says what deleting it would do.
    opened = text(client.get(f"/s/{sheet_id}/games/3").text)
    assert "Löschen: Damit ist Runde 3 an Tisch 1 wieder offen, die Rangliste ändert sich:" in (
        opened
    )
    assert f"{winner} 2 → 1" in opened
    # A delete sent without that confirmation is said first, and nothing changes.
    pad = client.get(f"/s/{sheet_id}/edit").text
    asked = post(client, f"/s/{sheet_id}/games/3/delete", version=field(pad, "version"))
    assert asked.status_code == 200
    words = text(asked.text)
    assert "Korrektur wirklich machen? Damit ist Runde 3 an Tisch 1 wieder offen" in words
    assert state(tournament_id)["draws"][0]["tables"][0]["rounds_played"] == 3
    assert state(tournament_id)["corrections"] == []
    confirmed = post(
        client, f"/s/{sheet_id}/games/3/delete", version=field(pad, "version"), reopen="1"
    )
    assert confirmed.status_code == 303
    assert state(tournament_id)["draws"][0]["tables"][0]["rounds_played"] == 2
    listed = text(client.get(f"/t/{tournament_id}/organiser").text)
    assert "Spiel 3 gelöscht: Runden gewonnen vorher 2:1, nachher 1:1" in listed
