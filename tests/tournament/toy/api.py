"""The toy kind as the API documents it: its body, state, draw and results list."""

from typing import ClassVar

from marshmallow import Schema, fields, validate

from bauerblock.api.tournament_schemas import (
    ENDED,
    ApiKind,
    ResultsHeadSchema,
    TableSheetSchema,
    TournamentHeadSchema,
    created,
    kind_of,
    state_end,
)
from tests.tournament.toy.store import TOY


class ToyFormatSchema(Schema):
    """The race's format: its kind alone."""

    kind = kind_of(TOY)


class NewToyTournamentSchema(Schema):
    """A new race: its title and its ducks."""

    kind = fields.String(validate=validate.OneOf([TOY]))
    title = fields.String()
    players = fields.List(fields.String(), required=True, validate=validate.Length(min=4))
    format = fields.Nested(ToyFormatSchema, required=True)


class ToyTableSchema(Schema):
    """A heat's table."""

    number = fields.Integer(strict=True, required=True)
    sheet = fields.Nested(TableSheetSchema, required=True)


class ToyDrawSchema(Schema):
    """A heat: one table of the first four ducks."""

    kind = kind_of(TOY)
    number = fields.Integer(strict=True, required=True)
    seed = fields.String(required=True)
    ended = ENDED
    tables = fields.List(fields.Nested(ToyTableSchema), required=True)


class ToyTournamentSchema(TournamentHeadSchema):
    """A race: its ducks and its heats."""

    kind = kind_of(TOY)
    format = fields.Nested(ToyFormatSchema, required=True)
    toys = fields.List(fields.String(), required=True)
    draws = fields.List(fields.Nested(ToyDrawSchema), required=True)

    class Meta:
        include: ClassVar = state_end("never: the ducks race on")


class ToyResultsListSchema(ResultsHeadSchema):
    """A race's results: its ducks."""

    kind = kind_of(TOY)
    results = fields.List(fields.String(), required=True)


API = ApiKind(
    kind=TOY,
    new=NewToyTournamentSchema,
    state=ToyTournamentSchema,
    created=created(ToyTournamentSchema),
    draw=ToyDrawSchema,
    results=ToyResultsListSchema,
)
