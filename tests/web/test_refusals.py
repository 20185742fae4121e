"""Every refusal is said by its code from one table: German, its English in the catalogue."""

import re
import string

import pytest

from bauerblock.engine.codes import raised
from bauerblock.engine.errors import GameError, Refusal, RuleError
from bauerblock.kinds import kinds
from bauerblock.scoresheet.games import PADS
from bauerblock.series import words as series_words
from bauerblock.web.refusals import (
    ENTRIES,
    GAMES,
    LISTS,
    STEPS,
    WORDS,
    english,
    player_message,
    register,
)
from bauerblock.web.refusals.source import english as english_words
from bauerblock.web.refusals.source import places
from tests.pages import csrf, entry_form

PAGE_CODES = {
    # The pad of a sheet, and of a tournament's table.
    "card_points_impossible",
    "meld_past_target",
    "melds_too_many",
    "meld_after_round_won",
    "solo_alone",
    "solo_in_decider",
    "table_finished",
    "table_won",
    "draw_closed",
    "evening_ended",
    "pairs_stage_running",
    "pairs_winner_needed",
    # The organiser's page of a tournament.
    "draws_done",
    "draw_still_playing",
    "too_few_players",
    "draw_too_few",
    "draw_has_games",
    "redo_not_latest",
    "end_not_latest",
    "too_many_players",
    "player_name_blank",
    "idempotency_conflict",
    # A Stammtisch's roster and its evenings.
    "seat_twice",
    "roster_number_unknown",
    "roster_name_taken",
    "roster_full",
    "roster_name_twice",
    "roster_name_blank",
    "seat_name_blank",
    "group_name_blank",
    # Names and titles on every form.
    "text_too_long",
}
"""The codes of the engine's sheet and tournament paths (and the store's) a page can show."""

TABLES = {
    "STEPS": STEPS,
    "ENTRIES": ENTRIES,
    "LISTS": LISTS,
    **{f"game {game}": words for game, words in GAMES.items()},
    **{f"kind {kind.name}": kind.words for kind in kinds()},
    "series": series_words.WORDS,
}
"""Every table of refusals' words: the framework's, each game's, each kind's and the series'
(the plug-ins' registered by the app)."""
CATALOGUE = sorted(code for table in TABLES.values() for code in table)
BESIDE_THE_WORDS = {
    # A Paarturnier's knock-out matches, named by stage and table (the English words name
    # them as the engine's params do; the German names them anew from these).
    "pairs_stage_running": {"stage": "semifinal", "tables": [1, 2], "third_place_table": 0},
    "pairs_winner_needed": {"stage": "final", "table": 1, "third_place": False},
    # A name twice in a new tournament's list: the params of the roster's refusal of it.
    "player_name_twice": {"name": "Erna Klein", "number": 1},
    # A text's subject (engine.names.SUBJECTS' keys).
    "text_too_long": {"subject": "title"},
    "text_not_text": {"subject": "name"},
}
"""The parameters a refusal carries beyond numbers, by code."""


def sample(code: str) -> Refusal:
    """Return a refusal of `code`, each of its params filled."""
    return Refusal(
        code, **{name: 7 for name in raised()[code].params} | BESIDE_THE_WORDS.get(code, {})
    )


def test_every_code_a_page_can_show_has_words():
    assert PAGE_CODES - set(CATALOGUE) == set()


def test_every_raised_code_has_words_in_one_table_and_no_other():
    assert sorted(set(CATALOGUE)) == CATALOGUE, "a code with words in two tables"
    assert set(CATALOGUE) == set(raised()), "a code without words, or words of no code"
    # Wherever a table stands in the package, registered or not: one place a code.
    assert {code: len(found) for code, found in places().items() if len(found) != 1} == {}


def test_the_app_says_every_code_by_its_one_table(app):
    assert set(WORDS) == set(CATALOGUE)
    for table in TABLES.values():
        assert all(WORDS[code] is words for code, words in table.items())
    with pytest.raises(ValueError, match="two tables"):
        register({"sheet_full": lambda p: "Voll."})


@pytest.mark.parametrize("code", CATALOGUE)
def test_each_code_says_it_in_german_with_its_english_in_the_catalogue(app, code):
    error = sample(code)
    with app.test_request_context(headers={"Accept-Language": "de"}):
        german = player_message(error)
        said = english(error)
        assert english(GameError(1, error)) == f"Game 1: {said}"
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert player_message(error) == said
    for words in (german, said):
        assert words and "%(" not in words and "{" not in words.replace("{team, kind}", "")
    # German words the catalogue has no English for would be said in German here.
    assert said != german
    # The document lists the words the API answers (where its placeholders are params).
    listed = english_words()[code]
    names = {name.split("!")[0] for _, name, _, _ in string.Formatter().parse(listed) if name}
    if names <= set(error.params):
        assert said == listed.format(**error.params)


@pytest.mark.parametrize(
    ("n", "german", "said"),
    [
        (1, "Die 1 geplante Auslosung ist gelost.", "The 1 planned draw has been drawn."),
        (2, "Alle 2 geplanten Auslosungen sind gelost.", "All 2 planned draws have been drawn."),
    ],
)
def test_one_planned_draw_is_said_in_the_singular(app, n, german, said):
    with app.test_request_context(headers={"Accept-Language": "de"}):
        assert player_message(Refusal("draws_done", n=n)) == german
        assert english(Refusal("draws_done", n=n)) == said


def test_a_code_without_words_is_said_as_the_engine_says_it(app):
    error = RuleError("no_such_code", x=3)
    with app.test_request_context(headers={"Accept-Language": "de"}):
        assert player_message(error) == str(error)
        assert player_message(GameError(4, error)) == f"Spiel 4: {error}"


def test_the_melds_refusals_belong_beside_the_melds():
    beside = PADS["bauerchen"].refused_beside
    assert set(raised()) >= set(beside)
    assert beside.get("meld_past_target", "cards") == "melds"
    assert beside.get("solo_alone", "solo") == "melds"
    assert beside.get("card_points_impossible", "cards") == "cards"


def new_sheet(client) -> str:
    data = {"csrf_token": csrf(client), "first_dealer": "0", "preset": "lautern"}
    data.update({f"player{seat}": name for seat, name in enumerate("ABCD")})
    response = client.post("/s", data=data)
    assert response.status_code == 303, response.text
    return re.fullmatch(r"/s/([^/]+)/edit", response.headers["Location"])[1]


def tap(client, sheet_id, **data):
    form = entry_form(client.get(f"/s/{sheet_id}/edit").text)
    return client.post(f"/s/{sheet_id}/games", data={**form, **data})


def test_the_pad_says_impossible_card_points_in_german(client):
    sheet_id = new_sheet(client)
    response = tap(client, sheet_id, cp_team="B", cp="5")
    assert response.status_code == 422
    assert "Spiel 1: Team B kann nicht 5 Augen haben" in response.text
    assert "cannot have taken" not in response.text


def test_the_pad_says_a_meld_past_the_target_in_german(client):
    sheet_id = new_sheet(client)
    # Three Schwarz games bring A to 11 of 12: a 40 would pass the target.
    for _ in range(3):
        assert tap(client, sheet_id, result="A:schwarz").status_code == 303
    response = tap(client, sheet_id, result="A:frei", melds_A="40")
    assert response.status_code == 422
    assert "Spiel 4: Team A käme mit diesem 40er auf 13; die Runde endet bei 12." in response.text


def test_the_stammtisch_says_a_name_of_zero_width_characters_is_no_name(client):
    data = {"csrf_token": csrf(client), "name": "Linde", "players": "Hans\nGrete"}
    group = client.post("/g", data=data).headers["Location"]
    added = client.post(
        f"{group}/players", data={"csrf_token": csrf(client), "new_player": "\u200b\u202e"}
    )
    assert added.status_code == 422
    assert "Gib einen Namen ein." in added.text


def test_the_organiser_page_says_a_draw_still_playing_in_german(client):
    data = {"csrf_token": csrf(client), "title": "Preisbauer", "preset": "lautern"}
    data["players"] = "\n".join(f"Spieler {n}" for n in range(1, 9))
    organiser = client.post("/t", data=data).headers["Location"]
    tournament = organiser.removesuffix("/organiser")
    assert client.post(f"{tournament}/draws", data={"csrf_token": csrf(client)}).status_code == 303
    again = client.post(f"{tournament}/draws", data={"csrf_token": csrf(client)})
    assert again.status_code == 409
    assert "Auslosung 1 läuft noch" in again.text
