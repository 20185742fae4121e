"""The pad asks who played a Kart'ab with one more tap, never required."""

import re

import pytest

from bauerblock import store
from tests.pages import PLAYERS


def entries(app, sheet_id):
    with app.app_context():
        return store.load_sheet(store.get_db(), sheet_id).entries


def test_the_kartab_offers_its_players_and_egal(client, new_sheet):
    sheet_id = new_sheet()
    html = client.get(f"/s/{sheet_id}/edit").text
    assert "Wer hat allein gespielt?" in html
    assert '<input type="radio" id="soloist-any" name="soloist" value="" checked>' in html
    assert '<details class="solo">' in html
    # Team A's players first, then team B's, each named with the team.
    order = [html.index(f'id="soloist{seat}"') for seat in (0, 2, 1, 3)]
    assert order == sorted(order)
    assert f'<label for="soloist2" class="team-a"><bdi>{PLAYERS[2]}</bdi> (A)</label>' in html


def test_one_tap_still_records_the_teams_kartab(app, new_sheet, tap):
    sheet_id = new_sheet()
    assert tap(sheet_id, solo="B:lost").status_code == 200
    assert entries(app, sheet_id) == ({"solo": {"team": "B", "won": False}},)


@pytest.mark.parametrize(("seat", "solo"), [("0", "A:won"), ("2", "A:lost"), ("3", "B:won")])
def test_the_player_tapped_is_recorded(app, client, new_sheet, tap, seat, solo):
    sheet_id = new_sheet()
    assert tap(sheet_id, soloist=seat, solo=solo).status_code == 200
    team, _, outcome = solo.partition(":")
    assert entries(app, sheet_id) == (
        {"solo": {"team": team, "won": outcome == "won", "player": int(seat)}},
    )
    # The pad's line names the player (the Kart'ab closed round 1: open its line).
    html = client.get(f"/s/{sheet_id}/edit?round=1").text
    word = "gewonnen" if outcome == "won" else "verloren"
    assert f"{team} {word}, <bdi>{PLAYERS[int(seat)]}</bdi>" in html


def test_a_player_of_the_other_team_is_refused_beside_the_kartab(app, new_sheet, tap):
    sheet_id = new_sheet()
    response = tap(sheet_id, soloist="1", solo="A:won")
    assert response.status_code == 422
    assert 'id="solo-error"' in response.text
    assert "gehört zu Team B" in response.text
    assert entries(app, sheet_id) == ()


def test_a_seat_that_is_none_is_refused(app, new_sheet, tap):
    sheet_id = new_sheet()
    response = tap(sheet_id, soloist="7", solo="A:won")
    assert response.status_code == 422
    assert entries(app, sheet_id) == ()


def test_the_player_is_ignored_by_other_results(app, new_sheet, tap):
    sheet_id = new_sheet()
    assert tap(sheet_id, soloist="1", result="A:frei").status_code == 200
    assert entries(app, sheet_id) == ({"result": {"winner": "A", "band": "frei"}},)


def test_amending_shows_the_player_chosen(client, new_sheet, tap):
    sheet_id = new_sheet()
    tap(sheet_id, soloist="3", solo="B:won")
    html = client.get(f"/s/{sheet_id}/games/1").text
    # Checked, beside the words its offline row says it in (data-said).
    assert re.search(r'<input type="radio" id="soloist3" name="soloist" value="3" checked ', html)
    assert 'id="soloist-any" name="soloist" value="" >' in html
    assert '<details class="solo" open>' in html


def test_english(client, new_sheet, tap):
    sheet_id = new_sheet()
    client.get("/lang/en")
    response = tap(sheet_id, soloist="1", solo="A:won")
    assert "Who played alone?" in response.text
    assert "belongs to team B" in response.text
    assert ">any<" in response.text
