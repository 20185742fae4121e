"""The house drawn from the imports points one way (docs/architecture.md, "The layers"):
pages → web → exports → store → engine, and api → store → engine.

Every module of bauerblock is parsed (ast, nothing imported), each import resolved to the
bauerblock module it names, and the layers' rules checked on the edges found.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "bauerblock"
PAGES = frozenset({"scoresheet", "stammtisch", "tournament"})
ALLOWED = {
    "engine": frozenset(),
    "store": frozenset({"engine"}),
    "exports": frozenset({"store", "engine"}),
    "web": frozenset({"exports", "store", "engine"}),
    "api": frozenset({"exports", "store", "engine", "web"}),
}
"""What each lower package may import besides itself (the pages: anything but a sibling)."""
API_FROM_WEB = frozenset(
    {"bauerblock.web.responses", "bauerblock.web.refusals", "bauerblock.web.refusals.statuses"}
)
"""The modules of the web layer the API uses: downloads and not-modified answers, and the
refusal map with the refusals' words."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(ROOT.rglob("*.py"))}
PACKAGES = {name for name, path in MODULES.items() if path.name == "__init__.py"}


def package_of(module: str) -> str:
    """Return the layer a module belongs to: bauerblock's subpackage (or "app" at the top)."""
    parts = module.split(".")
    if len(parts) > 1 and f"bauerblock.{parts[1]}" in PACKAGES:
        return parts[1]
    return "app"


def imports(module: str) -> Iterator[tuple[str, str | None]]:
    """Yield each bauerblock module `module` imports, with the name taken from it (if any)."""
    tree = ast.parse(MODULES[module].read_text(), filename=str(MODULES[module]))
    here = module if module in PACKAGES else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "bauerblock":
                    yield alias.name, None
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here.split(".")[: len(here.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            if base.split(".")[0] != "bauerblock":
                continue
            for alias in node.names:
                target = f"{base}.{alias.name}"
                # `from package import module` imports the module; else a name of `base`.
                yield (target, None) if target in MODULES else (base, alias.name)


EDGES = sorted(
    {(module, target, name) for module in MODULES for target, name in imports(module)},
    key=lambda edge: (edge[0], edge[1], edge[2] or ""),
)


def crossing(rule) -> list[str]:
    return [
        f"{module} imports {target}{'.' + name if name else ''}"
        for module, target, name in EDGES
        if rule(module, target, name)
    ]


def test_the_imports_are_found():
    # The parse sees what it should: a view's store, a page's web layer, the API's responses.
    found = {(module, target) for module, target, _ in EDGES}
    assert ("bauerblock.scoresheet.views", "bauerblock.store") in found
    assert ("bauerblock.stammtisch.views", "bauerblock.web.rights") in found
    assert ("bauerblock.api.sheets", "bauerblock.web.responses") in found
    assert len(MODULES) > 80


@pytest.mark.parametrize("lower", sorted(ALLOWED))
def test_a_lower_layer_imports_only_below_it(lower):
    def breaks(module, target, name):
        source, goal = package_of(module), package_of(target)
        if source != lower or goal == lower:
            return False
        if lower == "api" and goal == "web":
            return target not in API_FROM_WEB
        return goal not in ALLOWED[lower]

    assert crossing(breaks) == []


def test_no_page_package_imports_another():
    def breaks(module, target, name):
        source, goal = package_of(module), package_of(target)
        return source in PAGES and goal in PAGES and source != goal

    assert crossing(breaks) == []


def test_no_private_name_is_imported_across_packages():
    def breaks(module, target, name):
        if package_of(module) == package_of(target):
            return False
        segments = [*target.split(".")[1:], *([name] if name else [])]
        return any(s.startswith("_") and not s.startswith("__") for s in segments)

    assert crossing(breaks) == []


def test_the_packages_import_each_other_without_a_circle():
    graph: dict[str, set[str]] = {}
    for module, target, _ in EDGES:
        source, goal = package_of(module), package_of(target)
        if source != goal:
            graph.setdefault(source, set()).add(goal)
    # Depth-first: a package met again while still on the path closes a circle.
    state: dict[str, str] = {}

    def visit(package: str, path: tuple[str, ...]) -> list[str]:
        if state.get(package) == "done":
            return []
        if state.get(package) == "open":
            return [" → ".join((*path[path.index(package) :], package))]
        state[package] = "open"
        circles = [
            c for goal in sorted(graph.get(package, ())) for c in visit(goal, (*path, package))
        ]
        state[package] = "done"
        return circles

    assert [c for package in sorted(graph) for c in visit(package, ())] == []
