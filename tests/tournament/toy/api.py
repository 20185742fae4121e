"""The toy kind as the API documents it: its body, state, draw and results list, and its
state and draws as JSON from the stored toy."""

from typing import Any, ClassVar

from marshmallow import Schema, fields, validate

from bauerblock.api.tournament_links import head, table_sheet
from bauerblock.api.tournament_schemas import (
    ENDED,
    ApiKind,
    ResultsHeadSchema,
    TableSheetSchema,
    TournamentHeadSchema,
    created,
    kind_of,
    shown_draws,
    state_end,
)
from tests.tournament.toy.store import TOY, StoredToy


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


def document(stored, token, shown=None, /) -> dict[str, Any]:
    # What every kind's state holds beside its own (the pages' shared frame reads it).
    shared = {"format": {"kind": TOY}, "standings": [], "corrections": [], "finished": False}
    numbers = shown_draws(len(stored.tournament.draws), shown)
    draws = [draw_document(stored, number, token) for number in numbers]
    return {**head(stored), **shared, "draws": draws, "toys": list(stored.tournament.ducks)}


def draw_document(stored, number, token) -> dict[str, Any]:
    heat = stored.tournament.draws[number - 1]
    tables = [{"number": n, "sheet": table_sheet(stored, number, n, token)} for n in heat.tables]
    return {"kind": TOY, "number": number, "seed": heat.seed, "ended": heat.ended, "tables": tables}


API = ApiKind[StoredToy](
    kind=TOY,
    new=NewToyTournamentSchema,
    state=ToyTournamentSchema,
    created=created(ToyTournamentSchema),
    draw=ToyDrawSchema,
    listed=ToyDrawSchema,  # a heat lists as a step answers it: no token of its own
    results=ToyResultsListSchema,
    document=document,
    draw_document=draw_document,
)
