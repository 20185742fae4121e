"""The series' request and answer bodies (marshmallow, as the house's API schemas)."""

from marshmallow import Schema, fields, validate

BOUND = validate.Range(min=0, max=50)


class NewSeriesSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(max=80))
    season = fields.String(load_default="", validate=validate.Length(max=40))
    scoring = fields.String(
        load_default="places", validate=validate.OneOf(["places", "tournament"])
    )
    counted = fields.Integer(
        load_default=0, validate=BOUND, metadata={"description": "Best K counted (0: all)"}
    )
    minimum = fields.Integer(load_default=1, validate=validate.Range(min=1, max=50))
    planned = fields.Integer(
        load_default=None, allow_none=True, validate=validate.Range(min=1, max=50)
    )


class RulesSchema(Schema):
    scoring = fields.String(required=True)
    counted = fields.Integer(required=True)
    minimum = fields.Integer(required=True)
    planned = fields.Integer(allow_none=True)


class RankingLineSchema(Schema):
    number = fields.Integer(required=True)
    name = fields.String(
        required=True, metadata={"description": "'Spieler 17' when hidden or forgotten"}
    )
    points = fields.Integer(required=True)
    place = fields.Integer(allow_none=True, required=True)
    tournaments = fields.Integer(required=True)
    wins = fields.Integer(required=True)
    seconds = fields.Integer(required=True)
    total = fields.Integer(required=True)


class SeriesTournamentSchema(Schema):
    id = fields.String(required=True)
    title = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(["preisbauer", "pairs"]))
    running = fields.Boolean(required=True)
    finished = fields.Boolean(required=True)


class SeriesPlayerSchema(Schema):
    number = fields.Integer(required=True)
    name = fields.String(required=True)
    hidden = fields.Boolean(required=True)
    forgotten = fields.Boolean(required=True)


class SeriesSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    season = fields.String(required=True)
    rules = fields.Nested(RulesSchema, required=True)
    version = fields.Integer(required=True)
    ranking = fields.List(fields.Nested(RankingLineSchema), required=True)
    unranked = fields.List(fields.Nested(RankingLineSchema), required=True)
    tournaments = fields.List(fields.Nested(SeriesTournamentSchema), required=True)
    players = fields.List(fields.Nested(SeriesPlayerSchema), required=True)


class CreatedSeriesSchema(SeriesSchema):
    edit_token = fields.String(required=True, metadata={"description": "Shown this once"})


class NewSeriesPlayerSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(max=60))


class SeriesPlayerChangeSchema(Schema):
    hidden = fields.Boolean(required=True)


class PlayedSchema(Schema):
    tournament = fields.String(required=True)
    title = fields.String(required=True)
    evening = fields.Integer(required=True)
    place = fields.Integer(allow_none=True, required=True)
    points = fields.Integer(allow_none=True, required=True)
    counted = fields.Boolean(required=True)


class PartnerSchema(Schema):
    number = fields.Integer(required=True)
    name = fields.String(required=True)
    rounds = fields.Integer(required=True)
    won = fields.Integer(required=True)


class SeriesPlayerResultsSchema(SeriesPlayerSchema):
    place = fields.Integer(allow_none=True, required=True)
    points = fields.Integer(required=True)
    tournaments = fields.List(fields.Nested(PlayedSchema), required=True)
    partners = fields.List(fields.Nested(PartnerSchema), required=True)


ENTRY = {"description": "A series number, or a new name (joins with the next number)"}


class NewSeriesTournamentSchema(Schema):
    title = fields.String(validate=validate.Length(max=80))
    rules = fields.Dict()
    players = fields.List(fields.Raw(metadata=ENTRY), validate=validate.Length(max=200))
    pairs = fields.List(
        fields.List(fields.Raw(metadata=ENTRY), validate=validate.Length(equal=2)),
        validate=validate.Length(max=100),
    )
    format = fields.Dict()
    tournament_id = fields.String(
        validate=validate.Length(max=64),
        metadata={"description": "Join this existing tournament instead (then nothing else)"},
    )
    tournament_token = fields.String(
        validate=validate.Length(max=128),
        metadata={"description": "The joined tournament's edit token"},
    )
