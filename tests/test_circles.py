"""No module of bauerblock/ imports, at its top, a module that imports it back (directly or
round a longer circle).

A circle works only in the order Python happens to load it: one side must import the other
late (inside a function, at the bottom of the module, under TYPE_CHECKING) and a reader
cannot tell which way the layers point. import-linter's layers keep packages apart; this
keeps the modules inside one apart too (exports/layout.py and exports/group_figures.py, and
web/pages.py and web/offline.py, were such circles). Imports inside functions and under
`if TYPE_CHECKING:` are not counted: they run after both modules are loaded.
"""

import ast
from collections.abc import Collection
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "bauerblock"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def top_level_imports(
    tree: ast.Module, name: str, is_package: bool, modules: Collection[str]
) -> set[str]:
    """Return the modules a module's top level imports (its functions' imports left out)."""
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    # `from . import x` in a package's __init__ is relative to the package.
                    anchor = name.split(".")
                    anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                    base = ".".join([*anchor, base] if base else anchor)
                # `from package import module` needs the module; any other name, the
                # package's __init__ (whose names it is).
                for alias in node.names:
                    module = f"{base}.{alias.name}"
                    found.add(module if module in modules else base)
            elif isinstance(node, ast.If):
                if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)

    visit(tree.body)
    return found


def import_graph(sources: dict[str, tuple[str, bool]]) -> dict[str, set[str]]:
    """Return each module's top-level imports among `sources` (name: (source, is_package))."""
    return {
        name: {
            imported
            for imported in top_level_imports(ast.parse(source), name, is_package, sources)
            if imported in sources and imported != name
        }
        for name, (source, is_package) in sources.items()
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Return the strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def package_sources() -> dict[str, tuple[str, bool]]:
    return {
        module_name(path): (path.read_text(), path.name == "__init__.py")
        for path in PACKAGE.rglob("*.py")
    }


def test_a_circle_is_found_and_late_imports_are_not_counted():
    sources = {
        "p": ("", True),
        "p.a": ("from p.b import thing", False),
        "p.b": ("from p import c\n", False),
        "p.c": ("import p.a\n", False),
        "p.d": ("def f():\n    from p import a\nif TYPE_CHECKING:\n    import p.a\n", False),
        "p.e": ("from . import d\n", False),
    }
    graph = import_graph(sources)
    assert graph["p.d"] == set() and graph["p.e"] == {"p.d"} and graph["p.b"] == {"p.c"}
    assert circles(graph) == [["p.a", "p.b", "p.c"]]


def test_no_module_of_the_package_is_in_an_import_circle():
    assert circles(import_graph(package_sources())) == []
