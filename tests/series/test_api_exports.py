"""The series' exports through the API (exportSeries, exportSeriesPlayer and their formats):
names as the public sees them, the API's CSV of codes, a German PDF, the JSON of the reads,
an ETag of the series' version with 304, and kept files that a forget drops."""

import csv
import io

import pytest
from pypdf import PdfReader

from bauerblock import store
from bauerblock.exports.cache import cache
from tests.series.season import play_all
from tests.series.test_api import add, make_series

NAMES = ["Hans", "Grete", "Karl", "Lise", "Zacharias Quendelmeyer"]


@pytest.fixture
def played(app, client):
    """A series of five players whose one Preisbauer is played to the end; player 2 hidden,
    player 5 forgotten."""
    series_id, auth = make_series(client)
    for n, name in enumerate(NAMES, 1):
        assert add(client, series_id, auth, name, f"add-{n:04d}").status_code == 201
    made = client.post(
        f"/api/v1/series/{series_id}/tournaments",
        json={"title": "Erfenbach", "players": [1, 2, 3, 4, 5], "format": {"draws": 2}},
        headers={**auth, "Idempotency-Key": "make-0001"},
    ).json
    with app.app_context():
        play_all(store.get_db(), made["id"], made["edit_token"])
    at = f"/api/v1/series/{series_id}"
    hid = client.patch(f"{at}/players/2", json={"hidden": True}, headers=auth)
    assert hid.status_code == 200
    assert client.delete(f"{at}/players/5", headers=auth).status_code == 204
    return at, auth


def rows(answer) -> list[list[str]]:
    return list(csv.reader(io.StringIO(answer.data.decode("utf-8-sig"))))


def pdf_text(answer) -> str:
    reader = PdfReader(io.BytesIO(answer.data))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def test_the_rangliste_exports_as_the_public_sees_it(client, played):
    at, _auth = played
    public = client.get(at).json
    answer = client.get(f"{at}/export?format=csv")
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    assert answer.headers["Content-Disposition"].startswith("attachment")
    table = rows(answer)
    assert table[0] == [
        "place",
        "number",
        "name",
        "points",
        "tournaments",
        "wins",
        "seconds",
        "total",
    ]
    lines = public["ranking"] + public["unranked"]
    assert [[int(row[1]), row[2], int(row[3])] for row in table[1:]] == [
        [line["number"], line["name"], line["points"]] for line in lines
    ]
    assert [row[0] for row in table[1:]] == [
        "" if line["place"] is None else str(line["place"]) for line in lines
    ]
    names = {row[1]: row[2] for row in table[1:]}
    assert names["2"] == "Spieler 2" and names["5"] == "Spieler 5" and names["1"] == "Hans"
    assert "Grete" not in answer.data.decode() and "Quendelmeyer" not in answer.data.decode()
    # The JSON is getSeries' public answer; Accept chooses as ?format= does.
    by_accept = client.get(f"{at}/export", headers={"Accept": "application/json"})
    assert by_accept.json == public and "Accept" in by_accept.headers["Vary"]
    assert client.get(f"{at}/export/json").json == public
    text = pdf_text(client.get(f"{at}/export/pdf"))
    assert "Platz" in text and "Spieler 2" in text and "Hans" in text
    assert "Grete" not in text and "Quendelmeyer" not in text


def test_a_players_results_export_as_their_read(client, played):
    at, _auth = played
    read = client.get(f"{at}/players/1").json
    assert client.get(f"{at}/players/1/export/json").json == read
    table = rows(client.get(f"{at}/players/1/export?format=csv"))
    assert table[0] == ["tournament", "title", "evening", "place", "points", "counted"]
    (played_in,) = read["tournaments"]
    assert table[1] == [
        played_in["tournament"],
        "Erfenbach",
        str(played_in["evening"]),
        str(played_in["place"]),
        str(played_in["points"]),
        "true",
    ]
    hidden = client.get(f"{at}/players/2/export/pdf")
    assert hidden.mimetype == "application/pdf"
    text = pdf_text(hidden)
    assert "Spieler 2" in text and "Grete" not in text and "Erfenbach" in text
    assert client.get(f"{at}/players/5/export/json").json["name"] == "Spieler 5"


def test_an_export_answers_304_until_the_series_changes(client, played):
    at, auth = played
    first = client.get(f"{at}/export/csv")
    tag = first.headers["ETag"]
    assert client.get(f"{at}/export/csv", headers={"If-None-Match": tag}).status_code == 304
    # Each format and each player's file has its own tag.
    tags = {tag, client.get(f"{at}/export/pdf").headers["ETag"]}
    tags |= {client.get(f"{at}/players/{n}/export/csv").headers["ETag"] for n in (1, 3)}
    assert len(tags) == 4
    assert (
        client.get(f"{at}/players/1/export/csv", headers={"If-None-Match": tag}).status_code == 200
    )
    client.patch(f"{at}/players/2", json={"hidden": False}, headers=auth)
    moved = client.get(f"{at}/export/csv", headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag
    assert "Grete" in moved.data.decode()


def test_unknown_series_and_numbers_are_refused(client, played):
    at, _auth = played
    for path in ("/api/v1/series/nope/export", "/api/v1/series/nope/players/1/export/csv"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json["reason"] == "series_not_found"
    unknown = client.get(f"{at}/players/99/export/pdf")
    assert unknown.status_code == 422 and unknown.json["reason"] == "series_number_unknown"
    assert client.get(f"{at}/export?format=xlsx").status_code == 422


def test_a_forget_drops_the_kept_exports_with_the_name(app, client):
    series_id, auth = make_series(client)
    at = f"/api/v1/series/{series_id}"
    for n, name in enumerate(NAMES, 1):
        add(client, series_id, auth, name, f"add-{n:04d}")
    for path in ("export/csv", "export/json", "export/pdf", "players/5/export/csv"):
        assert client.get(f"{at}/{path}").status_code == 200
    with app.app_context():
        folder = cache().folder
    kept = [p for p in folder.iterdir() if series_id in p.name]
    assert len(kept) == 4 and any(b"Quendelmeyer" in p.read_bytes() for p in kept)
    assert client.delete(f"{at}/players/5", headers=auth).status_code == 204
    assert [p for p in folder.iterdir() if series_id in p.name] == []
    assert "Quendelmeyer" not in client.get(f"{at}/export/csv").data.decode()
