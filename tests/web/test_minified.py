"""The pad's own scripts are served as esbuild minified them (tools/minify.py, committed)."""

import json
import subprocess
import sys
from pathlib import Path

from bauerblock.web import assets, pages

ROOT = Path(__file__).resolve().parents[2]


def own_scripts() -> dict[str, Path]:
    return assets.own_scripts([Path(folder) for folder in pages.bp.static_folders])


def test_every_own_script_was_minified_from_its_source_as_it_is(app):
    made = assets.premade()
    scripts = own_scripts()
    assert {"pad.js", "outbox.js", "tournament.js"} <= set(scripts)
    stale = [n for n, p in scripts.items() if made.get(n) != assets.source_digest(p.read_bytes())]
    assert not stale, f"run `.venv/bin/python tools/minify.py`: {stale} changed since"
    assert set(made) == set(scripts), "tools/minify.py keeps a script no page serves"


def test_the_pads_bundle_is_htmx_and_the_scripts_esbuild_made(app, client):
    parts = [assets.MINIFIED / name for name in assets.BUNDLES["app.js"][1:]]
    with client.get("/static/app.js", headers={"Accept-Encoding": "identity"}) as served:
        body = served.data
    htmx = (ROOT / "bauerblock" / "web" / "static" / "htmx.min.js").read_bytes()
    assert body == b"\n;".join([htmx, *(part.read_bytes() for part in parts)])
    # esbuild's, not the source: shorter than what rjsmin makes of the source.
    pad = own_scripts()["pad.js"].read_text()
    assert len((assets.MINIFIED / "pad.js").read_bytes()) < len(assets.MINIFIERS[".js"](pad))


def test_a_script_changed_since_is_minified_by_rjsmin_until_the_tool_runs(tmp_path):
    folder = tmp_path / "static"
    folder.mkdir()
    (folder / "pad.js").write_text("function pad ( a ) { return a ; }\n")
    built = assets.build(tmp_path / "built", [folder])
    assert (built / "pad.js").read_text() == "function pad(a){return a;}"


def test_the_committed_scripts_are_what_esbuild_makes_of_the_sources_now():
    # esbuild is pinned in tools/npm (bin/test installs it with npm ci).
    done = subprocess.run(
        [sys.executable, "tools/minify.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads((assets.MINIFIED / "SOURCES.json").read_text())
