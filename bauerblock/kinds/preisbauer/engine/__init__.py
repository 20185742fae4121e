"""The Preisbauer's rules, the pub tournament of Bauerchen (docs/rules.md section 4).

A tournament is its format, its players and its draws; each table of a draw is an ordinary
Bauerchen sheet with `round_limit = rounds_per_draw`, and the standings are a pure function
of the tables' completed rounds.
"""

from bauerblock.engine.names import name_key
from bauerblock.engine.tournament.roster import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    DuplicateName,
    Player,
    PlayerNotFound,
    TournamentFinished,
)
from bauerblock.kinds.preisbauer.engine.draw import Draw, Meetings, Table, draw, meetings
from bauerblock.kinds.preisbauer.engine.format import Format, Tiebreak, resolve_format, table_spec
from bauerblock.kinds.preisbauer.engine.model import Rounds, Tournament
from bauerblock.kinds.preisbauer.engine.progress import (
    REFUSALS,
    DrawHasGames,
    DrawsDone,
    NotLatestDraw,
    StateConflict,
    TableProgress,
    TablesStillPlaying,
    TooFewPlayers,
    TooManyPlayers,
    check_next_draw,
    check_open,
    draw_closed,
    draw_finished,
    draw_locked,
    enter,
    finished,
    next_draw,
    reinstate,
    table_progress,
    withdraw,
)
from bauerblock.kinds.preisbauer.engine.standings import (
    PlayerStanding,
    Tally,
    draw_tallies,
    standings,
)

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "REFUSALS",
    "Draw",
    "DrawHasGames",
    "DrawsDone",
    "DuplicateName",
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
    "TournamentFinished",
    "check_next_draw",
    "check_open",
    "draw",
    "draw_closed",
    "draw_finished",
    "draw_locked",
    "draw_tallies",
    "enter",
    "finished",
    "meetings",
    "name_key",
    "next_draw",
    "reinstate",
    "resolve_format",
    "standings",
    "table_progress",
    "table_spec",
    "withdraw",
]
