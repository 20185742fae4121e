"""The Rangliste as stored: the engine's fold over the series' tournaments, kept per version,
and the partners each player had in a finished tournament, kept per its version.

A read costs one query for the series' version and, when the version is new, one for its
tournaments' versions: a running tournament adds nothing and is not loaded; a finished one's
final ranking (and its partners) is read once per version of that tournament. So a read at
game 1,000 of a running tournament costs what it costs at game 50.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlite_utils import Database

from bauerblock.series.engine import Finish, Rangliste, Result, rangliste
from bauerblock.series.store.rows import Series, SeriesTournament, entrants, read_series
from bauerblock.store.stats import VersionCache
from bauerblock.store.tournaments import load_tournament

Partners = Mapping[int, Mapping[int, tuple[int, int]]]
"""Each series player's partners: by the partner's series number, the rounds they played
together and the rounds they won together."""

_rankings: VersionCache[Rangliste] = VersionCache(64)
"""The Rangliste by (series id, version): series numbers only, never a name."""
_finals: VersionCache[tuple[Result, Partners]] = VersionCache(512)
"""A finished tournament's final ranking and partners in series numbers, by (tournament id,
version)."""


@dataclass(frozen=True)
class Board:
    """A series with its Rangliste at one version (`series.etag` is its ETag)."""

    series: Series
    rangliste: Rangliste


def board(db: Database, series_id: str) -> Board:
    """Return the series and its Rangliste at its version (one read transaction); raise
    NotFound (series_not_found)."""
    with db.atomic():
        series = read_series(db, series_id)
        return Board(series, _rankings.get((series.id, series.version), lambda: _fold(db, series)))


def _fold(db: Database, series: Series) -> Rangliste:
    # A running tournament adds nothing yet, and is not loaded.
    results = [_final(db, t)[0] if t.finished else Result(t.id, False) for t in series.tournaments]
    return rangliste(series.rules, results, (p.number for p in series.players))


def partners(db: Database, tournament: SeriesTournament) -> Partners:
    """Return each series player's partners in a finished tournament (kept per its
    version); none in a running one, which counts once it is finished, as the Rangliste."""
    return _final(db, tournament)[1] if tournament.finished else {}


def _final(db: Database, tournament: SeriesTournament) -> tuple[Result, Partners]:
    """Return a finished tournament's final ranking and partners (kept per its version)."""
    return _finals.get((tournament.id, tournament.version), lambda: _read(db, tournament))


def _read(db: Database, tournament: SeriesTournament) -> tuple[Result, Partners]:
    """Return a finished tournament's final ranking and partners in series numbers."""
    stored = load_tournament(db, tournament.id)
    if stored is None or not stored.finished:
        return Result(tournament.id, False), {}
    linked = entrants(db, tournament.id)
    ranking = stored.ranking()
    finishes = tuple(
        Finish(linked[number], place, points)
        for number, (_name, points, place) in ranking.items()
        if number in linked
    )
    # Entered at the tournament's own door: ranked, but no series player.
    others = sum(1 for number in ranking if number not in linked)
    found: dict[int, dict[int, tuple[int, int]]] = {}
    for evening, players in linked.items():
        # A Preisbauer's drawn partners by their evening numbers; a pair's, its own number.
        for entrant, (rounds, won) in stored.partnerships(evening).items():
            for player in players:
                for partner in linked.get(entrant, ()):
                    if partner != player:
                        mine = found.setdefault(player, {})
                        before = mine.get(partner, (0, 0))
                        mine[partner] = (before[0] + rounds, before[1] + won)
    return Result(tournament.id, True, finishes, others), found
