"""Reads that cost the same at game 1000 as at game 50: the board's contract with the pad's
script, polls answered from the version alone, taps answered with what changed, and earlier
rounds folded into summary lines (every game of the score sheet)."""

import json
import re

import pytest

import store
from tests.scoresheet.helpers import PLAYERS

HX = {"HX-Request": "true"}
THREE = ["Hans", "Grete", "Karl"]
# A game of each kind that never ends a round (or board) on its own.
PLAIN = {
    "bauerchen": {"result": {"winner": "A", "band": "frei"}},
    "bauerschspiel": {"winner": "A"},
    "bolachen": {"declarer": 0, "contract": "brand", "trump": "herz", "won": True},
}


@pytest.fixture(params=["bauerchen", "bauerschspiel", "bolachen"])
def game(request):
    return request.param


@pytest.fixture
def sheet_of(new_sheet):
    """Create a sheet of `game` through the start form; return its id."""

    def make(game: str, **extra) -> str:
        if game == "bauerchen":
            return new_sheet(**extra)
        if game == "bauerschspiel":
            return new_sheet(game=game, preset="dillkreis", **extra)
        return new_sheet(players=THREE, game=game, preset="soft", **extra)

    return make


def board_of(html: str) -> dict[str, str]:
    """Return the data attributes of #board."""
    tag = re.search(r'<div id="board"[^>]*>', html, re.S).group(0)
    pairs = re.findall(r"data-([\w-]+)=(?:\"([^\"]*)\"|'([^']*)')", tag)
    return {name: double or single for name, double, single in pairs}


def test_the_board_carries_the_contract(app, client, sheet_of, game, tap):
    sheet_id = sheet_of(game)
    with app.app_context():
        store.append_game(store.get_db(), sheet_id, PLAIN[game])
        sheet = store.load_head(store.get_db(), sheet_id)
    page = client.get(f"/s/{sheet_id}/edit").text
    data = board_of(page)
    players = THREE if game == "bolachen" else PLAYERS
    assert data == {
        "sheet": sheet_id,
        "game": game,
        "version": str(sheet.version),
        "etag": store.etag(sheet),
        "played": "1",
        "first-dealer": "0",
        "seats": str(len(players)),
        "players": json.dumps(players),
        "finished": "false",
    }
    for element in ('id="standing"', 'id="messages"', 'id="entry"', 'id="entry-form"'):
        assert element in page
    assert re.search(r'<tbody id="games">\s*<tr id="game-1" data-number="1"', page)
