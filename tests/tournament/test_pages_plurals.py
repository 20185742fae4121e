"""One is said in the singular on every page and download of a tournament: "0 von 1 Runde",
"1 Runde", "1 Punkt", "0 von 1 Tisch fertig", "bis zu 1 gewonnenen Runde" (in English "1 round",
"1 point", "up to 1 round won"); and the results PDF names the tables' rules as a sheet's PDF
does ("Lautern: 130 Augen …")."""

import io
import re

from flask_babel import force_locale
from pypdf import PdfReader

from bauerblock.exports.games import preset_in_words
from tests.tournament.conftest import NAMES
from tests.tournament.test_pages_pairs import PAIRS, create, play_draw
from tests.tournament.test_pages_pairs import draw as draw_pairs
from tests.tournament.test_pages_tournament import draw, play_round

ENGLISH = {"Accept-Language": "en"}


def text(html):
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def pdf_text(response):
    assert response.status_code == 200
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)


def test_one_round_a_draw_reads_1_runde(client, new_tournament):
    tournament_id = new_tournament(players=NAMES[:4], rounds_per_draw="1", draws="1")
    draw(client, tournament_id)
    for path in ("organiser", ""):
        page = text(client.get(f"/t/{tournament_id}/{path}".rstrip("/")).text)
        assert "0 von 1 Runde" in page and "1 Runden" not in page, path
        english = text(client.get(f"/t/{tournament_id}/{path}".rstrip("/"), headers=ENGLISH).text)
        assert "0 of 1 round" in english and "1 rounds" not in english, path
    organiser = text(client.get(f"/t/{tournament_id}/organiser").text)
    assert "0 von 1 Tisch fertig" in organiser
    cards = text(client.get(f"/t/{tournament_id}/draws/1/cards").text)
    assert "Auslosung 1 · 1 Runde" in cards and "1 Runden" not in cards
    english = text(client.get(f"/t/{tournament_id}/draws/1/cards", headers=ENGLISH).text)
    assert "· 1 round" in english and "1 rounds" not in english


def test_a_player_with_one_point_reads_1_punkt(app, client, new_tournament, state):
    tournament_id = new_tournament(players=NAMES[:4], rounds_per_draw="1", draws="2")
    draw(client, tournament_id)
    table = state(tournament_id)["draws"][0]["tables"][0]
    play_round(app, table["sheet"]["id"], team="A")
    winner = table["seats"][0]
    page = text(client.get(f"/t/{tournament_id}/players/{winner}").text)
    assert "1 Punkt" in page and "1 Punkte" not in page
    english = text(client.get(f"/t/{tournament_id}/players/{winner}", headers=ENGLISH).text)
    assert "1 point" in english and "1 points" not in english


def test_the_results_pdf_says_one_round_and_names_the_rules(app, client, new_tournament):
    tournament_id = new_tournament(players=NAMES[:4], rounds_per_draw="1", draws="1")
    german = pdf_text(client.get(f"/t/{tournament_id}/results.pdf"))
    assert "1 Runde je Auslosung" in german and "1 Runden" not in german
    assert "0 von 1 Auslosung" in german
    assert "Regeln: Lautern: 130 Augen mit dem letzten Stich" in german
    assert "lautern" not in german
    # The results PDF follows the page's language (exports.cache), as a sheet's PDF does.
    english = pdf_text(client.get(f"/t/{tournament_id}/results.pdf", headers=ENGLISH))
    assert "Rules: Lautern: 130 card points" in english and "1 round per draw" in english
    with app.test_request_context(), force_locale("en"):
        assert preset_in_words("bauerchen", "lautern").startswith("Lautern: 130 card points")
        assert preset_in_words("bauerchen", "unheard") == "unheard"


def test_a_pairs_final_reads_0_von_1_partie(app, client, state):
    made = create(client, pairs=PAIRS[:4], rounds_to_win="1")
    for _ in range(8):
        page = text(draw_pairs(client, made).text)
        if " von 1 Parti" in page:
            break
        play_draw(app, state, made)
    assert "0 von 1 Partie fertig" in page and "1 Partien" not in page
    english = text(client.get(f"/t/{made}/organiser", headers=ENGLISH).text)
    assert "0 of 1 match finished" in english


def test_a_pairs_pad_reads_bis_zu_1_gewonnenen_runde(app, client, state):
    for wins, german, english in (
        ("1", "Runde 1 · bis zu 1 gewonnenen Runde ", "Round 1 · up to 1 round won"),
        ("2", "Runde 1 · bis zu 2 gewonnenen Runden", "Round 1 · up to 2 rounds won"),
    ):
        made = create(client, pairs=PAIRS[:4], rounds_to_win=wins)
        draw_pairs(client, made)
        pad = f"/s/{state(made)['draws'][0]['tables'][0]['sheet']['id']}"
        assert german in text(client.get(pad).text), wins
        assert english in text(client.get(pad, headers=ENGLISH).text), wins
