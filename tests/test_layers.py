"""The house's layers (docs/architecture.md, "The layers").

Which way the layers import is import-linter's contracts in pyproject.toml, which bin/test
checks with `lint-imports` before the tests. Here: that every package of bauerblock stands
in a layer of those contracts (a new package cannot slip past them), and what import-linter
does not see, names: no private (`_name`) function or module is imported across packages.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "bauerblock"


def contracts() -> dict[str, dict]:
    """Return import-linter's contracts of pyproject.toml by id."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return {contract["id"]: contract for contract in config["contracts"]}


def layered() -> set[str]:
    """Return the modules the layers contract names (optional ones without parentheses)."""
    return {
        name.strip().strip("()")
        for layer in contracts()["layers"]["layers"]
        for name in layer.split("|")
    }


def test_every_package_and_top_module_stands_in_a_layer():
    tops = {
        f"bauerblock.{path.parent.name if path.name == '__init__.py' else path.stem}"
        for path in [*PACKAGE.glob("*/__init__.py"), *PACKAGE.glob("*.py")]
        if path.name != "__init__.py" or path.parent != PACKAGE
    }
    # logs.py is a leaf every layer may use (it imports nothing of bauerblock).
    assert tops - layered() == {"bauerblock.logs"}
    assert "bauerblock.engine" in layered() and "bauerblock.api" in layered()


def test_the_engine_is_kept_from_the_web_and_sql():
    forbidden = set(contracts()["engine-pure"]["forbidden_modules"])
    assert {"flask", "sqlite3", "sqlite_utils"} <= forbidden


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
PACKAGES = {name for name, path in MODULES.items() if path.name == "__init__.py"}


def package_of(module: str) -> str:
    """Return the subpackage of bauerblock a module belongs to ("app" at the top)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and f"bauerblock.{parts[1]}" in PACKAGES else "app"


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


def test_the_imports_are_found():
    # The parse sees what it should: a view's store, a page's web layer, the API's responses.
    found = {(module, target) for module in MODULES for target, _ in imports(module)}
    assert ("bauerblock.scoresheet.views", "bauerblock.store") in found
    assert ("bauerblock.api.export_formats", "bauerblock.web.responses") in found
    assert len(MODULES) > 80


def test_no_private_name_is_imported_across_packages():
    crossing = [
        f"{module} imports {target}{'.' + name if name else ''}"
        for module in MODULES
        for target, name in imports(module)
        if package_of(module) != package_of(target)
        and any(
            s.startswith("_") and not s.startswith("__")
            for s in [*target.split(".")[1:], *([name] if name else [])]
        )
    ]
    assert crossing == []


FACES = frozenset({"scoresheet", "stammtisch", "tournament", "api"})
USE_CASES = {
    "bauerblock.store": {"create_sheet", "append_game", "amend_game", "delete_game", "immediate"},
    "bauerblock.store.groups": {"create_group", "add_player", "create_group_sheet"},
    "bauerblock.store.tournaments": {
        "create_tournament",
        "roster",
        "draw_next",
        "redo_draw",
        "end_draw",
    },
}
"""What the faces leave to services/: a sheet's, a group's and a tournament's writes, a
write transaction.
(import-linter sees imports, not the names called on an imported module: this does.)"""


def store_calls(module: str) -> Iterator[str]:
    """Yield each use case `module` calls on a store module it imported (not services/)."""
    tree = ast.parse(MODULES[module].read_text())
    aliases = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in ("bauerblock", "bauerblock.store"):
            for alias in node.names:
                aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            target = aliases.get(node.value.id)
            if node.attr in USE_CASES.get(target or "", ()):
                yield f"{module} calls {target}.{node.attr}"


def test_the_faces_write_sheets_groups_and_tournaments_through_the_services_alone():
    faces = [module for module in MODULES if package_of(module) in FACES]
    assert [call for module in faces for call in store_calls(module)] == []
    # The check sees such a call where there is one: the services make them.
    services = ("sheets", "groups", "tournaments")
    made = [call for name in services for call in store_calls(f"bauerblock.services.{name}")]
    assert any(call.endswith("store.groups.create_group_sheet") for call in made)
    assert any(call.endswith("store.tournaments.draw_next") for call in made)


def test_the_services_and_the_sheets_store_have_their_contracts():
    below = contracts()["faces-through-services"]["forbidden_modules"]
    assert {"bauerblock.store.sheets.writes", "bauerblock.store.tournaments.tables"} <= set(below)
    apart = contracts()["sheets-know-no-tournament"]
    assert apart["source_modules"] == ["bauerblock.store.sheets"]
    assert "http" in contracts()["store-knows-no-http"]["forbidden_modules"]


PAGE_PACKAGES = ("scoresheet", "stammtisch", "tournament")
TEMPLATE_NAMES = re.compile(r"""{%-?\s*(?:include|extends|import|from)\s+["']([^/"']+)/""")


def drawn_packages(suffix: str, text: str) -> list[str]:
    """Return the packages whose templates a template (`.html`) draws in, or a module
    (`.py`) renders by a name written out (`render_template("package/...")`)."""
    if suffix == ".html":
        return TEMPLATE_NAMES.findall(text)
    return [
        node.args[0].value.partition("/")[0]
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", getattr(node.func, "attr", None)) == "render_template"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and "/" in str(node.args[0].value)
    ]


@pytest.mark.parametrize(
    ("suffix", "text", "drawn"),
    [
        (".html", '{% include "stammtisch/_recent.html" %}', ["stammtisch"]),
        (".html", "{%- extends 'tournament/base.html' %}", ["tournament"]),
        (".html", '{% from "web/_macros.html" import money %}', ["web"]),
        (".py", 'render_template("tournament/redrawn.html", **gone)', ["tournament"]),
        (".py", 'flask.render_template(\n    "stammtisch/group.html", group=g\n)', ["stammtisch"]),
        (".py", "render_template(kind.board, **shown)", []),
        (".py", 'render_string("tournament/x.html")', []),
    ],
)
def test_the_crossing_check_sees_includes_and_renders(suffix, text, drawn):
    assert drawn_packages(suffix, text) == drawn


def test_no_page_package_draws_another_page_packages_template():
    """A page package's templates and modules name its own templates and web's, never a
    sibling's (a sibling's page comes through a web hook: `web.pages.add_start_section`,
    `add_gone_sheet`)."""
    crossing = []
    for package in PAGE_PACKAGES:
        home = PACKAGE / package
        for path in sorted([*(home / "templates").rglob("*.html"), *home.rglob("*.py")]):
            for named in drawn_packages(path.suffix, path.read_text()):
                if named not in (package, "web"):
                    crossing.append(f"{path.relative_to(ROOT)} -> {named}/")
    assert not crossing


def test_what_every_page_sees_is_offered_once_by_the_web_layer():
    """A page package's template globals are its blueprint's own (`bp.context_processor`):
    only the web layer offers globals to every page, in one place."""
    offering = [
        str(path.relative_to(ROOT))
        for path in MODULES.values()
        for _ in range(path.read_text().count("app_context_processor"))
    ]
    assert offering == ["bauerblock/web/pages.py"]
