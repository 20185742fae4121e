"""What every game's statistics summary is made of: an evening's figures as tables and
charts, in the table's words.

The figures are the engine's fold (engine/stats/) as the store keeps it per version; each
game's module of exports/games/ names them and turns its series into charts
(exports/charts.py) with the pieces here, and `exports.games.summary` picks the game's. The
statistics page (scoresheet) shows them, and the PDF's summary page (exports/pdf_summary.py)
draws them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext

from bauerblock.engine.teams import Team
from bauerblock.exports.charts import BarChart, LineChart, Series, line_chart

TEAM_CSS = {Team.A: "series-0", Team.B: "series-1"}

FIGURE_LABELS = {
    "games": lazy_gettext("Spiele"),
    "games_won": lazy_gettext("gewonnen"),
    "home_games": lazy_gettext("zuhause gespielt"),
    "home_won": lazy_gettext("zuhause gewonnen"),
    "away_games": lazy_gettext("auswärts gespielt"),
    "away_won": lazy_gettext("auswärts gewonnen"),
    "spritz_games": lazy_gettext("gespritzt"),
    "spritz_won": lazy_gettext("gespritzt und gewonnen"),
    "schneider_won": lazy_gettext("Schneider gewonnen"),
    "schwarz_won": lazy_gettext("schwarz gewonnen"),
    "melds_20": lazy_gettext("20er gemeldet"),
    "melds_40": lazy_gettext("40er gemeldet"),
    "solos": lazy_gettext("Kart'ab gespielt"),
    "solos_won": lazy_gettext("Kart'ab gewonnen"),
    "rounds_won": lazy_gettext("Runden gewonnen"),
    "rounds_lost": lazy_gettext("Runden verloren"),
    "knoddels": lazy_gettext("Knoddel"),
    "steins_won": lazy_gettext("Steine gewonnen"),
    "steins_lost": lazy_gettext("Steine verloren"),
    "nullchen": lazy_gettext("Nullchen"),
}
"""Every figure of the engine in the table's words; the Stammtisch pages use them too."""


@dataclass(frozen=True)
class Table:
    """A table of figures: its caption, its column heads, and rows of a label and cells."""

    key: str
    caption: str
    heads: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class Summary:
    """What the statistics page (and the PDF's summary page) shows of an evening."""

    tables: tuple[Table, ...]
    lines: tuple[LineChart, ...]
    bars: tuple[tuple[BarChart, tuple[str, ...]], ...]
    """Each bar chart with the heads of its table."""
    payments: tuple[str, ...]
    settles: bool = False
    """Whether the game settles between players: then no payments says nobody owes."""


def team_players(players: Sequence[str], team: str) -> str:
    """Return the names of a team's two players: Hans & Karl."""
    return " & ".join(players[seat] for seat in Team(team).seats if seat < len(players))


def team_names(players: Sequence[str], team: Team) -> str:
    """Return a team's label with its players: A (Hans & Karl)."""
    return f"{team} ({team_players(players, team)})"


def team_table(key: str, caption: str, players: Sequence[str], figures: dict[Team, Any]) -> Table:
    """Return a table of each team's figures, a row a figure, a column a team."""
    names = list(figures[Team.A].to_dict())
    rows = tuple(
        (str(FIGURE_LABELS[name]), tuple(str(getattr(figures[team], name)) for team in Team))
        for name in names
    )
    heads = (_("Kennzahl"), *(team_names(players, team) for team in Team))
    return Table(key, caption, heads, rows)


def team_series(
    names: Sequence[str], points: Sequence[Any], value: Callable[[Any, Team], int]
) -> list[Series]:
    """Return a line per team through `points`: `value` of a point and a team is its height."""
    return [
        Series(names[i], TEAM_CSS[team], [value(point, team) for point in points])
        for i, team in enumerate(Team)
    ]


def tally_chart(
    key: str,
    title: str,
    desc: str,
    series: Sequence[Any],
    count: Callable[[Any], Any],
    names: Sequence[str],
    y_label: str = "",
) -> LineChart:
    """Chart a count per team that only grows (Steine, Nullchen): a point where it changes.

    `count` is a point's tally so far (its Points, by team).
    """
    xs, values = [0], [{"A": 0, "B": 0}]
    for point in series:
        tally = count(point).to_dict()
        if tally != values[-1]:
            xs.append(point.number)
            values.append(tally)
    # The line goes on to the last game, unchanged since its last point.
    if series and xs[-1] != series[-1].number:
        xs.append(series[-1].number)
        values.append(values[-1])
    lines = team_series(names, values, lambda tally, team: tally[team.value])
    return line_chart(key, title, desc, xs, lines, x_label=_("Spiel"), y_label=y_label, step=True)
