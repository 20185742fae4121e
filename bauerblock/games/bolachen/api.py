"""The API's schemas of Bolachen: its deal on a sheet, its stateless scoring's request and
answer, a deal's record and the totals by seat; registered as `API`."""

from typing import Any, ClassVar

from marshmallow import Schema, fields, validate

from bauerblock.api.constraints import Boolean, engine_fields, integer, schema_of
from bauerblock.api.game_schemas import (
    EVENTS,
    ApiGame,
    Scoring,
    breakdown,
    entered,
    game_named,
    seats,
)
from bauerblock.api.openapi import Answer, name_enum
from bauerblock.api.rules_schemas import rules_schema
from bauerblock.api.stats_schemas import (
    BY_SEAT,
    SERIES,
    PaymentSchema,
    count,
    seat_stats,
    sheet_stats,
)
from bauerblock.games.bolachen import rules as bolachen
from bauerblock.games.bolachen.rules.game import OPTION_BOUNDS, TRICKS
from bauerblock.games.bolachen.stats import Contracts, TotalsPoint

CONTRACTS = name_enum("Contract", [contract.value for contract in bolachen.Contract])
SUITS = name_enum("Suit", [suit.value for suit in bolachen.Suit])
UNITS = name_enum("Unit", ["points", "cents"])
OPTION_WORDS = {
    "tariff": "hard score: cents per unit of value; null: the soft score",
    "mord_pays_five": (
        "hard score: a Mord pays 5 × tariff instead of 3 ×; needs a tariff (the hard "
        "preset has one): true under the soft score is refused (422)"
    ),
    "limit": "the evening ends when a total reaches it; 0: no limit",
}
RULES_SPEC, RULES = (
    rules_schema(bolachen, OPTION_BOUNDS, resolved=resolved, words=OPTION_WORDS)
    for resolved in (False, True)
)


# Said in words, not as JSON Schema's `not`/`anyOf` (see PLAY_WORDS of Bauerchen).
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

    rules = fields.Nested(RULES_SPEC)

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


class BolachenOutcomeSchema(Answer):
    """What one deal of Bolachen gives each seat."""

    won = Boolean()
    value = fields.Integer(metadata={"description": "units: brand 1, bettel 2, mord 3 (or 5)"})
    points = seats("points (soft) or cents (hard); they sum to zero")
    breakdown = breakdown()
    declarer = fields.Integer()
    contract = fields.String(validate=validate.OneOf(CONTRACTS))
    trump = fields.String(allow_none=True, validate=validate.OneOf(SUITS))
    tricks = fields.Integer(allow_none=True)
    stake = fields.Integer(metadata={"description": "what each defender pays or is paid"})
    unit = fields.String(validate=validate.OneOf(UNITS))


class BolachenCurrentSchema(Answer):
    """Where a Bolachen evening stands: totals by seat, who deals and speaks next."""

    totals = seats("points or cents")
    unit = fields.String(validate=validate.OneOf(UNITS))
    dealer = fields.Integer()
    forehand = fields.Integer()
    games_played = fields.Integer()
    limit_reached = Boolean()
    limit_reached_by = fields.List(fields.Integer(), metadata={"description": "seats"})
    finished = Boolean(
        metadata={
            "description": "a seat reached the limit (limit_reached): the sheet takes no more "
            "deals until one is amended or deleted"
        }
    )


class BolachenGameSchema(Answer):
    """One deal of a Bolachen sheet, and the totals after it."""

    number = fields.Integer()
    dealer = fields.Integer()
    forehand = fields.Integer()
    declarer = fields.Integer()
    entry = fields.Nested(entered(BolachenEntrySchema), metadata={"description": "as posted"})
    contract = fields.String(validate=validate.OneOf(CONTRACTS))
    trump = fields.String(allow_none=True, validate=validate.OneOf(SUITS))
    tricks = fields.Integer(allow_none=True)
    won = Boolean()
    value = fields.Integer()
    points = seats("points or cents")
    totals_after = seats("points or cents")
    events = EVENTS
    breakdown = breakdown()


class ContractsSchema(Answer):
    """A count per Bolachen contract."""

    class Meta:
        include: ClassVar[dict[str, fields.Field]] = {
            c: fields.Integer(strict=True, metadata={"description": f"{c} contracts"})
            for c in Contracts().to_dict()
        }


TotalsPointSchema = schema_of(
    "TotalsPointSchema",
    engine_fields(
        TotalsPoint,
        number="the deal",
        totals="totals after the deal, in the sheet's unit, by seat 0..2",
    ),
    base=Answer,
)
"""The totals of a Bolachen evening after one deal."""


STATS = sheet_stats(
    bolachen.NAME,
    {
        "unit": fields.String(
            validate=validate.OneOf(["points", "cents"]),
            metadata={"description": "points (soft score) or cents (hard)"},
        ),
        "players": fields.List(
            fields.Nested(
                seat_stats(
                    "BolachenSeatStats",
                    {
                        "deals": count("deals played"),
                        "dealt": count("deals this seat dealt"),
                        "declared": fields.Nested(
                            ContractsSchema, metadata={"description": "contracts played"}
                        ),
                        "declared_won": fields.Nested(
                            ContractsSchema, metadata={"description": "contracts played and won"}
                        ),
                        "total": count("the total, in the sheet's unit"),
                    },
                    seats=bolachen.SEATS,
                )
            ),
            metadata={"description": BY_SEAT},
        ),
        "payments": fields.List(
            fields.Nested(PaymentSchema),
            metadata={"description": "who pays whom to settle, in the fewest transfers"},
        ),
        "series": fields.List(fields.Nested(TotalsPointSchema), metadata={"description": SERIES}),
    },
)


class DealRecordSchema(Answer):
    """A roster player's Bolachen evenings summed."""

    evenings = fields.Integer(strict=True)
    deals = fields.Integer(strict=True)
    declared = fields.Nested(ContractsSchema)
    declared_won = fields.Nested(ContractsSchema)
    points = fields.Integer(strict=True, metadata={"description": "totals of soft evenings"})
    cents = fields.Integer(
        strict=True,
        metadata={"description": "the money balance: totals of hard evenings, in cents"},
    )


def score(request: dict[str, Any]) -> bolachen.Outcome:
    """Score the deal a scoring request gives, under its rules."""
    rules = bolachen.resolve_rules(request.pop("rules", None))
    return bolachen.score(bolachen.parse_game(request, rules), rules)


SCORING = Scoring(
    request=BolachenScoreSchema,
    answer=BolachenOutcomeSchema,
    words="""Score one deal of Bolachen: points by seat (soft) or cents (hard).

Stateless: nothing is stored. Give the deal as a sheet's entry would be given, optionally
with the rules; the answer is what each seat wins or pays for this deal alone.""",
    score=score,
)


API = ApiGame(
    game=bolachen.NAME,
    engine=bolachen,
    entry=BolachenEntrySchema,
    record=BolachenGameSchema,
    current=BolachenCurrentSchema,
    rules_spec=RULES_SPEC,
    rules=RULES,
    stats=STATS,
    rounds=False,
    group={"bolachen": fields.Nested(DealRecordSchema)},
    scoring=SCORING,
    words={
        "bolachen": "the player's Bolachen evenings summed",
        "contract": "the contract played: brand, bettel or mord",
        "deals": "deals played",
        "declared": "contracts played",
        "declared_won": "contracts played and won",
        "declarer": "the seat that declared the contract",
        "forehand": "the seat left of the dealer, who leads",
        "limit_reached": "the evening reached its limit: it takes no more deals",
        "tricks": "tricks the declarer took",
        "trump": "the trump suit of a Brand; null: none",
        "unit": "points (soft score) or cents (hard)",
        "value": "what the contract is worth, in the sheet's unit",
    },
)
