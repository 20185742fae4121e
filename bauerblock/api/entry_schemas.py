"""Marshmallow schemas of one game as a table enters it: Bauerchen, Bauerschspiel, Bolachen.

Each game's entry on a sheet, and its stateless scoring request (the entry with the rules
and, for Bauerchen, the round score before it). What JSON Schema cannot say (card points
no tricks give, a meld past the target) is in the description, and the engine judges it.
"""

from typing import ClassVar

from marshmallow import Schema, fields, validate

from bauerblock.api.constraints import Boolean, List, integer
from bauerblock.api.openapi import name_enum
from bauerblock.api.rules_schemas import RULES_SPEC
from bauerblock.engine import bolachen, teams
from bauerblock.engine.bauerchen import rules as bauerchen_rules
from bauerblock.engine.bauerchen.cards import achievable
from bauerblock.engine.bauerchen.game import MAX_SPRITZ, MELDS_PER_GAME, Band, MeldKind
from bauerblock.engine.bolachen.game import TRICKS

TEAMS = name_enum("Team", [team.value for team in teams.TEAMS])
BANDS = name_enum("Band", [band.value for band in Band])
MELD_KINDS = name_enum("MeldKind", [kind.value for kind in MeldKind], names=["TWENTY", "FORTY"])
CONTRACTS = name_enum("Contract", [contract.value for contract in bolachen.Contract])
SUITS = name_enum("Suit", [suit.value for suit in bolachen.Suit])
TEAM = validate.OneOf(TEAMS)
TOTAL = bauerchen_rules.DECK_POINTS + max(bauerchen_rules.LAST_TRICK_BONUSES)
MELDS = sum(MELDS_PER_GAME.values())
MAX_SCORE_BEFORE = bauerchen_rules.OPTION_BOUNDS["target"][1] - 1


def game_named(game: str) -> fields.String:
    """Return an entry's `game`: the sheet's game, which the document asks every entry to name
    (a union's discriminator); an entry without it, from a client of before, is taken."""
    return fields.String(
        validate=validate.OneOf([game]),
        metadata={"description": "the sheet's game; an entry of another game is refused (422)"},
    )


# --- Bauerchen ---------------------------------------------------------------------------


class CardPointsSchema(Schema):
    """Card points of one team, or of both adding up to the game's total."""

    A = integer(0, TOTAL)
    B = integer(0, TOTAL)

    class Meta:
        json_schema: ClassVar = {
            "minProperties": 1,
            "description": (
                "Card points of one team, or of both adding up to the game's total (130, or "
                "120 without the last trick's 10). Only totals some tricks give count: 0, "
                f"8 to {max(p for p in achievable(10) if p < TOTAL)}, or all {TOTAL}; "
                "e.g. {'A': 5} or {'A': 125} is refused (422)."
            ),
            "example": {"A": 72},
        }


class RoundScoreSchema(Schema):
    """The round score before the game: each team from 0 to one below the target."""

    A = integer(0, MAX_SCORE_BEFORE)
    B = integer(0, MAX_SCORE_BEFORE)

    class Meta:
        json_schema: ClassVar = {
            "description": (
                "The round score before the game (default 0:0): each team below the target, "
                "e.g. {'A': 12} under target 12 is refused (422)."
            ),
            "example": {"A": 4, "B": 9},
        }


class ResultSchema(Schema):
    """A result entered without card points: the winner and the loser's band."""

    winner = fields.String(required=True, validate=TEAM)
    band = fields.String(required=True, validate=validate.OneOf(BANDS))


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
    kind = fields.String(required=True, validate=validate.OneOf(MELD_KINDS))


# "Exactly one of" is said in words, not as JSON Schema's `not`/`anyOf`: a generator makes
# a model of every such inline schema. The engine checks it, each with its reason.
PLAY_WORDS = (
    "Exactly one of card_points, result or solo (else 422, reason `play_not_one`); a solo "
    "takes no melds and no spritz (`solo_alone`), and a Kart'ab in a Gehampelter is refused "
    "when the rules play Ledig (`solo_in_decider`)."
)
MELD_WORDS = (
    "20s and 40s in the order declared: at most three 20s and one 40, and none past the "
    "target: with the score at 11 of 12 a 40 is refused (422), and nothing melds after a "
    "meld that reached the target"
)


class BauerchenEntrySchema(Schema):
    """One game of Bauerchen as a table enters it on a sheet."""

    game = game_named("bauerchen")
    home = fields.String(
        validate=TEAM,
        metadata={"description": "the team that announced trumps; default: forehand's team"},
    )
    card_points = fields.Nested(CardPointsSchema)
    result = fields.Nested(
        ResultSchema, metadata={"description": "the winner and band, without card points"}
    )
    solo = fields.Nested(SoloSchema, metadata={"description": "a Kart'ab: no melds, no spritz"})
    melds = List(
        fields.Nested(MeldSchema),
        validate=validate.Length(max=MELDS),
        metadata={"description": MELD_WORDS},
    )
    spritz = integer(0, MAX_SPRITZ, metadata={"description": "how many times it was doubled"})

    class Meta:
        json_schema: ClassVar = {
            "description": PLAY_WORDS,
            "example": {
                "game": "bauerchen",
                "card_points": {"A": 72},
                "melds": [{"team": "B", "kind": "20"}],
            },
        }


class BauerchenScoreSchema(BauerchenEntrySchema):
    """A stateless scoring request: the game, the rules and the round score before it."""

    home = fields.String(
        required=True, validate=TEAM, metadata={"description": "the team that announced trumps"}
    )
    rules = fields.Nested(RULES_SPEC["bauerchen"])
    score_before = fields.Nested(RoundScoreSchema)

    class Meta:
        exclude = ("game",)  # the path names the game
        json_schema: ClassVar = {
            **BauerchenEntrySchema.Meta.json_schema,
            "example": {
                "rules": {"preset": "lautern"},
                "home": "A",
                "card_points": {"A": 72},
                "melds": [{"team": "B", "kind": "20"}],
                "spritz": 1,
                "score_before": {"A": 4, "B": 9},
            },
        }


# --- Bauerschspiel -----------------------------------------------------------------------


class BauerschspielEntrySchema(Schema):
    """One game of Bauerschspiel: only the team that won it."""

    game = game_named("bauerschspiel")
    winner = fields.String(
        required=True, validate=TEAM, metadata={"description": "the team that won the game"}
    )

    class Meta:
        json_schema: ClassVar = {"example": {"game": "bauerschspiel", "winner": "A"}}


# --- Bolachen ----------------------------------------------------------------------------

DEAL_WORDS = (
    "Exactly one of tricks or won, null as good as absent (else 422, reason "
    "`tricks_or_won`); a trump for a brand (`trump_missing` without), none for a bettel or "
    "a mord (`trump_not_allowed`)."
)


class BolachenEntrySchema(Schema):
    """One deal of Bolachen as a table enters it."""

    game = game_named("bolachen")
    declarer = integer(
        0,
        bolachen.SEATS - 1,
        required=True,
        metadata={"description": "seat of the player who played (0..2)"},
    )
    contract = fields.String(required=True, validate=validate.OneOf(CONTRACTS))
    # null is as good as absent: the engine asks for what a contract needs.
    trump = fields.String(
        allow_none=True,
        validate=validate.OneOf(SUITS),
        metadata={"description": "the trump suit: required for brand, refused otherwise"},
    )
    tricks = integer(
        0,
        TRICKS,
        allow_none=True,
        metadata={"description": "the declarer's tricks; give this or won"},
    )
    won = Boolean(
        allow_none=True, metadata={"description": "whether the declarer won; or give tricks"}
    )

    class Meta:
        json_schema: ClassVar = {
            "description": DEAL_WORDS,
            "example": {
                "game": "bolachen",
                "declarer": 0,
                "contract": "brand",
                "trump": "herz",
                "tricks": 7,
            },
        }


class BolachenScoreSchema(BolachenEntrySchema):
    """A stateless scoring request for one deal."""

    rules = fields.Nested(RULES_SPEC["bolachen"])

    class Meta:
        exclude = ("game",)  # the path names the game
        json_schema: ClassVar = {
            **BolachenEntrySchema.Meta.json_schema,
            "example": {
                "rules": {"preset": "soft"},
                "declarer": 0,
                "contract": "brand",
                "trump": "herz",
                "tricks": 7,
            },
        }
