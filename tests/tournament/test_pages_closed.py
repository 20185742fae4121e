"""Closed draws, corrections and the finished tournament on the pages (no JavaScript).

A closed draw's pad says what happened and refuses its phone's taps in words; the organiser
corrects any table from the organiser's page, and the correction shows everywhere; a
finished tournament offers none of its steps; names are unique; a withdrawal asks first
and can be taken back; an old table card of a draw drawn anew says so.
"""

import re

import pytest

from bauerblock import store
from bauerblock.store import tournaments
from bauerblock.web.refusals.statuses import status_of_code
from tests.pages import csrf, field
from tests.tournament.test_pages_tournament import HX, draw, play_round, post

CLOSED = "Auslosung 1 ist abgeschlossen – Korrekturen macht die Turnierleitung."


def sheet_token(app, organiser_token, tournament_id, sheet_id):
    """Return a table sheet's edit token (its table's card), from the organiser's token."""
    with app.app_context():
        tokens = tournaments.sheet_tokens(
            store.get_db(), tournament_id, organiser_token(tournament_id)
        )
    return tokens[sheet_id]


def table_pad(app, organiser_token, tournament_id, sheet_id):
    """Open a table's sheet by its own edit link (not the table's card, which the phone
    would follow to the next draw); return the phone and page."""
    phone = app.test_client()
    token = sheet_token(app, organiser_token, tournament_id, sheet_id)
    page = phone.get(f"/s/{sheet_id}/edit/{token}", follow_redirects=True)
    return phone, page


def play_out(app, table):
    for team in ("A", "B", "A"):
        play_round(app, table["sheet"]["id"], team)


def test_an_old_table_phone_after_the_next_draw_is_told_and_refused(
    app, client, new_tournament, state, organiser_token
):
    tournament_id = new_tournament(rounds_per_draw="3", draws="3")
    draw(client, tournament_id)
    first = state(tournament_id)["draws"][0]["tables"]
    phone, before = table_pad(app, organiser_token, tournament_id, first[0]["sheet"]["id"])
    for table in first:
        play_out(app, table)
    draw(client, tournament_id)
    pad = phone.get(f"/s/{first[0]['sheet']['id']}/edit").text
    done = pad[pad.index('class="table-done"') :]
    assert "Auslosung 1 ist abgeschlossen" in done
    assert "die Karte dieses Tisches öffnet seinen nächsten Block" in done
    assert f'href="/t/{tournament_id}"' in done
    # No undo, no game to open for amending.
    # (the undo bar: its word is among the outbox's words for pad.js on every page)
    assert 'class="banner ok undo"' not in pad and "/games/1" not in pad
    form = {
        "csrf_token": field(before.text, "csrf_token"),
        "version": field(before.text, "version"),
        "key": "late-tap-0001",
        "result": "A:frei",
    }
    for path in ("games", "games/3", "games/3/delete"):
        refused = phone.post(f"/s/{first[0]['sheet']['id']}/{path}", data=form, headers=HX)
        assert refused.status_code == 409, path
        assert CLOSED in refused.text and refused.headers["X-Refusal"] == "final"
        assert "inzwischen eingetragen" not in refused.text
    assert phone.get(f"/s/{first[0]['sheet']['id']}/games/3").status_code == 409


def test_a_tap_just_after_the_end_of_the_draw_is_refused_as_closed(
    app, client, new_tournament, state, organiser_token
):
    tournament_id = new_tournament()
    draw(client, tournament_id)
    table = state(tournament_id)["draws"][0]["tables"][0]
    phone, page = table_pad(app, organiser_token, tournament_id, table["sheet"]["id"])
    post(client, f"/t/{tournament_id}/draws/1/end")
    form = {
        "csrf_token": field(page.text, "csrf_token"),
        "version": field(page.text, "version"),
        "key": "tap-after-end-01",
        "result": "A:frei",
    }
    refused = phone.post(f"/s/{table['sheet']['id']}/games", data=form, headers=HX)
    assert refused.status_code == 409 and CLOSED in refused.text
    assert "inzwischen eingetragen" not in refused.text
    assert "Auslosung beendet" in refused.text


def test_the_organiser_corrects_a_closed_table_and_everyone_sees_it(
    app, client, new_tournament, state
):
    tournament_id = new_tournament(draws="3")
    draw(client, tournament_id)
    first = state(tournament_id)["draws"][0]["tables"]
    for table in first:
        play_out(app, table)
    draw(client, tournament_id)
    organiser = client.get(f"/t/{tournament_id}/organiser").text
    sheet_id = first[0]["sheet"]["id"]
    earlier = organiser[organiser.index('id="earlier"') :]
    assert f'href="/s/{sheet_id}/edit">Korrigieren' in earlier
    # The organiser's session corrects the closed table from its pad, without its token.
    pad = client.get(f"/s/{sheet_id}/edit").text
    assert "Korrektur der Turnierleitung" in pad and "Link zum Eintragen" not in pad
    assert "Auslosung 1 ist abgeschlossen" in pad and not re.search(r"\w+ gibt ·", pad)
    opened = client.get(f"/s/{sheet_id}/games/3")
    assert opened.status_code == 200 and "Spiel 3 löschen" in opened.text
    before = {line["player"]: line["points"] for line in state(tournament_id)["standings"]}
    # (What it would do is said first: confirmed.)
    deleted = post(
        client, f"/s/{sheet_id}/games/3/delete", version=field(pad, "version"), reopen="1"
    )
    assert deleted.status_code == 303
    after = {line["player"]: line["points"] for line in state(tournament_id)["standings"]}
    assert sum(after.values()) == sum(before.values()) - 2
    [correction] = state(tournament_id)["corrections"]
    assert (correction["draw"], correction["table"], correction["action"]) == (1, 1, "delete")
    organiser = client.get(f"/t/{tournament_id}/organiser").text
    listed = organiser[organiser.index('aria-labelledby="corrections-h"') :]
    assert "Auslosung 1 · Tisch 1 · Spiel 3" in listed and "gelöscht" in listed
    assert "korrigiert" in organiser[organiser.index('id="earlier"') :]
    results = client.get(f"/t/{tournament_id}/results").text
    assert "korrigiert" in results and results.count('class="num corrected-cell"') == 4


def test_a_finished_table_of_the_current_draw_shows_its_result_and_what_comes_next(
    app, client, new_tournament, state, organiser_token
):
    tournament_id = new_tournament()
    draw(client, tournament_id)
    table = state(tournament_id)["draws"][0]["tables"][0]
    phone, _ = table_pad(app, organiser_token, tournament_id, table["sheet"]["id"])
    play_out(app, table)
    pad = phone.get(f"/s/{table['sheet']['id']}/edit").text
    done = pad[pad.index('class="table-done"') :]
    assert "Tisch fertig" in done and "Warten auf die nächste Auslosung" in done
    assert re.search(r"Team A \([^)]*\): 2 gewonnen", done)
    assert not re.search(r"\w+ gibt ·", pad) and 'class="banner ok undo"' not in pad


def test_the_finished_tournament_offers_none_of_its_steps(app, client, new_tournament, state):
    tournament_id = new_tournament(draws="1")
    draw(client, tournament_id)
    for table in state(tournament_id)["draws"][0]["tables"]:
        play_out(app, table)
    assert state(tournament_id)["finished"]
    page = client.get(f"/t/{tournament_id}/organiser").text
    assert "Das Turnier ist zu Ende." in page
    for offered in ('id="draw-next"', 'id="redo"', 'id="end-draw"', 'name="names"', "Abmelden"):
        assert offered not in page, offered
    refused = post(client, f"/t/{tournament_id}/players", names="Zu Spät")
    assert refused.status_code == 409 and "Das Turnier ist zu Ende (Endstand)" in refused.text
    assert post(client, f"/t/{tournament_id}/players/1/withdraw").status_code == 409
    assert post(client, f"/t/{tournament_id}/draws").status_code == 409
    assert len(state(tournament_id)["players"]) == 8


def test_duplicate_names_are_marked_by_line_and_the_list_kept(client, new_tournament, state):
    tournament_id = new_tournament()
    typed = "Erna  Klein\nhans\nOtto Neu\nerna klein"
    page = post(client, f"/t/{tournament_id}/players", names=typed)
    # A name on the roster already is the state's refusal, as addTournamentPlayer's.
    assert page.status_code == 409
    assert "Zeile 2: „hans“ ist schon angemeldet (Nr. 1)" in page.text
    assert "Zeile 4: „erna klein“ steht schon in Zeile 1" in page.text
    assert f">{typed}</textarea>" in page.text
    assert len(state(tournament_id)["players"]) == 8


@pytest.mark.parametrize(
    ("typed", "status", "code"),
    [("Hans", 409, "duplicate_name"), ("Zacharias\nQuirin\nzacharias", 422, "player_name_twice")],
)
def test_a_duplicate_has_the_apis_status_on_the_page(
    client, new_tournament, state, organiser_token, typed, status, code
):
    tournament_id = new_tournament()
    page = post(client, f"/t/{tournament_id}/players", names=typed)
    assert page.status_code == status == status_of_code(code)
    assert len(state(tournament_id)["players"]) == 8
    if code == "duplicate_name":  # the API refuses the same name with the same status
        answer = client.post(
            f"/api/v1/tournaments/{tournament_id}/players",
            json={"name": "hans"},
            headers={"Authorization": f"Bearer {organiser_token(tournament_id)}"},
        )
        assert (answer.status_code, answer.json["reason"]) == (status, code)


def test_a_withdrawal_asks_first_and_is_taken_back(client, new_tournament, state):
    tournament_id = new_tournament()
    page = client.get(f"/t/{tournament_id}/organiser").text
    assert f'href="/t/{tournament_id}/players/3/withdraw"' in page
    ask = client.get(f"/t/{tournament_id}/players/3/withdraw")
    assert ask.status_code == 200 and "Karl abmelden?" in ask.text
    assert state(tournament_id)["players"][2]["active"] is True
    assert post(client, f"/t/{tournament_id}/players/3/withdraw").status_code == 303
    page = client.get(f"/t/{tournament_id}/organiser").text
    assert "Karl ist abgemeldet." in page and "Wieder aufnehmen" in page
    assert post(client, f"/t/{tournament_id}/players/3/reinstate").status_code == 303
    assert state(tournament_id)["players"][2]["active"] is True
    assert "Karl spielt wieder mit." in client.get(f"/t/{tournament_id}/organiser").text


def test_an_old_card_of_a_draw_drawn_anew_says_so(
    app, client, new_tournament, state, organiser_token
):
    tournament_id = new_tournament()
    draw(client, tournament_id)
    table = state(tournament_id)["draws"][0]["tables"][0]
    token = sheet_token(app, organiser_token, tournament_id, table["sheet"]["id"])
    ask = client.get(f"/t/{tournament_id}/draws/1/redo")
    assert ask.status_code == 200 and "neu auslosen?" in ask.text
    # The cards are the evening's: the confirm page does not send anyone to reprint them.
    assert "Die ausgedruckten Tischkarten gelten weiter" in ask.text
    assert "gelten dann nicht mehr" not in ask.text
    english = client.get(f"/t/{tournament_id}/draws/1/redo", headers={"Accept-Language": "en"})
    assert "The printed table cards stay valid" in english.text
    assert post(client, f"/t/{tournament_id}/draws/1/redo").status_code == 303
    card = app.test_client().get(f"/s/{table['sheet']['id']}/edit/{token}")
    assert card.status_code == 410 and card.headers["X-Refusal"] == "final"
    assert "Neu gelost – die Tischkarte öffnet den neuen Block" in card.text
    assert 'id="follow"' not in card.text  # opened by the sheet's link: no table to follow
    assert f'href="/t/{tournament_id}"' in card.text


def test_the_organiser_page_sums_up_and_lists_tables_still_playing_first(
    app, client, new_tournament, state
):
    tournament_id = new_tournament(draws="7")
    draw(client, tournament_id)
    first = state(tournament_id)["draws"][0]["tables"][0]
    play_out(app, first)
    page = client.get(f"/t/{tournament_id}/organiser").text
    assert "1 von 2 Tischen fertig · Auslosung 1 von 7" in page
    assert page.index('id="table-2"') < page.index('id="table-1"')
    # During play the roster is folded away, the main actions sit in the bottom bar.
    assert '<details class="fold" id="players">' in page
    bar = page[page.index('id="main-actions"') :]
    assert 'id="cards"' in bar and 'id="end-draw"' in bar


def test_a_finished_table_asks_before_its_phone_reopens_it(
    app, client, new_tournament, state, organiser_token
):
    tournament_id = new_tournament()
    draw(client, tournament_id)
    table = state(tournament_id)["draws"][0]["tables"][0]
    sheet_id = table["sheet"]["id"]
    phone, _ = table_pad(app, organiser_token, tournament_id, sheet_id)
    play_out(app, table)
    pad = phone.get(f"/s/{sheet_id}/edit").text
    assert 'data-reopens="true"' in pad
    form = {"csrf_token": field(pad, "csrf_token"), "version": field(pad, "version")}
    asked = phone.post(f"/s/{sheet_id}/games/3/delete", data=form)
    assert asked.status_code == 409 and "Tisch wieder öffnen?" in asked.text
    assert state(tournament_id)["draws"][0]["tables"][0]["finished"] is True
    again = asked.text[asked.text.index('id="reopen"') :]
    assert f'action="/s/{sheet_id}/games/3/delete"' in again and 'value="1"' in again
    done = phone.post(f"/s/{sheet_id}/games/3/delete", data={**form, "reopen": "1"})
    assert done.status_code == 303
    assert state(tournament_id)["draws"][0]["tables"][0]["finished"] is False
    assert state(tournament_id)["corrections"] == []


def test_the_new_form_marks_names_pasted_twice(client):
    typed = "Hans\nGrete\nKarl\nhans "
    data = {"csrf_token": csrf(client), "title": "Preisbauer", "preset": "lautern"}
    page = client.post("/t", data={**data, "players": typed})
    assert page.status_code == 422
    assert "Zeile 4: „hans“ steht schon in Zeile 1" in page.text
    assert "Doppelte Namen: niemand wurde angemeldet." in page.text
    assert f">{typed}</textarea>" in page.text
