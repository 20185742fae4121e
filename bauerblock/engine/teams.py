"""Teams of a four-player game and their points: partners sit opposite."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Team(StrEnum):
    """A team: A holds seats 0 and 2, B holds seats 1 and 3."""

    A = "A"
    B = "B"

    @property
    def other(self) -> Team:
        """Return the opposing team."""
        return Team.B if self is Team.A else Team.A

    @property
    def seats(self) -> tuple[int, int]:
        """Return the team's two seats of a four-player game."""
        return (0, 2) if self is Team.A else (1, 3)

    @classmethod
    def of_seat(cls, seat: int) -> Team:
        """Return the team of a seat (0..3, clockwise)."""
        return cls.A if seat % 2 == 0 else cls.B


TEAMS: tuple[Team, ...] = tuple(Team)
"""Both teams, A first: the order of every table, column and form."""


@dataclass(frozen=True)
class Points:
    """A number per team: a score, game points, Knoddel or Steine."""

    a: int = 0
    b: int = 0

    def __getitem__(self, team: Team) -> int:
        return self.a if team is Team.A else self.b

    def add(self, team: Team, amount: int) -> Points:
        """Return these points with `amount` more for `team`."""
        if team is Team.A:
            return Points(self.a + amount, self.b)
        return Points(self.a, self.b + amount)

    def __add__(self, other: Points) -> Points:
        return Points(self.a + other.a, self.b + other.b)

    def __sub__(self, other: Points) -> Points:
        return Points(self.a - other.a, self.b - other.b)

    @classmethod
    def only(cls, team: Team, amount: int) -> Points:
        """Return `amount` for `team` and nothing for the other."""
        return cls().add(team, amount)

    def to_dict(self) -> dict[str, int]:
        return {"A": self.a, "B": self.b}
