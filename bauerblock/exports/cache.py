"""Downloads built once per version: the second PDF of an unchanged sheet costs no build.

A 200-player results PDF took 1.1 s and a 2000-game sheet's 2.2 s, rebuilt on every request.
A download is kept per (what, id, version, format) in each worker's memory, the least
recently used dropped past a byte budget; a hit reads the version alone. The API and the
pages serve the same bytes (bauerblock.web.responses.download answers them).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import current_app

from bauerblock import store

# As modules, read when called: the sheet's PDF draws on the score sheet's package, which
# imports this module in turn.
from bauerblock.exports import sheets as sheet_exports
from bauerblock.exports import tournaments as tournament_exports
from bauerblock.store import tournaments

BUDGET = 32 * 1024 * 1024
"""Bytes of downloads kept per worker (the config's EXPORT_CACHE_BYTES overrides it)."""
MOST = 1024
"""Downloads kept per worker, however small."""


@dataclass(frozen=True)
class Download:
    """A built export: its bytes and the name to save it under."""

    body: bytes
    filename: str


class ExportCache:
    """Downloads by key, the least recently used dropped past `budget` bytes or `most` items."""

    def __init__(self, budget: int = BUDGET, most: int = MOST) -> None:
        self.budget, self.most = budget, most
        self.builds = 0
        """Downloads built (cache misses), for tests and the benchmark."""
        self._items: OrderedDict[tuple, Download] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: tuple) -> Download | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: tuple, download: Download) -> None:
        """Keep `download` (one larger than a quarter of the budget is served, not kept)."""
        size = len(download.body)
        with self._lock:
            self.builds += 1
            if size > self.budget // 4 or key in self._items:
                return
            self._items[key] = download
            self._size += size
            while self._size > self.budget or len(self._items) > self.most:
                _, dropped = self._items.popitem(last=False)
                self._size -= len(dropped.body)


def cache() -> ExportCache:
    """Return the current app's cache (one per app and worker)."""
    extensions = current_app.extensions
    if "bauerblock_exports" not in extensions:
        budget = int(current_app.config.get("EXPORT_CACHE_BYTES", BUDGET))
        extensions["bauerblock_exports"] = ExportCache(budget)
    return extensions["bauerblock_exports"]


def _csv(text: str) -> bytes:
    # Without the byte-order mark: bauerblock.web.responses.download puts it on every CSV.
    return text.encode()


def _json(document: Any) -> bytes:
    dumped = current_app.json.dumps(document)
    return dumped.encode() if isinstance(dumped, str) else dumped


SHEET_BUILDS: dict[str, Callable[[Any, Any], bytes]] = {
    "csv": lambda sheet, state: _csv(sheet_exports.to_csv(sheet, state)),
    "json": lambda sheet, state: _json(sheet_exports.to_json(sheet, state)),
    "pdf": lambda sheet, state: sheet_exports.to_pdf(sheet, state),
}
TOURNAMENT_BUILDS: dict[str, Callable[[Any], bytes]] = {
    "csv": lambda stored: _csv(tournament_exports.tournament_csv(stored)),
    "json": lambda stored: _json(tournament_exports.tournament_json(stored)),
    "pdf": lambda stored: tournament_exports.tournament_pdf(stored),
}


def sheet_download(sheet_id: str, fmt: str) -> Download | None:
    """Return the sheet's export in `fmt` (csv, json, pdf); None for an unknown sheet."""

    def build(sheet) -> Download:
        body = SHEET_BUILDS[fmt](sheet, store.replay(sheet))
        return Download(body, sheet_exports.filename(sheet, fmt))

    return _download(("sheet", sheet_id, fmt), store.sheet_version, store.load_sheet, build)


def tournament_download(tournament_id: str, fmt: str) -> Download | None:
    """Return the results list in `fmt` (csv, json, pdf); None for an unknown tournament."""

    def build(stored) -> Download:
        body = TOURNAMENT_BUILDS[fmt](stored)
        return Download(body, tournament_exports.tournament_filename(stored, fmt))

    key = ("tournament", tournament_id, fmt)
    return _download(key, tournaments.tournament_version, tournaments.load_tournament, build)


def _download(
    key: tuple[str, str, str],
    version_of: Callable[[Any, str], int | None],
    load: Callable[[Any, str], Any],
    build: Callable[[Any], Download],
) -> Download | None:
    """Return the cached download of (what, id, format) at the current version, or build it."""
    what, entity_id, fmt = key
    db = store.get_db()
    version = version_of(db, entity_id)
    if version is None:
        return None
    found = cache().get((what, entity_id, version, fmt))
    if found is not None:
        return found
    loaded = load(db, entity_id)
    if loaded is None:
        return None
    built = build(loaded)
    # Under the version it was built from, which a write may have moved since.
    cache().put((what, entity_id, loaded.version, fmt), built)
    return built
