"""Minify the pad's own scripts with esbuild into bauerblock/web/minified/ (committed).

Run it after changing a script in a static folder: `.venv/bin/python tools/minify.py`
(esbuild comes from tools/npm, which `bin/test` installs with `npm ci`). The server then
serves esbuild's output; until the tool has run, it minifies the changed script itself with
rjsmin, and tests/web/test_minified.py fails. `--check` says whether the committed files are
what esbuild makes of the sources now, and changes nothing.

esbuild also shortens the scripts' local names, which rjsmin cannot: about a kilobyte less of
the pad's first load (docs/performance.md). Node is needed only here, never to serve.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bauerblock import create_app  # noqa: E402  (after the path is set)
from bauerblock.web import assets, pages  # noqa: E402

ESBUILD = ROOT / "tools" / "npm" / "node_modules" / ".bin" / "esbuild"


def own_scripts() -> dict[str, Path]:
    """Return the scripts the pages serve that are the project's own, by their served name."""
    with tempfile.TemporaryDirectory() as instance:
        # The app registers every page package's static folder with the web layer.
        create_app({"DATABASE": f"{instance}/tool.sqlite3", "SECRET_KEY": "tool"})
    return assets.own_scripts([Path(folder) for folder in pages.bp.static_folders])


def esbuild(path: Path) -> bytes:
    """Return `path` minified by esbuild, its syntax as written (no target to lower to)."""
    done = subprocess.run(
        [str(ESBUILD), str(path), "--minify", "--legal-comments=inline", "--log-level=warning"],
        capture_output=True,
        check=True,
        timeout=60,
    )
    return done.stdout


def made() -> dict[str, bytes]:
    """Return every file of the minified folder as esbuild makes it now, SOURCES.json too."""
    scripts = own_scripts()
    files = {name: esbuild(path) for name, path in scripts.items()}
    digests = {name: assets.source_digest(path.read_bytes()) for name, path in scripts.items()}
    files["SOURCES.json"] = (json.dumps(digests, indent=2, sort_keys=True) + "\n").encode()
    return files


def main(argv: list[str]) -> int:
    if not ESBUILD.exists():
        print(f"no esbuild at {ESBUILD}: run `npm ci --prefix tools/npm`", file=sys.stderr)
        return 2
    files = made()
    folder = assets.MINIFIED
    kept = {path.name: path.read_bytes() for path in folder.glob("*")} if folder.is_dir() else {}
    if "--check" in argv:
        stale = sorted(set(files) ^ set(kept) | {n for n in files if kept.get(n) != files[n]})
        for name in stale:
            print(f"not as esbuild makes it now: {folder.name}/{name}", file=sys.stderr)
        return 1 if stale else 0
    folder.mkdir(exist_ok=True)
    for name in set(kept) - set(files):
        (folder / name).unlink()
    for name, data in files.items():
        (folder / name).write_bytes(data)
    print(f"{len(files) - 1} scripts minified into {folder.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
