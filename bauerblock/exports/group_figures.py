"""What a game's evenings show of a roster player on a Stammtisch's statistics page and
in its statistics CSV: a `GroupTable` a game (its `GameExport.figures`), which the page
and the CSV iterate, naming no game.

A player is one of getGroupStats's players (engine.stammtisch `to_dict`): number, name,
evenings, and each game's part of it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from bauerblock.exports.charts import LineChart, Series, line_chart
from bauerblock.exports.common import written_euros

Player = Mapping[str, Any]
Stats = Mapping[str, Any]
"""A group's statistics as getGroupStats shows them (its players, its series)."""

MAX_LINES = 8
"""Players drawn in a balance chart (the most evenings first); the tables list all."""


@dataclass(frozen=True)
class Figure:
    """A column of the page's table or of the CSV: its head (lazy_gettext) and its cell for
    a player (the page's as it shows it; the CSV's a number or words, `exports.common.Cell`)."""

    label: Any
    cell: Callable[[Player], Any]
    css: str | None = None
    """The cell's class, if it has one (a balance)."""


@dataclass(frozen=True)
class GroupTable:
    """A game's figures of a roster player: the page's table and the CSV's columns."""

    key: str
    """The table's id on the page (its heading's is `<key>-h`)."""
    title: Any
    evenings: Callable[[Player], int]
    """The player's evenings of the game: a player with none has no row."""
    figures: tuple[Figure, ...]
    csv: tuple[Figure, ...]
    """The game's columns of the statistics CSV, after the number, name and evenings (each
    head followed by the game's name there)."""
    hint: Any = None
    empty: Any = None
    """Shown when no player sat in an evening of the game (None: no section at all)."""
    charts: Callable[[Stats], dict[str, Any]] = lambda stats: {}
    """The game's charts of the group by key, drawn after the tables (none: `{}`)."""


def signed(value: int) -> str:
    """Return a balance with its sign, a loss with a true minus (U+2212) as on the pad."""
    return f"+{value}" if value > 0 else f"\u2212{-value}" if value < 0 else "0"


def money(cents: int) -> str:
    """Return cents in euros as the group's pages write them in their language (1,20 €,
    €1.20), a loss with U+2212."""
    return written_euros(cents).replace("-", "\u2212")


def part(game: str, name: str) -> Callable[[Player], Any]:
    """Return the cell of a figure of the player's part for `game` (getGroupStats's)."""
    return lambda player: player[game][name]


def most_evenings(players: list[Player], evenings: Callable[[Player], int]) -> list[Player]:
    """Return the players drawn in a chart: the most evenings first, at most `MAX_LINES`."""
    return sorted(players, key=lambda p: (-evenings(p), p["number"]))[:MAX_LINES]


def colours(drawn: Sequence[Player]) -> dict[int, str]:
    """Return each drawn player's colour by roster number: by the order of the lines, so a
    player keeps one colour in every chart of the game."""
    return {p["number"]: f"series-{i % 8}" for i, p in enumerate(drawn)}


def balance_chart(
    key: str,
    title: str,
    desc: str,
    stats: Stats,
    nights: Sequence[Mapping[str, Any]],
    balance: str,
    drawn: Sequence[Player],
    *,
    unit: Callable[[int], float] = lambda value: value,
    **options: Any,
) -> LineChart:
    """Lay out the `balance` of each player `drawn` over the evenings `nights` (the group's
    series' points), in `unit`: one line each, in its colour, evening by evening."""
    # Each roster number's place in the series' balances.
    index = {p["number"]: i for i, p in enumerate(stats["players"])}
    colour = colours(drawn)
    return line_chart(
        key,
        title,
        desc,
        list(range(1, len(nights) + 1)),
        [
            Series(
                p["name"],
                colour[p["number"]],
                [unit(night[balance][index[p["number"]]]) for night in nights],
            )
            for p in drawn
        ],
        x_label=_("Abend"),
        **options,
    )
