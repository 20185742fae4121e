"""Marshmallow schemas of the API's answers: every field typed, per game where games differ
(docs/api.md); each game's own parts are its `api` module (`game_schemas.APIS`).

They document what the views send (the views send the engine's and the store's shapes as
they are); the fuzz gate checks every answer against them. An `Answer` always carries each
field it lists.
"""

from typing import ClassVar

from marshmallow import Schema, fields, validate

from bauerblock.api.constraints import Boolean, schema_of, timestamp
from bauerblock.api.game_schemas import ApiGame, ByGame, RoundSchema
from bauerblock.api.openapi import Answer, OneOf, name_enum
from bauerblock.api.paging import next_field
from bauerblock.services.results import CHANGED_PAGE
from bauerblock.store.tournaments import TABLE_GAMES


def ruleset_schema(api: ApiGame):
    """Return the schema of one preset of a game with its resolved options."""
    game = api.game
    return schema_of(
        f"{game.capitalize()}RuleSet",
        {
            "name": fields.String(validate=validate.OneOf(list(api.engine.PRESETS))),
            "game": fields.String(validate=validate.OneOf([game])),
            "default": Boolean(metadata={"description": "the game's default preset"}),
            "options": fields.Nested(api.rules),
        },
        base=Answer,
    )


class RuleSetSchema(OneOf):
    """A named rule set of a game with its resolved options."""

    members: ClassVar = ByGame(ruleset_schema)


class TournamentPlaceSchema(Answer):
    """Where a tournament's table sheet belongs."""

    id = fields.String(metadata={"description": "the tournament"})
    draw = fields.Integer()
    table = fields.Integer()
    ended = Boolean(metadata={"description": "the organiser ended the draw"})
    closed = Boolean(
        metadata={
            "description": "the draw is closed: the table's own token gets 409 for record, "
            "amend and delete; the tournament's token corrects"
        }
    )
    closed_by = fields.String(
        validate=validate.OneOf(name_enum("ClosedBy", ["finished", "next_draw", "ended"])),
        metadata={"optional": True, "description": "why it is closed; only once closed"},
    )


class GroupPlaceSchema(Answer):
    """The Stammtisch a sheet was started in, and who of its roster sits where."""

    id = fields.String(metadata={"description": "the group"})
    players = fields.List(fields.Integer(), metadata={"description": "roster numbers by seat"})


class SheetLinksSchema(Answer):
    """Where a sheet lives."""

    self = fields.String(metadata={"description": "this sheet in the API"})
    view = fields.String(metadata={"description": "the read-only score sheet"})
    edit = fields.String(metadata={"description": "the score sheet with the edit right"})
    export = fields.String(metadata={"description": "the export (CSV by default)"})


def sheet_schema(api: ApiGame, *, created: bool = False, changed: bool = False):
    """Return the schema of a sheet of a game: settings and version, then the evening."""
    game = api.game
    declared = {
        "id": fields.String(),
        "game": fields.String(validate=validate.OneOf([game])),
        "title": fields.String(),
        "version": fields.Integer(metadata={"description": "grows with every write"}),
        "created": timestamp(),
        "updated": timestamp(),
        "rules": fields.Nested(api.rules),
        "players": fields.List(fields.String(), metadata={"description": "in seat order"}),
        "first_dealer": fields.Integer(),
        "current": fields.Nested(api.current),
        "games": fields.List(
            fields.Nested(api.record),
            metadata={"description": "the games from games_from on"},
        ),
        "games_from": fields.Integer(
            metadata={
                "description": (
                    "The number of the first game listed: 1 for the whole evening; a recorded "
                    "game's answer lists that game alone, and `rounds` the rounds it closed."
                )
            },
        ),
    }
    if game in TABLE_GAMES.values():
        declared["tournament"] = fields.Nested(
            TournamentPlaceSchema,
            metadata={"optional": True, "description": "a tournament's table only"},
        )
    declared["group"] = fields.Nested(
        GroupPlaceSchema,
        metadata={"optional": True, "description": "a sheet started in a Stammtisch only"},
    )
    if api.rounds:
        declared["rounds"] = fields.List(
            fields.Nested(RoundSchema), metadata={"description": "the rounds games closed"}
        )
    if not created:
        declared["next"] = next_field("games")
    if created:
        declared["edit_token"] = fields.String(metadata={"description": "shown this once"})
        declared["links"] = fields.Nested(SheetLinksSchema)
    if changed:
        declared["changed_game"] = fields.Nested(
            api.record,
            allow_none=True,
            metadata={"description": "the game now at the changed number; null: none is"},
        )
        declared["games_more"] = fields.String(
            allow_none=True,
            metadata={
                "description": (
                    f"getSheet from the first game past the page (`games` lists at most "
                    f"{CHANGED_PAGE}); null when the page ends with the last game (as `next`)"
                )
            },
        )
    prefix = "Created" if created else "Changed" if changed else ""
    name = f"{prefix}{game.capitalize()}Sheet"
    return schema_of(name, declared, base=Answer)


class SheetSchema(OneOf):
    """A sheet: its settings and version, then the replayed evening, by game."""

    members: ClassVar = ByGame(sheet_schema)


class CreatedSheetSchema(OneOf):
    """A sheet just created, with its edit token (shown this once) and its links."""

    members: ClassVar = ByGame(lambda api: sheet_schema(api, created=True))


def recorded_schema(api: ApiGame) -> type[Schema]:
    """Return a game as recordGame answers it: the game's record, naming its game."""
    name = api.record.__name__.removesuffix("Schema")
    return schema_of(
        f"Recorded{name}",
        {"game": fields.String(validate=validate.OneOf([api.game]))},
        base=api.record,
    )


class ChangedSheetSchema(OneOf):
    """A sheet just amended or deleted from: a page of its games from the changed one on."""

    members: ClassVar = ByGame(lambda api: sheet_schema(api, changed=True))


class GameRecordSchema(OneOf):
    """A game just recorded, shaped by the sheet's game, which it names."""

    members: ClassVar = ByGame(recorded_schema)


class SheetStatsSchema(OneOf):
    """What an evening says about each seat and team, by the sheet's game."""

    members: ClassVar = ByGame(lambda api: api.stats)


class RecordedGameSchema(Answer):
    """A game just recorded, and the sheet after it (listing that game alone)."""

    game = fields.Nested(GameRecordSchema)
    state = fields.Nested(SheetSchema)
