"""The pages' exports are for people: the CSV in the page's language with the separator its
spreadsheets expect, words instead of codes, the Kart'ab player named; the PDF names the
preset, never cuts a game's words, and writes dates as the language does. The API's CSV
keeps its contract (codes, commas)."""

import csv
import html
import io
import re
from datetime import date

import pypdf
import pytest
from babel.dates import format_date

from bauerblock.web.responses import BOM

API = "/api/v1"
PLAYERS = ["Hans", "Grete", "Karl", "Lise"]
GAMES = [
    {"result": {"winner": "B", "band": "schneider"}},
    # Every modifier at once: the game's words are longer than the pad's column.
    {
        "card_points": {"B": 100},
        "melds": [{"team": "A", "kind": "20"}, {"team": "B", "kind": "40"}],
        "spritz": 2,
    },
    {"solo": {"team": "A", "won": True, "player": 2}},
    {"result": {"winner": "A", "band": "schwarz"}},
]


def sheet_with_games(client, game="bauerchen", players=PLAYERS, games=GAMES, rules=None):
    body = {"game": game, "players": players, **({"rules": rules} if rules else {})}
    sheet = client.post(f"{API}/sheets", json=body).json
    headers = {"Authorization": f"Bearer {sheet['edit_token']}"}
    for entry in games:
        answer = client.post(f"{API}/sheets/{sheet['id']}/games", json=entry, headers=headers)
        assert answer.status_code == 201, answer.json
    return sheet["id"]


def page_csv(client, sheet_id, language):
    client.set_cookie("lang", language)
    response = client.get(f"/s/{sheet_id}/export.csv")
    assert response.status_code == 200
    assert response.data.startswith(BOM)
    return response.data.decode("utf-8-sig")


def test_the_german_csv_splits_at_semicolons_into_german_words(client):
    sheet_id = sheet_with_games(client)
    text = page_csv(client, sheet_id, "de")
    header, *rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert header == [
        "Nr.",
        "Geber",
        "Heim",
        "Spiel",
        "Punkte A",
        "Punkte B",
        "Stand A",
        "Stand B",
        "Ereignisse",
    ]
    assert len(rows) == len(GAMES)
    first, cards, solo, schwarz = (dict(zip(header, row, strict=True)) for row in rows)
    assert first["Spiel"] == "B Schneider"
    # Numbers stay numbers (a 0 the paper pad leaves blank too).
    assert (first["Punkte A"], first["Punkte B"], first["Stand B"]) == ("0", "2", "2")
    assert cards["Spiel"] == "B 100 Augen, A 20er, B 40er, ×4"
    assert cards["Ereignisse"] == "Runde 1 an Team B (1:16) – Knoddel für A"
    assert solo["Spiel"] == "Kart'ab A gewonnen, Karl"
    assert solo["Ereignisse"] == "Runde 2 an Team A (12:0) – Knoddel für B"
    assert (schwarz["Spiel"], schwarz["Ereignisse"]) == ("A schwarz", "")
    # Not the API's codes.
    assert "round_won" not in text and "schneider" not in text


def test_the_english_csv_splits_at_commas(client):
    sheet_id = sheet_with_games(client)
    text = page_csv(client, sheet_id, "en")
    header, *rows = list(csv.reader(io.StringIO(text)))
    assert header[:4] == ["No.", "Dealer", "Home", "Game"]
    assert header[-1] == "Events"
    assert rows[2][3] == "Kart'ab A won, Karl"
    assert rows[2][-1] == "Round 2 to team A (12:0) – Knoddel for B"


def test_the_german_csv_writes_euros_with_a_decimal_comma(client):
    deals = [
        {"declarer": 0, "contract": "brand", "trump": "herz", "tricks": 7},
        {"declarer": 1, "contract": "bettel", "won": False},
    ]
    rules = {"preset": "hard", "tariff": 10}
    sheet_id = sheet_with_games(client, "bolachen", PLAYERS[:3], deals, rules)
    header, *rows = list(csv.reader(io.StringIO(page_csv(client, sheet_id, "de")), delimiter=";"))
    assert header[:5] == ["Nr.", "Geber", "Spieler", "Spiel", "Stiche"]
    assert "Spiel (€) Hans" in header
    assert rows[0][3] == "Brand Herz, 7 Stiche, gewonnen"
    assert re.fullmatch(r"-?\d+,\d\d", rows[1][header.index("Stand (€) Grete")])
    english = list(csv.reader(io.StringIO(page_csv(client, sheet_id, "en"))))
    assert re.fullmatch(r"-?\d+\.\d\d", english[2][english[0].index("Score (€) Grete")])


def test_the_api_csv_keeps_its_contract(client):
    sheet_id = sheet_with_games(client)
    client.set_cookie("lang", "de")
    response = client.get(f"{API}/sheets/{sheet_id}/export?format=csv")
    header, *rows = list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))
    assert header[:3] == ["number", "round", "dealer"]
    assert rows[0][header.index("result")] == "B schneider"


def pdf_text(data):
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


def test_the_pdf_names_the_preset_the_spritz_and_the_kartab_player(client):
    sheet_id = sheet_with_games(client)
    client.set_cookie("lang", "de")
    text = pdf_text(client.get(f"/s/{sheet_id}/export.pdf").data)
    assert "Regeln: Lautern: 130 Augen" in text
    assert "lautern" not in text
    # The long game in the pad's words: the Spritz is kept, nothing is cut.
    assert "×4" in text
    assert not re.search(r"\w\.\s*$", text.split("×4")[0].splitlines()[-1])
    assert "Kart'ab A gewonnen, Karl" in text
    assert format_date(date.today(), "medium", locale="de") in text


def test_the_english_pdf_is_english_with_an_english_date(client):
    sheet_id = sheet_with_games(client)
    client.set_cookie("lang", "en")
    text = pdf_text(client.get(f"/s/{sheet_id}/export.pdf").data)
    assert "Rules: Lautern" in text
    assert "Kart'ab A won, Karl" in text
    assert format_date(date.today(), "medium", locale="en") in text
    assert "Statistik" not in text and "Seite" not in text


def test_the_bolachen_pdf_names_its_preset(client):
    deals = [{"declarer": 0, "contract": "brand", "trump": "herz", "tricks": 7}]
    rules = {"preset": "hard", "tariff": 10}
    sheet_id = sheet_with_games(client, "bolachen", PLAYERS[:3], deals, rules)
    client.set_cookie("lang", "de")
    text = pdf_text(client.get(f"/s/{sheet_id}/export.pdf").data)
    assert "Regeln: Hart (um Geld); 0,10 € je Einheit" in text
    assert "hard" not in text


def test_the_english_csv_and_pad_name_melds_in_english(client):
    sheet_id = sheet_with_games(client)
    rows = list(csv.reader(io.StringIO(page_csv(client, sheet_id, "en"))))
    assert rows[2][3] == "B 100 card points, A 20, B 40, ×4"
    printed = client.get(f"/s/{sheet_id}/print").text
    assert "A 20, B 40" in printed and "20er" not in printed


BOLACHEN_DEALS = [
    {"declarer": 0, "contract": "brand", "trump": "herz", "tricks": 5},
    {"declarer": 1, "contract": "bettel", "won": False},
    {"declarer": 2, "contract": "mord", "tricks": 10},
]


def shown_games(page):
    """Return the words of each game's row as the pad shows them (what a sighted reader
    reads: not what is said to screen readers alone, nor the hint beside them)."""
    cells = re.findall(r'<td class="what">(.*?)</td>', page, re.S)
    unseen = r'<span class="(?:visually-hidden|hint)">.*?</span>'
    return [html.unescape(re.sub(r"<[^>]+>", "", re.sub(unseen, "", c))).strip() for c in cells]


@pytest.mark.parametrize(
    ("game", "players", "games"),
    [("bolachen", PLAYERS[:3], BOLACHEN_DEALS), ("bauerchen", PLAYERS, GAMES)],
)
@pytest.mark.parametrize(("language", "delimiter"), [("de", ";"), ("en", ",")])
def test_a_game_reads_the_same_on_the_pad_and_in_the_exports(
    client, game, players, games, language, delimiter
):
    # The PDF's pad writes the people's CSV's words (their columns are one).
    sheet_id = sheet_with_games(client, game, players, games)
    text = page_csv(client, sheet_id, language)
    header, *rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    assert header[3] in ("Spiel", "Game")
    assert shown_games(client.get(f"/s/{sheet_id}/print").text) == [row[3] for row in rows]


@pytest.mark.parametrize(("language", "delimiter"), [("de", ";"), ("en", ",")])
def test_the_limit_reads_the_same_on_the_pad_and_in_the_exports(client, language, delimiter):
    deals = [{"declarer": 0, "contract": "brand", "trump": "herz", "won": True}] * 3
    sheet_id = sheet_with_games(client, "bolachen", PLAYERS[:3], deals, {"limit": 5})
    text = page_csv(client, sheet_id, language)
    *_, last = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    page = client.get(f"/s/{sheet_id}/print").text
    line = re.search(r'<tr class="round-end limit">\s*<td[^>]*>(.*?)</td>', page, re.S)[1]
    assert html.unescape(line) == last[-1]
    assert last[-1].startswith(("Limit 5 erreicht: Hans (6)", "Limit 5 reached: Hans (6)"))


@pytest.mark.parametrize(
    ("game", "games"),
    [("bauerchen", GAMES), ("bauerschspiel", [{"winner": w} for w in "BBBBBAAAAAA"])],
)
@pytest.mark.parametrize(("language", "delimiter"), [("de", ";"), ("en", ",")])
def test_a_round_closes_in_the_same_words_on_the_pad_and_in_the_exports(
    client, game, games, language, delimiter
):
    # The line under the game that closes a round (a board), the pad's folded line of it and
    # the exports' closing are one wording.
    sheet_id = sheet_with_games(client, game, PLAYERS, games)
    rows = list(csv.reader(io.StringIO(page_csv(client, sheet_id, language)), delimiter=delimiter))
    closings = [row[-1] for row in rows[1:] if row[-1]]
    assert len(closings) == 2
    printed = client.get(f"/s/{sheet_id}/print").text
    lines = re.findall(r'<tr class="round-end">\s*<td[^>]*>(.*?)</td>', printed, re.S)
    assert [html.unescape(line.strip()) for line in lines] == closings
    pad = client.get(f"/s/{sheet_id}").text
    folded = re.findall(r'class="round-line">.*?</span>(.*?)</a>', pad, re.S)
    assert [" ".join(html.unescape(line).split()) for line in folded] == closings
