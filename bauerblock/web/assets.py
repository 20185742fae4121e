"""The static files as served: own scripts and styles minified, the pad's scripts combined
into one, and every text file precompressed (Brotli, zstd and gzip), built once.

The own scripts come minified by esbuild, made once by `tools/minify.py` and kept in
`minified/` beside this module; a script changed since is minified here with rjsmin until the
tool runs again (tests/web/test_minified.py fails until then). The sources are the static
folders of the web layer and of the page packages (the first that holds a name wins, as
pages.StaticFiles serves them). The build runs at the first request,
into a folder named by a digest of the sources and of this module: a changed source makes a
new folder, an unchanged one is never built twice (nor by a second worker). Requests only
read files.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

import brotli
import rcssmin
import rjsmin

from bauerblock.engine.games import GAMES

if sys.version_info >= (3, 14):
    from compression import zstd
else:  # the standard library's from 3.14 on; flask-compress brings it before
    from backports import zstd

HTMX = ("htmx.min.js", "htmx_config.js", "refused.js")
"""htmx and its settings, set before it reads the page, and a refused form opened at its
words: what every page but a sheet's loads first (a sheet's forms are its pad's, whose
refused taps wait in their rows: taps.js)."""

PAD_SCRIPTS = ("outbox.js", "pad.js", "swap.js", "words.js", "header.js")
"""The pad's shared scripts, before a game's: its hooks in pad.js's registry take pad.js's Pad
at load; the shared scripts ask for them only when they draw, never while loading. swap.js
swaps the board's parts in place of htmx, on a sheet's page without it."""

SHEET_SCRIPTS = ("sheet.js", "taps.js")
"""The pad's scripts after the game's."""


def _bundles() -> dict[str, tuple[str, ...]]:
    scripts = {
        f"app-{game}.js": (*PAD_SCRIPTS, f"game_{game}.js", *SHEET_SCRIPTS) for game in GAMES
    }
    styles = {f"sheet-{game}.css": ("base.css", f"game_{game}.css") for game in GAMES}
    every_game = tuple(f"game_{game}.css" for game in GAMES)
    return {
        "htmx.js": HTMX,
        "app.js": (*HTMX, *PAD_SCRIPTS, *SHEET_SCRIPTS),
        "board.js": (*PAD_SCRIPTS, *SHEET_SCRIPTS),
        **scripts,
        "sheet.css": ("base.css", "start.css", *every_game),
        **styles,
    }


BUNDLES = _bundles()
"""Files served as one. A sheet loads its game's (`app-<game>.js`, `sheet-<game>.css`: the
pad's shared scripts and styles and its game's alone; neither htmx, whose few attributes on the
board swap.js serves, nor the other games' code is part of a first visit; a game with no
script of its own `board.js`, the same without one); every other page
`app.js` (htmx and the pad's scripts, no game's hooks) and `sheet.css` (every game's
styles and the start page's: the start page and the groups show players and cards), but the
tournament's pages, which enter no games: `htmx.js`, HTMX's alone."""


BOARD = {"app.js": "board.js"}
"""What a sheet of a game with no bundle of its own loads for a page's bundle: the pad's
scripts without htmx (the board's swapper serves its attributes, as on every sheet)."""


def bundled(name: str, game: str | None) -> str:
    """Return the bundle a page of a sheet of `game` loads for `name` (`app.js`, `sheet.css`):
    its game's where one is made, else the board's (a game with no script or styles of its
    own), else `name` itself (a page of no sheet)."""
    stem, dot, suffix = name.rpartition(".")
    own = f"{stem}-{game}{dot}{suffix}"
    if not game:
        return name
    return own if own in BUNDLES else BOARD.get(name, name)


JOINERS = {".js": b"\n;", ".css": b"\n"}
"""What stands between a bundle's parts: for scripts a semicolon, so no part runs into the
next."""

VENDORED = frozenset({"htmx.min.js"})
"""Minified by their makers: served as they come."""

MINIFIERS: dict[str, Callable[[str], str]] = {
    ".js": lambda text: rjsmin.jsmin(text, keep_bang_comments=True),
    ".css": lambda text: rcssmin.cssmin(text, keep_bang_comments=True),
}
"""How a file is minified here: the scripts only until tools/minify.py made them (esbuild
also shortens their local names; for the CSS it finds nothing more than rcssmin)."""

MINIFIED = Path(__file__).with_name("minified")
"""The own scripts as tools/minify.py made them, each under its name as served, and in
SOURCES.json the digest of the source each was made from."""

COMPRESSED = frozenset({".js", ".css", ".svg", ".json", ".webmanifest", ".html"})
"""The suffixes worth precompressing (PNG is compressed already)."""

ENCODINGS = {"br": ".br", "zstd": ".zst", "gzip": ".gz"}
"""The encodings kept beside each text file (by their suffix), the smaller first: where the
client likes two as well (Chromium asks for all three alike), the first is sent."""

_folder: Path | None = None
_digest: tuple[tuple[object, ...], str] | None = None


def sources(folders: Sequence[Path]) -> dict[str, Path]:
    """Return each static file's name and path, the first folder's where two hold a name."""
    found: dict[str, Path] = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                found.setdefault(path.relative_to(folder).as_posix(), path)
    return found


def digest(folders: Sequence[Path]) -> str:
    """Return a digest of every source file's and made script's name and content (the
    build's name); read again only when a file's size or time changed (an edit while the
    server runs)."""
    global _digest
    made = ((f"minified/{path.name}", path) for path in sorted(MINIFIED.glob("*")))
    inputs = [*sources(folders).items(), *made]
    stamp = tuple((name, p.stat().st_mtime_ns, p.stat().st_size) for name, p in inputs)
    if _digest is None or _digest[0] != stamp:
        # How they are built is part of what is built: this module and its minifiers too.
        sha = hashlib.sha256(Path(__file__).read_bytes())
        sha.update(f"{rjsmin.__version__} {rcssmin.__version__}".encode())
        for name, path in inputs:
            sha.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
        _digest = (stamp, sha.hexdigest()[:16])
    return _digest[1]


def own_scripts(folders: Sequence[Path]) -> dict[str, Path]:
    """Return the scripts of the static `folders` that are the project's own (those
    tools/minify.py makes), by their served name."""
    found = sources(folders)
    return {n: path for n, path in found.items() if n.endswith(".js") and n not in VENDORED}


def source_digest(data: bytes) -> str:
    """Return the digest by which SOURCES.json names the source a minified script came from."""
    return hashlib.sha256(data).hexdigest()


def premade() -> dict[str, str]:
    """Return the names of the scripts tools/minify.py made and their sources' digests."""
    sources = MINIFIED / "SOURCES.json"
    return json.loads(sources.read_text()) if sources.is_file() else {}


def _minified(name: str, path: Path, made: dict[str, str]) -> bytes:
    data = path.read_bytes()
    if made.get(name) == source_digest(data):
        return (MINIFIED / name).read_bytes()
    minify = MINIFIERS.get(Path(name).suffix)
    if minify is None or name in VENDORED:
        return data
    return minify(data.decode("utf-8")).encode("utf-8")


def compressed(data: bytes) -> dict[str, bytes]:
    """Return `data` in each encoding kept, compressed as well as they go (it is done once)."""
    return {
        "br": brotli.compress(data, quality=11),
        "zstd": zstd.compress(data, 19),
        "gzip": gzip.compress(data, compresslevel=9, mtime=0),
    }


def preferred(quality: Callable[[str], float]) -> list[str]:
    """Return the encodings kept that the client takes, as it prefers them (its quality
    values), the smaller first where it likes two alike."""
    taken = [encoding for encoding in ENCODINGS if quality(encoding) > 0]
    return sorted(taken, key=lambda encoding: -quality(encoding))


def chosen(quality: Callable[[str], float]) -> str | None:
    """Return the encoding kept that the client prefers (None: as it is)."""
    return next(iter(preferred(quality)), None)


def _write(folder: Path, name: str, data: bytes) -> None:
    target = folder / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    if target.suffix in COMPRESSED:
        for encoding, body in compressed(data).items():
            (folder / f"{name}{ENCODINGS[encoding]}").write_bytes(body)


def build(folder: Path, folders: Sequence[Path]) -> Path:
    """Build the served files of the static `folders` into `folder` (made whole elsewhere,
    then moved in place)."""
    if folder.is_dir():
        return folder
    folder.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".build-", dir=folder.parent))
    try:
        found, made = sources(folders), premade()
        for name, path in found.items():
            _write(work, name, _minified(name, path, made))
        for bundle, parts in BUNDLES.items():
            if all(part in found for part in parts):
                minified = (_minified(part, found[part], made) for part in parts)
                _write(work, bundle, JOINERS[Path(bundle).suffix].join(minified))
        work.chmod(0o755)  # mkdtemp's folder is the builder's alone; the server may be another
        os.rename(work, folder)
    except OSError:
        # Another worker finished the same build first: its folder is this one.
        if not folder.is_dir():
            raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return folder


def _base(instance_path: str | None) -> Path:
    """In a checkout, its instance/ folder (shared by every app the tests make); installed,
    the app's instance folder (the package itself is not written to)."""
    checkout = Path(__file__).resolve().parents[2]
    if (checkout / "pyproject.toml").is_file() and os.access(checkout, os.W_OK):
        return checkout / "instance" / "static_build"
    return Path(instance_path or tempfile.gettempdir()) / "static_build"


def folder(folders: Sequence[str | Path], instance_path: str | None = None) -> Path:
    """Return the folder the static `folders` are served from, building it on first use."""
    global _folder
    paths = [Path(f) for f in folders]
    name = digest(paths)
    if _folder is None or _folder.name != name:
        _folder = build(_base(instance_path) / name, paths)
    return _folder


def encoded(path: Path, quality: Callable[[str], float]) -> tuple[Path, str | None]:
    """Return the file to send for `path` and its Content-Encoding, as the client prefers."""
    for encoding in preferred(quality):
        candidate = path.with_name(path.name + ENCODINGS[encoding])
        if candidate.is_file():
            return candidate, encoding
    return path, None
