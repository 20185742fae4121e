"""The group's statistics as the page shows them: each game's tables and charts (exports.games)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bauerblock.exports.games import EXPORTS
from bauerblock.exports.group_figures import GroupTable, money
from bauerblock.exports.groups import result_line


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
    """Return each game's charts of the group (exports.games), by key, in the games' order."""
    return {
        key: chart
        for export in EXPORTS.values()
        for key, chart in export.figures.charts(stats).items()
    }
