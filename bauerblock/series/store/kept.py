"""The Rangliste as stored: the engine's fold over the series' tournaments, kept per version.

A read costs one query for the series' version and, when the version is new, one for its
tournaments' versions: a running tournament adds nothing and is not loaded; a finished one's
final ranking is read once per version of that tournament. So a read at game 1,000 of a
running tournament costs what it costs at game 50.
"""

from __future__ import annotations

from sqlite_utils import Database

from bauerblock.series.engine import Finish, Rangliste, Result, rangliste
from bauerblock.series.store.rows import Series, SeriesTournament, entrants, read_series
from bauerblock.store.stats import VersionCache
from bauerblock.store.tournaments import load_tournament

_rankings: VersionCache[Rangliste] = VersionCache(64)
"""The Rangliste by (series id, version): series numbers only, never a name."""
_finals: VersionCache[Result] = VersionCache(512)
"""A finished tournament's final ranking in series numbers, by (tournament id, version)."""


def ranking(db: Database, series_id: str) -> tuple[Series, Rangliste]:
    """Return the series and its Rangliste at its version (one read transaction)."""
    with db.atomic():
        series = read_series(db, series_id)
        made = _rankings.get((series.id, series.version), lambda: _fold(db, series))
        return series, made


def _fold(db: Database, series: Series) -> Rangliste:
    results = [_result(db, t) for t in series.tournaments]
    return rangliste(series.rules, results, (p.number for p in series.players))


def _result(db: Database, tournament: SeriesTournament) -> Result:
    """Return a tournament's final ranking (kept per its version), or it running."""
    if not tournament.finished:
        return Result(tournament.id, False)
    return _finals.get((tournament.id, tournament.version), lambda: _final(db, tournament))


def _final(db: Database, tournament: SeriesTournament) -> Result:
    """Return a finished tournament's final ranking in series numbers."""
    stored = load_tournament(db, tournament.id)
    if stored is None or not stored.finished:
        return Result(tournament.id, False)
    linked = entrants(db, tournament.id)
    finishes = []
    others = 0
    for number, (_name, points, place) in stored.ranking().items():
        players = linked.get(number)
        if players is None:
            # Entered at the tournament's own door: ranked, but no series player.
            others += 1
            continue
        finishes.append(Finish(players, place, points))
    return Result(tournament.id, True, tuple(finishes), others)
