"""The refusals' codes as the source raises them: read from the code, not kept in a list.

A refusal is made from a literal code and its params (`RuleError("code", x=...)`, or a store
error's `super().__init__("code", ...)`), so reading the modules' syntax finds every code:
the API's document lists them (api.reasons), and tests/web/test_refusals.py holds each to
its one place of words. Nothing is imported: the store is read, not loaded.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
SOURCES = (
    "engine/**/*.py",
    "games/*/rules.py",
    "games/*/rules/*.py",
    "store/**/*.py",
    "series/**/*.py",
    "kinds/**/*.py",
)
"""The modules whose refusals reach a client (the API, the pages): the engine's, a game's
rules (its pad words their refusals, raising none), the store's and the plug-ins'."""


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _literal(node: ast.expr) -> object:
    return node.value if isinstance(node, ast.Constant) else None


def refusal_classes(trees: list[ast.Module]) -> dict[str, bool]:
    """Return the Refusal classes the modules define: name → has an `__init__` of its own."""
    bases: dict[str, tuple[list[str], bool]] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                names = [_name(base) for base in node.bases]
                own_init = any(
                    isinstance(item, ast.FunctionDef) and item.name == "__init__"
                    for item in node.body
                )
                bases[node.name] = (names, own_init)
    found = {"Refusal": True}
    grew = True
    while grew:
        grew = False
        for name, (parents, own_init) in bases.items():
            if name not in found and any(parent in found for parent in parents):
                found[name] = own_init
                grew = True
    return found


def classed_calls(tree: ast.Module, classes: dict[str, bool]) -> Iterator[tuple[str, ast.Call]]:
    """Yield each call that makes a refusal from a code, with the class of refusal it makes:
    `RuleError(...)`, or `super().__init__` in the body of a class with an `__init__` of its
    own (GameError, SheetNotFound, ...: it takes other arguments, and that call carries the
    code)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and classes.get(_name(node.func)) is False:
            yield _name(node.func), node
        elif isinstance(node, ast.ClassDef) and node.name != "Refusal" and classes.get(node.name):
            for call in ast.walk(node):
                if (
                    isinstance(call, ast.Call)
                    and _name(call.func) == "__init__"
                    and isinstance(call.func, ast.Attribute)
                    and isinstance(call.func.value, ast.Call)
                    and _name(call.func.value.func) == "super"
                ):
                    yield node.name, call


def source_trees() -> list[tuple[Path, ast.Module]]:
    """Return the parsed modules of the packages whose refusals reach the API."""
    return [
        (path, ast.parse(path.read_text(encoding="utf-8"), str(path)))
        for pattern in SOURCES
        for path in sorted(PACKAGE.glob(pattern))
    ]


@dataclass(frozen=True)
class Raised:
    """What the source says of one code: the classes that raise it and the params it has."""

    kinds: frozenset[str]
    params: frozenset[str]


@cache
def raised() -> dict[str, Raised]:
    """Return every code the engine and the store raise: its classes and params.

    The params are the keywords of the calls that make it (a GameError adds `number`).
    """
    trees = source_trees()
    classes = refusal_classes([tree for _, tree in trees])
    found: dict[str, tuple[set[str], set[str]]] = {}
    for _, tree in trees:
        for kind, call in classed_calls(tree, classes):
            code = _literal(call.args[0]) if call.args else None
            if isinstance(code, str):
                kinds, params = found.setdefault(code, (set(), set()))
                kinds.add(kind)
                params.update(k.arg for k in call.keywords if k.arg)
    return {
        code: Raised(frozenset(kinds), frozenset(params))
        for code, (kinds, params) in sorted(found.items())
    }
