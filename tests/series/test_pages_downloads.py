"""The series' downloads from its pages: the Rangliste and a player's results as CSV for
people (German: ";", a byte-order mark, German words; English when the page is English)
and PDF, the series as JSON; the player cards 8 to an A4 page whose QR codes open each
player's page (decoded from the printed page); the board answers a poll 304 while
nothing changed."""

import csv
import io
import json

import pypdfium2
import zxingcpp
from pypdf import PdfReader

from tests.series.through_pages import (
    NAMES,
    ONE_DRAW,
    add_players,
    make_tournament,
    new_series,
    play,
    tournament_ids,
)

BOM = "\ufeff".encode()


def season(app, client, players=NAMES):
    series_id = new_series(client, season="2027")
    add_players(client, series_id, players)
    lines = [str(n) for n in range(1, 9)]
    assert (
        make_tournament(client, series_id, title="PB 1", lines=lines, **ONE_DRAW).status_code == 303
    )
    play(app, client, tournament_ids(client, series_id)[0])
    return series_id


def rows_of(body: bytes, separator: str) -> list[list[str]]:
    assert body.startswith(BOM)
    return list(csv.reader(io.StringIO(body[len(BOM) :].decode()), delimiter=separator))


def test_the_csvs_are_for_people_in_the_pages_language(app, client):
    series_id = season(app, client)
    german = client.get(f"/r/{series_id}/rangliste.csv")
    assert german.mimetype == "text/csv"
    rows = rows_of(german.data, ";")
    assert rows[0] == ["Platz", "Nr.", "Name", "Punkte", "Turniere", "Turniersiege", "Gesamt"]
    assert len(rows) == 9 and rows[1][0] == "1." and rows[1][3] == "8"
    results = rows_of(client.get(f"/r/{series_id}/players/1/results.csv").data, ";")
    assert results[0] == ["Turnier", "Platz", "Punkte", "gewertet"]
    assert results[1][0] == "PB 1" and results[1][3] == "ja"
    english = app.test_client()
    english.set_cookie("lang", "en")
    rows = rows_of(english.get(f"/r/{series_id}/rangliste.csv").data, ",")
    assert rows[0] == ["Place", "No.", "Name", "Points", "Tournaments", "Wins", "Total"]
    results = rows_of(english.get(f"/r/{series_id}/players/1/results.csv").data, ",")
    assert results[0][0] == "Tournament" and results[1][3] == "yes"


def test_the_pdfs_and_the_json_list_the_season(app, client):
    series_id = season(app, client)
    pdf = PdfReader(io.BytesIO(client.get(f"/r/{series_id}/rangliste.pdf").data))
    words = " ".join(page.extract_text() for page in pdf.pages)
    assert "Westpfälzer Bauerchen-Cup 2027" in words and "Hans" in words and "Platz" in words
    mine = PdfReader(io.BytesIO(client.get(f"/r/{series_id}/players/2/results.pdf").data))
    assert "PB 1" in mine.pages[0].extract_text()
    answer = client.get(f"/r/{series_id}/series.json")
    data = json.loads(answer.data)
    assert answer.mimetype == "application/json"
    assert data["name"] == "Westpfälzer Bauerchen-Cup 2027" and len(data["players"]) == 8
    assert {line["number"] for line in data["ranking"]} == set(range(1, 9))
    assert data["tournaments"][0]["finished"] is True


def cards_of(client, series_id: str) -> list[list[str]]:
    """Return the QR codes of each printed page of the cards, decoded, in reading order."""
    answer = client.get(f"/r/{series_id}/cards.pdf")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    pages = []
    for page in pypdfium2.PdfDocument(answer.data):
        image = page.render(scale=3).to_pil()
        found = zxingcpp.read_barcodes(image)
        ordered = sorted(found, key=lambda b: (b.position.top_left.y // 100, b.position.top_left.x))
        pages.append([b.text for b in ordered])
    return pages


def test_player_cards_print_8_to_an_a4_and_their_qr_codes_open_the_players_pages(app, client):
    names = [f"{name} {n}" for n in range(2) for name in NAMES][:11]
    series_id = new_series(client)
    add_players(client, series_id, names)
    pages = cards_of(client, series_id)
    base = f"http://localhost/r/{series_id}/players/"
    assert pages == [[base + str(n) for n in range(1, 9)], [base + str(n) for n in range(9, 12)]]
    reader = PdfReader(io.BytesIO(client.get(f"/r/{series_id}/cards.pdf").data))
    # A4: 210 × 297 mm, in points.
    assert all(
        (round(float(p.mediabox.width)), round(float(p.mediabox.height))) == (595, 842)
        for p in reader.pages
    )
    # Each card bears the player's own link, to ask to be forgotten.
    printed = reader.pages[0].extract_text()
    assert f"/r/{series_id}/players/1/forget/" in printed.replace("\n", "")
    # Its line break is a break, not a character's name printed ("U+000A").
    assert "Vergessen werden:\nhttp" in printed and "U+" not in printed
    # Only the organiser prints them: the links are the players' own.
    assert app.test_client().get(f"/r/{series_id}/cards.pdf").status_code == 403


def test_the_board_answers_a_poll_304_until_the_series_moves(app, client):
    series_id = new_series(client)
    board = client.get(f"/r/{series_id}/board")
    etag = board.headers["ETag"]
    poll = {"HX-Request": "true", "If-None-Match": etag}
    assert client.get(f"/r/{series_id}/board", headers=poll).status_code == 304
    add_players(client, series_id, ["Hans"])
    moved = client.get(f"/r/{series_id}/board", headers=poll)
    assert moved.status_code == 200 and moved.headers["ETag"] != etag
    assert 'id="rboard"' in moved.text and "<html" not in moved.text
