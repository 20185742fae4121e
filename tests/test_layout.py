"""The tests are laid out like the code: no test folder leans on another's conftest or helpers
(the code's own layers are tests/test_layers.py's).

What several folders share lives at the root (`tests/conftest.py`, `tests/pages.py`,
`tests/lighthouse.py`), so a folder can be run, moved or deleted on its own.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent


def _imported(path: Path) -> set[str]:
    """Return the modules a test file imports."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_the_test_folders_import_only_their_own_and_the_roots_helpers():
    folders = sorted(p for p in ROOT.iterdir() if p.is_dir() and any(p.glob("test_*.py")))
    assert {f.name for f in folders} >= {"engine", "store", "api", "scoresheet", "tournament"}
    crossing = []
    for folder in folders:
        for path in folder.rglob("*.py"):
            for module in _imported(path):
                parts = module.split(".")
                if parts[0] == "tests" and len(parts) > 2 and parts[1] != folder.name:
                    crossing.append(f"{path.relative_to(ROOT)} imports {module}")
    assert crossing == []
