"""Marshmallow schemas of the API's Stammtisch: a roster across evenings and its statistics
(docs/rules.md section 6)."""

from typing import ClassVar

from marshmallow import Schema, ValidationError, fields, validate

from bauerblock.api.constraints import NAME, List, engine_fields, player_name, schema_of, timestamp
from bauerblock.api.game_schemas import APIS, ApiGame, ByGame
from bauerblock.api.openapi import Answer, OneOf, name_enum
from bauerblock.api.paging import next_field, page_query
from bauerblock.api.schemas import NewSheetSchema
from bauerblock.engine.stammtisch import Partnership
from bauerblock.store.groups import MAX_GROUP_NAME, MAX_ROSTER
from bauerblock.store.sheets import MAX_NAME


class NewGroupSchema(Schema):
    """A new Stammtisch: its name and the players of its roster."""

    name = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_GROUP_NAME),
        metadata={
            "example": "Stammtisch Zur Linde",
            "description": "the group's name; one of spaces only is refused (422)",
        },
    )
    players = List(
        fields.String(validate=NAME),
        load_default=list,
        validate=validate.Length(max=MAX_ROSTER),
        metadata={
            "description": (
                f"the roster's names (numbered 1, 2, ... in this order); at most {MAX_ROSTER}, "
                "no name twice (compared without case) and none of spaces only (422); more can "
                "be added later"
            ),
            "example": ["Hans", "Grete", "Karl", "Lise", "Otto"],
        },
    )


class NewGroupPlayerSchema(Schema):
    """A player to put on the roster."""

    name = player_name(
        "Fritz", "a name of spaces only is refused (422); a name on the roster already (409)"
    )


class RosterPlayerSchema(Answer):
    """A player of the roster: a number kept for good (never used twice) and a name."""

    number = fields.Integer(strict=True, metadata={"minimum": 1, "description": "kept for good"})
    name = fields.String(metadata={"description": "the player's name"})


class Seat(fields.Field):
    """A seat of a new evening: a roster number, or a name (a new one joins the roster)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise ValidationError("A seat is a roster number or a name.")
        if isinstance(value, int) and value < 1:
            raise ValidationError("Roster numbers start at 1.")
        if isinstance(value, str) and not 1 <= len(value) <= MAX_NAME:
            raise ValidationError(f"A name has 1 to {MAX_NAME} characters.")
        return value


def _roster_seats(game: str, seats: int) -> fields.List:
    """Return the `players` of a new evening of the group: roster numbers or names, by seat."""
    return List(
        Seat(
            metadata={
                "oneOf": [
                    {"type": "integer", "minimum": 1},
                    {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
                ]
            }
        ),
        required=True,
        validate=validate.Length(
            equal=seats, error=f"{game.capitalize()} is played by {seats}: give {seats} players."
        ),
        metadata={
            "description": (
                f"the {seats} roster numbers in clockwise seat order; a name instead is the "
                "roster player of that name, or a new one put on the roster; a player on two "
                "seats or an unknown number is refused (422)"
            ),
            "example": [1, 2, 3, "Fritz"][:seats],
        },
    )


def _group_sheet_schema(api: ApiGame) -> type[Schema]:
    """Return createSheet's body for a game with the players taken from the roster."""
    game, seats, base = api.game, api.engine.SEATS, NewSheetSchema.members[api.game]
    example = {"game": game, "players": [1, 2, 3, "Fritz"][:seats], "title": "Stammtisch"}
    return schema_of(
        f"NewGroup{game.capitalize()}Sheet",
        {"players": _roster_seats(game, seats)},
        base=base,
        json_schema={"example": example},
    )


class NewGroupSheetSchema(OneOf):
    """A new evening of the group: createSheet's body, its players taken from the roster."""

    members: ClassVar = ByGame(_group_sheet_schema)


class GroupLinksSchema(Answer):
    """Where a group lives."""

    self = fields.String(metadata={"description": "the group in the API"})
    page = fields.String(metadata={"description": "the group's page"})
    edit = fields.String(
        metadata={"description": "the group's page with the edit right: hand it to a phone"}
    )
    stats = fields.String(metadata={"description": "the group's statistics"})


def _evening_schema(api: ApiGame) -> type[Schema]:
    """Return an evening of the group playing `api`'s game, with its result in a line: the
    fields of the game's `current` that make its result (`RESULT` of the game's engine)."""
    game, current = api.game, api.current._declared_fields
    result = schema_of(
        f"{game.capitalize()}EveningResult",
        {key: current[key] for key in api.engine.RESULT},
        base=Answer,
    )
    declared = {
        "id": fields.String(metadata={"description": "the sheet's id"}),
        "title": fields.String(metadata={"description": "the sheet's title"}),
        "game": fields.String(validate=validate.OneOf([game])),
        "created": timestamp(),
        "version": fields.Integer(strict=True, metadata={"description": "the sheet's version"}),
        "players": fields.List(
            fields.Integer(strict=True), metadata={"description": "roster numbers by seat"}
        ),
        "names": fields.List(fields.String(), metadata={"description": "the names on the sheet"}),
        "result": fields.Nested(result, metadata={"description": "where the evening stands"}),
    }
    return schema_of(f"{game.capitalize()}GroupEvening", declared, base=Answer)


class GroupEveningSchema(OneOf):
    """An evening of the group, with its result in a line, by its game."""

    members: ClassVar = ByGame(_evening_schema)


class GroupSchema(Answer):
    """A Stammtisch: its roster and its evenings, newest first (every field always there)."""

    id = fields.String()
    name = fields.String()
    version = fields.Integer(strict=True)
    created = timestamp()
    updated = timestamp()
    players = fields.List(fields.Nested(RosterPlayerSchema))
    sheets = fields.List(
        fields.Nested(GroupEveningSchema),
        metadata={"description": "the evenings, newest first, from `sheets_from` on"},
    )
    next = next_field("evenings")


GroupQuerySchema = page_query(
    "GroupQuerySchema", "sheets_from", "list the evenings from the n-th newest on"
)
"""Which of a Stammtisch's evenings to list (newest first)."""


class CreatedGroupSchema(GroupSchema):
    """A group just created, with its edit token (shown this once)."""

    edit_token = fields.String()
    links = fields.Nested(GroupLinksSchema)


GroupPlayerStatsSchema = schema_of(
    "GroupPlayerStatsSchema",
    {
        "number": fields.Integer(strict=True),
        "name": fields.String(),
        "evenings": fields.Integer(strict=True, metadata={"description": "evenings of any game"}),
        # Each game's own part, in the games' order (`ApiGame.group`).
        **{name: field for api in APIS.values() for name, field in api.group.items()},
    },
    base=Answer,
    # The figures of a sheet's statistics a game lays flat, each summed over the evenings.
    include={name: f for api in APIS.values() for name, f in api.group_figures.items()},
)
"""A roster player across the group's evenings: every game's part, and the figures a game's
sheets count summed (Bauerchen's)."""


PartnersSchema = schema_of(
    "PartnersSchema",
    {
        "players": fields.List(
            fields.Integer(strict=True),
            metadata={"description": "the two roster numbers, the lower first"},
        ),
        **engine_fields(Partnership),
    },
    base=Answer,
)
"""Two roster players as partners (Bauerchen and Bauerschspiel): their games together."""


class GroupPaymentSchema(Answer):
    """One transfer settling the money balance: `from` pays `to` `amount` cents."""

    class Meta:
        # `from` is a Python keyword: the field is declared under another name.
        include = {  # noqa: RUF012  (marshmallow reads Meta.include as declared)
            "from": fields.Integer(strict=True, metadata={"description": "roster number"}),
        }

    to = fields.Integer(strict=True, metadata={"description": "roster number"})
    amount = fields.Integer(strict=True, metadata={"description": "cents"})


GAMES = name_enum("Game", list(APIS))
"""The games a sheet keeps."""


class BalancePointSchema(Answer):
    """The running balances after one evening: a point of the group's chart."""

    id = fields.String(metadata={"description": "the sheet's id"})
    title = fields.String(metadata={"description": "the sheet's title"})
    created = timestamp()
    game = fields.String(validate=validate.OneOf(GAMES), metadata={"description": "its game"})
    steins_balance = fields.List(
        fields.Integer(strict=True),
        metadata={"description": "each roster player's Steine balance so far, as `players`"},
    )
    cents = fields.List(
        fields.Integer(strict=True),
        metadata={"description": "each roster player's money balance so far, as `players`"},
    )


class GroupStatsSchema(Answer):
    """What the group's evenings say about each roster player and each pair of partners."""

    id = fields.String()
    name = fields.String()
    version = fields.Integer(strict=True)
    evenings = fields.Integer(strict=True)
    players = fields.List(fields.Nested(GroupPlayerStatsSchema))
    partners = fields.List(fields.Nested(PartnersSchema))
    payments = fields.List(
        fields.Nested(GroupPaymentSchema),
        metadata={"description": "the money balance settled in the fewest transfers"},
    )
    series = fields.List(
        fields.Nested(BalancePointSchema), metadata={"description": "oldest evening first"}
    )
