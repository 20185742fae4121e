"""Every player's phone (no JavaScript): a player picks their name once from the board's QR
code, then sees their table, seat, partner and opponents, points and place; a poll after
the next draw says it is news."""

import re

from tests.tournament.conftest import NAMES
from tests.tournament.test_pages_pairs import create, play_draw
from tests.tournament.test_pages_pairs import draw as draw_pairs
from tests.tournament.test_pages_tournament import HX, draw


def text(html):
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_a_player_picks_once_and_sees_their_seat(app, client, new_tournament, state):
    tournament_id = new_tournament(players=NAMES)
    board = client.get(f"/t/{tournament_id}").text
    assert "Wo sitze ich?" in board
    phone = app.test_client()
    pick = phone.get(f"/t/{tournament_id}/me")
    assert pick.status_code == 200 and "Grete" in pick.text
    assert f'href="/t/{tournament_id}/players/2"' in pick.text
    waiting = phone.get(f"/t/{tournament_id}/players/2")
    assert "Noch nicht ausgelost" in waiting.text
    # Picked once: the board's link goes straight on to the seat.
    again = phone.get(f"/t/{tournament_id}/me")
    assert again.status_code == 302 and again.headers["Location"].endswith("/players/2")
    assert phone.get(f"/t/{tournament_id}/me?change=1").status_code == 200
    draw(client, tournament_id)
    table = next(t for t in state(tournament_id)["draws"][0]["tables"] if 2 in t["seats"])
    at = table["seats"].index(2)
    names = {n + 1: name for n, name in enumerate(NAMES)}
    poll = phone.get(f"/t/{tournament_id}/players/2?seen=0", headers=HX)
    shown = text(poll.text)
    assert "Neue Auslosung!" in shown
    assert f"Auslosung 1: Tisch {table['number']}" in shown
    assert f"Platz {at + 1} · Team {'AB'[at % 2]}" in shown
    assert f"Partner {table['seats'][(at + 2) % 4]} {names[table['seats'][(at + 2) % 4]]}" in shown
    for other in (table["seats"][(at + 1) % 4], table["seats"][(at + 3) % 4]):
        assert f"{other} {names[other]}" in shown
    assert "0 Punkte" in shown
    # The same draw polled again is no news; nothing new is a 304.
    same = phone.get(f"/t/{tournament_id}/players/2?seen=1", headers=HX)
    assert "Neue Auslosung!" not in same.text
    tag = same.headers["ETag"]
    assert (
        phone.get(
            f"/t/{tournament_id}/players/2?seen=1", headers={**HX, "If-None-Match": tag}
        ).status_code
        == 304
    )
    assert phone.get(f"/t/{tournament_id}/players/99").status_code == 404


def test_a_pairs_phone_says_what_its_knockout_match_decides(app, client, state):
    made = create(client, rounds_to_win="1")
    phone = app.test_client()

    def seat(pair, language="de"):
        page = phone.get(f"/t/{made}/players/{pair}", headers={"Accept-Language": language})
        assert page.status_code == 200
        return text(page.text)

    for _ in range(3):
        draw_pairs(client, made)
        assert "Sieg:" not in seat(1)  # the groups: no knock-out match yet
        play_draw(app, state, made)
    out = next(line for line in state(made)["standings"] if line["stage"] == "group")
    assert "Sieg:" not in seat(out["pair"])
    assert "Ausgeschieden in der Gruppe" in seat(out["pair"])
    draw_pairs(client, made)
    semifinal = state(made)["draws"][-1]["tables"][0]["pairs"]
    for pair in semifinal:
        assert "Sieg: Finale Niederlage: Spiel um Platz 3" in seat(pair)
    assert "Win: Final Loss: Third-place match" in seat(semifinal[0], "en")
    play_draw(app, state, made)
    draw_pairs(client, made)
    final = next(t for t in state(made)["draws"][-1]["tables"] if not t["third_place"])
    third = next(t for t in state(made)["draws"][-1]["tables"] if t["third_place"])
    assert "Sieg: Turniersieger Niederlage: Endplatz 2" in seat(final["pairs"][0])
    assert "Sieg: Endplatz 3 Niederlage: Endplatz 4" in seat(third["pairs"][1])
    assert "Win: Final place 3 Loss: Final place 4" in seat(third["pairs"][1], "en")
    play_draw(app, state, made)
    assert "Sieg:" not in seat(final["pairs"][0])
