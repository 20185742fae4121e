"""The group's statistics as the page shows them: charts laid out by scoresheet.charts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from scoresheet.charts import Series, bar_chart, line_chart

MAX_LINES = 8
"""Players drawn in the balance chart (the most evenings first); the table lists all."""


def charts(stats: Mapping[str, Any]) -> dict[str, Any]:
    """Return the Steine balance over the evenings (lines) and the win rates (bars)."""
    players = [p for p in stats["players"] if p["bauerchen_evenings"]]
    drawn = sorted(players, key=lambda p: (-p["bauerchen_evenings"], p["number"]))[:MAX_LINES]
    index = {p["number"]: i for i, p in enumerate(stats["players"])}
    # A player keeps one colour in both charts: by the order of the lines.
    colour = {p["number"]: f"series-{i % 8}" for i, p in enumerate(drawn)}
    points = [point for point in stats["series"] if point["game"] == "bauerchen"]
    found: dict[str, Any] = {}
    if points and drawn:
        found["balance"] = line_chart(
            "balance",
            _("Steine-Bilanz über die Abende"),
            _(
                "Für jeden Spieler die gewonnenen weniger die verlorenen Steine nach jedem "
                "Bauerchen-Abend, vom ersten bis zum letzten."
            ),
            list(range(1, len(points) + 1)),
            [
                Series(
                    p["name"],
                    f"series-{i % 8}",
                    [pt["steins_balance"][index[p["number"]]] for pt in points],
                )
                for i, p in enumerate(drawn)
            ],
            x_label=_("Abend"),
        )
    if players:
        rated = sorted(players, key=lambda p: (-(p["win_rate"] or 0), p["number"]))
        found["win_rates"] = bar_chart(
            "win-rates",
            _("Gewonnene Spiele (Bauerchen)"),
            _("Für jeden Spieler der Anteil der gewonnenen Bauerchen-Spiele in Prozent."),
            [(p["name"], round(100 * (p["win_rate"] or 0))) for p in rated],
            css=[colour.get(p["number"], "series-7") for p in rated],
            fmt=lambda value: f"{value:g} %",
            top=100,
        )
    return found
