"""Marshmallow schemas of the API's sheet requests: a new sheet of any game, an entry of the
sheet's game, which games to list and which file to export (docs/api.md).

Every bound the server checks is stated (ranges, enums, lengths, required fields); the
games' own entries and rules are their `api` modules (`game_schemas.APIS`).
"""

import copy
from functools import cache
from typing import ClassVar

from marshmallow import INCLUDE, Schema, fields, validate

from bauerblock.api.constraints import List, integer, schema_of
from bauerblock.api.game_schemas import APIS, ApiGame, ByGame
from bauerblock.api.openapi import OneOf, name_enum
from bauerblock.api.paging import page_query
from bauerblock.store.sheets import MAX_NAME, MAX_TITLE

NAME_TOO_LONG = f"A player's name may be at most {MAX_NAME} characters long."


def new_sheet_schema(api: ApiGame) -> type[Schema]:
    """Return the schema of a new sheet of a game: its seats, first dealer and rules."""
    game = api.game
    seats, name = api.engine.SEATS, game.capitalize()
    players = ["Hans", "Grete", "Karl", "Lise"][:seats]
    return schema_of(
        f"New{name}Sheet",
        {
            "game": fields.String(required=True, validate=validate.OneOf([game])),
            "players": List(
                fields.String(validate=validate.Length(max=MAX_NAME, error=NAME_TOO_LONG)),
                validate=validate.Length(
                    equal=seats, error=f"{name} is played by {seats}: give {seats} player names."
                ),
                metadata={
                    "description": (
                        f"the {seats} names in clockwise seat order; blank: 'Spieler n'"
                    ),
                    "example": players,
                },
            ),
            "first_dealer": integer(
                0,
                seats - 1,
                metadata={"description": f"the seat that deals first (0..{seats - 1})"},
            ),
            "rules": fields.Nested(api.rules_spec),
            "title": fields.String(
                validate=validate.Length(
                    max=MAX_TITLE, error=f"The title may be at most {MAX_TITLE} characters long."
                ),
                metadata={"example": "Stammtisch", "description": "default: the game and date"},
            ),
        },
        json_schema={"example": {"game": game, "players": players, "title": "Stammtisch"}},
    )


class NewSheetSchema(OneOf):
    """A new sheet: the game, and optionally players, first dealer, rules and title."""

    members: ClassVar = ByGame(new_sheet_schema)


def _fields_of(game: str, schema: type[Schema]) -> dict[str, fields.Field]:
    """Return a schema's fields, optional and labelled with the game they belong to."""
    labelled = {}
    for name, field in schema._declared_fields.items():
        field = copy.deepcopy(field)
        field.required = False
        description = field.metadata.get("description")
        # A field's copy shares its metadata: label a new dict.
        field.metadata = {
            **field.metadata,
            "description": f"{game}: {description}" if description else game,
        }
        labelled[name] = field
    return labelled


@cache
def entry_fields_schema(apis: tuple[ApiGame, ...]) -> type[Schema]:
    """Return the schema of the fields of every game's entry (`apis`): the engine of the
    sheet's game judges the rest."""
    labelled: dict[str, fields.Field] = {}
    for api in apis:
        labelled.update(_fields_of(api.game.capitalize(), api.entry))

    class Meta:
        # The engine of the sheet's game judges every field, its own and any other.
        unknown = INCLUDE
        include: ClassVar[dict[str, fields.Field]] = {
            **labelled,
            # Any game's name: the view checks it against the sheet's (entry_game).
            "game": fields.String(validate=validate.OneOf([api.game for api in apis])),
        }

    return type("SheetEntryFieldsSchema", (Schema,), {"Meta": Meta})


class SheetEntrySchema(OneOf):
    """A game recorded on a sheet: the entry of the sheet's game (another game's: 422)."""

    members: ClassVar = ByGame(lambda api: api.entry)

    def loader_schema(self) -> type[Schema]:
        """Load an entry of any game registered with the fields of every game's entry."""
        return entry_fields_schema(tuple(APIS.values()))

    class Meta:
        description = (
            "The entry of the sheet's game, named by `game`, as for its stateless scoring "
            "without rules (each game's entry says what it takes by default). An entry of "
            "another game than the sheet's is refused (422); one without `game` (clients of "
            "document v1.1) is the sheet's game's."
        )


EXPORT_FORMATS = name_enum("ExportFormat", ["csv", "json", "pdf"])
"""The files an export gives."""


class ExportQuerySchema(Schema):
    """Which file to export."""

    format = fields.String(
        validate=validate.OneOf(EXPORT_FORMATS),
        metadata={
            "description": (
                "csv (one row per game), json (the whole state) or pdf; without it, the "
                "`Accept` header chooses (text/csv, application/json, application/pdf), "
                "and CSV when it names none of them"
            )
        },
    )


SheetQuerySchema = page_query(
    "SheetQuerySchema",
    "games_from",
    "list the games from this number on (and the rounds they closed)",
)
"""Which games of a long sheet to list."""
