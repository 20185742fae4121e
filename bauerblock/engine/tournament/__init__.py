"""Preisbauer, the pub tournament of Bauerchen (docs/rules.md section 4).

A tournament is its format, its players and its draws; each table of a draw is an ordinary
Bauerchen sheet with `round_limit = rounds_per_draw`, and the standings are a pure function
of the tables' completed rounds.
"""

from bauerblock.engine.tournament.draw import Draw, Meetings, Table, draw, meetings
from bauerblock.engine.tournament.format import Format, Tiebreak, resolve_format, table_rules
from bauerblock.engine.tournament.model import MAX_PLAYERS, MIN_PLAYERS, Player, Rounds, Tournament
from bauerblock.engine.tournament.progress import (
    DrawHasGames,
    DrawsDone,
    NotLatestDraw,
    PlayerNotFound,
    StateConflict,
    TableProgress,
    TablesStillPlaying,
    TooFewPlayers,
    TooManyPlayers,
    check_next_draw,
    check_redo,
    draw_closed,
    draw_finished,
    end_draw,
    enter,
    finished,
    next_draw,
    table_progress,
    withdraw,
)
from bauerblock.engine.tournament.standings import PlayerStanding, Tally, draw_tallies, standings

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Draw",
    "DrawHasGames",
    "DrawsDone",
    "Format",
    "Meetings",
    "NotLatestDraw",
    "Player",
    "PlayerNotFound",
    "PlayerStanding",
    "Rounds",
    "StateConflict",
    "Table",
    "TableProgress",
    "TablesStillPlaying",
    "Tally",
    "Tiebreak",
    "TooFewPlayers",
    "TooManyPlayers",
    "Tournament",
    "check_next_draw",
    "check_redo",
    "draw",
    "draw_closed",
    "draw_finished",
    "draw_tallies",
    "end_draw",
    "enter",
    "finished",
    "meetings",
    "next_draw",
    "resolve_format",
    "standings",
    "table_progress",
    "table_rules",
    "withdraw",
]
