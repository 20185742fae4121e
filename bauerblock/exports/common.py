"""What every export shares: spreadsheet-safe cells, download names, and the PDF page."""

import re
import unicodedata
from collections.abc import Callable, Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any

from fpdf import FPDF
from fpdf.fonts import TTFFont

# Spreadsheets run a cell starting with these as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
"""Debian's fonts-dejavu-core; without it the PDF falls back to a latin-1 core font."""

Cell = str | int | Decimal
"""A CSV cell: text, a whole number, or euros (Decimal, two places)."""
Game = Mapping[str, Any]
"""A game of a replayed sheet, as the store keeps its record (`GameRecord.to_dict()`)."""
State = Mapping[str, Any]
"""A replayed sheet (`store.replay(sheet)`): its games, rounds and where it stands."""


def defuse(cell: Cell) -> Cell:
    """Quote a text cell a spreadsheet would run as a formula; numbers stay numbers."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


def download_name(title: str, created: str, fallback: str, ext: str) -> str:
    """Return an ASCII download name of a title and its date, e.g. Stammtisch-2026-11-29.csv."""
    date = created[:10]
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    stem = re.sub(r"[^A-Za-z0-9_]+", "-", ascii_title).strip("-")[:60].strip("-")
    stem = stem or fallback
    if not stem.endswith(date):
        stem = f"{stem}-{date}"
    return f"{stem}.{ext}"


def german_date(iso: str) -> str:
    """Return an ISO date (or time stamp) as 29.11.2026."""
    year, month, day = iso[:10].split("-")
    return f"{day}.{month}.{year}"


class Page(FPDF):
    """An A4 page in DejaVu Sans (any name prints), with the title and page in the footer."""

    ROW = 5.5

    def __init__(self, title: str) -> None:
        super().__init__(format="A4")
        self.set_margins(15, 15, 15)
        self.set_auto_page_break(True, margin=15)
        self.family, self.covers = self._font()
        self.title_text = title
        self.set_title(title)
        self.alias_nb_pages()
        self.add_page()

    def _font(self) -> tuple[str, Callable[[str], bool]]:
        """Use DejaVu Sans when installed, else Helvetica; return it and what it can print."""
        regular, bold = FONT_DIR / "DejaVuSans.ttf", FONT_DIR / "DejaVuSans-Bold.ttf"
        if regular.is_file() and bold.is_file():
            self.add_font("DejaVu", "", regular)
            self.add_font("DejaVu", "B", bold)
            font = self.fonts["dejavu"]
            assert isinstance(font, TTFFont)  # added from its .ttf file just above
            cmap = font.cmap
            return "DejaVu", lambda char: ord(char) in cmap
        return "Helvetica", lambda char: ord(char) < 256

    def text_of(self, text: str) -> str:
        """Return `text` with every character the font lacks replaced (é for ė, ? for 漢)."""
        return "".join(self._printable(char) for char in text)

    def _printable(self, char: str) -> str:
        if self.covers(char):
            return char
        base = "".join(
            c
            for c in unicodedata.normalize("NFKD", char)
            if self.covers(c) and not unicodedata.combining(c)
        )
        return base or "?"

    def write_cell(self, width: float, text: str, *, align: str = "L", **kwargs: Any) -> None:
        """Print one cell of a row, shortened to fit its width."""
        text = self.text_of(text)
        room = width - 2 * self.c_margin
        if self.get_string_width(text) > room:
            while len(text) > 1 and self.get_string_width(text + ".") > room:
                text = text[:-1]
            text += "."
        self.cell(width, self.ROW, text, align=align, **kwargs)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font(self.family, size=8)
        self.set_text_color(110)
        self.cell(0, 5, self.text_of(f"{self.title_text} · Bauerblock"), align="L")
        self.cell(0, 5, f"Seite {self.page_no()}/{{nb}}", align="R")
        self.set_text_color(0)
