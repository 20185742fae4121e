"""Charts as coordinates: what the SVG macros (and the PDF) draw, computed in plain Python.

A chart lives in a fixed viewBox (the SVG scales to any width); lines are polylines of at
most MAX_POINTS points, evenly picked from longer series so that a 1000-game evening stays a
small SVG; every chart also keeps the rows it plots, for the table beside it. The same
numbers always give the same chart: no random ids, coordinates rounded to one decimal.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

WIDTH = 360
HEIGHT = 200
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 10, 36
TIE = 2.5
"""How far apart (viewBox units) lines of the same value at a point are drawn: each stays
visible beside the other, not hidden under it."""
DOT_APART = 10
"""How far apart the dots of a chart of one point stand side by side (a dot is 8 wide)."""
MAX_POINTS = 120
"""Points a line keeps: three pixels apart on a phone, and a table a thumb can scroll."""
MAX_TICKS = 5
BAR_ROW = 34
BAR_LABEL = 14
VALUE_X = WIDTH - 56


@dataclass(frozen=True)
class Series:
    """One line: its name in the legend, its class (colour and dash), a value per x."""

    name: str
    css: str
    values: Sequence[float]


@dataclass(frozen=True)
class Mark:
    """A point to mark on a line: at row `index` of the chart, the value of line `line`."""

    index: int
    line: int
    css: str
    label: str


@dataclass(frozen=True)
class Tick:
    position: float
    label: str


@dataclass(frozen=True)
class Line:
    name: str
    css: str
    points: str
    """The polyline's points attribute: "x,y x,y ..."."""
    coordinates: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Dot:
    x: float
    y: float
    css: str
    label: str


@dataclass(frozen=True)
class LineChart:
    """A line chart ready to draw: lines, marks, ticks, and the rows of its table."""

    key: str
    title: str
    desc: str
    x_label: str
    lines: tuple[Line, ...]
    dots: tuple[Dot, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    """Per plotted x: its label and each line's value, as the table beside shows them."""
    y_label: str = ""
    """The vertical axis' title (the horizontal one's is `x_label`)."""
    keys: tuple[tuple[str, str], ...] = ()
    """What each kind of mark drawn means, for the legend: (its class, its words)."""
    width: int = WIDTH
    height: int = HEIGHT
    plot: tuple[float, float, float, float] = (LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(line.name for line in self.lines)


def pick(count: int, budget: int = MAX_POINTS) -> list[int]:
    """Return at most `budget` indices of `count`, evenly spread, the first and last kept."""
    if count <= budget:
        return list(range(count))
    step = (count - 1) / (budget - 1)
    return sorted({round(i * step) for i in range(budget)})


def line_chart(
    key: str,
    title: str,
    desc: str,
    x_values: Sequence[int],
    series: Sequence[Series],
    *,
    marks: Sequence[Mark] = (),
    x_label: str = "",
    y_label: str = "",
    mark_words: Mapping[str, str] | None = None,
    fmt: Callable[[float], str] = lambda value: f"{value:g}",
    budget: int = MAX_POINTS,
    step: bool = False,
) -> LineChart:
    """Lay out lines over `x_values` (each series has a value per x), thinned to `budget`.

    With `step` a line holds its value until the next x (a count that jumps, as Steine do).
    Lines of the same value at a point are drawn a little apart (`TIE`), so that each shows.
    `mark_words` says what each kind of mark (by its class) means, for the legend.
    """
    kept = pick(len(x_values), budget)
    xs = [x_values[i] for i in kept]
    values = [value for line in series for value in (line.values[i] for i in kept)]
    low, high = _range(values)
    x0, y0, x1, y1 = LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM
    first, last = (xs[0], xs[-1]) if xs else (0, 1)
    span = (last - first) or 1

    def x_at(x: float) -> float:
        if first == last:  # one point: in the middle, not against the axis
            return round((x0 + x1) / 2, 1)
        return round(x0 + (x - first) / span * (x1 - x0), 1)

    def y_at(value: float) -> float:
        return round(y1 - (value - low) / (high - low) * (y1 - y0), 1)

    def within(y: float) -> float:
        """Return a y moved apart from a tie, kept inside the plot."""
        return round(min(max(y, y0), y1), 1)

    apart = _apart([[line.values[i] for i in kept] for line in series], low, high)
    lines = []
    for line, shifts in zip(series, apart, strict=True):
        coordinates = tuple(
            (x_at(x), within(y_at(line.values[i]) + shift))
            for x, i, shift in zip(xs, kept, shifts, strict=True)
        )
        if step:
            coordinates = _steps(coordinates)
        points = " ".join(f"{x:g},{y:g}" for x, y in coordinates)
        lines.append(Line(line.name, line.css, points, coordinates))
    position = {index: place for place, index in enumerate(kept)}
    dots = tuple(
        Dot(
            x_at(x_values[m.index]),
            within(y_at(series[m.line].values[m.index]) + apart[m.line][position[m.index]]),
            m.css,
            m.label,
        )
        for m in marks
        if m.index in position
    )
    if len(kept) == 1:
        # A line of one point (a group's first evening) draws nothing: each is a dot of its
        # own, side by side at its value, so that tied ones each show.
        middle, count = x_at(first), len(lines)
        dots = (
            *(
                Dot(
                    round(middle + (n - (count - 1) / 2) * DOT_APART, 1),
                    y_at(values[n]),
                    line.css,
                    f"{line.name}: {fmt(values[n])}",
                )
                for n, line in enumerate(lines)
            ),
            *dots,
        )
    drawn = {dot.css for dot in dots}
    keys = tuple((css, words) for css, words in (mark_words or {}).items() if css in drawn)
    rows = tuple(
        (str(x), tuple(fmt(line.values[i]) for line in series))
        for x, i in zip(xs, kept, strict=True)
    )
    return LineChart(
        key=key,
        title=title,
        desc=desc,
        x_label=x_label,
        lines=tuple(lines),
        dots=dots,
        x_ticks=tuple(Tick(x_at(x), str(x)) for x in _ticks(first, last)),
        y_ticks=tuple(Tick(y_at(v), fmt(v)) for v in _ticks(low, high)),
        rows=rows,
        y_label=y_label,
        keys=keys,
    )


def _apart(values: Sequence[Sequence[float]], low: float, high: float) -> list[list[float]]:
    """Return each line's shift at each point: lines of one value there are spread `TIE`
    apart around it (in the order of the lines), a line alone there stays on it. At the
    plot's bottom (`low`) or top (`high`) they spread inward: each stays inside the plot."""
    shifts = [[0.0] * len(line) for line in values]
    for place in range(len(values[0]) if values else 0):
        tied: dict[float, list[int]] = {}
        for number, line in enumerate(values):
            tied.setdefault(line[place], []).append(number)
        for value, numbers in tied.items():
            last = len(numbers) - 1
            centre = 0 if value == low else last if value == high else last / 2
            for rank, number in enumerate(numbers):
                # The first line drawn lowest (a larger y is lower on the screen).
                shifts[number][place] = (centre - rank) * TIE
    return shifts


def _steps(coordinates: tuple[tuple[float, float], ...]) -> tuple[tuple[float, float], ...]:
    """Return the corners of a step line through the points: across first, then up or down."""
    corners = list(coordinates[:1])
    for (_, y), (x, y_next) in itertools.pairwise(coordinates):
        corners += [(x, y), (x, y_next)]
    return tuple(corners)


def _range(values: Sequence[float]) -> tuple[float, float]:
    """Return the y range: from zero (or below) to the top, never empty."""
    low = min(0, *values) if values else 0
    high = max(0, *values) if values else 1
    if high == low:
        high = low + 1
    return low, high


def _ticks(low: float, high: float) -> list[int]:
    """Return whole values from low to high, at most MAX_TICKS: 1, 2 or 5 × 10ⁿ apart."""
    raw = (high - low) / (MAX_TICKS - 1)
    magnitude = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    step = max(1, round(next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)))
    return list(range(math.ceil(low / step) * step, math.floor(high) + 1, step))


# --- Bars --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bar:
    """One bar: its label above it, its box, and its value written at its end."""

    label: str
    css: str
    value: str
    x: float
    y: float
    width: float
    label_y: float


@dataclass(frozen=True)
class BarChart:
    """A horizontal bar chart: one row per bar, a zero line, the rows of its table."""

    key: str
    title: str
    desc: str
    bars: tuple[Bar, ...]
    zero: float
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    height: int
    width: int = WIDTH
    bar_height: int = BAR_ROW - BAR_LABEL - 4
    value_x: int = VALUE_X


def bar_chart(
    key: str,
    title: str,
    desc: str,
    bars: Sequence[tuple[str, float]],
    *,
    css: Sequence[str] = (),
    fmt: Callable[[float], str] = lambda value: f"{value:g}",
    top: float | None = None,
) -> BarChart:
    """Lay out one bar per (label, value), scaled to `top` (a bound no value passes, not
    below zero) or the largest value.

    Negative values grow left of a zero line, so a balance reads at a glance; the values
    stand in a column at the right.
    """
    values = [value for _, value in bars]
    low, high = _range([*values, top] if values and top is not None else values)
    x0, x1 = 4, VALUE_X - 6
    zero = round(x0 + (0 - low) / (high - low) * (x1 - x0), 1)
    laid = []
    for row, (label, value) in enumerate(bars):
        end = round(x0 + (value - low) / (high - low) * (x1 - x0), 1)
        y = row * BAR_ROW + BAR_LABEL + 2
        left, right = min(zero, end), max(zero, end)
        laid.append(
            Bar(
                label=label,
                css=css[row % len(css)] if css else f"series-{row % 8}",
                value=fmt(value),
                x=left,
                y=y,
                width=round(right - left, 1),
                label_y=row * BAR_ROW + BAR_LABEL - 2,
            )
        )
    rows = tuple((label, (fmt(value),)) for label, value in bars)
    height = max(BAR_ROW, len(bars) * BAR_ROW + 4)
    return BarChart(key, title, desc, tuple(laid), zero, rows, height)
