"""The Rangliste of a series (docs/rules.md section 7): a pure fold over its
tournaments' final rankings.

Each tournament gives every ranked player points by their final place (`Scoring.PLACES`:
n - p + 1, a shared place the points of its best place; a Paarturnier's pair place goes to
both partners and n counts players) or their own points (`Scoring.TOURNAMENT`, a Preisbauer's
standings). Only finished tournaments count; a player's best `counted` of them are summed
(0: all); a player with fewer than `minimum` finished tournaments is listed apart. Ties go by
wins, then second places, then tournaments played, then are shared (1., 2., 2., 4.).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from bauerblock.engine.errors import RuleError
from bauerblock.engine.options import is_int
from bauerblock.engine.places import shared_places

BOUNDS = {"counted": (0, 50), "minimum": (1, 50), "planned": (1, 50)}
"""A series' numbers: the lowest and the highest each may be."""
MAX_TOURNAMENTS = 100
"""Tournaments a series holds at most: its version and its Rangliste read them all."""


class Scoring(Enum):
    """How a tournament's final ranking turns into a series' points."""

    PLACES = "places"
    """n - p + 1 for place p among n ranked players (the default)."""
    TOURNAMENT = "tournament"
    """The player's own points in the tournament (where its kind counts them)."""


@dataclass(frozen=True)
class SeriesRules:
    """A series' rules for points: the scoring, the best K counted, the minimum to be
    ranked, and the tournaments planned (M; None: not said)."""

    scoring: Scoring = Scoring.PLACES
    counted: int = 0
    """The best K tournaments count (0: all)."""
    minimum: int = 1
    planned: int | None = None

    def __post_init__(self) -> None:
        _bounded("counted", self.counted)
        _bounded("minimum", self.minimum)
        if self.planned is not None:
            _bounded("planned", self.planned)
            if self.counted > self.planned:
                raise RuleError(
                    "series_counted_over_planned",
                    counted=self.counted,
                    planned=self.planned,
                )

    def to_dict(self) -> dict[str, Any]:
        """Return the rules as the series' JSON says them (the API's, the download's, the
        stored row's)."""
        return {
            "scoring": self.scoring.value,
            "counted": self.counted,
            "minimum": self.minimum,
            "planned": self.planned,
        }


def _bounded(name: str, value: int) -> None:
    low, high = BOUNDS[name]
    if not is_int(value) or not low <= value <= high:
        raise RuleError(
            "series_setting_bounds",
            setting=name,
            low=low,
            high=high,
        )


@dataclass(frozen=True)
class Finish:
    """One entry of a tournament's final ranking: its series players (one; a pair's two),
    their place and their own points (None: the kind counts none, a Paarturnier)."""

    players: tuple[int, ...]
    place: int
    points: int | None = None


@dataclass(frozen=True)
class Result:
    """A tournament of the series as its final ranking stands (`finished`: its Endstand)."""

    tournament: str
    finished: bool
    finishes: tuple[Finish, ...] = ()
    others: int = 0
    """Players the tournament ranked who are no series players (entered at its own door):
    they take places and count in n, and score for nobody."""

    @property
    def ranked(self) -> int:
        """The players ranked (n): a pair counts two."""
        return sum(len(finish.players) for finish in self.finishes) + self.others


@dataclass(frozen=True)
class Score:
    """What one finished tournament gave a player: place, points, and whether they count
    among the player's best K."""

    tournament: str
    place: int
    points: int
    counted: bool


@dataclass(frozen=True)
class Standing:
    """A player's line of the Rangliste (`place` None: listed apart, below the minimum)."""

    player: int
    place: int | None
    points: int
    """The counted points (the best K)."""
    total: int
    """Every finished tournament's points."""
    wins: int
    seconds: int
    played: int
    scores: tuple[Score, ...] = field(default=())


@dataclass(frozen=True)
class Rangliste:
    """The series' ranking: the ranked players best first, those below the minimum apart
    (by points), and the tournaments still running (they add nothing yet)."""

    ranked: tuple[Standing, ...]
    apart: tuple[Standing, ...]
    running: tuple[str, ...]

    def standing(self, player: int) -> Standing | None:
        """Return the player's line (None: the player has none)."""
        return next((s for s in (*self.ranked, *self.apart) if s.player == player), None)


def check_joins(rules: SeriesRules, own_points: bool) -> None:
    """Refuse a tournament whose kind counts no own points (a Paarturnier) in a series that
    scores the tournaments' own points."""
    if not own_points and rules.scoring is Scoring.TOURNAMENT:
        raise RuleError(
            "series_scoring_pairs",
        )


def points(result: Result, finish: Finish, scoring: Scoring) -> int:
    """Return what `finish` gives each of its players in `result`."""
    if scoring is Scoring.TOURNAMENT:
        return finish.points or 0
    # Places are written 1., 2., 2., 4.: a shared place is its best place already.
    return result.ranked - finish.place + 1


def rangliste(
    rules: SeriesRules, results: Iterable[Result], players: Iterable[int] = ()
) -> Rangliste:
    """Fold the tournaments' final rankings into the series' Rangliste; `players` are the
    series' players (one without a finished tournament is listed apart)."""
    results = tuple(results)
    scores: dict[int, list[Score]] = {number: [] for number in players}
    for result in results:
        if not result.finished:
            continue
        for finish in result.finishes:
            gained = points(result, finish, rules.scoring)
            for player in finish.players:
                scores.setdefault(player, []).append(
                    Score(result.tournament, finish.place, gained, False)
                )
    lines = [_standing(rules, player, kept) for player, kept in scores.items()]
    ranked = sorted((s for s in lines if s.played >= rules.minimum), key=_order)
    apart = sorted((s for s in lines if s.played < rules.minimum), key=_order)
    running = tuple(result.tournament for result in results if not result.finished)
    return Rangliste(_placed(ranked), tuple(apart), running)


def _standing(rules: SeriesRules, player: int, scores: Sequence[Score]) -> Standing:
    """Return a player's line (unplaced): the best K scores marked counted."""
    # Equal points: the tournament named first counts, whatever order they came in.
    ordered = sorted(scores, key=lambda s: s.tournament)
    best = sorted(range(len(ordered)), key=lambda i: -ordered[i].points)
    keep = set(best if rules.counted == 0 else best[: rules.counted])
    marked = tuple(replace(s, counted=i in keep) for i, s in enumerate(ordered))
    return Standing(
        player=player,
        place=None,
        points=sum(s.points for s in marked if s.counted),
        total=sum(s.points for s in marked),
        wins=sum(1 for s in marked if s.place == 1),
        seconds=sum(1 for s in marked if s.place == 2),
        played=len(marked),
        scores=marked,
    )


def _key(line: Standing) -> tuple[int, int, int, int]:
    """What ranks a line, best first: points, wins, second places, tournaments played."""
    return (-line.points, -line.wins, -line.seconds, -line.played)


def _order(line: Standing) -> tuple[tuple[int, int, int, int], int]:
    return (_key(line), line.player)


def _placed(lines: Sequence[Standing]) -> tuple[Standing, ...]:
    """Give the sorted lines their places: equal keys share the best one (1., 2., 2., 4.)."""
    places = shared_places([_key(line) for line in lines])
    return tuple(replace(line, place=place) for line, place in zip(lines, places, strict=True))
