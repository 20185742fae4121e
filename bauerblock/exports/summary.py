"""An evening's statistics as tables and charts, in the table's words.

The figures are the engine's fold (engine/stats.py) as the store keeps it per version; this
module names them and turns the series into charts (exports/charts.py). The statistics page
(scoresheet) shows them, and the PDF's summary page (exports/pdf_summary.py) draws them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext

from bauerblock.engine.bolachen import euros
from bauerblock.engine.stats import BauerchenStats, BauerschspielStats, BolachenStats, Stats
from bauerblock.engine.teams import Team
from bauerblock.exports.charts import (
    MAX_POINTS,
    BarChart,
    LineChart,
    Mark,
    Series,
    bar_chart,
    line_chart,
)

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

CONTRACT_LABELS = {"brand": "Brand", "bettel": "Bettel", "mord": "Mord"}


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


def summary(players: Sequence[str], stats: Stats) -> Summary:
    """Return the tables and charts of an evening's statistics."""
    if isinstance(stats, BolachenStats):
        return _bolachen(players, stats)
    if isinstance(stats, BauerschspielStats):
        return _bauerschspiel(players, stats)
    assert isinstance(stats, BauerchenStats)
    return _bauerchen(players, stats)


def team_names(players: Sequence[str], team: Team) -> str:
    """Return a team's label with its players: A (Hans & Karl)."""
    return f"{team} ({' & '.join(players[seat] for seat in team.seats)})"


def _team_table(key: str, caption: str, players: Sequence[str], figures: dict[Team, Any]) -> Table:
    names = list(figures[Team.A].to_dict())
    rows = tuple(
        (str(FIGURE_LABELS[name]), tuple(str(getattr(figures[team], name)) for team in Team))
        for name in names
    )
    heads = (_("Zahl"), *(team_names(players, team) for team in Team))
    return Table(key, caption, heads, rows)


def _tally_chart(
    key: str,
    title: str,
    desc: str,
    numbers: Sequence[int],
    counts: Sequence[dict[str, int]],
    names: Sequence[str],
) -> LineChart:
    """Chart a count per team that only grows (Steine, Nullchen): a point where it changes."""
    xs, values = [0], [{"A": 0, "B": 0}]
    for number, count in zip(numbers, counts, strict=True):
        if count != values[-1]:
            xs.append(number)
            values.append(count)
    if numbers and xs[-1] != numbers[-1]:
        xs.append(numbers[-1])
        values.append(values[-1])
    series = [
        Series(names[i], TEAM_CSS[team], [v[team.value] for v in values])
        for i, team in enumerate(Team)
    ]
    return line_chart(key, title, desc, xs, series, x_label=_("Spiel"), step=True)


def _bauerchen(players: Sequence[str], stats: BauerchenStats) -> Summary:
    series = stats.series
    names = [team_names(players, team) for team in Team]
    per_game = len(series) <= MAX_POINTS
    points = series if per_game else tuple(p for p in series if p.round_winner)
    numbers = [p.number for p in points]
    lines = [
        Series(names[i], TEAM_CSS[team], [p.score[team] for p in points])
        for i, team in enumerate(Team)
    ]
    marks = []
    for index, point in enumerate(points):
        if point.stein:
            label = _("Spiel %(n)s: Stein für %(t)s", n=point.number, t=point.stein)
            marks.append(Mark(index, list(Team).index(point.stein), "stein", label))
        elif point.round_winner and per_game:
            label = _("Spiel %(n)s: Runde für %(t)s", n=point.number, t=point.round_winner)
            marks.append(Mark(index, list(Team).index(point.round_winner), "round-end", label))
    if per_game:
        desc = _(
            "Der Spielstand jeder Runde nach jedem Spiel, eine Linie je Team; Punkte markieren "
            "die Rundenenden, Ringe die Steine."
        )
    else:
        desc = _(
            "Der Endstand jeder Runde (ein langer Abend), eine Linie je Team; Ringe markieren "
            "die Steine."
        )
    score = line_chart(
        "score",
        _("Spielstand über den Abend"),
        desc,
        numbers,
        lines,
        marks=marks,
        x_label=_("Spiel"),
    )
    steins = _tally_chart(
        "steins",
        _("Steine über den Abend"),
        _("Die gewonnenen Steine je Team, nach jedem Spiel, das einen Stein brachte."),
        [p.number for p in series],
        [p.steins.to_dict() for p in series],
        names,
    )
    solos = Table(
        "players",
        _("Spieler"),
        (_("Spieler"), _("Team"), _("Kart'ab gespielt"), _("Kart'ab gewonnen")),
        tuple(
            (name, (Team.of_seat(seat).value, str(fig.solos), str(fig.solos_won)))
            for seat, (name, fig) in enumerate(zip(players, stats.players, strict=True))
        ),
    )
    teams = _team_table("teams", _("Teams"), players, dict(stats.teams))
    return Summary((teams, solos), (score, steins), (), ())


def _bauerschspiel(players: Sequence[str], stats: BauerschspielStats) -> Summary:
    names = [team_names(players, team) for team in Team]
    series = stats.series
    board = line_chart(
        "strokes",
        _("Striche über den Abend"),
        _("Die Striche jeder Partei nach jedem Spiel; Punkte markieren die Nullchen."),
        [p.number for p in series],
        [
            Series(names[i], TEAM_CSS[team], [p.strokes[team] for p in series])
            for i, team in enumerate(Team)
        ],
        marks=_nullchen_marks(series),
        x_label=_("Spiel"),
    )
    nullchen = _tally_chart(
        "nullchen",
        _("Nullchen über den Abend"),
        _("Die Nullchen je Partei, nach jedem Spiel, das eines brachte."),
        [p.number for p in series],
        [p.nullchen.to_dict() for p in series],
        names,
    )
    teams = _team_table("teams", _("Teams"), players, dict(stats.teams))
    return Summary((teams,), (board, nullchen), (), ())


def _nullchen_marks(series: Sequence[Any]) -> list[Mark]:
    """Mark each game that brought a Nullchen, on the line of the team that got it."""
    marks, before = [], {"A": 0, "B": 0}
    for index, point in enumerate(series):
        now = point.nullchen.to_dict()
        for line, team in enumerate(Team):
            if now[team.value] > before[team.value]:
                label = _("Spiel %(n)s: Nullchen für %(t)s", n=point.number, t=team)
                marks.append(Mark(index, line, "stein", label))
        before = now
    return marks


def money(unit: str) -> Callable[[float], str]:
    """Return how totals are written: euros and cents under the hard score, else points."""
    if unit == "cents":
        return lambda value: euros(int(value))
    return lambda value: f"{value:+g}" if value else "0"


def _bolachen(players: Sequence[str], stats: BolachenStats) -> Summary:
    fmt = money(stats.unit)
    series = stats.series
    totals = line_chart(
        "totals",
        _("Stand über den Abend"),
        _("Der Stand jedes Spielers nach jedem Spiel, eine Linie je Spieler."),
        [0, *(p.number for p in series)],
        [
            Series(name, f"series-{seat}", [0, *(p.totals[seat] for p in series)])
            for seat, name in enumerate(players)
        ],
        x_label=_("Spiel"),
        fmt=fmt,
    )
    balance = bar_chart(
        "balance",
        _("Endstand"),
        _("Der Stand jedes Spielers am Ende: links im Minus, rechts im Plus."),
        [(name, fig.total) for name, fig in zip(players, stats.players, strict=True)],
        css=[f"series-{seat}" for seat in range(len(players))],
        fmt=fmt,
    )
    heads = (_("Spieler"), *CONTRACT_LABELS.values(), _("gegeben"), _("Stand"))
    rows = []
    for name, fig in zip(players, stats.players, strict=True):
        declared, won = fig.declared.to_dict(), fig.declared_won.to_dict()
        cells = tuple(f"{won[c]}/{declared[c]}" for c in CONTRACT_LABELS)
        rows.append((name, (*cells, str(fig.dealt), fmt(fig.total))))
    table = Table("players", _("Spieler: Spiele gewonnen/gespielt"), heads, tuple(rows))
    payments = tuple(
        _(
            "%(payer)s zahlt %(payee)s %(amount)s",
            payer=players[p.payer],
            payee=players[p.payee],
            amount=fmt(p.amount).lstrip("+"),
        )
        for p in stats.payments
    )
    return Summary((table,), (totals,), ((balance, (_("Spieler"), _("Stand"))),), payments)
