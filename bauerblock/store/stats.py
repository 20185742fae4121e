"""A sheet's statistics: the engine's fold over its stored games, kept per version.

The store keeps every game as replayed, so the statistics replay nothing: they read the
records once per version of the sheet and keep the answer, so a poll at game 1000 (or a
group summing its evenings) folds nothing that has not changed.
"""

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Any, Generic, TypeVar

from sqlite_utils import Database

from bauerblock.engine.stats import Stats, evening_stats
from bauerblock.store.sheets import SheetHead, head_of
from bauerblock.store.sheets.checkpoints import absolute

Value = TypeVar("Value")


class VersionCache(Generic[Value]):
    """The last `size` answers by key, e.g. (sheet id, version): a new version is a new key.

    Per worker process and shared by its threads; what a version gives never changes, so
    nothing is ever invalidated, only the least recently used dropped.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[Hashable, Value] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], Value]) -> Value:
        """Return the value kept for `key`, making and keeping it if there is none."""
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
        # Made outside the lock: two threads may both make it, and both answers are equal.
        value = make()
        with self._lock:
            self._values[key] = value
            while len(self._values) > self.size:
                self._values.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forget every kept value (bin/bench measures a cold read)."""
        with self._lock:
            self._values.clear()

    def find(self, key: Hashable) -> Value | None:
        """Return the value kept for `key`, or None."""
        with self._lock:
            return self._values.get(key)


CACHE_SIZE = 256
"""Sheets whose statistics are kept per worker: a busy evening's tables and a big group."""

_cache: VersionCache[Stats] = VersionCache(CACHE_SIZE)


def sheet_stats(db: Database, sheet_id: str) -> tuple[SheetHead, Stats] | None:
    """Return the sheet's head and its statistics at its version (None: unknown sheet)."""
    # One read transaction, so the records are those of the head's version.
    with db.atomic():
        head = head_of(db, sheet_id)
        if head is None:
            return None
        return head, _cache.get((head.id, head.version), lambda: _fold(db, head))


def _fold(db: Database, head: SheetHead) -> Stats:
    """Fold the sheet's games, or only its last one onto the version before's statistics."""
    before = _cache.find((head.id, head.version - 1))
    # One write makes one version, and the only write that adds a game appends it: so the
    # version before with one game fewer holds every game but the last, unchanged.
    if before is not None and before.games == head.played - 1:
        return evening_stats(head.game, head.rules, _records(db, head, head.played), before)
    return evening_stats(head.game, head.rules, _records(db, head))


def _records(db: Database, head: SheetHead, start: int = 1) -> Iterator[dict[str, Any]]:
    """Yield the sheet's games from game `start` on, their totals counted from the start."""
    # The breakdown (a game's lines of text) is most of a record and no figure needs it:
    # SQLite drops it before Python parses the rest.
    rows = db.execute(
        "SELECT number, json_remove(record, '$.breakdown') FROM entries "
        "WHERE sheet_id = ? AND number >= ? ORDER BY number",
        [head.id, start],
    )
    counted = absolute(db, head, start, head.played)
    return (counted(number, json.loads(record)) for number, record in rows)
