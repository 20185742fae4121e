"""bin/bench still runs: its scripts import what the package offers and call what it still has
(a module moved in bauerblock/ broke bench/writes.py once), and its short mode runs every
part to its end (bench/reads.py once still asserted the edit link's old redirect, and the
long run died there unnoticed)."""

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_every_bench_script_imports_and_run_py_answers_help():
    names = sorted(path.stem for path in (ROOT / "bench").glob("*.py") if path.stem != "run")
    imports = "; ".join(f"import bench.{name}" for name in names)
    # run.py imports its sibling capacity.py as bin/bench runs it: with bench/ on the path.
    done = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path[:0] = ['.', 'bench']; {imports}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    helped = subprocess.run(
        [sys.executable, "bench/run.py", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert helped.returncode == 0, helped.stderr
    assert "first-load" in helped.stdout


@pytest.mark.server
@pytest.mark.browser
def test_the_short_bench_runs_every_part_to_its_end():
    """`bench/run.py --short`: every part at toy sizes, with wrk, gunicorn and Chromium, as
    bin/bench runs them; its figures are not judged here (speed is the long run's)."""
    done = subprocess.run(
        [sys.executable, "-u", "bench/run.py", "--short"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    # Each part printed its figures (a part that returned early would print nothing).
    for line in (
        "ratio score/healthz",
        "record game 12",
        "cost board poll / sheet poll",
        "poll answered 304",
        "tap answer, gzip bytes",
        "sheet page (edit view)",
        "API GET of a sheet, default page",
        "first visit of a sheet's edit link",
        "writes at the end of a long evening",
        "exports of a 20-game sheet",
        "API read after each new game",
        "peak memory of a worker",
        "Stammtisch of 3 evenings",
        "series at 10 and 40 games",
        "largest night held",
        "behind the front: taps p99",
        "a table costs",
        "a 304 poll in-process",
        "draw  16 players",
        "draw of 16 players",
    ):
        assert line in done.stdout, line
    assert done.stdout.rstrip().endswith("bench: every part ran to its end"), done.stdout[-500:]


def missing_names(source: str) -> list[str]:
    """Return the `module.name`s a script uses that its imported modules lack (imports inside
    functions count too: the scripts import the app only once their settings are made)."""
    tree = ast.parse(source)
    modules = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    modules[alias.asname] = importlib.import_module(alias.name)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                try:
                    found = importlib.import_module(f"{node.module}.{alias.name}")
                except ModuleNotFoundError:
                    continue
                modules[alias.asname or alias.name] = found
    return sorted(
        f"{node.value.id}.{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in modules
        and not hasattr(modules[node.value.id], node.attr)
    )


@pytest.mark.parametrize(
    ("source", "missing"),
    [
        ("from bauerblock import store\nstore.append_game(db)", ["store.append_game"]),
        ("def f():\n    from bauerblock import store\n    store.gone(1)", ["store.gone"]),
        ("from bauerblock.services import sheets as s\ns.record_game(db)", []),
    ],
)
def test_missing_names_finds_a_function_gone_from_a_module(source, missing):
    assert missing_names(source) == missing


def test_every_bench_script_calls_what_its_modules_still_have():
    """An import passes while a function the script calls is gone (store.append_game was)."""
    scripts = sorted((ROOT / "bench").glob("*.py"))
    gone = {path.name: names for path in scripts if (names := missing_names(path.read_text()))}
    assert gone == {}
