"""What every game's API module builds its schemas from: teams, a game's name on its entry,
the points per team, a game's breakdown and events, an entry as an answer shows it, a
finished round; `ApiGame`, what a game registers, and `APIS`, every game's; `ByGame` makes
the schemas every game has (a sheet, a created sheet, ...) from it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

from marshmallow import Schema, fields, validate

from bauerblock.api.constraints import PLAIN, engine_fields, schema_of
from bauerblock.api.openapi import Answer, Members, name_enum
from bauerblock.api.property_words import PropertyWords
from bauerblock.engine import teams
from bauerblock.engine.evening import RoundRecord
from bauerblock.engine.games import SheetGame
from bauerblock.engine.plugins import Parts
from bauerblock.engine.teams import Points

TEAMS = name_enum("Team", [team.value for team in teams.TEAMS])
TEAM = validate.OneOf(TEAMS)


@dataclass(frozen=True)
class Scoring:
    """A game's stateless scoring (POST /api/v1/<game>/score, `api.scoring`): its request and
    answer, the words of its operation (a summary line, then its description) and `score`,
    which scores the request (loaded by `request`) into an outcome with its `to_dict()`."""

    request: type[Schema]
    answer: type[Schema]
    words: str
    score: Callable[[dict[str, Any]], Any]


# Kept by its identity (`ByGame` makes a game's schemas once): its `group` is a dict.
@dataclass(frozen=True, eq=False)
class ApiGame:
    """What the API documents of one game: its sheet's entry, a game's record and where the
    evening stands (the schemas of the sheet's answers), its rules, and its scoring."""

    game: str
    engine: SheetGame
    entry: type[Schema]
    """One game as a table enters it on a sheet (naming `game`, `game_named`)."""
    record: type[Schema]
    """One game of a sheet as scored under its history."""
    current: type[Schema]
    """Where the sheet stands."""
    rules_spec: type[Schema]
    """Its rules as a request names them (`rules_schemas.rules_schema`)."""
    rules: type[Schema]
    """Its rules resolved, as an answer gives them."""
    stats: type[Schema]
    """What an evening says, as getSheetStats answers it (`stats_schemas.sheet_stats`)."""
    rounds: bool = True
    """Its games close rounds (the sheet lists them)."""
    group: Mapping[str, fields.Field] = field(default_factory=dict)
    """Its part of a roster player's statistics (getGroupStats), after every game's head."""
    group_figures: Mapping[str, fields.Field] = field(default_factory=dict)
    """The figures of its sheets' statistics a roster player sums, laid flat after every
    game's part (Bauerchen's)."""
    scoring: Scoring | None = None
    """Its stateless scoring, if it has one."""
    words: PropertyWords = field(default_factory=dict)
    """The words of its own properties that say none (`api.property_words`)."""


APIS: Mapping[str, ApiGame] = Parts("api", "API")
"""Every game a sheet can keep (engine.games.GAMES), as the API documents it: its folder's
`api.API`."""


class ByGame(Members):
    """A union's members chosen by `game`: a schema for every game of `APIS`, made on first
    asking by `make` from its `ApiGame`."""

    def __init__(self, make: Callable[[ApiGame], type[Schema]]) -> None:
        super().__init__(APIS, "game", cache(make))


def game_named(game: str) -> fields.String:
    """Return an entry's `game`: the sheet's game, which the document asks every entry to name
    (a union's discriminator); an entry without it, from a client of before, is taken."""
    return fields.String(
        validate=validate.OneOf([game]),
        metadata={"description": "the sheet's game; an entry of another game is refused (422)"},
    )


@cache
def entered(schema: type[Schema]) -> type[Schema]:
    """Return request schema `schema` as an answer shows it (`Entered` + its name): the same
    fields, nested request schemas copied alike, and open as every answer is (made once a
    schema)."""
    declared = {}
    for name, original in schema._declared_fields.items():
        # A field's copy is shallow: a list's item is copied of its own.
        field = copy.deepcopy(original)
        if isinstance(field, fields.List):
            field.inner = copy.deepcopy(field.inner)
        inner = field.inner if isinstance(field, fields.List) else field
        if isinstance(inner, fields.Nested) and isinstance(inner.nested, type):
            inner.nested = entered(inner.nested)
        declared[name] = field
    return schema_of(f"Entered{schema.__name__}", declared)


def team(**kwargs) -> fields.String:
    return fields.String(validate=TEAM, **kwargs)


def seats(what: str) -> fields.List:
    return fields.List(fields.Integer(), metadata={"description": f"{what}, by seat 0..2"})


class TeamPointsSchema(Answer):
    """A number per team."""

    A = fields.Integer()
    B = fields.Integer()


# The engine's points of the two teams, wherever a schema is made from its dataclass.
PLAIN[Points] = partial(fields.Nested, TeamPointsSchema)


class BreakdownLineSchema(Answer):
    """A line explaining the points: a code for translation and an English text."""

    code = fields.String(metadata={"example": "game_points"})
    text = fields.String(metadata={"example": "A scores 2 game points."})


def breakdown() -> fields.List:
    return fields.List(fields.Nested(BreakdownLineSchema))


RoundSchema = schema_of("RoundSchema", engine_fields(RoundRecord), base=Answer)
"""A finished round (Bauerschspiel: a board), who won it and the score it ended on."""


EVENT = name_enum(
    "Event",
    [
        "home_changed",
        "round_won",
        "knoddel",
        "stein",
        "carry_over",
        "table_finished",
        "nullchen",
        "limit_reached",
    ],
)
"""What a game can do beside its points (each game's engine names its own)."""
EVENTS = fields.List(
    fields.String(validate=validate.OneOf(EVENT)),
    metadata={"description": "what the game did: round_won, knoddel, stein, ..."},
)
