"""The series' use cases, called by its API and its pages alike (no Flask, no HTTP): its
own writes (`writes`), its tournaments (`tournaments`) and its reads (`reads`). Each write
is one transaction, idempotent by key; every input is bounded before work is done; a
refusal carries a code (bauerblock/series/words.py words it)."""

from bauerblock.series.service.reads import (
    NowSeated,
    Partnership,
    PlayedTournament,
    PlayerPage,
    player_page,
)
from bauerblock.series.service.tournaments import (
    SeriesTournamentMade,
    create_tournament,
    enter_late,
    join_tournament,
)
from bauerblock.series.service.writes import (
    NEW_SERIES,
    Exports,
    NewSeries,
    PlayerChanged,
    add_player,
    create_series,
    forget,
    may_forget,
    set_hidden,
)

# The reads of the series itself are the store's: kept per version, they need no more.
from bauerblock.series.store import Board, board
from bauerblock.series.store import series_version as version

__all__ = [
    "NEW_SERIES",
    "Board",
    "Exports",
    "NewSeries",
    "NowSeated",
    "Partnership",
    "PlayedTournament",
    "PlayerChanged",
    "PlayerPage",
    "SeriesTournamentMade",
    "add_player",
    "board",
    "create_series",
    "create_tournament",
    "enter_late",
    "forget",
    "join_tournament",
    "may_forget",
    "player_page",
    "set_hidden",
    "version",
]
