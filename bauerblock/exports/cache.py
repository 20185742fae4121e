"""Downloads built once per version, kept in files that every worker of the box shares.

A write makes a new version, so a cache in each worker's memory built a full sheet's PDF
again in every worker after every write. Each download (and the print page's body) is kept
as a file of the instance folder's `exports/`, named by what it is, its id, format,
language and version: a second worker serves the first one's file. A file is written whole
and moved into place (never read half-written); one build runs at a time per key (the
others wait for its file); past EXPORT_CACHE_BYTES the least recently served files go, and
a newer version drops the older ones. The API and the pages serve the same files
(bauerblock.web.responses.download answers them).

Each download says whether this request built it (`Download.built`): the exports limit
charges a build more than a kept file (bauerblock.web.responses.download).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from flask import current_app
from flask_babel import force_locale

from bauerblock import store

# As modules, read when called: the sheet's PDF draws on the score sheet's package, which
# imports this module in turn.
from bauerblock.exports import sheets as sheet_exports
from bauerblock.exports.common import PUBLIC_NAMES, stand_in
from bauerblock.exports.kinds import export_of, tournament_filename
from bauerblock.store import tournaments
from bauerblock.store.tournaments.names import seated
from bauerblock.store.tournaments.rows import StoredRows

S = TypeVar("S", bound=store.SheetHead)
"""A sheet's head, or the sheet with its games."""
FOLDER = "exports"
"""The cache's folder in the instance folder."""
BUDGET = 256 * 1024 * 1024
"""Bytes of downloads kept on disk (the config's EXPORT_CACHE_BYTES overrides it)."""
LOCKS = 64
"""Lock files that keep two builds of one key apart (a key takes one by its hash)."""
TEMPORARY = ".tmp-"


@dataclass(frozen=True)
class Download:
    """A built export: its bytes and the name to save it under."""

    body: bytes
    filename: str
    built: bool = False
    """Whether this request built it (else it was kept)."""


class ExportFiles:
    """Downloads by key, as files of `folder`, the least recently served dropped past `budget`."""

    def __init__(self, folder: Path, budget: int = BUDGET) -> None:
        self.folder, self.budget = folder, budget
        self.builds = 0
        """Downloads this process built (misses), for tests and the benchmark."""
        folder.mkdir(parents=True, exist_ok=True)

    def clear(self) -> None:
        """Drop every kept file: what an older release built may not be what this one builds."""
        with os.scandir(self.folder) as entries:
            for entry in entries:
                _unlink(entry.path)

    def drop(self, ids: Iterable[str]) -> int:
        """Drop every kept file of these ids (any kind, format, language and version), as
        a forgotten name must leave them; return how many went."""
        wanted = set(ids)
        dropped = 0
        with os.scandir(self.folder) as entries:
            for entry in entries:
                parts = entry.name.split(".")
                if not entry.name.startswith(".") and len(parts) > 2 and parts[1] in wanted:
                    _unlink(entry.path)
                    dropped += 1
        return dropped

    def path(self, key: tuple[Any, ...], version: int) -> Path:
        """Return the file of `key` at `version` (ids are URL-safe: no dot, no slash)."""
        return self.folder / f"{'.'.join(map(str, key))}.v{version}"

    def get(self, key: tuple[Any, ...], version: int) -> Download | None:
        """Return the kept download, marking it served (the least recently served go first)."""
        path = self.path(key, version)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        with contextlib.suppress(FileNotFoundError):
            os.utime(path)
        name, _, body = data.partition(b"\n")
        return Download(body, name.decode())

    def put(self, key: tuple[Any, ...], version: int, download: Download) -> None:
        """Keep `download`: written whole, then moved into place; then keep to the budget."""
        self.builds += 1
        fd, temporary = tempfile.mkstemp(dir=self.folder, prefix=TEMPORARY)
        with os.fdopen(fd, "wb") as file:
            file.write(download.filename.encode() + b"\n" + download.body)
        path = self.path(key, version)
        os.replace(temporary, path)
        self.evict(keep=path)

    def evict(self, keep: Path) -> None:
        """Drop older versions of `keep`'s key, then the least recently served past the budget."""
        stem = keep.name.rpartition(".v")[0]
        kept: list[tuple[float, int, str]] = []
        with os.scandir(self.folder) as entries:
            for entry in entries:
                if entry.name.startswith("."):
                    continue
                if entry.name != keep.name and entry.name.rpartition(".v")[0] == stem:
                    _unlink(entry.path)
                    continue
                with contextlib.suppress(FileNotFoundError):
                    info = entry.stat()
                    kept.append((info.st_mtime, info.st_size, entry.path))
        total = sum(size for _, size, _ in kept)
        for _, size, path in sorted(kept):
            if total <= self.budget:
                break
            if path != str(keep):
                _unlink(path)
                total -= size

    @contextlib.contextmanager
    def building(self, key: tuple[Any, ...]) -> Iterator[None]:
        """Hold the lock of `key` while its download is built: one build per key at a time."""
        stripe = zlib.crc32(".".join(map(str, key)).encode()) % LOCKS
        # Made again if an operator emptied the cache by deleting its folder.
        self.folder.mkdir(parents=True, exist_ok=True)
        with open(self.folder / f".lock-{stripe}", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)


def _unlink(path: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


def cache() -> ExportFiles:
    """Return the current app's cache (its instance folder's files)."""
    extensions = current_app.extensions
    if "bauerblock_exports" not in extensions:
        budget = int(current_app.config.get("EXPORT_CACHE_BYTES", BUDGET))
        folder = Path(current_app.instance_path) / FOLDER
        extensions["bauerblock_exports"] = ExportFiles(folder, budget)
    return extensions["bauerblock_exports"]


def file_bytes(body: str | bytes | Mapping[str, Any]) -> bytes:
    """Return a built export as its file keeps it: a document as the app's JSON, a text
    encoded, bytes as they are."""
    if isinstance(body, Mapping):
        body = current_app.json.dumps(body)
    # A CSV without the byte-order mark: bauerblock.web.responses.download puts it on each.
    return body.encode() if isinstance(body, str) else body


API_LANGUAGE = "de"
"""The language of the API's PDF (its CSV and JSON are codes): German, as the paper pad."""


def sheet_download(sheet_id: str, fmt: str, language: str | None = None) -> Download | None:
    """Return the sheet's export in `fmt` (csv, json, pdf); None for an unknown sheet.

    With a `language` (the pages'): the CSV for people and the PDF in that language; without
    (the API's): the CSV of the API's contract and the PDF in German.
    """
    key, words = keyed("sheet", sheet_id, fmt, language)
    # The pages' CSV is in words and the language's separator (`to_people_csv`).
    made = "to_people_csv" if language is not None and fmt == "csv" else f"to_{fmt}"

    def build(sheet: Any) -> Download:
        body = getattr(sheet_exports, made)(sheet, store.replay(sheet))
        return Download(file_bytes(body), sheet_exports.filename(sheet, fmt))

    return kept(key, store.sheet_version, named_sheet, build, words=words)


def keyed(what: str, entity_id: str, fmt: str, language: str | None) -> tuple[tuple[str, ...], str]:
    """Return the cache's key of a download in `fmt` and the language it is built in: the
    pages' `language`, else (None) the API's.

    The pages share the API's file where it is the same: the JSON, and the PDF in German.
    """
    words = language or API_LANGUAGE
    same = fmt == "json" or (fmt == "pdf" and words == API_LANGUAGE)
    key = (what, entity_id, fmt)
    return (key if language is None or same else (*key, words)), words


def named_sheet(db: Any, sheet_id: str, load: Callable[[Any, str], Any] = store.load_sheet) -> Any:
    """Return the sheet (or with `store.load_head`, its head; None: unknown) as every face
    shows it: a forgotten player's series number worded at their seat (a tournament's
    table keeps no name of theirs), in the current language."""
    sheet = load(db, sheet_id)
    return None if sheet is None else shown_sheet(sheet)


def shown_sheet(sheet: S) -> S:
    """Return a sheet read as every face shows it (`named_sheet`), from what its head read."""
    return seated(sheet, stand_in)


def tournament_download(
    tournament_id: str, fmt: str, language: str | None = None
) -> Download | None:
    """Return the results list in `fmt` (csv, json, pdf); None for an unknown tournament.

    With a `language` (the pages'): the CSV for people and the PDF in that language;
    without (the API's): the CSV of the API's contract and the PDF in German.
    """
    key, words = keyed("tournament", tournament_id, fmt, language)
    # What the kind's `TournamentExport` builds it with: the pages' CSV is its people_csv.
    made = "people_csv" if language is not None and fmt == "csv" else fmt

    def build(stored: StoredRows) -> Download:
        body = getattr(export_of(stored), made)(stored)
        return Download(file_bytes(body), tournament_filename(stored, fmt))

    return kept(
        key,
        tournaments.tournament_version,
        # The public's names, a stand-in worded in the download's language.
        lambda db, tournament_id: tournaments.load_tournament(db, tournament_id, PUBLIC_NAMES),
        build,
        words=words,
    )


def kept(
    key: tuple[Any, ...],
    version_of: Callable[[Any, str], int | None],
    load: Callable[[Any, str], Any],
    build: Callable[[Any], Download],
    *,
    words: str | None = None,
) -> Download | None:
    """Return the kept download of `key` (what, id, ...) at the current version, or build it:
    loaded and built in the language `words` (None: the request's).

    None when `load` finds nothing.
    """
    db = store.get_db()
    entity_id = key[1]
    version = version_of(db, entity_id)
    if version is None:
        return None
    files = cache()
    found = files.get(key, version)
    if found is None:
        with files.building(key):
            # Another worker may have built it while this one waited for the lock.
            found = files.get(key, version)
            if found is None:
                with force_locale(words) if words else contextlib.nullcontext():
                    loaded = load(db, entity_id)
                    if loaded is None:
                        return None
                    built = build(loaded)
                # Under the version it was built from, which a write may have moved since.
                files.put(key, loaded.version, built)
                return replace(built, built=True)
    return found
