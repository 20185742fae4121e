"""Every download is written by web/responses: a CSV starts with UTF-8's byte-order mark (so
spreadsheets read the umlauts), reads back with the csv module, and every file is named in
an ASCII `filename` (and a UTF-8 `filename*` when the name is not ASCII: werkzeug's
send_file writes it)."""

import csv
import io
import re

from werkzeug.http import parse_options_header

from bauerblock.web.responses import BOM, download

API = "/api/v1"
PLAYERS = ["Jürgen", "Grete", "Karl", "Lise"]
SCHWARZ_A = {"result": {"winner": "A", "band": "schwarz"}, "spritz": 2}


def auth(body):
    return {"Authorization": f"Bearer {body['edit_token']}"}


def made(client):
    """Make a sheet with a game, a tournament with a draw, a group with an evening."""
    sheet = client.post(f"{API}/sheets", json={"game": "bauerchen", "players": PLAYERS}).json
    client.post(f"{API}/sheets/{sheet['id']}/games", json=SCHWARZ_A, headers=auth(sheet))
    names = [*PLAYERS, "Öttchen", "Fritz", "Änne", "Udo"]
    tournament = client.post(f"{API}/tournaments", json={"title": "Preisbauer", "players": names})
    tournament = tournament.json
    client.post(f"{API}/tournaments/{tournament['id']}/draws", json={}, headers=auth(tournament))
    group = client.post(f"{API}/groups", json={"name": "Stammtisch", "players": PLAYERS}).json
    evening = client.post(
        f"{API}/groups/{group['id']}/sheets",
        json={"game": "bauerchen", "players": [1, 2, 3, 4]},
        headers=auth(group),
    ).json
    client.post(f"{API}/sheets/{evening['id']}/games", json=SCHWARZ_A, headers=auth(evening))
    return sheet["id"], tournament["id"], group["id"]


def test_every_csv_download_starts_with_the_bom_and_reads_back(client):
    sheet_id, tournament_id, group_id = made(client)
    downloads = {
        "sheet page": f"/s/{sheet_id}/export.csv",
        "sheet API": f"{API}/sheets/{sheet_id}/export?format=csv",
        "tournament page": f"/t/{tournament_id}/results.csv",
        "tournament API": f"{API}/tournaments/{tournament_id}/export?format=csv",
        "Stammtisch evenings": f"/g/{group_id}/evenings.csv",
        "Stammtisch statistics": f"/g/{group_id}/stats.csv",
    }
    for what, path in downloads.items():
        response = client.get(path)
        assert response.status_code == 200, what
        assert response.content_type == "text/csv; charset=utf-8", what
        assert response.data.startswith(BOM) and not response.data[3:].startswith(BOM), what
        rows = list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))
        assert len(rows) >= 2 and all(rows[0]), what
        assert not rows[0][0].startswith("\ufeff"), what
        text = response.data.decode("utf-8-sig")
        assert "Jürgen" in text, what
        disposition = response.headers["Content-Disposition"]
        assert disposition.startswith("attachment; filename=") and ".csv" in disposition, what


def test_json_and_pdf_downloads_carry_no_bom(client):
    sheet_id, tournament_id, group_id = made(client)
    for path in (
        f"/s/{sheet_id}/export.json",
        f"/s/{sheet_id}/export.pdf",
        f"/g/{group_id}/evenings.json",
        f"/t/{tournament_id}/results.pdf",
        f"{API}/sheets/{sheet_id}/export?format=json",
    ):
        response = client.get(path)
        assert response.status_code == 200, path
        assert not response.data.startswith(BOM), path
        assert response.data[:1] in (b"{", b"%"), path


def test_a_name_beyond_ascii_gets_an_ascii_fallback_and_its_utf8_form(app):
    with app.test_request_context():
        header = download(b"x", "csv", "Käse Abend.csv").headers["Content-Disposition"]
    assert header == (
        "attachment; filename=\"Kase Abend.csv\"; filename*=UTF-8''K%C3%A4se%20Abend.csv"
    )
    kind, options = parse_options_header(header)
    assert kind == "attachment" and options["filename"] == "Käse Abend.csv"


def spreadsheet(response, separator):
    """Return a CSV's rows as a spreadsheet of its language opens it: split at `separator`
    (German ones at ";", the comma being their decimal sign), UTF-8 by its byte-order mark."""
    assert response.status_code == 200 and response.data.startswith(BOM)
    return list(csv.reader(io.StringIO(response.data.decode("utf-8-sig")), delimiter=separator))


CODE = "^[a-z]+(_[a-zA-Z0-9]+)*$"
"""A column named as a program would (`score_difference`, `draw_1`), not in words."""


def test_the_pages_results_and_statistics_open_in_columns_in_the_pages_language(client):
    _sheet, tournament_id, group_id = made(client)
    results = f"/t/{tournament_id}/results.csv"
    stats = f"/g/{group_id}/stats.csv"
    german = {"Accept-Language": "de"}
    rows = spreadsheet(client.get(results, headers=german), ";")
    head = rows[0]
    assert head[:3] == ["Platz", "Nr.", "Name"] and "Auslosung 1" in head, head
    assert {"Punkte", "Spielstanddifferenz", "Freilose"} <= set(head), head
    assert not any(re.match(CODE, cell) for cell in head), head
    assert len(rows) == 9 and all(len(row) == len(head) for row in rows), rows
    assert {row[head.index("Name")] for row in rows[1:]} >= {"Jürgen", "Öttchen"}

    rows = spreadsheet(client.get(stats, headers=german), ";")
    head = rows[0]
    assert head[:3] == ["Nr.", "Name", "Abende"], head
    assert {"Bierbilanz (Bauerchen)", "Quote in % (Bauerchen)", "Geld in Euro (Bolachen)"} <= set(
        head
    ), head
    assert not any(re.match(CODE, cell) for cell in head), head
    jurgen = dict(zip(head, next(row for row in rows if row[1] == "Jürgen"), strict=True))
    # Team A won its one game schwarz: a decimal comma, as a German spreadsheet reads it.
    assert jurgen["Quote in % (Bauerchen)"] == "100,00" and jurgen["Bierbilanz (Bauerchen)"] == "0"
    assert jurgen["Geld in Euro (Bolachen)"] == "0,00"

    english = {"Accept-Language": "en"}
    rows = spreadsheet(client.get(results, headers=english), ",")
    assert rows[0][:3] == ["Place", "No.", "Name"] and "Draw 1" in rows[0], rows[0]
    rows = spreadsheet(client.get(stats, headers=english), ",")
    assert "Beer balance (Bauerchen)" in rows[0] and "Money in euros (Bolachen)" in rows[0]
    jurgen = dict(zip(rows[0], next(row for row in rows if row[1] == "Jürgen"), strict=True))
    assert jurgen["Win rate in % (Bauerchen)"] == "100.00"


def test_the_apis_results_csv_keeps_its_contract_of_codes(client):
    _sheet, tournament_id, _group = made(client)
    for language in ("de", "en"):
        answer = client.get(
            f"{API}/tournaments/{tournament_id}/export?format=csv",
            headers={"Accept-Language": language},
        )
        head = spreadsheet(answer, ",")[0]
        assert head[:3] == ["place", "number", "name"] and "score_difference" in head, head
