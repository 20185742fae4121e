"""The installed games: each a folder of its own (`bauerblock/games/<game>/`), registered once.

A game's folder holds a module a layer, named after the layer's part: `rules` (the engine's
`SheetGame`), `stats` (its statistics' `STATS`), `exports` (its `EXPORT`), `api` (its
`API`), `pad` (the score sheet's `PAD`), `start` (the new-sheet form's `START`), `words`
(its refusals' `WORDS`), and beside them its `templates/` and `static/`. Its `__init__.py`
holds its one registration, a `Game`; each layer's registry (`Parts`) imports the game's
part of that layer when first asked, so the engine loads a game's rules and never its
pages. Home Assistant's `components/<integration>/` is the model.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

INSTALLED = (
    "bauerblock.games.bauerchen",
    "bauerblock.games.bauerschspiel",
    "bauerblock.games.bolachen",
)
"""The packages of the games a sheet can keep, in the order the start page offers them."""


@dataclass(frozen=True)
class Game:
    """A game's one registration: its name and the package of its folder."""

    name: str
    package: str

    @property
    def folder(self) -> Path:
        """Return the game's folder (its `templates/` and `static/` beside its modules)."""
        return Path(sys.modules[self.package].__file__ or "").parent

    def part(self, layer: str) -> ModuleType:
        """Return the game's module of `layer` (`rules`, `stats`, `pad`, ...)."""
        return import_module(f"{self.package}.{layer}")


@functools.cache
def registered() -> dict[str, Game]:
    """Return every installed game's registration by its name (a test adds its toy here)."""
    games = (import_module(package).GAME for package in INSTALLED)
    return {game.name: game for game in games}


T = TypeVar("T")


class Parts(Mapping[str, T]):
    """Each registered game's part of one layer, by the game's name: the object `name` of
    its module `layer` (without a name, the module), imported on first asking, when the
    layer's own modules, which the part imports, are loaded."""

    def __init__(self, layer: str, name: str | None = None) -> None:
        self._layer, self._name = layer, name
        self._parts: dict[Game, T] = {}

    def __getitem__(self, game: str) -> T:
        registration = registered()[game]
        if registration not in self._parts:
            module: Any = registration.part(self._layer)
            self._parts[registration] = getattr(module, self._name) if self._name else module
        return self._parts[registration]

    def __iter__(self) -> Iterator[str]:
        return iter(registered())

    def __len__(self) -> int:
        return len(registered())
