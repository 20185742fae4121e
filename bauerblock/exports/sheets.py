"""Exports of a sheet for after the evening: CSV, JSON and a PDF like the paper pad.

Each function takes a stored sheet and its replayed state (`store.replay(sheet)`). What
differs between the games is one `Layout` per game (exports/games/, one module a game):
its CSV columns, the columns of the pad, the line ruled under a game that closes
something (a round, a Nullchen, the limit) and the closing standing. Everything else is
shared, here.
"""

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from flask_babel import gettext as _

from bauerblock.engine.stats import evening_stats
from bauerblock.exports.common import (
    Page,
    State,
    codes_csv,
    download_name,
    people_csv,
    written_date,
)
from bauerblock.exports.games import layout
from bauerblock.exports.layout import Layout, PadColumn
from bauerblock.exports.pdf_summary import summary_page
from bauerblock.store.sheets import Sheet, SheetHead


def csv_header(sheet: Sheet) -> tuple[str, ...]:
    """Return the CSV's header row for the sheet's game."""
    return tuple(column.name for column in layout(sheet).csv_columns)


def to_csv(sheet: Sheet, state: State) -> str:
    """Return one CSV row per game, after a header row."""
    columns = layout(sheet).csv_columns
    rows = ([column.cell(game) for column in columns] for game in state["games"])
    return codes_csv([column.name for column in columns], rows)


def to_people_csv(sheet: Sheet, state: State) -> str:
    """Return the pages' CSV: one row per game in the current language's words and
    separator, the columns of the PDF pad (the API's CSV is `to_csv`, its contract)."""
    sheet_layout = layout(sheet)
    return people_csv(sheet_layout.people_heads(), map(sheet_layout.people_row, state["games"]))


def document(sheet: SheetHead, state: State) -> dict[str, Any]:
    """Return the sheet as JSON: its settings and version, then its replayed state."""
    return {
        "id": sheet.id,
        "game": sheet.game,
        "title": sheet.title,
        "version": sheet.version,
        "created": sheet.created,
        "updated": sheet.updated,
        "rules": sheet.rules.to_dict(),
        "players": list(sheet.players),
        "first_dealer": sheet.first_dealer,
        **({"group": dict(sheet.group)} if sheet.group is not None else {}),
        **({"tournament": dict(sheet.tournament)} if sheet.tournament else {}),
        **state,
    }


def to_json(sheet: Sheet, state: State) -> dict[str, Any]:
    """Return the whole sheet as the API's GET answers it: every game, no page after it."""
    return {**document(sheet, state), "next": None}


def to_pdf(sheet: Sheet, state: State) -> bytes:
    """Return the sheet as an A4 PDF: title, sides, games, closing lines and the standing,
    then a summary page with the evening's statistics and charts, in the current language."""
    pad = _Pad(sheet.title, layout(sheet))
    pad.heading(sheet)
    pad.games(state)
    pad.standing(state)
    summary_page(pad, sheet.players, evening_stats(sheet.game, sheet.rules, state["games"]))
    return bytes(pad.output())


def filename(sheet: Sheet, ext: str) -> str:
    """Return an ASCII download name of the title and the date, e.g. Stammtisch-2026-11-29.csv."""
    return download_name(sheet.title, sheet.created, sheet.game.capitalize(), ext)


class _Pad(Page):
    """An A4 page ruled like the game's paper pad."""

    def __init__(self, title: str, layout: Layout) -> None:
        super().__init__(title)
        self.layout = layout
        self.columns = layout.pad_columns
        self.width = sum(column.width for column in self.columns)
        self.table_top: float | None = None
        """Where this page's rows began (their column rules are drawn when it is full)."""

    def heading(self, sheet: Sheet) -> None:
        """Print the title, the game, its rules, the date, and who played on which side."""
        self.put_heading(
            sheet.title,
            f"{sheet.game.capitalize()} · {written_date(sheet.created)}",
            _("Regeln: %(rules)s", rules=self.layout.rules),
        )
        self.ln(2)
        self.set_font(self.family, "B", 11)
        label_width = max(12, *(self.get_string_width(label) + 4 for label, _ in self.layout.sides))
        for label, names in self.layout.sides:
            self.set_font(self.family, "B", 11)
            self.cell(label_width, 6, label)
            self.set_font(self.family, size=11)
            # Long names wrap beside their label, not past the page's edge.
            self.multi_cell(0, 6, self.text_of(names), new_x="LMARGIN", new_y="NEXT")
        self.ln(3)

    def table_header(self) -> None:
        """Print the group heads and the column heads (again at the top of each page)."""
        self.set_font(self.family, "B", 9)
        self.set_fill_color(230)
        top = self.get_y()
        # Two grey rows, the group heads over the column heads, each row's texts laid at once.
        self.rect(self.l_margin, top, self.width, 2 * self.ROW, style="F")
        x, groups = self.l_margin, []
        for group, width in _runs(self.columns):
            if group is not None:
                groups.append((x, width, group, "C"))
                self.line(x, top, x, top + self.ROW)
            x += width
        self.put_row(groups)
        self.ln(self.ROW)
        self.put_row(
            (x, column.width, column.head, column.align) for x, column in self.laid_columns()
        )
        self.table_top = self.get_y()
        self.ln(self.ROW)
        self.set_font(self.family, size=9)

    def laid_columns(self) -> list[tuple[float, PadColumn]]:
        """Return each column with its left edge: the margin, then the widths before it."""
        widths = (column.width for column in self.columns)
        # One edge more than columns (the table's right one): zip leaves it out.
        edges = itertools.accumulate(widths, initial=self.l_margin)
        return list(zip(edges, self.columns, strict=False))

    def make_room(self, height: float, *, heads: bool = True) -> None:
        """Start a new page, with column heads, if `height` no longer fits on this one."""
        if self.will_page_break(height):
            self.rule_columns()
            self.add_page()
            if heads:
                self.table_header()

    def rule_columns(self) -> None:
        """Rule the grouped columns apart from the table's top on this page to here: one
        line a column and page, where a bordered cell would draw one a row."""
        top = self.table_top
        if top is None or self.get_y() <= top:
            return
        for x, column in self.laid_columns():
            if column.group:
                self.line(x, top, x, self.get_y())
        self.table_top = None

    def games(self, state: State) -> None:
        """Print a row per game, laid out text by text, and a ruled line under a game that
        closes something."""
        self.table_header()
        laid = self.laid_columns()
        for game in state["games"]:
            # A text too long for its column goes on over more lines, never cut.
            cells = [
                (x, c.width, self.wrapped_lines(c.text(game), c.width), c.align) for x, c in laid
            ]
            height = max(len(lines) for _x, _w, lines, _a in cells)
            self.make_room(height * self.ROW)
            for line in range(height):
                self.put_row(
                    (x, width, lines[line], align)
                    for x, width, lines, align in cells
                    if line < len(lines)
                )
                self.ln(self.ROW)
            closing = self.layout.closing(game)
            if closing:
                self.closing_line(closing)
        self.rule_columns()

    def closing_line(self, text: str) -> None:
        """Rule off a round (or a board, or the evening) under its last game and name it."""
        self.make_room(self.ROW + 1)
        self.set_line_width(0.5)
        self.line(self.l_margin, self.get_y(), self.l_margin + self.width, self.get_y())
        self.set_line_width(0.2)
        self.set_font(self.family, "B", 9)
        self.put_row([(self.l_margin, self.width, text, "L")])
        self.ln(self.ROW + 1)
        self.set_font(self.family, size=9)

    def standing(self, state: State) -> None:
        """Print where the evening stands."""
        lines = self.layout.standing(state)
        self.ln(3)
        self.make_room(len(lines) * 6, heads=False)
        self.set_font(self.family, "B", 11)
        for line in lines:
            self.wrapped(6, line)


def _runs(columns: Sequence[PadColumn]) -> Iterator[tuple[str | None, float]]:
    """Yield each run of neighbouring columns of one group, with its width."""
    for group, run in itertools.groupby(columns, key=lambda column: column.group):
        yield group, sum(column.width for column in run)
