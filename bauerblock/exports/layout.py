"""What a game's exports are made of (`GameExport`): the columns of its CSV and of its PDF
pad, the line ruled under a game that closes something, the closing standing, and its
statistics summary; and the cells every game's layout shares.

Each game fills one `GameExport` in its module of exports/games/; sheets.py writes the
CSV and the PDF from it, whichever the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

from bauerblock.engine.teams import TEAMS
from bauerblock.exports.common import Cell, Column, Game, State
from bauerblock.exports.group_figures import GroupTable
from bauerblock.exports.summary import Summary, team_players
from bauerblock.store.sheets import Sheet

EventTeam = Callable[[Game, str], str | None]
"""The team (or player) an event of a game is for, if it is for one: each game's own."""


@dataclass(frozen=True)
class PresetWords:
    """A rule preset in words: its name, and what it means at the table (the new-sheet form
    offers it so; the exports name a sheet's rules so)."""

    name: str
    hint: str

    def __str__(self) -> str:
        """Return the preset as a line: "Lautern: 130 Augen mit dem letzten Stich, …"."""
        return f"{self.name}: {self.hint}"


@dataclass(frozen=True)
class PadColumn:
    """A column of the PDF pad: its head, its width in mm, its text for a game.

    Columns sharing a `group` get a head above theirs and are ruled apart, as a team's or
    a player's columns are on paper.
    """

    head: str
    width: float
    text: Callable[..., str]
    """Called with the game alone, as `Column.cell`."""
    align: str = "C"
    group: str | None = None
    value: Callable[..., Cell] | None = None
    """The cell of the people's CSV, where it is a number the text writes otherwise (a 0
    the pad leaves blank, euros, a count of strokes); else the text."""

    @property
    def csv_head(self) -> str:
        """Return the column's head in the people's CSV: its group's and its own ("Punkte A")."""
        return " ".join(filter(None, (self.group, self.head)))

    def csv_cell(self, game: Game) -> Cell:
        """Return the column's cell of the people's CSV for `game`."""
        return self.value(game) if self.value is not None else self.text(game)


@dataclass(frozen=True)
class Layout:
    """How a game's sheet is exported."""

    csv: tuple[Column, ...]
    """The game's own columns of the CSV, between the number and the events every CSV has."""
    pad: tuple[PadColumn, ...]
    """The game's own columns of the pad, after the number every pad starts with."""
    sides: tuple[tuple[str, str], ...]
    """The heading's lines: a label and the players it stands for."""
    rules: str
    closing: Callable[[Game], str | None]
    """The bold line ruled under a game that closes something, or None."""
    standing: Callable[[State], list[str]]
    """Where the evening stands, printed after the games."""
    event_team: EventTeam
    """Which team (or player) each event of a game is for, in the CSV's events."""

    @property
    def csv_columns(self) -> tuple[Column, ...]:
        """Return every column of the CSV: the number, the game's own, the events."""
        number = Column("number", lambda game: game["number"])
        return (number, *self.csv, Column("events", self._events))

    def _events(self, game: Game) -> str:
        """Return a game's events, each with the team it is for: round_won A; knoddel B."""
        named = ((event, self.event_team(game, event)) for event in game["events"])
        return "; ".join(" ".join(filter(None, pair)) for pair in named)

    @property
    def pad_columns(self) -> tuple[PadColumn, ...]:
        """Return every column of the PDF pad: the number, then the game's own."""
        number = PadColumn(_("Nr."), 9, lambda game: str(game["number"]), value=_number)
        return (number, *self.pad)

    def people_heads(self) -> tuple[str, ...]:
        """Return the people's CSV's heads: the pad's columns, then what a game closed."""
        return (*(column.csv_head for column in self.pad_columns), _("Ereignisse"))

    def people_row(self, game: Game) -> tuple[Cell, ...]:
        """Return a game's row of the people's CSV, in words as the pad writes it."""
        cells = (column.csv_cell(game) for column in self.pad_columns)
        return (*cells, self.closing(game) or "")


def _number(game: Game) -> Cell:
    return int(game["number"])


@dataclass(frozen=True)
class GameExport:
    """What the exports know of one game: its sheet's layout and its statistics summary."""

    game: str
    layout: Callable[[Sheet], Layout]
    summary: Callable[[Sequence[str], Any], Summary]
    """The tables and charts of the game's statistics (engine.stats' fold of the game)."""
    result: Callable[[Mapping[str, Any], Callable[[int], str]], str]
    """An evening's result in a line (a Stammtisch's evenings), from what its `current`
    shows (its engine module's `RESULT`), money (cents) written by the caller's formatter."""
    figures: GroupTable
    """What its evenings show of a Stammtisch's roster player: the statistics page's table
    and the statistics CSV's columns."""
    presets: Mapping[str, PresetWords] = field(default_factory=dict)
    """Its rule presets in words (`exports.games.preset_in_words` names a sheet's rules;
    a preset not here, by its code)."""


def dealer(sheet: Sheet) -> Callable[[Game], str]:
    """Return the cell naming a game's dealer."""
    return lambda game: sheet.players[game["dealer"]]


def team_sides(sheet: Sheet) -> tuple[tuple[str, str], ...]:
    """Return the heading's lines of a game of two teams: A and its players, then B."""
    return tuple((team, team_players(sheet.players, team)) for team in TEAMS)


def no_team(game: Game, event: str) -> None:
    """Name no team for an event (a game whose events are the evening's, not a team's)."""
    return None
