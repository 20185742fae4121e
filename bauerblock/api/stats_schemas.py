"""Schemas of a sheet's statistics (docs/rules.md section 6): every field typed, per game."""

from typing import ClassVar

from marshmallow import Schema, fields

from bauerblock.api.game_schemas import TeamPointsSchema
from bauerblock.engine.stats import Contracts, Figures


def count(description: str) -> fields.Integer:
    """Return a field counting something, with its words."""
    return fields.Integer(strict=True, metadata={"description": description})


FIGURES = {
    "games": "games played",
    "games_won": "games won",
    "home_games": "games played at home (announcing trumps)",
    "home_won": "games won at home",
    "away_games": "games played away",
    "away_won": "games won away",
    "spritz_games": "games spritzed (doubled) at least once",
    "spritz_won": "spritzed games won",
    "schneider_won": "games won with the loser schneider or schwarz",
    "schwarz_won": "games won with the loser schwarz",
    "melds_20": "20s melded",
    "melds_40": "40s melded",
    "solos": "Kart'ab played: a team's every one, a seat's only where the entry named it",
    "solos_won": "Kart'ab won (as solos)",
    "rounds_won": "rounds won",
    "rounds_lost": "rounds lost",
    "knoddels": "Knoddel taken (one for every round lost)",
    "steins_won": "Steine won",
    "steins_lost": "Steine lost",
}
assert set(FIGURES) == set(Figures().to_dict()), "every figure of the engine is documented"


class FiguresSchema(Schema):
    """A Bauerchen team's figures (a seat's are its team's, but its own Kart'ab)."""

    class Meta:
        include: ClassVar[dict[str, fields.Field]] = {
            name: count(description) for name, description in FIGURES.items()
        }

    nullchen = count("Bauerschspiel: Nullchen won (then games and games_won alone)")


class ContractsSchema(Schema):
    """A count per Bolachen contract."""

    class Meta:
        include: ClassVar[dict[str, fields.Field]] = {
            c: fields.Integer(strict=True) for c in Contracts().to_dict()
        }


class PlayerStatsSchema(FiguresSchema):
    """A seat's figures: Bauerchen's or Bauerschspiel's as its team's, or Bolachen's own."""

    seat = fields.Integer(strict=True, metadata={"description": "0..3, or 0..2 for bolachen"})
    name = fields.String()
    deals = count("Bolachen: deals played")
    dealt = count("Bolachen: deals this seat dealt")
    declared = fields.Nested(
        ContractsSchema, metadata={"description": "Bolachen: contracts played"}
    )
    declared_won = fields.Nested(
        ContractsSchema, metadata={"description": "Bolachen: contracts played and won"}
    )
    total = fields.Integer(
        strict=True, metadata={"description": "Bolachen: the total, in the sheet's unit"}
    )


class TeamsStatsSchema(Schema):
    """The figures of both teams."""

    A = fields.Nested(FiguresSchema)
    B = fields.Nested(FiguresSchema)


class PaymentSchema(Schema):
    """One transfer of the settlement."""

    payer = fields.Integer(
        strict=True, data_key="from", attribute="from", metadata={"description": "seat that pays"}
    )
    payee = fields.Integer(
        strict=True, data_key="to", attribute="to", metadata={"description": "seat paid"}
    )
    amount = fields.Integer(strict=True, metadata={"description": "in the sheet's unit"})


class SeriesPointSchema(Schema):
    """Where the evening stood after one game."""

    number = fields.Integer(strict=True, metadata={"description": "the game"})
    round = fields.Integer(strict=True, metadata={"description": "Bauerchen, Bauerschspiel"})
    score = fields.Nested(TeamPointsSchema, metadata={"description": "Bauerchen: round score"})
    steins = fields.Nested(TeamPointsSchema, metadata={"description": "Bauerchen: Steine so far"})
    round_winner = fields.String(
        allow_none=True, metadata={"description": "Bauerchen: the team whose round this game won"}
    )
    stein = fields.String(
        allow_none=True, metadata={"description": "Bauerchen: the team that won a Stein with it"}
    )
    strokes = fields.Nested(TeamPointsSchema, metadata={"description": "Bauerschspiel: board"})
    nullchen = fields.Nested(
        TeamPointsSchema, metadata={"description": "Bauerschspiel: Nullchen so far"}
    )
    totals = fields.List(
        fields.Integer(strict=True), metadata={"description": "Bolachen: totals by seat"}
    )


class SheetStatsSchema(Schema):
    """What the evening says about each seat and team."""

    id = fields.String()
    title = fields.String()
    version = fields.Integer(strict=True, metadata={"description": "the sheet's version"})
    game = fields.String(metadata={"enum": ["bauerchen", "bauerschspiel", "bolachen"]})
    games = count("games (deals) played")
    rounds = count("Bauerchen: rounds finished")
    unit = fields.String(
        metadata={
            "description": "Bolachen: points (soft score) or cents (hard)",
            "enum": ["points", "cents"],
        }
    )
    players = fields.List(fields.Nested(PlayerStatsSchema), metadata={"description": "by seat"})
    teams = fields.Nested(TeamsStatsSchema, metadata={"description": "Bauerchen, Bauerschspiel"})
    payments = fields.List(
        fields.Nested(PaymentSchema),
        metadata={"description": "Bolachen: who pays whom to settle, in the fewest transfers"},
    )
    series = fields.List(
        fields.Nested(SeriesPointSchema), metadata={"description": "after every game, for charts"}
    )
