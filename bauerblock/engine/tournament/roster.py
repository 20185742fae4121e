"""What every tournament of players shares (the Preisbauer's, a series' tournament): the
roster - players by a number that never changes, their bounds - and the refusals of a
roster step. A kind's own rules are in its folder (`bauerblock/kinds/<kind>/engine/`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bauerblock.engine.errors import NotFound, RuleError, StateConflict

MIN_PLAYERS = 4
MAX_PLAYERS = 200


@dataclass(frozen=True)
class Player:
    """A registered player: a number for the evening that never changes or gets reused."""

    number: int
    name: str
    joined_draw: int = 1
    """The first draw the player takes part in (a late entry joins from the next draw)."""
    withdrawn_from: int | None = None
    """The first draw the player no longer takes part in; None: still playing."""
    gaps: tuple[tuple[int, int], ...] = ()
    """Draws missed between a withdrawal and a re-entry: (first missed, first back), each."""

    @property
    def active(self) -> bool:
        """Tell whether the player still plays (has not withdrawn)."""
        return self.withdrawn_from is None

    def plays_in(self, draw: int) -> bool:
        """Tell whether the player takes part in draw number `draw`."""
        if any(start <= draw < back for start, back in self.gaps):
            return False
        return self.joined_draw <= draw and (
            self.withdrawn_from is None or draw < self.withdrawn_from
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "name": self.name,
            "active": self.active,
            "joined_draw": self.joined_draw,
            "withdrawn_from": self.withdrawn_from,
            "missed": [list(gap) for gap in self.gaps],
        }


class TournamentFinished(StateConflict):
    """Refuse entries, withdrawals, draws and redraws once the tournament is finished."""

    def __init__(self) -> None:
        super().__init__(
            "tournament_finished",
        )


class DuplicateName(RuleError):
    """Refuse a name already registered (case and repeated spaces do not count)."""

    def __init__(self, name: str, number: int) -> None:
        super().__init__(
            "duplicate_name",
            name=name,
            number=number,
        )


class PlayerNotFound(NotFound):
    """Refuse a player number the tournament does not have."""


def player_of(player: Player | None, number: int) -> Player:
    """Return the player found as number `number`; raise PlayerNotFound for none."""
    if player is None:
        raise PlayerNotFound("player_not_found", number=number)
    return player
