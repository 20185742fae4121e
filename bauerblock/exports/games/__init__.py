"""Every game's exports (the sheet's CSV and PDF pad, the statistics summary), its folder's
`exports.EXPORT` (a `GameExport`); `layout` and `summary` pick the game's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bauerblock.engine.plugins import Parts
from bauerblock.engine.stats import Stats
from bauerblock.exports.layout import GameExport, Layout
from bauerblock.exports.summary import Summary
from bauerblock.store.sheets import Sheet

EXPORTS: Mapping[str, GameExport] = Parts("exports", "EXPORT")
"""Every game a sheet can keep (engine.games.GAMES) has its exports."""


def layout(sheet: Sheet) -> Layout:
    """Return the layout of the sheet's game."""
    return EXPORTS[sheet.game].layout(sheet)


def preset_in_words(game: str, preset: str) -> str:
    """Return a game's rule preset in words, in the current language, as a sheet's PDF
    names its rules ("Lautern: 130 Augen mit dem letzten Stich, …"); a preset the game
    does not name, by its code."""
    words = EXPORTS[game].presets.get(preset)
    return preset if words is None else str(words)


def summary(players: Sequence[str], stats: Stats) -> Summary:
    """Return the tables and charts of an evening's statistics, by the game they fold."""
    return EXPORTS[stats.game].summary(players, stats)


__all__ = ["EXPORTS", "GameExport", "layout", "preset_in_words", "summary"]
