"""What the API documents of every game (its entry on a sheet, a game's record, where the
evening stands, its rules): `APIS`, its folder's `api.API` (an `ApiGame`); `ByGame` makes
the schemas every game has (a sheet, a created sheet, ...) from it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache

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
        super().__init__(APIS, "game", cache(make))
