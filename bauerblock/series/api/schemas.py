"""The series' request and answer bodies (marshmallow, as the house's API schemas)."""

from marshmallow import Schema, fields, validate

from bauerblock.api.constraints import Boolean, engine_fields, schema_of
from bauerblock.api.kinds import API_KINDS
from bauerblock.api.openapi import name_enum
from bauerblock.api.tournament_schemas import TournamentPlayerSchema, table_rules
from bauerblock.series.engine import BOUNDS, Scoring, SeriesRules

SCORING = name_enum("SeriesScoring", [scoring.value for scoring in Scoring])


def said(words: str) -> dict[str, str]:
    """Return a field's metadata: its words in the document."""
    return {"description": words}


class NewSeriesSchema(Schema):
    """A new series; a setting left out takes its default, said beside it (the service's: a
    default in the document would make a typed client send every setting)."""

    name = fields.String(required=True, validate=validate.Length(max=80))
    season = fields.String(
        validate=validate.Length(max=40), metadata=said("the season, free text; none unless given")
    )
    scoring = fields.String(
        validate=validate.OneOf(SCORING),
        metadata=said(
            "points a tournament: by the final place (`places`, unless given), or the "
            "tournament's own"
        ),
    )
    counted = fields.Integer(
        strict=True,
        validate=validate.Range(*BOUNDS["counted"]),
        metadata=said("Best K counted (0, unless given: all)"),
    )
    minimum = fields.Integer(
        strict=True,
        validate=validate.Range(*BOUNDS["minimum"]),
        metadata=said("tournaments a player needs to be ranked (1 unless given)"),
    )
    planned = fields.Integer(
        strict=True,
        allow_none=True,
        validate=validate.Range(*BOUNDS["planned"]),
        metadata=said("tournaments the season holds (M); null or left out: open"),
    )


RulesSchema = schema_of(
    "RulesSchema",
    engine_fields(
        SeriesRules,
        scoring="how a tournament scores",
        counted="best K counted; 0: all",
        minimum="tournaments a player needs",
        planned="tournaments the season holds; null: open",
    ),
)
"""A series' rules for points, as its engine keeps them."""


class RankingLineSchema(Schema):
    number = fields.Integer(required=True)
    name = fields.String(
        required=True, metadata={"description": "'Spieler 17' when hidden or forgotten"}
    )
    points = fields.Integer(required=True)
    place = fields.Integer(allow_none=True, required=True, metadata=said("null: not ranked yet"))
    tournaments = fields.Integer(required=True, metadata=said("finished tournaments played"))
    wins = fields.Integer(required=True, metadata=said("tournaments won"))
    seconds = fields.Integer(required=True, metadata=said("second places"))
    total = fields.Integer(
        required=True, metadata=said("points of every tournament, counted or not")
    )


class SeriesTournamentSchema(Schema):
    id = fields.String(required=True)
    title = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(API_KINDS.keys()))
    running = fields.Boolean(required=True, metadata=said("still played: adds nothing yet"))
    finished = fields.Boolean(required=True)


class SeriesPlayerSchema(Schema):
    number = fields.Integer(required=True)
    name = fields.String(required=True)
    hidden = fields.Boolean(required=True, metadata=said("shown as 'Spieler N' to the public"))
    forgotten = fields.Boolean(required=True, metadata=said("the name is gone for good"))


class SeriesSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    season = fields.String(required=True, metadata=said("the season, free text"))
    rules = fields.Nested(RulesSchema, required=True)
    version = fields.Integer(required=True)
    ranking = fields.List(
        fields.Nested(RankingLineSchema), required=True, metadata=said("the Rangliste, best first")
    )
    unranked = fields.List(
        fields.Nested(RankingLineSchema),
        required=True,
        metadata=said("players below the minimum, listed apart"),
    )
    tournaments = fields.List(
        fields.Nested(SeriesTournamentSchema),
        required=True,
        metadata=said("the series' tournaments, oldest first"),
    )
    players = fields.List(fields.Nested(SeriesPlayerSchema), required=True)


class CreatedSeriesSchema(SeriesSchema):
    edit_token = fields.String(required=True, metadata={"description": "Shown this once"})


class NewSeriesPlayerSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(max=60))


class SeriesPlayerChangeSchema(Schema):
    hidden = Boolean(required=True, metadata=said("hide the name on public pages"))


class PlayedSchema(Schema):
    tournament = fields.String(required=True)
    title = fields.String(required=True)
    evening = fields.Integer(required=True, metadata=said("the player's number that evening"))
    place = fields.Integer(allow_none=True, required=True, metadata=said("null: still running"))
    points = fields.Integer(allow_none=True, required=True, metadata=said("null: still running"))
    counted = fields.Boolean(required=True, metadata=said("among the best K"))


class PartnerSchema(Schema):
    number = fields.Integer(required=True)
    name = fields.String(required=True)
    rounds = fields.Integer(required=True, metadata=said("rounds played together"))
    won = fields.Integer(required=True, metadata=said("rounds won together"))


class SeriesPlayerResultsSchema(SeriesPlayerSchema):
    place = fields.Integer(allow_none=True, required=True, metadata=said("null: not ranked"))
    points = fields.Integer(required=True)
    tournaments = fields.List(
        fields.Nested(PlayedSchema), required=True, metadata=said("the tournaments played")
    )
    partners = fields.List(fields.Nested(PartnerSchema), required=True)


ENTRY = {
    "description": "A series number, or a new name (joins with the next number)",
    "oneOf": [
        {"type": "integer", "minimum": 1},
        {"type": "string", "minLength": 1, "maxLength": 60},
    ],
}


class NewSeriesTournamentSchema(Schema):
    title = fields.String(validate=validate.Length(max=80))
    rules = table_rules(
        None,
        resolved=False,
        metadata=said("the tables' Bauerchen rules, as createTournament's `rules`"),
    )
    players = fields.List(
        fields.Raw(metadata=ENTRY),
        validate=validate.Length(max=200),
        metadata=said(
            "the players of a kind that enters players one by one; a kind of pairs refuses "
            "them (422 `pairs_not_players`)"
        ),
    )
    pairs = fields.List(
        fields.List(fields.Raw(metadata=ENTRY), validate=validate.Length(equal=2)),
        validate=validate.Length(max=100),
        metadata=said(
            "the pairs of a kind that enters pairs (`format.kind: pairs`); a kind of players "
            "refuses them (422 `players_not_pairs`)"
        ),
    )
    format = fields.Dict(
        metadata=said(
            "as createTournament's `format`: the fields of the format of the kind its `kind` "
            "names (none: the first kind's); a field the kind has not is refused "
            "(422 `format_unknown_field`)"
        )
    )
    tournament_id = fields.String(
        validate=validate.Length(max=64),
        metadata={"description": "Join this existing tournament instead (then nothing else)"},
    )
    tournament_token = fields.String(
        validate=validate.Length(max=128),
        metadata={"description": "The joined tournament's edit token"},
    )


class NewSeriesTournamentPlayerSchema(Schema):
    player = fields.Raw(required=True, metadata=ENTRY)


class SeriesTournamentPlayerSchema(TournamentPlayerSchema):
    """A player entered late into a series tournament: the tournament's player (`number`
    is the evening's), and the series player they are."""

    series_number = fields.Integer(required=True, metadata=said("the player's series number"))
    joined = fields.Boolean(
        required=True, metadata=said("a new name: joined the series with this entry")
    )
