"""What the exports know of Bauerschspiel: its sheet's CSV and PDF pad (the winner, the
board after each game, a line under each Nullchen) and its statistics summary (the strokes
and the Nullchen over the evening, the teams' figures)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext

from bauerblock.engine.teams import TEAMS, Team
from bauerblock.exports.charts import Mark, line_chart
from bauerblock.exports.common import Column, Game, State
from bauerblock.exports.group_figures import Figure, GroupTable, part
from bauerblock.exports.layout import (
    GameExport,
    Layout,
    PadColumn,
    PresetWords,
    dealer,
    team_sides,
)
from bauerblock.exports.summary import (
    Summary,
    tally_chart,
    team_names,
    team_players,
    team_series,
    team_table,
)
from bauerblock.games.bauerschspiel.stats import BauerschspielStats
from bauerblock.store.sheets import Sheet

PRESETS = {
    "dillkreis": PresetWords(
        "Dillkreis",
        lazy_gettext(
            "Jedes Team beginnt mit fünf Strichen; wer ein Spiel gewinnt, streicht einen aus, "
            "wer verliert, bekommt einen dazu. Wer zuerst keinen mehr hat, bekommt ein Nullchen."
        ),
    ),
}
"""Bauerschspiel's presets in words (the new-sheet form's choices, the exports' rules line)."""

# --- The sheet's export ------------------------------------------------------------------


def event_team(game: Game, event: str) -> str | None:
    """Return the team a Nullchen is for (no other event of a board is a team's)."""
    return game["nullchen"] if event == "nullchen" else None


def nullchen_line(game: Game, players: Sequence[str], start: int) -> str | None:
    """Return the line under the game that gave a Nullchen: the board it closed, the team
    and its players, then the new board's `start` strokes ("Brett 1: Nullchen für Team A
    (Hans & Karl) – beide wieder bei 5"); None under any other game.

    The one wording of a board's end: the pad's line under it, its folded board and the
    exports' closing say it so.
    """
    team = game["nullchen"]
    if not team:
        return None
    nullchen = _(
        "Brett %(n)s: Nullchen für Team %(t)s (%(names)s)",
        n=game["round"],
        t=team,
        names=team_players(players, team),
    )
    return nullchen + " – " + _("beide wieder bei %(n)s", n=start)


def layout(sheet: Sheet) -> Layout:
    """Return how a Bauerschspiel sheet is exported."""
    start = sheet.rules.to_dict()["strokes"]
    preset = sheet.rules.to_dict()["preset"]

    def board(count: int) -> str:
        return f"{count} {'+' * count}" if count else "0"

    def standing(state: State) -> list[str]:
        current = state["current"]
        strokes, nullchen = current["strokes"], current["nullchen"]
        return [
            _(
                "Brett %(n)s: Striche A %(a)s · B %(b)s",
                n=current["round"],
                a=strokes["A"],
                b=strokes["B"],
            ),
            _("Nullchen: A %(a)s · B %(b)s", a=nullchen["A"], b=nullchen["B"]),
        ]

    return Layout(
        csv=(
            Column("round", lambda game: game["round"]),
            Column("dealer", dealer(sheet)),
            Column("winner", lambda game: game["winner"]),
            *(Column(f"strokes_{t}", lambda game, t=t: game["strokes_after"][t]) for t in TEAMS),
            Column("nullchen", lambda game: game["nullchen"] or ""),
            *(Column(f"nullchen_{t}", lambda game, t=t: game["nullchen_after"][t]) for t in TEAMS),
        ),
        pad=(
            PadColumn(_("Geber"), 40, dealer(sheet), "L"),
            PadColumn(_("Sieger"), 19, lambda game: game["winner"]),
            *(
                PadColumn(
                    t,
                    42,
                    lambda game, t=t: board(game["strokes_after"][t]),
                    "L",
                    _("Striche"),
                    value=lambda game, t=t: game["strokes_after"][t],
                )
                for t in TEAMS
            ),
            PadColumn("", 28, lambda game: game["nullchen"] or "", group=_("Nullchen")),
        ),
        sides=team_sides(sheet),
        rules=_(
            "%(preset)s, %(n)s Striche zu Beginn",
            preset=PRESETS[preset].name if preset in PRESETS else preset,
            n=start,
        ),
        closing=lambda game: nullchen_line(game, sheet.players, start),
        standing=standing,
        event_team=event_team,
    )


# --- The statistics summary -------------------------------------------------------------


def summary(players: Sequence[str], stats: BauerschspielStats) -> Summary:
    """Return the tables and charts of a Bauerschspiel evening: the board and the Nullchen."""
    names = [team_names(players, team) for team in Team]
    series = stats.series
    board = line_chart(
        "strokes",
        _("Striche über den Abend"),
        _("Die Striche jeder Partei nach jedem Spiel; Punkte markieren die Nullchen."),
        [p.number for p in series],
        team_series(names, series, lambda point, team: point.strokes[team]),
        marks=_nullchen_marks(series),
        x_label=_("Spiel"),
        y_label=_("Striche"),
        mark_words={"stein": _("Nullchen")},
    )
    nullchen = tally_chart(
        "nullchen",
        _("Nullchen über den Abend"),
        _("Die Nullchen je Partei, nach jedem Spiel, das eines brachte."),
        series,
        lambda point: point.nullchen,
        names,
        _("Nullchen"),
    )
    teams = team_table("teams", _("Teams"), players, dict(stats.teams))
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


def result(current: Mapping[str, Any], money: Callable[[int], str]) -> str:
    """Return an evening's result: the board's strokes and the Nullchen."""
    strokes, nullchen = current["strokes"], current["nullchen"]
    # Each word on its own (not inside the f-string), so that pybabel's extract finds it.
    strokes_word, nullchen_word = _("Striche"), _("Nullchen")
    return (
        f"{strokes_word} {strokes['A']}:{strokes['B']} · "
        f"{nullchen_word} {nullchen['A']}:{nullchen['B']}"
    )


def _figures(won: Any) -> tuple[Figure, ...]:
    """Return the figures of a player's evenings, the games won headed `won`."""
    return tuple(
        Figure(label, part("bauerschspiel", name))
        for label, name in (
            (lazy_gettext("Abende"), "evenings"),
            (lazy_gettext("Spiele"), "games"),
            (won, "games_won"),
            (lazy_gettext("Nullchen"), "nullchen"),
        )
    )


# The page's table heads its columns short; the CSV's say what each is on its own.
FIGURES = GroupTable(
    "board-figures",
    "Bauerschspiel",
    part("bauerschspiel", "evenings"),
    _figures(lazy_gettext("gewonnen")),
    _figures(lazy_gettext("Spiele gewonnen")),
)
"""A Stammtisch's Bauerschspiel figures."""

EXPORT = GameExport("bauerschspiel", layout, summary, result, FIGURES, PRESETS)
