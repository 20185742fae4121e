"""Names as players type them, in the PDF: a 40-character title and long team lines wrap or
shorten inside the page, and what the embedded DejaVu lacks (🍺, ﷽) is named, never a "?".

Read back with pypdf: every run of text, measured in its own font, ends inside the margins.
"""

import functools
import io
from pathlib import Path

import pypdf
import pytest
from fontTools.ttLib import TTFont

from bauerblock import exports, store
from bauerblock.exports.common import FONT_DIR
from tests.long_sheets import fill

PAGE_RIGHT = 210 - 15
"""The right margin of an A4 page, in mm."""
TITLE = "STAMMTISCH DER WIRTSHAUSFREUNDE MÖRSBACH"
"""40 characters, wider than the page at 18 points bold."""
NAMES = ["MAXIMILIANE-CHARLOTTE VON HOHENZOLLERN", "BARTHOLOMÄUS SCHWARZENBERGER-ÖTTINGEN"] * 2
"""Names of 38 and 37 characters (40 is the most): a team line is twice as wide as the page."""

if not (FONT_DIR / "DejaVuSans.ttf").is_file():
    pytest.skip("fonts-dejavu-core is not installed", allow_module_level=True)


@functools.cache
def advances(font: str) -> tuple[dict[int, int], float]:
    """Return each character's advance in font units, and the units of an em, of a DejaVu."""
    with TTFont(Path(FONT_DIR) / font) as ttf:
        metrics = ttf["hmtx"].metrics
        widths = {code: metrics[glyph][0] for code, glyph in ttf.getBestCmap().items()}
        return widths, ttf["head"].unitsPerEm


def measure(font: str, size: float, text: str) -> float:
    """Return the width of `text` in mm at `size` points in DejaVu (bold or not)."""
    widths, em = advances(font)
    return sum(widths.get(ord(char), 0) for char in text) / em * size * 25.4 / 72


def runs(data: bytes) -> list[tuple[float, float, str, bool, float]]:
    """Return every run of text of the pad's pages: x, y (mm), text, bold, size."""
    found = []
    for page in pypdf.PdfReader(io.BytesIO(data)).pages:

        def visit(text, cm, tm, font, size):
            if text.strip() and font is not None:
                bold = "Bold" in str(font.get("/BaseFont", ""))
                x_mm, y_mm = tm[4] * 25.4 / 72, tm[5] * 25.4 / 72
                found.append((x_mm, y_mm, text.strip("\n"), bold, size))

        page.extract_text(visitor_text=visit)
    return found


def test_a_long_title_and_long_names_stay_inside_the_page(db):
    sheet, _ = store.create_sheet(db, "bauerchen", players=NAMES, title=TITLE)
    fill(db, sheet.id, {"card_points": {"B": 72}}, 12)
    sheet = store.load_sheet(db, sheet.id)
    data = exports.to_pdf(sheet, store.replay(sheet))
    texts = runs(data)
    assert texts
    for x, _y, text, bold, size in texts:
        width = measure("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf", size, text)
        assert x + width <= PAGE_RIGHT + 0.5, (text, x, width)
    joined = " ".join(text for *_, text, _bold, _size in texts)
    # Wrapped, not cut: every word of the title and of each team line is printed.
    for word in (*TITLE.split(), *" ".join(NAMES).split()):
        assert word in joined, word


def test_what_the_font_lacks_is_named_never_a_question_mark(db):
    players = ["Hans 🍺", "Grete \ufdfd", "Karl 😀", "Lise 漢"]
    sheet, _ = store.create_sheet(db, "bauerchen", players=players, title="Prost 🍺🍺")
    fill(db, sheet.id, {"card_points": {"B": 72}}, 3)
    sheet = store.load_sheet(db, sheet.id)
    text = "\n".join(
        page.extract_text()
        for page in pypdf.PdfReader(io.BytesIO(exports.to_pdf(sheet, store.replay(sheet)))).pages
    )
    assert "Prost :beer mug::beer mug:" in text
    assert ":arabic ligature bismillah ar-rahman ar-raheem:" in text
    assert ":cjk unified ideograph-6f22:" in text
    # DejaVu draws this one itself.
    assert "Karl 😀" in text
    assert "?" not in text
