"""The series' use cases, called by its API and its pages alike (no Flask, no HTTP): its
own writes (`writes`), its tournaments (`tournaments`) and its reads (`reads`). Each write
is one transaction, idempotent by key; every input is bounded before work is done; a
refusal carries a code (bauerblock/series/words.py words it)."""

from bauerblock.series.service.reads import (
    Board,
    NowSeated,
    Partnership,
    PlayedTournament,
    PlayerPage,
    board,
    player_page,
    version,
)
from bauerblock.series.service.tournaments import (
    Entry,
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

__all__ = [
    "NEW_SERIES",
    "Board",
    "Entry",
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
