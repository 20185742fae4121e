"""The tests are laid out like the code, and the code like its layers: no test folder leans on
another's conftest or helpers, and no lower layer of bauerblock/ imports one above it.

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


APP = ROOT.parent / "bauerblock"
PAGES = {"scoresheet", "tournament", "stammtisch"}
MAY_IMPORT = {
    "engine": {"engine"},
    "store": {"store", "engine"},
    "web": {"web", "exports", "store", "engine"},
    "api": {"api", "web", "exports", "store", "engine"},
}
"""What each lower package may import of Bauerblock (docs/architecture.md, "The layers")."""


def _bauerblock_imports(path: Path) -> set[str]:
    """Return the Bauerblock packages a module imports (`bauerblock.store.x` and
    `from bauerblock import store` alike)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            parts = node.module.split(".")
            if parts[0] != "bauerblock":
                continue
            if len(parts) > 1:
                found.add(parts[1])
            else:
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "bauerblock" and len(parts) > 1:
                    found.add(parts[1])
    return found


def test_the_lower_layers_import_only_what_lies_below_them():
    upward = []
    for package, allowed in MAY_IMPORT.items():
        for path in sorted((APP / package).rglob("*.py")):
            wrong = _bauerblock_imports(path) - allowed
            if wrong:
                upward.append(f"{path.relative_to(APP)} imports {sorted(wrong)}")
    assert upward == []
    # The check reads what it should: the API does import the store.
    assert "store" in _bauerblock_imports(APP / "api" / "sheets.py")
    assert PAGES.isdisjoint(set().union(*MAY_IMPORT.values()))
