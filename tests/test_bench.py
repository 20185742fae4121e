"""bin/bench's scripts still import what the package offers: nothing runs them in the suite,
so a module moved in bauerblock/ would break them unnoticed (bench/writes.py once did)."""

import subprocess
import sys
from pathlib import Path

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
