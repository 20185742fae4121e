"""Exports of a sheet: CSV read back with csv, JSON, and the PDF read back with pypdf."""

import csv
import io
import json
import re
from dataclasses import replace
from itertools import cycle, islice

import pypdf
import pytest

from bauerblock import exports, store
from bauerblock.exports.sheets import document as sheet_document
from bauerblock.services import sheets as service

# Four games that cycle through every kind of entry and end rounds now and then.
PATTERN = [
    {"result": {"winner": "B", "band": "schneider"}, "spritz": 1},
    {"card_points": {"A": 72}},
    {"card_points": {"B": 100}, "melds": [{"team": "A", "kind": "20"}]},
    {"solo": {"team": "A", "won": True}},
]
PLAYERS = ["Hans", "Grete", "Karl", "Lise"]
BAUERCHEN_HEADER = (
    "number",
    "round",
    "dealer",
    "home",
    "card_points_A",
    "card_points_B",
    "result",
    "solo",
    "melds",
    "spritz",
    "points_A",
    "points_B",
    "score_A",
    "score_B",
    "events",
)


def evening(db, games=36, players=PLAYERS, title="Stammtisch"):
    """Return a stored sheet of `games` games and its replayed state."""
    sheet, _ = store.create_sheet(db, "bauerchen", players=players, title=title)
    for entry in islice(cycle(PATTERN), games):
        service.record_game(db, sheet.id, entry)
    sheet = store.load_sheet(db, sheet.id)
    return sheet, store.replay(sheet)


def read_csv(text):
    return list(csv.reader(io.StringIO(text)))


def pdf_text(data):
    """Return how many pages the pad takes (the statistics follow it) and all the text."""
    texts = [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]
    pad = next(index for index, text in enumerate(texts) if text.startswith("Statistik"))
    return pad, "\n".join(texts)


def test_the_csv_has_a_header_and_a_row_per_game(db):
    sheet, state = evening(db)
    header, *rows = read_csv(exports.to_csv(sheet, state))
    assert tuple(header) == exports.csv_header(sheet) == BAUERCHEN_HEADER
    assert len(rows) == len(state["games"]) == 36
    by_name = [dict(zip(header, row, strict=True)) for row in rows]
    first, solo = by_name[0], by_name[3]
    assert first["number"] == "1"
    assert first["dealer"] == "Hans"
    assert first["home"] == "B"
    assert (first["result"], first["spritz"]) == ("B schneider", "1")
    assert (first["points_A"], first["points_B"]) == ("0", "4")
    assert by_name[1]["card_points_A"] == "72"
    assert by_name[2]["melds"] == "A 20"
    assert solo["solo"] == "A won"
    assert (solo["score_A"], solo["score_B"]) == ("14", "6")
    assert solo["events"] == "round_won A; knoddel B"
    assert "stein A" in by_name[7]["events"]
    for row, game in zip(by_name, state["games"], strict=True):
        assert int(row["round"]) == game["round"]
        assert int(row["score_B"]) == game["score_after"]["B"]


def test_the_csv_defuses_formulas_but_keeps_numbers(db):
    names = ['=HYPERLINK("http://evil.example","Hans")', "+49 631 1234", "-1+1", "@SUM(A1)"]
    sheet, state = evening(db, games=4, players=names)
    _, *rows = read_csv(exports.to_csv(sheet, state))
    assert [row[2] for row in rows] == ["'" + name for name in names]
    for row in rows:
        assert all(cell == "" or cell.isdigit() for cell in (row[0], row[1], *row[10:14]))


def test_a_home_team_named_against_the_deal_is_noted(db):
    sheet, _ = store.create_sheet(db, "bauerchen")
    service.record_game(db, sheet.id, {"home": "A", "card_points": {"A": 72}})
    sheet = store.load_sheet(db, sheet.id)
    _, row = read_csv(exports.to_csv(sheet, store.replay(sheet)))
    assert (row[3], row[-1]) == ("A", "home_changed A")


def test_the_json_export_is_the_api_document(db):
    sheet, state = evening(db, games=5)
    document = exports.to_json(sheet, state)
    # The whole evening: no page follows it.
    assert document == {**sheet_document(sheet, state), "next": None}
    assert json.loads(json.dumps(document)) == document
    assert (document["id"], document["version"]) == (sheet.id, 6)
    assert len(document["games"]) == 5
    assert document["current"] == state["current"]


def test_the_pdf_reads_like_the_paper_pad(db):
    sheet, state = evening(db)
    pages, text = pdf_text(exports.to_pdf(sheet, state))
    assert 1 <= pages <= 2
    assert "Stammtisch" in text
    assert re.search(r"A\s+Hans & Karl", text)
    assert re.search(r"B\s+Grete & Lise", text)
    for finished in state["rounds"]:
        final = finished["final"]
        assert (
            f"Runde {finished['number']} an Team {finished['winner']} ({final['A']}:{final['B']})"
        ) in text
    assert "Knoddel für B, Stein für A" in text
    steins = state["current"]["steins"]
    assert f"Steine: A {steins['A']} · B {steins['B']}" in text


def test_a_long_evening_flows_on_with_the_column_heads_repeated(db):
    sheet, state = evening(db, games=120)
    pages, text = pdf_text(exports.to_pdf(sheet, state))
    assert pages >= 3
    assert text.count("Nr. Geber Heim Spiel") == pages


@pytest.mark.parametrize("fonts", ["dejavu", "core"])
def test_markup_and_foreign_scripts_do_not_break_the_pdf(db, tmp_path, monkeypatch, fonts):
    if fonts == "core":
        monkeypatch.setattr(exports.common, "FONT_DIR", tmp_path / "no-fonts")
    elif not (exports.FONT_DIR / "DejaVuSans.ttf").is_file():
        pytest.skip("fonts-dejavu-core is not installed")
    names = ["<script>alert(1)</script>", "Łukasz Ėglė", "漢字 😀", "Jürgen" * 6]
    sheet, state = evening(db, games=8, players=names, title="Käse & <b>Bier</b>")
    data = exports.to_pdf(sheet, state)
    assert data.startswith(b"%PDF-")
    _, text = pdf_text(data)
    assert "Käse & <b>Bier</b>" in text
    assert "<script>alert(1)</script>" in text
    if fonts == "core":
        # Latin-1 stays, accents the font lacks fall back to their letter, the rest is named.
        assert ":latin capital letter l with stroke:ukasz Egle" in text
        assert ":cjk unified ideograph-6f22::cjk unified ideograph-5b57: :grinning face:" in text
    assert "?" not in text


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Stammtisch", "Stammtisch-2026-11-29.csv"),
        ("Käse/Abend: 1 ", "Kase-Abend-1-2026-11-29.csv"),
        ("Bauerchen 2026-11-29", "Bauerchen-2026-11-29.csv"),
        ("漢字", "Bauerchen-2026-11-29.csv"),
        ("../../etc/passwd", "etc-passwd-2026-11-29.csv"),
        ("x" * 80, "x" * 60 + "-2026-11-29.csv"),
    ],
)
def test_download_names_are_ascii_with_the_date(db, title, expected):
    sheet, _ = store.create_sheet(db, "bauerchen", title=title)
    dated = replace(sheet, created="2026-11-29T20:15:00+00:00")
    assert exports.filename(dated, "csv") == expected


# --- Bauerschspiel and Bolachen ----------------------------------------------------------


def stored(db, game, entries, **settings):
    sheet, _ = store.create_sheet(db, game, **settings)
    for entry in entries:
        service.record_game(db, sheet.id, entry)
    sheet = store.load_sheet(db, sheet.id)
    return sheet, store.replay(sheet)


def by_name(text):
    header, *rows = read_csv(text)
    return header, [dict(zip(header, row, strict=True)) for row in rows]


def test_the_bauerschspiel_csv_shows_the_board(db):
    sheet, state = stored(
        db, "bauerschspiel", [{"winner": w} for w in "AAAAAB"], players=PLAYERS, title="Dill"
    )
    header, rows = by_name(exports.to_csv(sheet, state))
    assert tuple(header) == exports.csv_header(sheet)
    assert header == [
        "number",
        "round",
        "dealer",
        "winner",
        "strokes_A",
        "strokes_B",
        "nullchen",
        "nullchen_A",
        "nullchen_B",
        "events",
    ]
    assert [(r["winner"], r["strokes_A"], r["strokes_B"]) for r in rows] == [
        ("A", "4", "6"),
        ("A", "3", "7"),
        ("A", "2", "8"),
        ("A", "1", "9"),
        ("A", "0", "10"),
        ("B", "6", "4"),
    ]
    assert [r["dealer"] for r in rows] == [*PLAYERS, *PLAYERS[:2]]
    fifth = rows[4]
    assert (fifth["nullchen"], fifth["events"], fifth["nullchen_A"]) == ("A", "nullchen A", "1")
    assert [r["round"] for r in rows] == ["1"] * 5 + ["2"]


def test_the_bauerschspiel_pdf(db):
    sheet, state = stored(
        db, "bauerschspiel", [{"winner": w} for w in "BBBBBA"], players=PLAYERS, title="Dill"
    )
    _, text = pdf_text(exports.to_pdf(sheet, state))
    assert "Dill" in text
    assert re.search(r"A\s+Hans & Karl", text)
    assert "Regeln: Dillkreis, 5 Striche zu Beginn" in text
    assert "10 ++++++++++" in text
    assert "Brett 1: Nullchen für Team B (Grete & Lise) – beide wieder bei 5" in text
    assert "Brett 2: Striche A 4 · B 6" in text
    assert "Nullchen: A 0 · B 1" in text


BOLACHEN_DEALS = [
    {"declarer": 0, "contract": "brand", "trump": "herz", "tricks": 7},
    {"declarer": 1, "contract": "bettel", "won": False},
    {"declarer": 2, "contract": "mord", "tricks": 10},
]
THREE = ["Hans", "Grete", "Karl"]


def test_the_bolachen_csv_soft(db):
    sheet, state = stored(db, "bolachen", BOLACHEN_DEALS, players=THREE)
    header, rows = by_name(exports.to_csv(sheet, state))
    assert header == [
        "number",
        "dealer",
        "declarer",
        "contract",
        "trump",
        "tricks",
        "won",
        "value",
        "points_0",
        "points_1",
        "points_2",
        "total_0",
        "total_1",
        "total_2",
        "events",
    ]
    assert [(r["declarer"], r["contract"], r["trump"], r["tricks"], r["won"]) for r in rows] == [
        ("Hans", "brand", "herz", "7", "won"),
        ("Grete", "bettel", "", "", "lost"),
        ("Karl", "mord", "", "10", "won"),
    ]
    assert [[r[f"points_{s}"] for s in range(3)] for r in rows] == [
        ["2", "-1", "-1"],
        ["2", "-4", "2"],
        ["-3", "-3", "6"],
    ]
    assert [[r[f"total_{s}"] for s in range(3)] for r in rows] == [
        ["2", "-1", "-1"],
        ["4", "-5", "1"],
        ["1", "-8", "7"],
    ]


def test_the_bolachen_csv_hard_is_in_euros(db):
    rules = {"preset": "hard", "mord_pays_five": True, "limit": 100}
    sheet, state = stored(db, "bolachen", BOLACHEN_DEALS, players=THREE, rules=rules)
    header, rows = by_name(exports.to_csv(sheet, state))
    assert header[8:14] == [f"points_{s}_eur" for s in range(3)] + [
        f"total_{s}_eur" for s in range(3)
    ]
    # Euros are numbers, not formulas: a minus sign stays as it is.
    assert [rows[-1][f"points_{s}_eur"] for s in range(3)] == ["-0.50", "-0.50", "1.00"]
    assert [rows[-1][f"total_{s}_eur"] for s in range(3)] == ["-0.10", "-1.00", "1.10"]
    assert rows[-1]["value"] == "5"
    assert rows[-1]["events"] == "limit_reached"


def test_the_bolachen_pdf(db):
    rules = {"preset": "hard", "limit": 60}
    sheet, state = stored(db, "bolachen", BOLACHEN_DEALS, players=THREE, title="Bo", rules=rules)
    _, text = pdf_text(exports.to_pdf(sheet, state))
    assert "Bo" in text and "Hans · Grete · Karl" in text
    assert "0,10 € je Einheit" in text
    # A deal in the pad's words (its "gewonnen" goes on under it: the column is narrow).
    assert "Brand Herz, 7 Stiche," in text
    assert "Bettel, verloren" in text
    assert "Mord, 10 Stiche," in text
    assert "+0,20" in text
    assert "Limit 0,60 € erreicht: Karl" in text
    assert "Stand: Hans 0,10 € · Grete -0,80 € · Karl 0,70 €" in text
    assert "der Abend ist zu Ende" in text


def test_a_long_bolachen_evening_repeats_the_heads(db):
    sheet, state = stored(db, "bolachen", BOLACHEN_DEALS * 40, players=THREE)
    pages, text = pdf_text(exports.to_pdf(sheet, state))
    assert pages >= 3
    assert text.count("Nr. Geber Spieler Spiel") == pages
    assert "Stand: Hans 40 · Grete -320 · Karl 280" in text


def summary_text(data):
    """Return the text of the PDF's statistics pages (after the pad)."""
    texts = [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]
    pad, _ = pdf_text(data)
    return "\n".join(texts[pad:])


def test_the_pdf_ends_with_the_statistics(db):
    sheet, state = evening(db, games=8)
    text = summary_text(exports.to_pdf(sheet, state))
    assert text.startswith("Statistik")
    assert re.search(r"Spiele\s+8\s+8", text)
    assert "Schneider gewonnen" in text
    # Both Kart'ab are A's, won; no entry named its player, so no seat has one.
    assert re.search(r"Kart'ab gespielt\s+2\s+0", text)
    assert re.search(r"Hans\s+A\s+0\s+0", text)
    assert "Spielstand über den Abend" in text
    assert "Steine über den Abend" in text
    assert "A (Hans & Karl)" in text


def test_the_bolachen_pdf_settles_the_evening(db):
    rules = {"preset": "hard", "limit": 60}
    sheet, state = stored(db, "bolachen", BOLACHEN_DEALS, players=THREE, title="Bo", rules=rules)
    text = summary_text(exports.to_pdf(sheet, state))
    # Stand: Hans 0,10 € · Grete -0,80 € · Karl 0,70 €.
    assert "Grete zahlt Karl 0,70 €" in text
    assert "Grete zahlt Hans 0,10 €" in text
    assert "Endstand" in text
