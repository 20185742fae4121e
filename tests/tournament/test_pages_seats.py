"""Every player's phone (no JavaScript): a player picks their name once from the board's QR
code, then sees their table, seat, partner and opponents, points and place; a poll after
the next draw says it is news."""

import re

from tests.tournament.conftest import NAMES
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
