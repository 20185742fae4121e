"""Exports of a Stammtisch: its evenings as CSV and JSON, its statistics as CSV, and its
statistics as its page shows them (each game's tables and charts, `GameExport.figures`).

Cells a spreadsheet would run as a formula are quoted as the sheets' exports do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from bauerblock.exports.common import download_name, people_csv, written_date
from bauerblock.exports.games import EXPORTS
from bauerblock.exports.group_figures import GroupTable, money
from bauerblock.store.groups import EveningLine, Group

PLAYER_COLUMNS = ("number", "name", "evenings")
"""The statistics CSV's first columns' fields; each game's follow (its `GameExport.figures`)."""


def result_line(evening: EveningLine) -> str:
    """Return an evening's result as one line, in its game's words (exports.games), its
    money in euros (the Stammtisch's page shows it so too)."""
    return EXPORTS[evening.game].result(evening.result, money)


def evening_document(evening: EveningLine) -> dict[str, Any]:
    """Return an evening's line as getGroup shows it."""
    return {
        "id": evening.id,
        "title": evening.title,
        "game": evening.game,
        "created": evening.created,
        "version": evening.version,
        "players": list(evening.players),
        "names": list(evening.names),
        "result": evening.result,
    }


def evenings_csv(group: Group, evenings: Sequence[EveningLine]) -> str:
    """Return one row per evening, newest first, for people in the current language (its
    separator, its dates, the result in the game's words): date, title, game, players,
    games, result."""
    heads = (_("Datum"), _("Titel"), _("Spielart"), _("Spieler"), _("Spiele"), _("Ergebnis"))
    rows = (
        (
            written_date(evening.created),
            evening.title,
            evening.game.capitalize(),
            ", ".join(evening.names),
            evening.result["games_played"],
            result_line(evening),
        )
        for evening in evenings
    )
    return people_csv(heads, rows)


def evenings_json(group: Group, evenings: Sequence[EveningLine]) -> dict[str, Any]:
    """Return the group, its roster and its evenings as getGroup shows them."""
    return {
        "id": group.id,
        "name": group.name,
        "created": group.created,
        "players": [player.to_dict() for player in group.players],
        "sheets": [evening_document(evening) for evening in evenings],
    }


def stats_csv(stats: Mapping[str, Any]) -> str:
    """Return one row per roster player for people, in the current language (its words and
    separator): number, name, evenings, then each game's figures, named with their game."""
    figures = [
        (figure, export.game.capitalize())
        for export in EXPORTS.values()
        for figure in export.figures.csv
    ]
    heads = (
        _("Nr."),
        _("Name"),
        _("Abende"),
        *(f"{figure.label} ({game})" for figure, game in figures),
    )
    rows = (
        (
            *(player[name] for name in PLAYER_COLUMNS),
            *(figure.cell(player) for figure, _game in figures),
        )
        for player in stats["players"]
    )
    return people_csv(heads, rows)


def filename(group: Group, what: str, ext: str) -> str:
    """Return a download's file name: the group's name, what it holds and the date."""
    return download_name(f"{group.name} {what}", group.created, "Stammtisch", ext)


def tables(stats: Mapping[str, Any]) -> list[tuple[GroupTable, list[Mapping[str, Any]]]]:
    """Return each game's table of the statistics page and the players who sat in its
    evenings."""
    found = []
    for table in (export.figures for export in EXPORTS.values()):
        players = [p for p in stats["players"] if table.evenings(p)]
        if players or table.empty is not None:
            found.append((table, players))
    return found


def charts(stats: Mapping[str, Any]) -> dict[str, Any]:
    """Return each game's charts of the group, by key, in the games' order."""
    return {
        key: chart
        for export in EXPORTS.values()
        for key, chart in export.figures.charts(stats).items()
    }
