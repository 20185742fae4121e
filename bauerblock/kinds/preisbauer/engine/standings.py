"""The standings: points, rounds, score difference and places, from the tables' rounds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bauerblock.engine.places import shared_places
from bauerblock.engine.teams import Team
from bauerblock.kinds.preisbauer.engine.draw import Draw
from bauerblock.kinds.preisbauer.engine.format import Tiebreak
from bauerblock.kinds.preisbauer.engine.model import Rounds, Tournament


@dataclass(frozen=True)
class Tally:
    """What one player won in one draw."""

    points: int = 0
    rounds_played: int = 0
    score_difference: int = 0
    byes: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.points + other.points,
            self.rounds_played + other.rounds_played,
            self.score_difference + other.score_difference,
            self.byes + other.byes,
        )


@dataclass(frozen=True)
class PlayerStanding:
    """One line of the standings."""

    place: int
    player: int
    name: str
    points: int
    rounds_played: int
    score_difference: int
    byes: int
    points_per_draw: tuple[int | None, ...]
    """Points of each draw so far; None for a draw the player took no part in."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "place": self.place,
            "player": self.player,
            "name": self.name,
            "points": self.points,
            "rounds_played": self.rounds_played,
            "score_difference": self.score_difference,
            "byes": self.byes,
            "points_per_draw": list(self.points_per_draw),
        }


def draw_tallies(tournament: Tournament, rounds: Rounds, done: Draw) -> dict[int, Tally]:
    """Return each player's tally of one draw: its completed rounds and its byes."""
    tallies = {p: Tally(tournament.format.bye_points, byes=1) for p in done.byes}
    for table in done.tables:
        tallies.update(dict.fromkeys(table.seats, Tally()))
        for record in rounds.get((done.number, table.number), ()):
            difference = record.final.a - record.final.b
            for team, pair in zip((Team.A, Team.B), table.partners, strict=True):
                sign = 1 if team is Team.A else -1
                won = Tally(1 if record.winner is team else 0, 1, sign * difference)
                for player in pair:
                    tallies[player] += won
    return tallies


def standings(tournament: Tournament, rounds: Rounds) -> tuple[PlayerStanding, ...]:
    """Return every player's line, best first; ties in player-number order."""
    per_draw = [draw_tallies(tournament, rounds, done) for done in tournament.draws]
    lines = []
    for player in tournament.players:
        mine = [tallies.get(player.number) for tallies in per_draw]
        total = sum((t for t in mine if t), Tally())
        lines.append((player, total, tuple(t.points if t else None for t in mine)))
    key = _rank_key(tournament.format.tiebreak)
    lines.sort(key=lambda line: (key(line[1]), line[0].number))
    places = shared_places([key(total) for _, total, _ in lines])
    return tuple(
        PlayerStanding(
            place=places[i],
            player=player.number,
            name=player.name,
            points=total.points,
            rounds_played=total.rounds_played,
            score_difference=total.score_difference,
            byes=total.byes,
            points_per_draw=points,
        )
        for i, (player, total, points) in enumerate(lines)
    )


def _rank_key(tiebreak: Tiebreak) -> Callable[[Tally], tuple[int, ...]]:
    """Return the sort key of a tally: best first, equal keys share a place."""
    if tiebreak is Tiebreak.SCORE_DIFFERENCE:
        return lambda t: (-t.points, -t.score_difference)
    return lambda t: (-t.points,)
