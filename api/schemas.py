"""Marshmallow schemas of API.md: they check shapes and document them; the engine judges."""

from marshmallow import Schema, fields, validate

from engine.bauerchen.game import MAX_SPRITZ, Band, MeldKind

TEAM = validate.OneOf(["A", "B"])


class TeamPointsSchema(Schema):
    """A number per team."""

    A = fields.Integer()
    B = fields.Integer()


class RulesSpecSchema(Schema):
    """A preset plus any option overridden (option names in RULES.md)."""

    preset = fields.String(metadata={"example": "lautern"})
    last_trick_bonus = fields.Integer(metadata={"description": "10 (Lautern) or 0"})
    schneider_free_at = fields.Integer(metadata={"description": "loser's frei line"})
    target = fields.Integer(metadata={"description": "game points that win a round"})
    knoddels_per_stein = fields.Integer()
    carry_over = fields.Boolean(metadata={"description": "Weiterschreiben (Siegelbach)"})
    forty_rule = fields.Boolean(metadata={"description": "a 40 counts 1 at target - 2"})
    solo_in_decider = fields.Boolean(metadata={"description": "false: no Kart'ab (Ledig)"})


class ResultSchema(Schema):
    """A result entered without card points."""

    winner = fields.String(required=True, validate=TEAM)
    band = fields.String(required=True, validate=validate.OneOf([b.value for b in Band]))


class SoloSchema(Schema):
    """Kart'ab: the soloist's team and whether the solo was won."""

    team = fields.String(required=True, validate=TEAM)
    won = fields.Boolean(required=True)


class MeldSchema(Schema):
    """A 20 or a 40 declared by a team."""

    team = fields.String(required=True, validate=TEAM)
    kind = fields.String(required=True, validate=validate.OneOf([k.value for k in MeldKind]))


class GameEntrySchema(Schema):
    """One game of Bauerchen as a table enters it."""

    home = fields.String(validate=TEAM, metadata={"description": "team that announced trumps"})
    card_points = fields.Nested(TeamPointsSchema, metadata={"example": {"A": 72}})
    result = fields.Nested(ResultSchema)
    solo = fields.Nested(SoloSchema)
    melds = fields.List(fields.Nested(MeldSchema))
    spritz = fields.Integer(validate=validate.Range(min=0, max=MAX_SPRITZ))


class BauerchenScoreSchema(GameEntrySchema):
    """A stateless scoring request."""

    home = fields.String(required=True, validate=TEAM)
    rules = fields.Nested(RulesSpecSchema)
    score_before = fields.Nested(TeamPointsSchema)


class BreakdownLineSchema(Schema):
    """A line explaining the points in the game's own words."""

    code = fields.String()
    text = fields.String()


class BauerchenOutcomeSchema(Schema):
    """The points one game gives."""

    winner = fields.String()
    band = fields.String(allow_none=True)
    away_win = fields.Boolean()
    game_points = fields.Nested(TeamPointsSchema)
    meld_points = fields.Nested(TeamPointsSchema)
    points = fields.Nested(TeamPointsSchema)
    score_after = fields.Nested(TeamPointsSchema)
    round_over = fields.Boolean()
    round_winner = fields.String(allow_none=True)
    breakdown = fields.List(fields.Nested(BreakdownLineSchema))


class RuleSetSchema(Schema):
    """A named rule set of a game with its resolved options."""

    name = fields.String()
    game = fields.String()
    default = fields.Boolean()
    options = fields.Dict(keys=fields.String())
