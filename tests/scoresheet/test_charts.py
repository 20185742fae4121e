"""Charts: coordinates from exports/charts.py, SVG from the _charts.html macros."""

import itertools

import pytest
from flask import render_template_string
from hypothesis import given, settings
from hypothesis import strategies as st

from bauerblock.exports.charts import (
    HEIGHT,
    MAX_POINTS,
    TIE,
    WIDTH,
    Mark,
    Series,
    bar_chart,
    line_chart,
    pick,
)

RENDER_LINE = '{% from "web/_charts.html" import line_chart %}{{ line_chart(chart) }}'
RENDER_BARS = '{% from "web/_charts.html" import bar_chart %}{{ bar_chart(chart, heads) }}'


@pytest.mark.parametrize(("count", "budget"), [(0, 5), (1, 5), (5, 5), (6, 5), (1000, 120)])
def test_pick_keeps_the_ends_within_the_budget(count, budget):
    kept = pick(count, budget)
    assert len(kept) == min(count, budget)
    assert kept == sorted(set(kept))
    if count:
        assert kept[0] == 0 and kept[-1] == count - 1


def test_pick_spreads_evenly():
    kept = pick(1000, 120)
    gaps = {b - a for a, b in itertools.pairwise(kept)}
    assert gaps <= {8, 9}


def two_lines(count=5):
    return [
        Series("A", "series-0", [i % 13 for i in range(count)]),
        Series("B", "series-1", [(2 * i) % 13 for i in range(count)]),
    ]


def test_a_line_chart_lies_inside_its_plot():
    chart = line_chart("t", "Title", "Desc", list(range(1, 6)), two_lines())
    x0, y0, x1, y1 = chart.plot
    for line in chart.lines:
        assert len(line.coordinates) == 5
        for x, y in line.coordinates:
            assert x0 <= x <= x1 and y0 <= y <= y1
    # The first game at the left edge, the last at the right; zero at the bottom.
    assert chart.lines[0].coordinates[0] == (x0, y1)
    assert chart.lines[0].coordinates[-1][0] == x1
    assert chart.rows[0] == ("1", ("0", "0"))
    assert chart.rows[-1] == ("5", ("4", "8"))
    assert chart.y_ticks[0].label == "0"


def test_a_long_series_is_thinned_to_the_budget():
    chart = line_chart("t", "T", "D", list(range(1, 1001)), two_lines(1000))
    for line in chart.lines:
        assert len(line.points.split()) == MAX_POINTS
    assert len(chart.rows) == MAX_POINTS
    assert chart.rows[-1][0] == "1000"


def test_marks_sit_on_their_line():
    marks = [Mark(2, 1, "stein", "Stein")]
    chart = line_chart("t", "T", "D", [1, 2, 3], two_lines(3), marks=marks)
    (dot,) = chart.dots
    assert (dot.x, dot.y) == chart.lines[1].coordinates[2]
    assert dot.label == "Stein"


def test_a_step_line_holds_its_value_until_the_next_point():
    chart = line_chart("t", "T", "D", [0, 4, 10], [Series("A", "series-0", [0, 1, 2])], step=True)
    (line,) = chart.lines
    # Across to the next x at the old value, then up to the new one: two corners a step.
    assert len(line.coordinates) == 5
    (_, y_start), (x_corner, y_corner), (x_up, y_up) = line.coordinates[:3]
    assert y_corner == y_start and x_corner == x_up and y_up < y_corner


def test_bars_grow_from_zero_both_ways():
    chart = bar_chart("b", "T", "D", [("Sepp", 210), ("Vroni", -240), ("Hias", 30)])
    sepp, vroni, hias = chart.bars
    assert sepp.x == chart.zero and sepp.width > hias.width > 0
    assert vroni.x + vroni.width == chart.zero
    assert vroni.width > sepp.width
    assert [b.value for b in chart.bars] == ["210", "-240", "30"]


def test_bars_scale_to_a_given_top():
    chart = bar_chart("b", "T", "D", [("a", 50)], top=100)
    half = chart.bars[0].width
    full = bar_chart("b", "T", "D", [("a", 100)], top=100).bars[0].width
    assert half == pytest.approx(full / 2, abs=0.1)


@pytest.fixture
def render(app):
    def render(template, **context):
        with app.test_request_context():
            return render_template_string(template, **context)

    return render


def test_the_svg_has_title_desc_and_the_table(render):
    chart = line_chart("score", "Spielstand", "Zwei Linien", [1, 2, 3], two_lines(3))
    html = render(RENDER_LINE, chart=chart)
    assert f'viewBox="0 0 {WIDTH} {HEIGHT}"' in html
    assert '<title id="score-title">Spielstand</title>' in html
    assert '<desc id="score-desc">Zwei Linien</desc>' in html
    assert 'aria-labelledby="score-title score-desc"' in html
    assert html.count("<polyline") == 2
    # The same numbers as a table beside the chart.
    assert '<th scope="row">3</th><td>2</td><td>4</td>' in html
    # Classes only: the CSP allows no inline style.
    assert "style=" not in html and "<style" not in html


def test_the_same_data_give_the_same_bytes(render):
    def once():
        chart = line_chart("score", "T", "D", list(range(1, 301)), two_lines(300))
        return render(RENDER_LINE, chart=chart)

    assert once() == once()


def test_names_are_escaped_in_the_svg(render):
    hostile = '<script>alert(1)</script> & "x"'
    chart = line_chart(
        "t",
        hostile,
        hostile,
        [1, 2],
        [Series(hostile, "series-0", [1, 2])],
        marks=[Mark(1, 0, "stein", hostile)],
    )
    html = render(RENDER_LINE, chart=chart)
    assert "<script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;x&#34;" in html
    bars = bar_chart("b", hostile, hostile, [(hostile, 3)])
    html = render(RENDER_BARS, chart=bars, heads=[hostile, "x"])
    assert "<script>" not in html
    assert html.count("&lt;script&gt;") >= 4


def test_a_bar_chart_renders_a_rect_per_bar(render):
    chart = bar_chart("rates", "Quote", "Gewonnen", [("Hans", 60), ("Karl", 40)], top=100)
    html = render(RENDER_BARS, chart=chart, heads=["Spieler", "Quote"])
    assert html.count("<rect") == 2
    assert '<title id="rates-title">Quote</title>' in html
    assert '<th scope="row">Hans</th><td>60</td>' in html


@settings(derandomize=True, database=None, deadline=None, max_examples=60)
@given(
    values=st.lists(st.integers(-5000, 5000), min_size=1, max_size=600),
    step=st.booleans(),
)
def test_any_series_lies_inside_the_plot_within_the_budget(values, step):
    xs = list(range(1, len(values) + 1))
    chart = line_chart("t", "T", "D", xs, [Series("A", "series-0", values)], step=step)
    x0, y0, x1, y1 = chart.plot
    (line,) = chart.lines
    assert len(line.coordinates) <= (2 * MAX_POINTS if step else MAX_POINTS)
    for x, y in line.coordinates:
        assert x0 <= x <= x1 and y0 <= y <= y1
    assert len(chart.rows) == min(len(values), MAX_POINTS)
    assert chart.rows[-1] == (str(len(values)), (f"{values[-1]:g}",))
    # Every tick labels a place inside the plot.
    assert all(y0 <= tick.position <= y1 for tick in chart.y_ticks)


def test_tied_lines_are_drawn_apart_and_each_shows():
    tied = [Series(name, f"series-{n}", [0, 2, 2, 5]) for n, name in enumerate("ABC")]
    chart = line_chart("t", "Title", "Desc", [1, 2, 3, 4], tied)
    heights = {line.coordinates[1][1] for line in chart.lines}
    assert len(heights) == 3
    assert max(heights) - min(heights) == 2 * TIE
    _x0, y0, _x1, y1 = chart.plot
    assert all(y0 <= y <= y1 for line in chart.lines for _x, y in line.coordinates)
    # Apart from a tie a line is where its value is.
    alone = line_chart("t", "T", "D", [1, 2], [Series("A", "series-0", [0, 4])])
    assert alone.lines[0].coordinates[-1][1] == y0


def test_a_line_chart_titles_its_axes_and_explains_its_marks(client):
    marks = [Mark(1, 0, "round-end", "Spiel 2: Runde")]
    chart = line_chart(
        "t",
        "Title",
        "Desc",
        [1, 2, 3],
        two_lines(3),
        marks=marks,
        x_label="Spiel",
        y_label="Punkte",
        mark_words={"round-end": "Rundenende", "stein": "Stein"},
    )
    # Only the kinds of mark drawn are explained.
    assert chart.keys == (("round-end", "Rundenende"),)
    with client.application.test_request_context():
        html = render_template_string(RENDER_LINE, chart=chart)
    assert '<text class="axis"' in html and ">Spiel</text>" in html and ">Punkte</text>" in html
    assert 'class="dot round-end" cx="12"' in html and "Rundenende" in html


def test_a_chart_of_one_point_draws_each_line_as_a_dot(render):
    # A group's first evening: one x, four players tied at 0; a polyline of one point shows
    # nothing, so each is a dot of its line's colour, side by side in the middle.
    tied = [Series(name, f"series-{n}", [0]) for n, name in enumerate("ABCD")]
    chart = line_chart("t", "Title", "Desc", [1], tied)
    assert [dot.css for dot in chart.dots] == ["series-0", "series-1", "series-2", "series-3"]
    assert [dot.label for dot in chart.dots] == ["A: 0", "B: 0", "C: 0", "D: 0"]
    x0, _y0, x1, y1 = chart.plot
    xs = [dot.x for dot in chart.dots]
    assert {dot.y for dot in chart.dots} == {y1}
    assert all(b - a >= 8 for a, b in itertools.pairwise(xs))  # a dot is 8 wide
    assert sum(xs) / len(xs) == (x0 + x1) / 2 == chart.x_ticks[0].position
    assert render(RENDER_LINE, chart=chart).count('<circle class="dot series-') == 4


def test_lines_tied_at_the_bottom_or_top_spread_inward_and_each_shows():
    # Steine: six players at 0 most of the evening, the plot's bottom; and three at its top.
    bottom = [Series(str(n), f"series-{n}", [0, 0, 1]) for n in range(6)]
    chart = line_chart("t", "T", "D", [1, 2, 3], bottom)
    _x0, y0, _x1, y1 = chart.plot
    assert len({line.coordinates[0][1] for line in chart.lines}) == 6
    assert max(line.coordinates[0][1] for line in chart.lines) == y1
    top = line_chart("t", "T", "D", [1, 2], [Series(n, "series-0", [0, 4]) for n in "ABC"])
    assert sorted(line.coordinates[-1][1] for line in top.lines) == [y0, y0 + TIE, y0 + 2 * TIE]
