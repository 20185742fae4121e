"""A sheet's statistics: the engine's fold over its stored games, kept per version.

The store keeps every game as replayed, so the statistics replay nothing: they read the
records once per version of the sheet and keep the answer, so a poll at game 1000 (or a
group summing its evenings) folds nothing that has not changed.
"""

import json
import threading
from collections import OrderedDict
from typing import Any

from sqlite_utils import Database

from engine.stats import Stats, evening_stats
from store.sheets import SheetHead, _head

CACHE_SIZE = 256
"""Sheets whose statistics are kept per worker: a busy evening's tables and a big group."""

_cache: OrderedDict[tuple[str, int], Stats] = OrderedDict()
_lock = threading.Lock()


def sheet_stats(db: Database, sheet_id: str) -> tuple[SheetHead, Stats] | None:
    """Return the sheet's head and its statistics at its version (None: unknown sheet)."""
    # One read transaction, so the records are those of the head's version.
    with db.atomic():
        head = _head(db, sheet_id)
        if head is None:
            return None
        key = (head.id, head.version)
        with _lock:
            stats = _cache.get(key)
            if stats is not None:
                _cache.move_to_end(key)
                return head, stats
        rows = db.query("SELECT record FROM entries WHERE sheet_id = ? ORDER BY number", [sheet_id])
        stats = evening_stats(head.game, head.rules, (json.loads(row["record"]) for row in rows))
    with _lock:
        _cache[key] = stats
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return head, stats


def stats_document(head: SheetHead, stats: Stats) -> dict[str, Any]:
    """Return the statistics as JSON: the sheet's id, title, version, then the figures."""
    figures = stats.to_dict()
    players = [
        {"name": name, **seat}
        for name, seat in zip(head.players, figures.pop("players"), strict=True)
    ]
    return {
        "id": head.id,
        "title": head.title,
        "version": head.version,
        **figures,
        "players": players,
    }
