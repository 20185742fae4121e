"""The PDF's summary page: the statistics page's tables and charts, drawn with fpdf2's lines.

The charts are the same coordinates the SVG draws (exports/charts.py), scaled from the
viewBox to millimetres; the words are the PDF's language, as the rest of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import gettext as _

from bauerblock.engine.stats import Stats
from bauerblock.exports.charts import BarChart, LineChart
from bauerblock.exports.games import summary
from bauerblock.exports.summary import Table

COLOURS = {
    "series-0": (11, 79, 156),
    "series-1": (156, 43, 11),
    "series-2": (29, 107, 47),
    "series-3": (107, 63, 160),
    "series-4": (138, 109, 0),
    "series-5": (0, 112, 122),
    "series-6": (160, 51, 107),
    "series-7": (85, 85, 85),
}
DASHED = {"series-1", "series-3", "series-5"}
"""As on the page: every other line is dashed, so the chart reads without colour too."""
SCALE = 0.5
"""Millimetres per viewBox unit: 360 units are 180 mm, the page's width inside its margins."""


def summary_page(pad: Any, players: Sequence[str], stats: Stats) -> None:
    """Add a page with the evening's figures, settlement and charts to the PDF `pad`."""
    shown = summary(players, stats)
    pad.add_page()
    pad.set_font(pad.family, "B", 14)
    pad.cell(0, 8, _("Statistik"), new_x="LMARGIN", new_y="NEXT")
    for table in shown.tables:
        _table(pad, table)
    if shown.payments:
        pad.set_font(pad.family, "B", 10)
        pad.cell(0, 6, _("Abrechnung"), new_x="LMARGIN", new_y="NEXT")
        pad.set_font(pad.family, size=9)
        for line in shown.payments:
            pad.cell(0, 5, pad.text_of(line), new_x="LMARGIN", new_y="NEXT")
        pad.ln(2)
    for chart in shown.lines:
        _line_chart(pad, chart)
    for bars, _heads in shown.bars:
        _bar_chart(pad, bars)


def _table(pad: Any, table: Table) -> None:
    first = 60.0
    other = min(40.0, (180 - first) / max(1, len(table.heads) - 1))
    pad.make_room(pad.ROW * 3, heads=False)
    pad.set_font(pad.family, "B", 10)
    pad.cell(0, 6, pad.text_of(table.caption), new_x="LMARGIN", new_y="NEXT")
    pad.set_font(pad.family, "B", 8)
    pad.set_fill_color(230)
    for index, head in enumerate(table.heads):
        pad.write_cell(
            first if index == 0 else other, head, align="L" if index == 0 else "R", fill=True
        )
    pad.ln(pad.ROW)
    pad.set_font(pad.family, size=8)
    for label, cells in table.rows:
        pad.make_room(pad.ROW, heads=False)
        pad.write_cell(first, label, border="B")
        for cell in cells:
            pad.write_cell(other, cell, align="R", border="B")
        pad.ln(pad.ROW)
    pad.ln(3)


def _heading(pad: Any, text: str, height: float) -> tuple[float, float]:
    """Print a chart's title, keeping room for the chart below; return its top left corner."""
    pad.make_room(8 + height, heads=False)
    pad.set_font(pad.family, "B", 10)
    pad.cell(0, 6, pad.text_of(text), new_x="LMARGIN", new_y="NEXT")
    return pad.l_margin, pad.get_y()


def _line_chart(pad: Any, chart: LineChart) -> None:
    height = chart.height * SCALE + 12
    left, top = _heading(pad, chart.title, height)

    def at(x: float, y: float) -> tuple[float, float]:
        return left + x * SCALE, top + y * SCALE

    x0, _top, x1, y1 = chart.plot
    pad.set_font(pad.family, size=7)
    pad.set_line_width(0.1)
    pad.set_draw_color(170)
    for tick in chart.y_ticks:
        pad.line(*at(x0, tick.position), *at(x1, tick.position))
        label = pad.text_of(tick.label)
        x, y = at(x0 - 4, tick.position + 3)
        pad.text(x - pad.get_string_width(label), y, label)
    for tick in chart.x_ticks:
        x, y = at(tick.position, y1 + 12)
        pad.text(x - pad.get_string_width(tick.label) / 2, y, tick.label)
    for line in chart.lines:
        _pen(pad, line.css)
        if len(line.coordinates) > 1:
            pad.polyline([at(x, y) for x, y in line.coordinates])
    pad.set_dash_pattern()
    pad.set_draw_color(0)
    pad.set_line_width(0.3)
    for dot in chart.dots:
        # A mark in black; a line of one point (charts.line_chart) a dot of its colour.
        pad.set_fill_color(*COLOURS.get(dot.css, (0, 0, 0)))
        style = "D" if dot.css == "stein" else "F"
        pad.circle(*at(dot.x, dot.y), 1.2, style=style)
    pad.set_fill_color(0)
    pad.set_y(top + chart.height * SCALE + 2)
    _legend(pad, chart)


def _pen(pad: Any, css: str) -> None:
    """Draw as a line of class `css` is drawn: its colour, its width, dashed or not."""
    pad.set_draw_color(*COLOURS.get(css, (0, 0, 0)))
    pad.set_line_width(0.6)
    if css in DASHED:
        pad.set_dash_pattern(dash=2, gap=1)
    else:
        pad.set_dash_pattern()


def _legend(pad: Any, chart: LineChart) -> None:
    """Name each line beside a short stroke of its colour."""
    pad.set_font(pad.family, size=8)
    x, y = pad.l_margin, pad.get_y() + 2
    for line in chart.lines:
        name = pad.text_of(line.name)
        width = 10 + pad.get_string_width(name) + 6
        if x + width > pad.l_margin + 180:
            x, y = pad.l_margin, y + 5
        _pen(pad, line.css)
        pad.line(x, y, x + 8, y)
        pad.set_dash_pattern()
        pad.text(x + 10, y + 1, name)
        x += width
    pad.set_draw_color(0)
    pad.set_line_width(0.2)
    pad.set_y(y + 6)


def _bar_chart(pad: Any, chart: BarChart) -> None:
    left, top = _heading(pad, chart.title, chart.height * SCALE)
    pad.set_font(pad.family, size=8)
    pad.set_draw_color(170)
    pad.set_line_width(0.1)
    pad.line(left + chart.zero * SCALE, top, left + chart.zero * SCALE, top + chart.height * SCALE)
    for bar in chart.bars:
        pad.set_fill_color(*COLOURS.get(bar.css, (0, 0, 0)))
        if bar.width:
            pad.rect(
                left + bar.x * SCALE,
                top + bar.y * SCALE,
                bar.width * SCALE,
                chart.bar_height * SCALE,
                style="F",
            )
        pad.text(left + 4 * SCALE, top + bar.label_y * SCALE, pad.text_of(bar.label))
        value_y = top + (bar.y + chart.bar_height - 3) * SCALE
        pad.text(left + chart.value_x * SCALE, value_y, pad.text_of(bar.value))
    pad.set_draw_color(0)
    pad.set_line_width(0.2)
    pad.set_y(top + chart.height * SCALE + 4)
