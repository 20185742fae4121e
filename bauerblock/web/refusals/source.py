"""Every refusal's words as its table's source says them, for the API's document.

The tables are read, not imported (as engine.codes reads the codes): a table is a dict of
`"code": lambda p: _("German words", name=p["param"], ...)`, wherever it stands in the
package (the framework's in this folder, a plug-in's in its folder), so the document lists
the words of every code at import, before the app registers its plug-ins; and a code worded
in two places is found. The English comes from the catalogue (translations/en), its
placeholders named by the params they show: `{param}`, `{param!r}`, or the name a table
gives a value it makes from them (`{match}`).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.support import NullTranslations, Translations

from bauerblock.engine.codes import PACKAGE, raised

TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"
GETTEXT = {"_", "gettext", "ngettext"}
"""The calls a table's words are made with (ngettext: its plural stands for it here)."""
PLACEHOLDER = re.compile(r"%\((\w+)\)s|%%")


@dataclass(frozen=True)
class Place:
    """Where a code's words stand: the module and line, the German and each name's param."""

    path: Path
    line: int
    german: tuple[str, ...]
    """The German words: one, or a plural's singular and plural (ngettext's)."""
    shows: tuple[tuple[str, str], ...]
    """Each placeholder's name with what it shows: `{param}`, `{param!r}` or `{name}`."""


def _shown(name: str, value: ast.expr) -> str:
    """Say what a keyword of the words shows: a param (as itself, or its repr), or a value."""
    if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "repr" and value.args:
        return _shown(name, value.args[0]).replace("}", "!r}")
    if (
        isinstance(value, ast.Subscript)
        and isinstance(value.value, ast.Name)
        and isinstance(value.slice, ast.Constant)
    ):
        return f"{{{value.slice.value!s}}}"
    return f"{{{name}}}"


def _places(path: Path, codes: set[str]) -> list[tuple[str, Place]]:
    """Return the codes a module's tables word, each with its place."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not isinstance(node, ast.Dict):
            continue
        for key, value in zip(node.keys, node.values, strict=True):
            if not (isinstance(key, ast.Constant) and key.value in codes):
                continue
            said = value.body if isinstance(value, ast.Lambda) else None
            if not (
                isinstance(said, ast.Call)
                and getattr(said.func, "id", "") in GETTEXT
                and said.args
                and isinstance(said.args[0], ast.Constant)
            ):
                continue
            shows = tuple((k.arg, _shown(k.arg, k.value)) for k in said.keywords if k.arg)
            german = tuple(str(arg.value) for arg in said.args[:2] if isinstance(arg, ast.Constant))
            found.append((key.value, Place(path, key.lineno, german, shows)))
    return found


@cache
def places() -> dict[str, tuple[Place, ...]]:
    """Return every raised code's places of words in the package (one, when all is well)."""
    codes = set(raised())
    found: dict[str, list[Place]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if "lambda p" in path.read_text(encoding="utf-8"):
            for code, place in _places(path, codes):
                found.setdefault(code, []).append(place)
    return {code: tuple(found.get(code, ())) for code in sorted(codes)}


@cache
def english() -> dict[str, str]:
    """Return every worded code's English words, their placeholders named by the params:
    "Team {team} would reach {reached} ..." (a code worded nowhere is left out)."""
    catalogue = Translations.load(str(TRANSLATIONS), ["en"])
    return {
        code: _named(_english(catalogue, found[0].german), dict(found[0].shows))
        for code, found in places().items()
        if found
    }


def _english(catalogue: NullTranslations, german: tuple[str, ...]) -> str:
    """Return the catalogue's English of a table's words; of a plural, its form for several
    (the document's words stand for any number)."""
    if len(german) == 2:
        return catalogue.ngettext(*german, 2)
    return catalogue.gettext(german[0])


def _named(words: str, shows: dict[str, str]) -> str:
    """Return the catalogue's words with each placeholder named by what it shows."""
    return PLACEHOLDER.sub(lambda m: shows[m[1]] if m[1] else "%", words)
