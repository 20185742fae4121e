"""A tournament as the engine sees it: format, players by number, draws, tables' rounds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bauerblock.engine.evening import RoundRecord
from bauerblock.engine.names import name_key
from bauerblock.engine.tournament.roster import Player
from bauerblock.kinds.preisbauer.engine.draw import Draw
from bauerblock.kinds.preisbauer.engine.format import Format

Rounds = Mapping[tuple[int, int], Sequence[RoundRecord]]
"""The completed rounds of each table's sheet, by (draw number, table number).

A table missing from the mapping has completed no round yet.
"""


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
