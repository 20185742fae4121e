"""One module a game: what its exports are (the sheet's CSV and PDF pad, the statistics
summary); `EXPORTS` names every game's, and `layout` and `summary` pick the game's.

A new game adds its module here (a `GameExport` named `EXPORT`) and registers it below;
tests/test_games.py checks every game of the engine has one.
"""

from __future__ import annotations

from collections.abc import Sequence

from bauerblock.engine.stats import Stats
from bauerblock.exports.games import bauerchen, bauerschspiel, bolachen
from bauerblock.exports.layout import GameExport, Layout
from bauerblock.exports.summary import Summary
from bauerblock.store.sheets import Sheet

EXPORTS: dict[str, GameExport] = {
    module.EXPORT.game: module.EXPORT for module in (bauerchen, bauerschspiel, bolachen)
}
"""Every game a sheet can keep (engine.games.GAMES) has its exports."""


def layout(sheet: Sheet) -> Layout:
    """Return the layout of the sheet's game."""
    return EXPORTS[sheet.game].layout(sheet)


def summary(players: Sequence[str], stats: Stats) -> Summary:
    """Return the tables and charts of an evening's statistics, by the game they fold."""
    return EXPORTS[stats.game].summary(players, stats)


__all__ = ["EXPORTS", "GameExport", "layout", "summary"]
