"""What the API documents of every game (its entry on a sheet, a game's record, where the
evening stands, its rules): `APIS`, its folder's `api.API` (an `ApiGame`); `ByGame` makes
the schemas every game has (a sheet, a created sheet, ...) from it."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from marshmallow import Schema

from bauerblock.api.game_schemas import ApiGame
from bauerblock.api.openapi import Members
from bauerblock.engine.plugins import Parts

APIS: Mapping[str, ApiGame] = Parts("api", "API")
"""Every game a sheet can keep (engine.games.GAMES), as the API documents it."""


class ByGame(Members):
    """A union's members chosen by `game`: a schema for every game of `APIS`, made on first
    asking by `make` from its `ApiGame`."""

    def __init__(self, make: Callable[[ApiGame], type[Schema]]) -> None:
        super().__init__(APIS, "game")
        self._make = make
        self._made: dict[ApiGame, type[Schema]] = {}

    def __getitem__(self, game: str) -> type[Schema]:
        api = APIS[game]
        if api not in self._made:
            self._made[api] = self._make(api)
        return self._made[api]


__all__ = ["APIS", "ApiGame", "ByGame"]
