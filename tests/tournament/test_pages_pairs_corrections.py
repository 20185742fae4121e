"""A Paarturnier's corrections across stages on the pages (docs/rules.md section 5,
"Corrections across stages"): the organiser corrects on the table's pad; the next stage
follows while it has no game, else the pad says in German which match is in the way.
"""

from bauerblock import store
from bauerblock.services import sheets as service
from tests.pages import field
from tests.tournament.test_pages_pairs import create, draw, play_draw, post


def _to_the_final(app, client, state):
    """Play the groups and the semi-finals of eight pairs, draw the final; return the id."""
    made = create(client, rounds_to_win="1")
    for _ in range(4):
        draw(client, made)
        play_draw(app, state, made)
    draw(client, made)
    return made


def _semifinal(t):
    return next(d for d in t["draws"] if d["stage"] == "semifinal")["tables"][0]


def _correct(client, table, winner):
    """Amend game 1 of a table from its pad, as the organiser's session does."""
    sheet_id = table["sheet"]["id"]
    pad = client.get(f"/s/{sheet_id}/edit").text
    team = "A" if table["pairs"][0] == winner else "B"
    return post(
        client,
        f"/s/{sheet_id}/games/1",
        result=f"{team}:schwarz",
        spritz="4",
        version=field(pad, "version"),
        reopen="1",  # what it would do was said first: confirmed
    )


def test_a_corrected_semifinal_reseats_the_final_on_every_page(app, client, state):
    made = _to_the_final(app, client, state)
    semi = _semifinal(state(made))
    loser = max(semi["pairs"])
    assert _correct(client, semi, loser).status_code == 303
    t = state(made)
    final = t["draws"][-1]["tables"]
    assert loser in final[0]["pairs"] and min(semi["pairs"]) in final[1]["pairs"]
    assert {m["third_place"] for m in t["corrections"][-1]["moved"]} == {False, True}
    # The board and the final's card name the re-seated pair.
    board = client.get(f"/t/{made}").text
    assert f"Erste {loser} / Zweite {loser}" in board[board.index("Finale") :]
    cards = client.get(f"/t/{made}/draws/{t['draws'][-1]['number']}/cards").text
    assert f"Erste {loser}" in cards
    pad = client.get(f"/s/{final[0]['sheet']['id']}/edit").text
    assert f"Erste {loser}" in pad


def test_a_semifinal_correction_waits_while_the_final_has_games(app, client, state):
    made = _to_the_final(app, client, state)
    t = state(made)
    final = t["draws"][-1]["tables"][0]
    with app.app_context():
        service.record_game(
            store.get_db(), final["sheet"]["id"], {"result": {"winner": "A", "band": "frei"}}
        )
    semi = _semifinal(t)
    refused = _correct(client, semi, max(semi["pairs"]))
    assert refused.status_code == 409
    assert "Finale läuft schon – erst dort die Spiele löschen." in refused.text
    assert state(made)["draws"][-1]["tables"][0]["pairs"] == final["pairs"]
    assert state(made)["corrections"] == []
    english = client.post(
        f"/s/{semi['sheet']['id']}/games/1",
        data={
            "csrf_token": field(client.get("/").text, "csrf_token"),
            "result": "B:schwarz" if semi["pairs"][0] < semi["pairs"][1] else "A:schwarz",
            "version": field(client.get(f"/s/{semi['sheet']['id']}/edit").text, "version"),
        },
        headers={"Accept-Language": "en"},
    )
    assert english.status_code == 409
    assert "Already being played: the final." in english.text
