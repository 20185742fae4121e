"""The copy pass (issue 33, item 6): each wording a person met fixed, in German and English."""

import re

from flask_babel import force_locale
from flask_babel import gettext as _

from bauerblock.web.pages import LANG_COOKIE

API = "/api/v1"
MINUS = "\u2212"
FOUR = ["Hans", "Grete", "Karl", "Lise"]


def text_of(html: str) -> str:
    """Return a page's text with its tags dropped and its spaces folded."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def auth(made):
    return {"Authorization": f"Bearer {made['edit_token']}"}


def english(client):
    client.set_cookie(LANG_COOKIE, "en")


def test_a_tap_is_enough(client, new_sheet):
    sheet_id = new_sheet(players=FOUR)
    assert "(ein Tipp genügt)" in text_of(client.get(f"/s/{sheet_id}/edit").text)
    english(client)
    page = text_of(client.get(f"/s/{sheet_id}/edit").text)
    assert "(one tap is enough)" in page and "one tap records" not in page


def test_rounds_to_win_is_said_in_the_dative(client):
    page = text_of(client.get("/").text)
    assert "Bis zu N gewonnenen Runden" in page and "gewonnene Runden" not in page


def test_131_card_points_are_refused_with_the_most_a_team_can_have(client, new_sheet, tap):
    sheet_id = new_sheet(players=FOUR)
    answer = tap(sheet_id, cp_team="A", cp="131")
    assert answer.status_code == 422
    words = text_of(answer.text)
    assert "Team A kann nicht 131 Augen haben" in words
    # Not "mindestens 8" alone: 131 is too many, and the words say how many is most.
    assert "alle 130 oder mindestens 8 und höchstens 122" in words


def test_a_bauerschspiel_board_is_a_board_in_the_header_and_the_rows(client, new_sheet, tap):
    sheet_id = new_sheet(players=FOUR, game="bauerschspiel", preset="dillkreis")
    assert re.search(r"Brett 1 ?, Spiel 1", text_of(client.get(f"/s/{sheet_id}/edit").text))
    for _game in range(5):
        assert tap(sheet_id, winner="B").status_code == 200
    page = client.get(f"/s/{sheet_id}/edit").text
    assert re.search(r"Brett 2 ?, Spiel 6", text_of(page))
    assert "Runde 2" not in text_of(page)
    # A won Nullchen is counted, not drawn as a "0" that reads as none.
    assert re.search(r'class="nullchen">Nullchen: <strong>1</strong>', page)
    assert re.search(r'class="nullchen">Nullchen: <strong>0</strong>', page)


def test_a_board_of_one_game_says_spiel_not_spiele_n_to_n(client, new_sheet, tap):
    sheet_id = new_sheet(players=FOUR, game="bauerschspiel", preset="dillkreis", strokes="1")
    for _game in range(4):
        assert tap(sheet_id, winner="A").status_code == 200
    page = text_of(client.get(f"/s/{sheet_id}/edit").text)
    assert "Spiel 1:" in page or "Spiel 1 " in page
    assert not re.search(r"Spiele (\d+)–\1\b", page)


def test_the_statistics_table_heads_its_figures(client, new_sheet, tap):
    sheet_id = new_sheet(players=FOUR)
    tap(sheet_id, result="A:frei")
    page = text_of(client.get(f"/s/{sheet_id}/stats").text)
    assert "Kennzahl" in page and "Zahl " not in page.replace("Kennzahl", "")


def test_the_english_words_the_issue_named(app):
    with app.test_request_context(), force_locale("en"):
        assert _("Korrigieren") == "Amend"
        assert _("Los") == "by lot"
        assert _("20er = 1 Punkt, 40er = 2 Punkte") == "a 20 is 1 point, a 40 is 2"
        assert _("Melden") + " (" + _("20er = 1 Punkt, 40er = 2 Punkte") + ")" == (
            "Melds (a 20 is 1 point, a 40 is 2)"
        )


def test_the_results_list_says_final_standings_once(client):
    made = client.post(f"{API}/tournaments", json={"players": ["A", "B", "C", "D"]}).json
    page = text_of(client.get(f"/t/{made['id']}/results").text)
    assert "Stand nach 0 Auslosungen, das Turnier läuft noch" in page
    assert "Stand: " not in page
    english(client)
    page = text_of(client.get(f"/t/{made['id']}/results").text)
    assert "Standing after 0 draws; the tournament goes on" in page
    assert "Score: Final standings" not in page
    client.post(f"{API}/tournaments/{made['id']}/draws", json={}, headers=auth(made))
    client.set_cookie(LANG_COOKIE, "de")
    page = text_of(client.get(f"/t/{made['id']}/results").text)
    assert "Stand nach einer Auslosung" in page and "1 Auslosungen" not in page


def test_corrections_are_pointed_to_in_plain_words(app):
    with app.test_request_context():
        with force_locale("de"):
            assert _("Ein Ergebnis ändert „Korrigieren“ beim Tisch.").startswith("Ein Ergebnis")
        with force_locale("en"):
            assert "“Amend”" in _("Ein Ergebnis ändert „Korrigieren“ beim Tisch.")


def test_the_start_page_lists_this_device_and_the_stammtisch_before_the_new_sheet(
    client, new_sheet
):
    new_sheet(players=FOUR)
    page = client.get("/").text
    recent, form = page.index("Auf diesem Gerät"), page.index('id="new-sheet"')
    assert recent < form
    assert page.index("Stammtisch") < form


def test_a_stammtisch_evening_offers_the_rules_as_the_start_page_does(client):
    made = client.post(
        f"{API}/groups", json={"name": "Linde", "players": ["Hans", "Grete", "Karl", "Lise"]}
    ).json
    # The edit link keeps the right in this session; the page then offers a new evening.
    client.get(f"/g/{made['id']}/edit/{made['edit_token']}")
    page = client.get(f"/g/{made['id']}").text
    assert re.search(r'<div class="option">\s*<input type="radio" id="preset-lautern"', page)
    assert "130 Augen mit dem letzten Stich" in text_of(page)
    assert "Hausregeln" in page and 'name="carry_over"' in page


def test_spiel_is_a_hand_the_kind_of_game_is_the_spielart(client):
    page = client.get("/").text
    assert "<legend>Spielart</legend>" in page and "<legend>Spiel</legend>" not in page


def test_one_round_is_one_runde(client, new_sheet, tap):
    sheet_id = new_sheet(players=FOUR)
    for _game in range(4):
        tap(sheet_id, result="A:schwarz")
    page = text_of(client.get(f"/s/{sheet_id}/stats").text)
    assert "4 Spiele · 1 Runde" in page and "1 Runden" not in page


def test_euros_are_written_as_the_pages_language_writes_them(client, new_sheet, tap):
    three = FOUR[:3]
    sheet_id = new_sheet(players=three, game="bolachen", preset="hard", limit="1,00")
    tap(sheet_id, declarer="0", bid="brand:herz", won="0")
    german = text_of(client.get(f"/s/{sheet_id}/edit").text)
    assert f"{MINUS}0,20 €" in german and "Limit 1,00 €" in german
    english(client)
    for page in (f"/s/{sheet_id}/edit", f"/s/{sheet_id}/stats"):
        words = text_of(client.get(page).text)
        assert f"{MINUS}€0.20" in words or "-€0.20" in words, page
        assert not re.search(r"\d,\d\d €", words), page
    assert "Limit €1.00" in text_of(client.get(f"/s/{sheet_id}/edit").text)
    pad = client.get(f"/s/{sheet_id}/export.csv").data.decode("utf-8-sig")
    assert "-0.20" in pad and "-0,20" not in pad
