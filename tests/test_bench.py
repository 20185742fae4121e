"""bin/bench's scripts still import what the package offers: nothing runs them in the suite,
so a module moved in bauerblock/ would break them unnoticed (bench/writes.py once did)."""

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
