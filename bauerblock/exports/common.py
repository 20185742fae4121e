"""What every export shares: spreadsheet-safe cells, download names, and the PDF page."""

import csv
import io
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from babel.dates import format_date
from babel.numbers import format_currency, format_decimal
from flask_babel import get_locale
from flask_babel import gettext as _
from fpdf import FPDF
from fpdf.fonts import TTFFont

from bauerblock.store.tournaments.names import Names

# Spreadsheets run a cell starting with these as a formula (OWASP "CSV injection"); "|"
# starts a DDE call in older Excel.
FORMULA_STARTS = ("=", "+", "-", "@", "|", "\t", "\r")

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
"""Debian's fonts-dejavu-core; without it the PDF falls back to a latin-1 core font."""

Cell = str | int | Decimal
"""A CSV cell: text, a whole number, or euros (Decimal, two places)."""


@dataclass(frozen=True)
class Column:
    """A column of the CSV: its name in the header row and its cell for a game."""

    name: str
    cell: Callable[..., Cell]
    """Called with the game alone (a lambda binds its team or seat as a default, `t=t`)."""


Game = Mapping[str, Any]
"""A game of a replayed sheet, as the store keeps its record (`GameRecord.to_dict()`)."""
UNSEEN = frozenset({"Cf", "Mn", "Me"})
"""Characters that print nothing themselves (joiners, variation selectors, combining marks)."""
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


def written_date(iso: str) -> str:
    """Return an ISO date (or time stamp) as the current language writes it: 29.11.2026 in
    German, Nov 29, 2026 in English (Babel's medium date)."""
    return format_date(date.fromisoformat(iso[:10]), "medium", locale=language())


def written_euros(cents: int) -> str:
    """Return cents as the current language writes euros: 1,20 € in German, €1.20 in
    English (Babel's currency format; a plain space, as the pages always wrote it)."""
    return format_currency(Decimal(cents).scaleb(-2), "EUR", locale=language()).replace("\xa0", " ")


def written_decimal(amount: Decimal | float) -> str:
    """Return an amount with two places as the current language writes it: 1,20 or 1.20."""
    return format_decimal(amount, "0.00", locale=language())


def language() -> str:
    """Return the current language (the request's, or a forced one); German outside both."""
    return str(get_locale() or "de")


SEPARATORS = {"de": ";"}
"""The field separator a language's spreadsheets expect: German ones split at ";" (the comma
is the decimal sign); any other language's at ",". """


def codes_csv(heads: Sequence[str], rows: Iterable[Sequence[Cell]]) -> str:
    """Return a CSV of the API's contract: comma-separated, the heads as codes, the cells as
    given (a text a spreadsheet would run, quoted)."""
    return _csv(heads, rows, ",", defuse)


def people_csv(heads: Sequence[str], rows: Iterable[Sequence[Cell]]) -> str:
    """Return a CSV for people, in the current language: its separator (";" in German), its
    decimal sign (1,20 in German), the heads and cells as given (words, not codes).

    The pages' downloads are these; the API's CSV keeps its own contract (codes, ",").
    """
    return _csv(heads, rows, SEPARATORS.get(language(), ","), _localised)


def _csv(
    heads: Sequence[str],
    rows: Iterable[Sequence[Cell]],
    separator: str,
    written: Callable[[Cell], Cell],
) -> str:
    """Return a CSV of the heads and the rows, each cell as `written` gives it."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator)
    writer.writerow(heads)
    writer.writerows([written(cell) for cell in row] for row in rows)
    return out.getvalue()


def _localised(cell: Cell) -> Cell:
    """Return euros as the language writes them (-1,20 in German: a number, not a formula);
    a text a spreadsheet would run, quoted; whole numbers as they are."""
    if isinstance(cell, Decimal):
        return written_decimal(cell)
    return defuse(cell)


class Page(FPDF):
    """An A4 page in DejaVu Sans (any name prints), with the title and page in the footer."""

    ROW = 5.5

    def __init__(self, title: str) -> None:
        super().__init__(format="A4")
        self.set_margins(15, 15, 15)
        self.set_auto_page_break(True, margin=15)
        self.family, self.covers = self._font()
        self._widths: dict[tuple[str, str, float, str], float] = {}
        self._fits: dict[tuple[str, str, float, str, float], str] = {}
        self._laid: dict[tuple[int, str, float], dict[tuple[str, float, str], Any]] = {}
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
        """Return `text` with every character the font lacks replaced: é for ė, and what has
        no letter to fall back to by its name, as :beer mug: for 🍺 (never a "?"). Its line
        breaks stay: a multi_cell breaks there, though no font has a glyph for them."""
        return "\n".join("".join(map(self._printable, line)) for line in text.split("\n"))

    def _printable(self, char: str) -> str:
        if self.covers(char):
            return char
        base = "".join(
            c
            for c in unicodedata.normalize("NFKD", char)
            if self.covers(c) and not unicodedata.combining(c)
        )
        if base:
            return base
        if unicodedata.category(char) in UNSEEN:
            # A joiner or variation selector of an emoji: its emoji is named already.
            return ""
        name = unicodedata.name(char, "")
        return f":{name.lower()}:" if name else f"[U+{ord(char):04X}]"

    def width_of(self, text: str) -> float:
        """Return the printed width of `text` in the current font (each text measured once)."""
        key = (self.font_family, self.font_style, self.font_size_pt, text)
        width = self._widths.get(key)
        if width is None:
            font = self.current_font
            if isinstance(font, TTFFont):
                # The glyphs' widths summed, as get_string_width does without its bidi pass.
                width = font.get_text_width(text, self.font_size_pt, None)[1] / self.k
            else:
                width = self.get_string_width(text)
            self._widths[key] = width
        return width

    def fitted(self, text: str, room: float) -> str:
        """Return `text`, printable and shortened with a "." to `room` mm in the current font."""
        key = (self.font_family, self.font_style, self.font_size_pt, text, room)
        fit = self._fits.get(key)
        if fit is None:
            fit = self._fits[key] = self._shorten(self.text_of(text), room)
        return fit

    def wrapped_lines(self, text: str, width: float) -> list[str]:
        """Return `text` as the lines it takes in a column `width` wide: broken between
        words; only a single word wider than the column is shortened."""
        room = width - 2 * self.c_margin
        printable = self.text_of(text)
        if self.width_of(printable) <= room:
            return [printable]
        lines: list[str] = []
        line = ""
        for word in printable.split(" "):
            joined = f"{line} {word}" if line else word
            if not line or self.width_of(joined) <= room:
                line = joined
            else:
                lines.append(line)
                line = word
        lines.append(line)
        return lines

    def _shorten(self, text: str, room: float) -> str:
        if self.width_of(text) <= room:
            return text
        # The longest start that fits with its ".": halved, not one character at a time.
        low, high = 1, len(text) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if self.width_of(text[:middle] + ".") <= room:
                low = middle
            else:
                high = middle - 1
        return text[:low] + "."

    def write_cell(self, width: float, text: str, *, align: str = "L", **kwargs: Any) -> None:
        """Print one cell of a row, shortened to fit its width."""
        text = self.fitted(text, width - 2 * self.c_margin)
        self.cell(width, self.ROW, text, align=align, **kwargs)

    def put_row(self, cells: Iterable[tuple[float, float, str, str]]) -> None:
        """Print a row of texts, each (left, width, text, align), shortened to its width.

        The long tables' rows are laid out so, as one text object a row with each distinct
        text encoded once: fpdf2's cell() lays out every cell anew, which made a 3,000-game
        sheet's PDF cost seconds. The text sits where cell() puts it: half the row down, and
        0.3 of the font's size.
        """
        assert self.current_font is not None  # set_font comes before any row
        k, font = self.k, self.current_font
        baseline = f"{(self.h - self.get_y() - self.ROW / 2 - 0.3 * self.font_size) * k:.2f}"
        # What a text prints as in a column of this font: its offset in it and its glyphs.
        texts = self._laid.setdefault((font.i, self.font_style, self.font_size_pt), {})
        placed = []
        for x, width, text, align in cells:
            laid = texts.get((text, width, align))
            if laid is None:
                laid = texts[(text, width, align)] = self._lay(text, width, align) or ()
            if laid:
                offset, encoded = laid
                placed.append(f"1 0 0 1 {(x + offset) * k:.2f} {baseline} Tm {encoded}")
        if not placed:
            return
        if not self.current_font_is_set_on_page:
            self._out(self._set_font_for_page(font, self.font_size_pt))
        row = f"BT {' '.join(placed)} ET"
        if self.fill_color != self.text_color:
            # As text() does: the text's colour, where the fill's is the current one.
            assert self.text_color is not None
            row = f"q {self.text_color.serialize().lower()} {row} Q"
        self._out(row)

    def _lay(self, text: str, width: float, align: str) -> tuple[float, str] | None:
        """Return where `text` starts in a column `width` wide, and its glyphs; None if blank."""
        fit = self.fitted(text, width - 2 * self.c_margin)
        if not fit:
            return None
        if align == "L":
            offset = self.c_margin
        else:
            spare = width - self.width_of(fit)
            offset = spare - self.c_margin if align == "R" else spare / 2
        assert self.current_font is not None
        return offset, self.current_font.encode_text(fit)

    def wrapped(self, height: float, text: str) -> None:
        """Print `text` across the page, wrapped onto more lines if it is too long for one."""
        self.multi_cell(0, height, self.text_of(text), new_x="LMARGIN", new_y="NEXT")

    def put_heading(self, title: str, *lines: str) -> None:
        """Print a download's title and under it the lines saying what it holds, each
        wrapped onto more lines if it is too long for one."""
        self.set_font(self.family, "B", 18)
        self.wrapped(9, title)
        self.set_font(self.family, size=10)
        for line in lines:
            self.wrapped(6, line)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font(self.family, size=8)
        self.set_text_color(110)
        page = _("Seite %(n)s/%(of)s", n=self.page_no(), of="{nb}")
        room = self.epw - self.width_of(page) - 10
        self.cell(0, 5, self.fitted(f"{self.title_text} · Bauerblock", room), align="L")
        self.cell(0, 5, page, align="R")
        self.set_text_color(0)


def stand_in(number: int) -> str:
    """Return what stands for a series player's name the reader may not see ("Spieler 17"),
    in the reader's language."""
    return _("Spieler %(n)s", n=number)


PUBLIC_NAMES = Names(stand_in)
"""The names a public page, download or answer shows: a hidden or forgotten series
player's number stands for the name."""
ORGANISER_NAMES = Names(stand_in, public=False)
"""The names the organiser's pages show: every name but a forgotten one (the organiser
runs the evening by the names, and hid them from the public only)."""
