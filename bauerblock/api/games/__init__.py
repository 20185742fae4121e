"""What the API documents of every game (its entry on a sheet, a game's record, where the
evening stands, its rules): `APIS`, its folder's `api.API` (an `ApiGame`); `ByGame` makes
the schemas every game has (a sheet, a created sheet, ...) from it."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from marshmallow import Schema

from bauerblock.api.game_schemas import ApiGame
from bauerblock.engine.plugins import Parts

APIS: Mapping[str, ApiGame] = Parts("api", "API")
"""Every game a sheet can keep (engine.games.GAMES), as the API documents it."""


class ByGame(Mapping[str, type[Schema]]):
    """A schema for every game of `APIS`, made on first asking by `make` from its `ApiGame`.

    A union's members (`OneOf.members`): a game registered after import (a test's) is a
    member of every union, and the document names the games registered when it is built.
    """

    def __init__(self, make: Callable[[ApiGame], type[Schema]]) -> None:
        self._make = make
        self._made: dict[ApiGame, type[Schema]] = {}

    def __getitem__(self, game: str) -> type[Schema]:
        api = APIS[game]
        if api not in self._made:
            self._made[api] = self._make(api)
        return self._made[api]

    def __iter__(self) -> Iterator[str]:
        return iter(APIS)

    def __len__(self) -> int:
        return len(APIS)


__all__ = ["APIS", "ApiGame", "ByGame"]
