"""The new-sheet forms' option "Bis zu N gewonnenen Runden" (Bauerchen's rounds_to_win)."""

import re

import pytest

from bauerblock import store
from bauerblock.engine.errors import GameError
from bauerblock.games.bauerchen.rules import replay, resolve_rules
from bauerblock.games.bauerchen.rules.sheet import play
from bauerblock.web.refusals import player_message
from tests.pages import PLAYERS, csrf, make_group, start_evening

SELECT = 'name="rounds_to_win"'


def rules_of(app, sheet_id):
    with app.app_context():
        return store.load_sheet(store.get_db(), sheet_id).rules


def start_form(client, **extra):
    data = {"csrf_token": csrf(client), "first_dealer": "0", "preset": "lautern", **extra}
    data.update({f"player{seat}": name for seat, name in enumerate(PLAYERS)})
    return client.post("/s", data=data)


def test_the_start_page_offers_rounds_to_win_for_bauerchen_only(client):
    page = client.get("/").text
    assert SELECT in page and "Bis zu N gewonnenen Runden" in page
    assert re.search(r'<option value="9"\s*>9</option>', page)
    assert SELECT not in client.get("/", query_string={"game": "bolachen"}).text
    english = client.get("/", headers={"Accept-Language": "en"}).text
    assert "Up to N rounds won" in english


def test_a_sheet_started_with_rounds_to_win_keeps_it_and_ends_by_it(app, client):
    response = start_form(client, rounds_to_win="2")
    assert response.status_code == 303, response.text
    sheet_id = response.headers["Location"].split("/")[2]
    assert rules_of(app, sheet_id).rounds_to_win == 2
    without = start_form(client, rounds_to_win="")
    assert rules_of(app, without.headers["Location"].split("/")[2]).rounds_to_win == 0


def test_a_bad_rounds_to_win_is_refused_beside_the_field(client):
    for bad in ("10", "x", "-1"):
        response = start_form(client, rounds_to_win=bad)
        assert response.status_code == 422
        assert 'id="rounds_to_win-error"' in response.text
        assert "Eine Zahl von 1 bis 9." in response.text


def test_a_stammtisch_evening_takes_rounds_to_win(app, client):
    group_id = make_group(client)
    page = client.get(f"/g/{group_id}").text
    assert SELECT in page
    response = start_evening(client, group_id, [1, 2, 3, 4], rounds_to_win="3")
    assert response.status_code == 303, response.text
    sheet_id = response.headers["Location"].split("/")[2]
    assert rules_of(app, sheet_id).rounds_to_win == 3
    refused = start_evening(client, group_id, [1, 2, 3, 4], rounds_to_win="12")
    assert refused.status_code == 422 and 'id="rounds_to_win-error"' in refused.text


def test_the_tournament_form_leaves_rounds_to_win_to_its_format(client):
    assert SELECT not in client.get("/t").text


def test_the_won_table_is_refused_in_the_readers_language(app):
    round_ = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 4}
    state = replay(resolve_rules({"rounds_to_win": 2}), 0, [round_] * 2)
    with pytest.raises(GameError) as caught:
        play(state, round_)
    with app.test_request_context(headers={"Accept-Language": "de"}):
        assert player_message(caught.value).startswith("Spiel 3: Tisch fertig: 2:0 Runden.")
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert player_message(caught.value).startswith("Game 3: Table finished: 2:0 rounds.")
