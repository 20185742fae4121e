"""Marshmallow schemas of API.md: they check shapes and document them; the engine judges."""

import copy
from typing import ClassVar

from marshmallow import INCLUDE, Schema, fields, validate

from engine import bolachen
from engine.bauerchen.game import MAX_SPRITZ, Band, MeldKind
from engine.bauerchen.rules import MAX_ROUND_LIMIT
from engine.games import GAMES

TEAM = validate.OneOf(["A", "B"])


class Boolean(fields.Boolean):
    """JSON's true or false and nothing else (marshmallow's own takes 1, "yes", "on" too)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class TeamPointsSchema(Schema):
    """A number per team."""

    A = fields.Integer(strict=True)
    B = fields.Integer(strict=True)


class RulesSpecSchema(Schema):
    """A preset plus any option overridden (option names in RULES.md)."""

    preset = fields.String(metadata={"example": "lautern"})
    last_trick_bonus = fields.Integer(strict=True, metadata={"description": "10 (Lautern) or 0"})
    schneider_free_at = fields.Integer(strict=True, metadata={"description": "loser's frei line"})
    target = fields.Integer(strict=True, metadata={"description": "game points that win a round"})
    knoddels_per_stein = fields.Integer(strict=True)
    carry_over = Boolean(metadata={"description": "Weiterschreiben (Siegelbach)"})
    forty_rule = Boolean(metadata={"description": "a 40 counts 1 at target - 2"})
    solo_in_decider = Boolean(metadata={"description": "false: no Kart'ab (Ledig)"})
    round_limit = fields.Integer(
        strict=True,
        validate=validate.Range(min=0, max=MAX_ROUND_LIMIT),
        metadata={"description": "the sheet is finished after this many rounds; 0: none"},
    )


class ResultSchema(Schema):
    """A result entered without card points."""

    winner = fields.String(required=True, validate=TEAM)
    band = fields.String(required=True, validate=validate.OneOf([b.value for b in Band]))


class SoloSchema(Schema):
    """Kart'ab: the soloist's team and whether the solo was won."""

    team = fields.String(required=True, validate=TEAM)
    won = Boolean(required=True)
    player = fields.Integer(
        strict=True,
        allow_none=True,
        validate=validate.Range(min=0, max=3),
        metadata={
            "description": (
                "the soloist's seat, optional: one of the team's (0 or 2 for A, 1 or 3 for B; "
                "another seat is refused with 422); it changes no points, only statistics"
            )
        },
    )


class MeldSchema(Schema):
    """A 20 or a 40 declared by a team."""

    team = fields.String(required=True, validate=TEAM)
    kind = fields.String(required=True, validate=validate.OneOf([k.value for k in MeldKind]))


class GameEntrySchema(Schema):
    """One game of Bauerchen as a table enters it."""

    home = fields.String(validate=TEAM, metadata={"description": "team that announced trumps"})
    card_points = fields.Nested(
        TeamPointsSchema,
        metadata={
            "description": "card points of one team, or of both adding up to the total",
            "example": {"A": 72},
        },
    )
    result = fields.Nested(
        ResultSchema, metadata={"description": "the winner and band, without card points"}
    )
    solo = fields.Nested(SoloSchema, metadata={"description": "a Kart'ab: no melds, no spritz"})
    melds = fields.List(fields.Nested(MeldSchema), metadata={"description": "20s and 40s"})
    spritz = fields.Integer(
        strict=True,
        validate=validate.Range(min=0, max=MAX_SPRITZ),
        metadata={"description": "how many times the game was doubled"},
    )


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
    away_win = Boolean()
    game_points = fields.Nested(TeamPointsSchema)
    meld_points = fields.Nested(TeamPointsSchema)
    points = fields.Nested(TeamPointsSchema)
    score_after = fields.Nested(TeamPointsSchema)
    round_over = Boolean()
    round_winner = fields.String(allow_none=True)
    breakdown = fields.List(fields.Nested(BreakdownLineSchema))


class BolachenRulesSpecSchema(Schema):
    """A Bolachen preset (soft or hard) plus any option overridden."""

    preset = fields.String(metadata={"example": "soft", "enum": list(bolachen.PRESETS)})
    tariff = fields.Integer(
        strict=True,
        allow_none=True,
        metadata={"description": "hard score: cents per unit of value; null: the soft score"},
    )
    mord_pays_five = Boolean(
        metadata={"description": "hard score: a Mord pays 5 × tariff instead of 3 ×"}
    )
    limit = fields.Integer(
        strict=True,
        metadata={"description": "the evening ends when a total reaches it; 0: no limit"},
    )


class BolachenGameSchema(Schema):
    """One deal of Bolachen as a table enters it."""

    declarer = fields.Integer(
        strict=True,
        validate=validate.Range(min=0, max=bolachen.SEATS - 1),
        metadata={"description": "seat of the player who played (0..2)"},
    )
    contract = fields.String(validate=validate.OneOf([c.value for c in bolachen.Contract]))
    # null is as good as absent: the engine asks for what a contract needs.
    trump = fields.String(
        allow_none=True,
        validate=validate.OneOf([s.value for s in bolachen.Suit]),
        metadata={"description": "the trump suit: required for brand, refused otherwise"},
    )
    tricks = fields.Integer(
        strict=True,
        allow_none=True,
        validate=validate.Range(min=0, max=10),
        metadata={"description": "the declarer's tricks; give this or won"},
    )
    won = Boolean(
        allow_none=True, metadata={"description": "whether the declarer won; or give tricks"}
    )


class BolachenScoreSchema(BolachenGameSchema):
    """A stateless scoring request for one deal."""

    rules = fields.Nested(BolachenRulesSpecSchema)
    declarer = fields.Integer(
        strict=True,
        required=True,
        validate=validate.Range(min=0, max=bolachen.SEATS - 1),
        metadata={"description": "seat of the player who played (0..2)"},
    )
    contract = fields.String(
        required=True, validate=validate.OneOf([c.value for c in bolachen.Contract])
    )


class BolachenOutcomeSchema(Schema):
    """What one deal gives each seat."""

    won = Boolean()
    value = fields.Integer(
        strict=True, metadata={"description": "units: brand 1, bettel 2, mord 3 (or 5)"}
    )
    points = fields.List(
        fields.Integer(strict=True),
        metadata={"description": "by seat: points (soft) or cents (hard); they sum to zero"},
    )
    breakdown = fields.List(fields.Nested(BreakdownLineSchema))
    declarer = fields.Integer(strict=True)
    contract = fields.String()
    trump = fields.String(allow_none=True)
    tricks = fields.Integer(strict=True, allow_none=True)
    stake = fields.Integer(
        strict=True, metadata={"description": "what each defender pays or is paid"}
    )
    unit = fields.String(metadata={"description": "points or cents"})


class RuleSetSchema(Schema):
    """A named rule set of a game with its resolved options."""

    name = fields.String()
    game = fields.String()
    default = Boolean()
    options = fields.Dict(keys=fields.String())


class NewSheetSchema(Schema):
    """A new sheet: the game, and optionally players, first dealer, rules and title."""

    game = fields.String(required=True, metadata={"example": "bauerchen", "enum": list(GAMES)})
    players = fields.List(
        fields.String(),
        metadata={
            "description": "names in clockwise seat order: 4, or 3 for bolachen",
            "example": ["Hans", "Grete", "Karl", "Lise"],
        },
    )
    first_dealer = fields.Integer(strict=True, metadata={"description": "seat of the first dealer"})
    rules = fields.Dict(
        keys=fields.String(), metadata={"description": "a preset and options, as RULES.md"}
    )
    title = fields.String(metadata={"example": "Stammtisch"})


def _fields_of(game: str, schema: type[Schema]) -> dict[str, fields.Field]:
    """Return a schema's fields, optional and labelled with the game they belong to."""
    labelled = {}
    for name, field in schema._declared_fields.items():
        field = copy.deepcopy(field)
        field.required = False
        description = field.metadata.get("description")
        field.metadata["description"] = f"{game}: {description}" if description else game
        labelled[name] = field
    return labelled


class SheetEntrySchema(Schema):
    """A game recorded on a sheet: the fields of the sheet's game, as for stateless scoring."""

    class Meta:
        description = (
            "The fields of the sheet's game, as for its stateless scoring without rules. "
            "Bauerchen: home (derived from the dealer if missing), one of card_points, result "
            "or solo, melds, spritz. Bauerschspiel: exactly winner. Bolachen: declarer, "
            "contract, trump (brand only), and tricks or won. The sheet's game refuses the "
            "fields of the others (422)."
        )
        # The engine of the sheet's game judges every field, its own and any other.
        unknown = INCLUDE
        include: ClassVar[dict[str, fields.Field]] = {
            **_fields_of("Bauerchen", GameEntrySchema),
            "winner": fields.String(
                validate=TEAM,
                metadata={"description": "Bauerschspiel: the team that won the game"},
            ),
            **_fields_of("Bolachen", BolachenGameSchema),
        }


class SheetGroupSchema(Schema):
    """The Stammtisch a sheet was started in, and who of its roster sits where."""

    id = fields.String(metadata={"description": "the group's id"})
    players = fields.List(
        fields.Integer(strict=True), metadata={"description": "roster numbers by seat"}
    )


class SheetTournamentSchema(Schema):
    """Where a tournament table's sheet belongs."""

    id = fields.String(metadata={"description": "the tournament's id"})
    draw = fields.Integer(strict=True)
    table = fields.Integer(strict=True)
    ended = Boolean(metadata={"description": "the draw was ended: the sheet takes no games"})


class SheetSchema(Schema):
    """A sheet: its settings and version, then the replayed evening."""

    id = fields.String()
    game = fields.String()
    title = fields.String()
    version = fields.Integer(strict=True)
    created = fields.String()
    updated = fields.String()
    rules = fields.Dict(keys=fields.String())
    players = fields.List(fields.String())
    first_dealer = fields.Integer(strict=True)
    tournament = fields.Nested(
        SheetTournamentSchema, metadata={"description": "only for a tournament's table"}
    )
    group = fields.Nested(
        SheetGroupSchema, metadata={"description": "only on a sheet started in a Stammtisch"}
    )
    current = fields.Dict(
        keys=fields.String(),
        metadata={
            "description": (
                "Bauerchen: score, knoddels, steins, decider, dealer, home, round, "
                "games_played, rounds_played, finished (the round_limit played). "
                "Bauerschspiel: strokes, nullchen, dealer, round, games_played. "
                "Bolachen: totals (by seat), unit (points or cents), dealer, forehand, "
                "games_played, limit_reached, limit_reached_by."
            )
        },
    )
    games = fields.List(
        fields.Dict(keys=fields.String()),
        metadata={
            "description": (
                "The games from games_from on: number, dealer, entry, events, breakdown. "
                "Bauerchen: round, home, points, score_after, winner, band, round_winner. "
                "Bauerschspiel: round, winner, strokes_after, nullchen_after, nullchen. "
                "Bolachen: forehand, declarer, "
                "contract, trump, tricks, won, value, points and totals_after (by seat)."
            )
        },
    )
    games_from = fields.Integer(
        strict=True,
        metadata={
            "description": (
                "The number of the first game listed: 1 for the whole evening; a recorded "
                "game's answer lists that game alone, and `rounds` the rounds it closed."
            )
        },
    )
    rounds = fields.List(
        fields.Dict(keys=fields.String()),
        metadata={
            "description": (
                "number, winner, final. Bauerchen: rounds won; Bauerschspiel: boards played "
                "down to a Nullchen. Absent for Bolachen."
            )
        },
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


class SheetQuerySchema(Schema):
    """Which games of a long sheet to list."""

    games_from = fields.Integer(
        load_default=1,
        validate=validate.Range(min=1),
        metadata={"description": "list the games from this number on (and the rounds they closed)"},
    )
