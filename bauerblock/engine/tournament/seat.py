"""Where a player sits now, for the player's own phone: a player's view, as
docs/rules.md section 4, "Tables keep their number, their card and their phone" says.

A Preisbauer's player: the current draw's table and seat, the partner opposite and the two
opponents, or the Freilos; the points and the place. A Paarturnier's pair says the same of
its match (`pairs.seat`). Both are a `Seat`, told by the API and the pages alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Seat:
    """Where a player (or a pair) sits in the current draw, and how it stands."""

    entrant: int
    """The player's (or the pair's) number."""
    draw: int | None
    """The current draw's number (None: nothing drawn yet)."""
    table: int | None = None
    seat: int | None = None
    """Its seat, 0..3 (seats 0 and 2 are team A); a pair's first seat."""
    partner: int | None = None
    """The player opposite (None for a pair: the partner is in it)."""
    opponents: tuple[int, ...] = ()
    """The two players (or the one pair) across the table."""
    bye: bool = False
    """It sits the current draw out (Freilos)."""
    playing: bool = False
    """Its table of the current draw still plays."""
    rounds_played: int = 0
    rounds: int = 0
    """Its table's rounds played and to play (a pair's match: rounds won by either side)."""
    points: int | None = None
    place: int | None = None
    stage: str | None = None
    """The current draw's stage, where the kind has stages (`group`, a knock-out round)."""
    outlook: Any = None
    """What comes next for the entrant, in its kind's terms (None: the kind tells none)."""
    names: dict[int, str] = field(default_factory=dict)
    """The names of the entrant, its partner and its opponents, by number (a pair's two
    names joined by " / ")."""

    def named(self, number: int | None) -> dict[str, Any] | None:
        """Return an entrant of the seat as `{number, name}` (None: none)."""
        return None if number is None else {"number": number, "name": self.names[number]}

    def to_dict(self) -> dict[str, Any]:
        return {
            "entrant": self.named(self.entrant),
            "draw": self.draw,
            "table": self.table,
            "seat": self.seat,
            "partner": self.named(self.partner),
            "opponents": [self.named(number) for number in self.opponents],
            "bye": self.bye,
            "playing": self.playing,
            "rounds_played": self.rounds_played,
            "rounds": self.rounds,
            "points": self.points,
            "place": self.place,
            "stage": self.stage,
        }
