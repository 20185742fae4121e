"""Marshmallow schemas of API.md: they check shapes and document them; the engine judges."""

from marshmallow import INCLUDE, Schema, fields, validate

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


class NewSheetSchema(Schema):
    """A new sheet: the game, and optionally players, first dealer, rules and title."""

    game = fields.String(required=True, metadata={"example": "bauerchen"})
    players = fields.List(
        fields.String(),
        metadata={"description": "names in clockwise seat order", "example": ["Hans", "Grete"]},
    )
    first_dealer = fields.Integer(metadata={"description": "seat of the first dealer"})
    rules = fields.Dict(
        keys=fields.String(), metadata={"description": "a preset and options, as RULES.md"}
    )
    title = fields.String(metadata={"example": "Stammtisch"})


class SheetEntrySchema(GameEntrySchema):
    """A game recorded on a sheet: as for stateless scoring, `home` derived if missing."""

    class Meta:
        # Other games enter other fields; the engine of the sheet's game judges them.
        unknown = INCLUDE


class SheetSchema(Schema):
    """A sheet: its settings and version, then the replayed evening."""

    id = fields.String()
    game = fields.String()
    title = fields.String()
    version = fields.Integer()
    created = fields.String()
    updated = fields.String()
    rules = fields.Dict(keys=fields.String())
    players = fields.List(fields.String())
    first_dealer = fields.Integer()
    current = fields.Dict(
        keys=fields.String(),
        metadata={
            "description": "Bauerchen: score, knoddels, steins, decider, dealer, home, round"
        },
    )
    games = fields.List(
        fields.Dict(keys=fields.String()),
        metadata={"description": "number, round, dealer, home, entry, points, score_after, events"},
    )
    rounds = fields.List(
        fields.Dict(keys=fields.String()), metadata={"description": "number, winner, final"}
    )


class SheetLinksSchema(Schema):
    """Where a sheet lives."""

    self = fields.String()
    view = fields.String(metadata={"description": "the read-only score sheet"})
    edit = fields.String(metadata={"description": "the score sheet with the edit right"})
    export = fields.String()


class CreatedSheetSchema(SheetSchema):
    """A sheet just created, with its edit token (shown this once)."""

    edit_token = fields.String()
    links = fields.Nested(SheetLinksSchema)


class RecordedGameSchema(Schema):
    """A game just recorded, and the sheet after it."""

    game = fields.Dict(keys=fields.String())
    state = fields.Nested(SheetSchema)


class ExportQuerySchema(Schema):
    """Which file to export."""

    format = fields.String(load_default="csv", validate=validate.OneOf(["csv", "json", "pdf"]))
