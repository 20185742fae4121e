"""What every kind of tournament shares (docs/rules.md sections 4 and 5): the roster of a
tournament of players (`roster`), the draw steps' one rule (`steps`), where an entrant sits
now (`seat`). Each kind's own rules - its format, its draws, its standings, its steps - are
in its folder, `bauerblock/kinds/<kind>/engine/`.
"""

from bauerblock.engine.tournament.roster import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    DuplicateName,
    Player,
    PlayerNotFound,
    TournamentFinished,
    player_of,
)

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "DuplicateName",
    "Player",
    "PlayerNotFound",
    "TournamentFinished",
    "player_of",
]
