"""A tournament as the engine sees it: format, players by number, draws, tables' rounds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bauerblock.engine.evening import RoundRecord
from bauerblock.engine.names import name_key
from bauerblock.engine.tournament.draw import Draw
from bauerblock.engine.tournament.format import Format

MIN_PLAYERS = 4
MAX_PLAYERS = 200

Rounds = Mapping[tuple[int, int], Sequence[RoundRecord]]
"""The completed rounds of each table's sheet, by (draw number, table number).

A table missing from the mapping has completed no round yet.
"""


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


@dataclass(frozen=True)
class Tournament:
    """A tournament's format, its players (by number) and its draws, oldest first."""

    format: Format
    players: tuple[Player, ...] = ()
    draws: tuple[Draw, ...] = ()
    final: bool = False
    """Its last planned draw was once played out: the tournament stays finished (Endstand),
    even when a correction deletes a game of that draw."""

    @property
    def next_draw(self) -> int:
        """Return the number the next draw gets."""
        return len(self.draws) + 1

    def players_of(self, draw: int) -> tuple[int, ...]:
        """Return the numbers of the players taking part in draw number `draw`."""
        return tuple(p.number for p in self.players if p.plays_in(draw))

    def named(self, name: str) -> Player | None:
        """Return the player of this name, ignoring case and repeated spaces (None: nobody)."""
        key = name_key(name)
        return next((p for p in self.players if name_key(p.name) == key), None)

    def player(self, number: int) -> Player | None:
        """Return the player with this number (None: no such player)."""
        return next((p for p in self.players if p.number == number), None)
