"""The organiser's page for one hand, alike in both formats (Flask's test client): the
draw's buttons in the bar at the bottom of the screen, the roster or pair list folded away
once play starts (a <details>, no script needed); and the start page offering both formats."""

import re

import pytest

from bauerblock import store
from bauerblock.services import sheets as service
from tests.pages import csrf

PAIRS = [f"Erste {n} / Zweite {n}" for n in range(1, 9)]
PLAYERS = ["Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Fritz", "Anna"]
FORMS = {
    "preisbauer": {"players": "\n".join(PLAYERS), "draws": "2"},
    "pairs": {"kind": "pairs", "pairs": "\n".join(PAIRS), "rounds_to_win": "1"},
}
GAME = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 4}


def post(client, path, **data):
    return client.post(path, data={"csrf_token": csrf(client), **data})


def create(client, kind: str) -> str:
    data = {"title": "Abend", "preset": "lautern", **FORMS[kind]}
    response = post(client, "/t", **data)
    assert response.status_code == 303, response.text
    return re.fullmatch(r"/t/([^/]+)/organiser", response.headers["Location"])[1]


def bar(page: str) -> str:
    """Return the bar at the bottom of the screen (the main actions)."""
    start = page.index('id="main-actions"')
    return page[start : page.index("</div>", start)]


def folded(page: str, part: str) -> bool:
    """Tell whether a part of the page (a <details>) is folded away."""
    tag = re.search(rf'<details class="[^"]*" id="{part}"[^>]*>', page)
    assert tag, part
    return " open" not in tag[0]


@pytest.mark.parametrize("kind", FORMS)
def test_the_draw_and_end_buttons_sit_in_the_bar_in_both_formats(client, kind):
    tournament_id = create(client, kind)
    before = client.get(f"/t/{tournament_id}/organiser").text
    assert 'id="draw-next"' in bar(before)
    assert not folded(before, "players")
    response = post(client, f"/t/{tournament_id}/draws")
    assert response.status_code == 303
    playing = client.get(response.headers["Location"]).text
    for button in ('id="cards"', 'id="redo"', 'id="end-draw"'):
        assert button in bar(playing), button
    # Once play starts the roster (the pair list) is one tap away, the matches come first.
    assert folded(playing, "players") and folded(playing, "share")
    assert playing.index('id="main-actions"') < playing.index('id="players"')
    # Redrawing asks first, on a page of its own, in either format.
    assert f'href="/t/{tournament_id}/draws/1/redo"' in bar(playing)


def test_the_paarturnier_folds_its_groups_while_a_round_plays(app, client, state):
    tournament_id = create(client, "pairs")
    post(client, f"/t/{tournament_id}/draws")
    playing = client.get(f"/t/{tournament_id}/organiser").text
    assert folded(playing, "group-stage") and folded(playing, "players")
    assert 'id="draw-next"' not in playing
    with app.app_context():
        for table in state(tournament_id)["draws"][0]["tables"]:
            service.record_game(store.get_db(), table["sheet"]["id"], GAME)
    done = client.get(f"/t/{tournament_id}/organiser").text
    # The round is over: the groups unfold, the next draw is in the bar; the pairs stay folded.
    assert not folded(done, "group-stage") and folded(done, "players")
    assert "Gruppenrunde 2" in bar(done)


def test_the_start_page_presents_both_formats_in_german_and_english(client):
    page = client.get("/").text
    card = page[page.index('href="/t/new"') :]
    card = card[: card.index("</a>")]
    assert "Neues Turnier" in card and "Preisbauer" in card and "Paarturnier" in card
    english = client.get("/", headers={"Accept-Language": "en"}).text
    card = english[english.index('href="/t/new"') :]
    card = card[: card.index("</a>")]
    assert "New tournament" in card and "Preisbauer" in card and "pair tournament" in card
    assert "Paarturnier" not in card
