"""Marshmallow schemas of the API's sheet requests: a new sheet of any game, an entry of the
sheet's game, which games to list and which file to export (docs/api.md).

Every bound the server checks is stated (ranges, enums, lengths, required fields); the
games' own entries are in `api.entry_schemas`, their rules in `api.rules_schemas`.
"""

import copy
from typing import ClassVar

from marshmallow import INCLUDE, Schema, fields, validate

from bauerblock.api.constraints import List, integer, schema_of
from bauerblock.api.entry_schemas import (
    BauerchenEntrySchema,
    BauerschspielEntrySchema,
    BolachenEntrySchema,
)
from bauerblock.api.openapi import OneOf
from bauerblock.api.rules_schemas import RULES_SPEC
from bauerblock.engine.games import GAMES
from bauerblock.store.sheets import MAX_NAME, MAX_TITLE

NAME_TOO_LONG = f"A player's name may be at most {MAX_NAME} characters long."


def new_sheet_schema(game: str) -> type[Schema]:
    """Return the schema of a new sheet of `game`: its seats, first dealer and rules."""
    seats, name = GAMES[game].SEATS, game.capitalize()
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
            "rules": fields.Nested(RULES_SPEC[game]),
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

    choose_by = "game"
    members: ClassVar = {game: new_sheet_schema(game) for game in GAMES}


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


class SheetEntryFieldsSchema(Schema):
    """The fields of every game's entry: the engine of the sheet's game judges the rest."""

    class Meta:
        # The engine of the sheet's game judges every field, its own and any other.
        unknown = INCLUDE
        include: ClassVar[dict[str, fields.Field]] = {
            **_fields_of("Bauerchen", BauerchenEntrySchema),
            **_fields_of("Bauerschspiel", BauerschspielEntrySchema),
            **_fields_of("Bolachen", BolachenEntrySchema),
        }


class SheetEntrySchema(OneOf):
    """A game recorded on a sheet: the entry of the sheet's game (another game's: 422)."""

    choose_by = None
    members: ClassVar = {
        "bauerchen": BauerchenEntrySchema,
        "bauerschspiel": BauerschspielEntrySchema,
        "bolachen": BolachenEntrySchema,
    }
    loader = SheetEntryFieldsSchema

    class Meta:
        description = (
            "The entry of the sheet's game, as for its stateless scoring without rules: "
            "Bauerchen (home derived from the dealer if missing), Bauerschspiel (the winner) or "
            "Bolachen. An entry of another game than the sheet's is refused (422)."
        )


class ExportQuerySchema(Schema):
    """Which file to export."""

    format = fields.String(
        validate=validate.OneOf(["csv", "json", "pdf"]),
        metadata={
            "description": (
                "csv (one row per game), json (the whole state) or pdf; without it, the "
                "`Accept` header chooses (text/csv, application/json, application/pdf), "
                "and CSV when it names none of them"
            )
        },
    )


class SheetQuerySchema(Schema):
    """Which games of a long sheet to list."""

    games_from = fields.Integer(
        load_default=1,
        validate=validate.Range(min=1),
        metadata={"description": "list the games from this number on (and the rounds they closed)"},
    )
