"""Names with markup, script or spreadsheet formulas are inert everywhere they come out.

Through the API in, and out as JSON (escaped as JSON), the pages (escaped as HTML), the CSV
(formula cells quoted, over both HTTP export routes) and the PDF (text, not markup; no
script, no link).
"""

import csv
import io
import json
import re

import pytest
from pypdf import PdfReader

NAMES = [
    "<script>alert(1)</script>",
    '=HYPERLINK("http://x")',
    "+SUM(1)",
    "@cmd",
    "-2+3",
]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"-?\d+(\.\d+)?")

# Each game with the names in a different order, and games enough for each to deal.
SHEETS = {
    "bauerchen": (NAMES[:4], NAMES[4], [{"result": {"winner": "A", "band": "frei"}}] * 4),
    "bauerschspiel": (NAMES[1:], NAMES[0], [{"winner": "B"}] * 4),
    "bolachen": (
        [NAMES[4], NAMES[0], NAMES[1]],
        NAMES[2],
        [{"declarer": seat, "contract": "bettel", "won": seat != 1} for seat in range(3)],
    ),
}


@pytest.fixture(params=list(SHEETS))
def sheet(request, client):
    """Make a sheet with hostile names through the API and record a few games on it."""
    game = request.param
    players, title, entries = SHEETS[game]
    response = client.post(
        "/api/v1/sheets", json={"game": game, "players": players, "title": title}
    )
    assert response.status_code == 201, response.json
    sheet = response.json
    for entry in entries:
        answer = client.post(
            f"/api/v1/sheets/{sheet['id']}/games",
            json=entry,
            headers={"Authorization": f"Bearer {sheet['edit_token']}"},
        )
        assert answer.status_code == 201, answer.json
    return {**sheet, "names": [*players, title]}


def test_json_carries_the_names_as_strings(client, sheet):
    for url in (
        f"/api/v1/sheets/{sheet['id']}",
        f"/api/v1/sheets/{sheet['id']}/export?format=json",
        f"/s/{sheet['id']}/export.json",
    ):
        response = client.get(url)
        assert response.mimetype == "application/json"
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        raw = response.get_data(as_text=True)
        document = json.loads(raw)
        assert [*document["players"], document["title"]] == sheet["names"]
        # The quotes inside a name are escaped: no name can end its string early.
        assert '"=HYPERLINK(\\"http://x\\")"' in raw


def test_pages_escape_the_names(client, sheet):
    client.get(sheet["links"]["edit"].removeprefix("http://localhost"))  # the edit right
    pages = [
        f"/s/{sheet['id']}",
        f"/s/{sheet['id']}/edit",
        f"/s/{sheet['id']}/print",
        f"/s/{sheet['id']}/stats",
        "/",  # lists this device's sheets by title
    ]
    for url in pages:
        for headers in ({}, {"HX-Request": "true"}):
            html = client.get(url, headers=headers).text
            assert "<script>alert(1)" not in html, url
            assert 'href="http://x"' not in html, url
            assert 'HYPERLINK("' not in html, url
            if url != "/" and not headers:
                assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, url
                assert "=HYPERLINK(&#34;http://x&#34;)" in html, url


def cells(response, delimiter=",") -> list[list[str]]:
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    return list(csv.reader(io.StringIO(response.data.decode("utf-8-sig")), delimiter=delimiter))


@pytest.mark.parametrize("route", ["api", "page"])
def test_csv_quotes_formula_cells(client, sheet, route):
    url = {
        "api": f"/api/v1/sheets/{sheet['id']}/export?format=csv",
        "page": f"/s/{sheet['id']}/export.csv",
    }[route]
    # The page's CSV is German here: its spreadsheets split at ";".
    rows = cells(client.get(url), delimiter=";" if route == "page" else ",")
    values = [value for row in rows for value in row]
    for value in values:
        assert NUMBER.fullmatch(value) or not value.startswith(FORMULA_STARTS), value
    shown = {value.removeprefix("'") for value in values}
    players = [name for name in sheet["names"][:-1] if name in shown]
    assert players, f"no player's name in the CSV: {rows}"
    for name in players:
        if name.startswith(FORMULA_STARTS):
            assert "'" + name in values


@pytest.mark.parametrize("route", ["api", "page"])
def test_pdf_shows_the_names_as_text(client, sheet, route):
    url = {
        "api": f"/api/v1/sheets/{sheet['id']}/export?format=pdf",
        "page": f"/s/{sheet['id']}/export.pdf",
    }[route]
    response = client.get(url)
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    data = response.data
    # No script, link or launch action; opening the file may only show its first page.
    for marker in (b"/JavaScript", b"/JS", b"/AA", b"/URI", b"/Launch", b"/SubmitForm"):
        assert marker not in data, marker
    assert not re.search(rb"/OpenAction\s*<<", data)
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    for name in sheet["names"]:
        assert name in text, name
