"""The group's statistics as the page shows them: charts laid out by exports.charts."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from bauerblock.exports.charts import Series, bar_chart, line_chart
from bauerblock.exports.games import EXPORTS
from bauerblock.exports.group_figures import GroupTable, money
from bauerblock.exports.groups import result_line

MAX_LINES = 8
"""Players drawn in a balance chart (the most evenings first); the tables list all."""


def tables(stats: Mapping[str, Any]) -> list[tuple[GroupTable, list[Mapping[str, Any]]]]:
    """Return each game's table (exports.games) and the players who sat in its evenings."""
    found = []
    for table in (export.figures for export in EXPORTS.values()):
        players = [p for p in stats["players"] if table.evenings(p)]
        if players or table.empty is not None:
            found.append((table, players))
    return found


def evening_result(evening: Mapping[str, Any]) -> str:
    """Return an evening's result in a line, in its game's words, its money in euros."""
    return result_line(evening, money)


def charts(stats: Mapping[str, Any]) -> dict[str, Any]:
    """Return the Steine balance and the money over the evenings (lines), the win rates (bars)."""
    index = {p["number"]: i for i, p in enumerate(stats["players"])}
    players = [p for p in stats["players"] if p["bauerchen_evenings"]]
    drawn = _most_evenings(players, lambda p: p["bauerchen_evenings"])
    # A player keeps one colour in the Bauerchen charts: by the order of the lines.
    colour = {p["number"]: f"series-{i % 8}" for i, p in enumerate(drawn)}
    found: dict[str, Any] = {}
    nights = [point for point in stats["series"] if point["game"] == "bauerchen"]
    if nights:
        found["balance"] = _balance(
            "balance",
            _("Steine-Bilanz über die Abende"),
            _(
                "Für jeden Spieler die gewonnenen weniger die verlorenen Steine nach jedem "
                "Bauerchen-Abend, vom ersten bis zum letzten."
            ),
            [[point["steins_balance"][index[p["number"]]] for point in nights] for p in drawn],
            drawn,
            colour,
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
    paying = [p for p in stats["players"] if p["bolachen"]["cents"] or p["bolachen"]["evenings"]]
    deals = [
        point for point in stats["series"] if point["game"] == "bolachen" and any(point["cents"])
    ]
    if deals:
        payers = _most_evenings(paying, lambda p: p["bolachen"]["evenings"])
        found["money"] = _balance(
            "money",
            _("Geld-Bilanz über die Abende (Bolachen)"),
            _(
                "Für jeden Spieler, was er beim harten Bolachen über die Abende gewonnen "
                "oder verloren hat, in Euro."
            ),
            [[point["cents"][index[p["number"]]] / 100 for point in deals] for p in payers],
            payers,
            {p["number"]: f"series-{i % 8}" for i, p in enumerate(payers)},
            fmt=lambda amount: f"{amount:.2f}".replace(".", ",").replace("-", "\u2212"),
        )
    return found


def _most_evenings(players: list[dict], evenings: Callable[[dict], int]) -> list[dict]:
    return sorted(players, key=lambda p: (-evenings(p), p["number"]))[:MAX_LINES]


def _balance(
    key: str,
    title: str,
    desc: str,
    values: Sequence[Sequence[float]],
    drawn: Sequence[Mapping[str, Any]],
    colour: Mapping[int, str],
    **options: Any,
):
    """Lay out a balance per player over the evenings: one line each, evening by evening."""
    count = len(values[0]) if values else 0
    return line_chart(
        key,
        title,
        desc,
        list(range(1, count + 1)),
        [
            Series(p["name"], colour[p["number"]], line)
            for p, line in zip(drawn, values, strict=True)
        ],
        x_label=_("Abend"),
        **options,
    )
