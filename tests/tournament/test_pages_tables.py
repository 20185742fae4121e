"""A table keeps its number, its card and its phone for the evening (no JavaScript): one card
per table serves every draw, the phone holding it follows its table to the next draw's sheet,
an empty table says so, a closed draw still refuses it, and a lost card is reprinted in one
step that revokes the old one."""

import re

from tests.pages import field
from tests.tournament.conftest import NAMES
from tests.tournament.test_pages_tournament import HX, draw, play_round, post

CLOSED = "Auslosung 1 ist abgeschlossen – Korrekturen macht die Turnierleitung."


def card_links(client, tournament_id, number=1):
    """Return each table card's link on the cards page of draw `number`, by table number."""
    cards = client.get(f"/t/{tournament_id}/draws/{number}/cards").text
    return {
        int(table): link
        for table, link in re.findall(
            r'id="card-(\d+)".*?<a class="card-qr" href="([^"]+)"', cards, re.S
        )
    }


def sheet_of(state, tournament_id, draw_number, table):
    made = state(tournament_id)["draws"][draw_number - 1]["tables"]
    return next(t for t in made if t["number"] == table)["sheet"]["id"]


def play_out(app, state, tournament_id, draw_number):
    for table in state(tournament_id)["draws"][draw_number - 1]["tables"]:
        for team in ("A", "B", "A"):
            play_round(app, table["sheet"]["id"], team)


def record_form(page):
    return {
        "csrf_token": field(page, "csrf_token"),
        "version": field(page, "version"),
        "key": "table-tap-0001",
        "result": "A:frei",
    }


def test_one_card_serves_every_draw_and_its_phone_follows_the_table(
    app, client, new_tournament, state
):
    tournament_id = new_tournament(players=NAMES, rounds_per_draw="3", draws="3")
    draw(client, tournament_id)
    links = card_links(client, tournament_id)
    assert sorted(links) == [1, 2]
    # The card's link is the table's, not a sheet's: the same for every draw.
    assert re.search(rf"/t/{tournament_id}/tables/2/[A-Za-z0-9_-]{{32}}$", links[2])
    phone = app.test_client()
    opened = phone.get(links[2])
    assert opened.status_code == 303 and opened.headers["Location"].endswith(
        f"/t/{tournament_id}/tables/2"
    )
    first = sheet_of(state, tournament_id, 1, 2)
    pad = phone.get(opened.headers["Location"])
    assert pad.status_code == 303 and pad.headers["Location"].endswith(f"/s/{first}/edit")
    page = phone.get(f"/s/{first}/edit").text
    assert "Auslosung 1 · Tisch 2" in " ".join(re.sub(r"<[^>]+>", "", page).split())
    play_out(app, state, tournament_id, 1)
    draw(client, tournament_id)
    # The same card, drawn again: the cards page prints the same link.
    assert card_links(client, tournament_id, 2) == links
    second = sheet_of(state, tournament_id, 2, 2)
    # The pad's poll of the old sheet tells it to load again (410), and the load goes on.
    assert phone.get(f"/s/{first}/edit", headers=HX).status_code == 410
    followed = phone.get(f"/s/{first}/edit", follow_redirects=True)
    assert followed.request.path == f"/s/{second}/edit"
    assert "Auslosung 2 · Tisch 2" in " ".join(re.sub(r"<[^>]+>", "", followed.text).split())
    # It records draw 2's game at table 2, with no new scan ...
    recorded = phone.post(f"/s/{second}/games", data=record_form(followed.text))
    assert recorded.status_code == 303
    assert len(app.test_client().get(f"/api/v1/sheets/{second}").json["games"]) == 1
    # ... and the closed draw's sheet still refuses it.
    late = dict(record_form(followed.text), key="table-tap-0002")
    refused = phone.post(f"/s/{first}/games", data=late, headers=HX)
    assert refused.status_code == 409 and CLOSED in refused.text


def test_an_empty_table_says_so_and_goes_on_when_a_draw_seats_it(
    app, client, new_tournament, state
):
    tournament_id = new_tournament(players=NAMES, rounds_per_draw="3", draws="4")
    draw(client, tournament_id)
    links = card_links(client, tournament_id)
    phone = app.test_client()
    phone.get(links[2], follow_redirects=True)
    play_out(app, state, tournament_id, 1)
    for number in (5, 6, 7, 8):
        post(client, f"/t/{tournament_id}/players/{number}/withdraw")
    draw(client, tournament_id)
    free = phone.get(f"/t/{tournament_id}/tables/2")
    assert free.status_code == 200
    assert "Tisch 2 ist in dieser Auslosung frei" in free.text
    # Its poll finds nothing to open yet.
    assert phone.get(f"/t/{tournament_id}/tables/2", headers=HX).status_code == 204
    # The old sheet's pad goes on to the page that says so.
    old = phone.get(f"/s/{sheet_of(state, tournament_id, 1, 2)}/edit", follow_redirects=True)
    assert "Tisch 2 ist in dieser Auslosung frei" in old.text
    play_out(app, state, tournament_id, 2)
    for number in (5, 6, 7, 8):
        post(client, f"/t/{tournament_id}/players/{number}/reinstate")
    draw(client, tournament_id)
    seated = phone.get(f"/t/{tournament_id}/tables/2", headers=HX)
    third = sheet_of(state, tournament_id, 3, 2)
    assert seated.headers["HX-Redirect"] == f"/s/{third}/edit"
    assert phone.get(f"/s/{third}/edit").status_code == 200


def test_a_lost_card_is_reprinted_in_one_step_and_the_old_one_opens_nothing(
    app, client, new_tournament, state
):
    tournament_id = new_tournament()
    draw(client, tournament_id)
    old = card_links(client, tournament_id)[1]
    phone = app.test_client()
    phone.get(old, follow_redirects=True)
    sheet = sheet_of(state, tournament_id, 1, 1)
    assert phone.get(f"/s/{sheet}/edit").status_code == 200
    # Only the organiser reprints.
    stranger = app.test_client()
    assert post(stranger, f"/t/{tournament_id}/tables/reprint", table="1").status_code == 403
    done = post(client, f"/t/{tournament_id}/tables/reprint", table="1", key="reprint-key-1")
    assert done.status_code == 303
    assert done.headers["Location"].endswith(f"/t/{tournament_id}/draws/1/cards")
    assert "Tischkarte 1 ist neu" in client.get(done.headers["Location"]).text
    # The same form sent twice prints one card.
    post(client, f"/t/{tournament_id}/tables/reprint", table="1", key="reprint-key-1")
    new = card_links(client, tournament_id)[1]
    assert new != old
    # The old card and the phone holding it open nothing more; the new card opens the pad.
    assert app.test_client().get(old).status_code == 403
    assert phone.get(f"/s/{sheet}/edit").status_code == 403
    assert phone.get(f"/t/{tournament_id}/tables/1").status_code == 403
    fresh = app.test_client()
    assert fresh.get(new, follow_redirects=True).request.path == f"/s/{sheet}/edit"
    # A table no draw seated has no card to reprint.
    assert post(client, f"/t/{tournament_id}/tables/reprint", table="9").status_code == 404


def test_a_card_that_is_not_the_tables_opens_nothing(app, client, new_tournament):
    tournament_id = new_tournament()
    draw(client, tournament_id)
    links = card_links(client, tournament_id)
    phone = app.test_client()
    token = links[1].rsplit("/", 1)[1]
    # Table 1's card is not table 2's.
    assert phone.get(f"/t/{tournament_id}/tables/2/{token}").status_code == 403
    assert phone.get(f"/t/{tournament_id}/tables/2").status_code == 403
    assert phone.get(f"/t/nosuch/tables/1/{token}").status_code == 404
