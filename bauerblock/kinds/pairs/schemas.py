"""The API's schemas of the Paarturnier (fixed pairs in groups, then a knock-out): its body,
format, state, draws with their matches, groups, bracket, ranking and results list
(docs/api.md); `api.kinds.pairs` registers them.

A Paarturnier is the same resource as a Preisbauer with `format.kind: pairs`: its body
names pairs instead of players, its state adds groups and a bracket.
"""

from typing import ClassVar

from marshmallow import Schema, fields, validate

from bauerblock.api.constraints import NAME, Boolean, engine_fields, integer, schema_of
from bauerblock.api.openapi import name_enum
from bauerblock.api.tournament_schemas import (
    CLOSED,
    CORRECTIONS,
    DRAW_CORRECTED,
    DRAWS_DRAWN,
    ENDED,
    TABLE_CORRECTED,
    OrganiserTableSheetSchema,
    ResultsHeadSchema,
    TableSheetSchema,
    TournamentHeadSchema,
    created,
    kind_of,
    numbers,
    resolved_rules,
    state_end,
    table_rules,
)
from bauerblock.kinds.pairs.engine import MAX_PAIRS, MIN_PAIRS, Move, Pair, PairsFormat, Stage
from bauerblock.kinds.pairs.engine.format import (
    KIND,
    MAX_ADVANCE,
    MAX_GROUP_SIZE,
    MAX_ROUNDS_TO_WIN,
    MIN_GROUP_SIZE,
)
from bauerblock.store.tournaments import MAX_TITLE

ENDSTAND = (
    "Endstand: the final's draw played out; then draws and redraws are refused (409) and "
    "only corrections remain"
)
"""When a Paarturnier is finished, and what it refuses then."""
STAGES = name_enum("Stage", [stage.value for stage in Stage])
"""A Paarturnier's stages: the group round, then the knock-out rounds."""
PAIRS_EXAMPLE = [["Bernd", "Uwe"], ["Anne", "Eva"], ["Karl", "Lise"], ["Hans", "Grete"]]


MoveSchema = schema_of(
    "MoveSchema",
    {
        **engine_fields(
            Move,
            stage="the knock-out round (never group)",
            third_place="the match for third place",
            before="the two pairs seated there before",
        ),
        "after": numbers("the two pairs the corrected result sends there"),
    },
)
"""A Paarturnier's knock-out table a correction re-seated (docs/rules.md section 5)."""


class PairsFormatSchema(Schema):
    """How a Paarturnier is played; every field but `kind` is optional (docs/rules.md section 5)."""

    kind = fields.String(
        required=True,
        validate=validate.OneOf(["pairs"]),
        metadata={"description": "pairs: fixed pairs, groups, then a knock-out"},
    )
    rounds_to_win = integer(
        1,
        MAX_ROUNDS_TO_WIN,
        metadata={"description": "rounds a pair must win to win a match (default 2)"},
    )
    group_size = integer(
        MIN_GROUP_SIZE,
        MAX_GROUP_SIZE,
        metadata={"description": "pairs a group (default 4); sizes differ by one at most"},
    )
    advance = integer(
        1,
        MAX_ADVANCE,
        metadata={"description": "pairs of each group going on to the knock-out (default 2)"},
    )
    third_place = Boolean(metadata={"description": "play a match for third place (default)"})


ResolvedPairsFormatSchema = schema_of(
    "ResolvedPairsFormatSchema", engine_fields(PairsFormat), base=PairsFormatSchema
)
"""A Paarturnier's format with every field resolved."""


class NewPairsTournamentSchema(Schema):
    """A new Paarturnier: a title, the tables' rule set, the pairs and the format."""

    kind = fields.String(
        validate=validate.OneOf(["pairs"]),
        metadata={"description": "pairs; a body of before it says so in format.kind alone"},
    )

    class Meta:
        description = (
            "The tables play the rule set with rounds_to_win = format.rounds_to_win. "
            "Pairs or a format that make no knock-out (one group with one going on) are "
            "refused (422)."
        )

    title = fields.String(validate=validate.Length(max=MAX_TITLE), metadata={"example": "Bauer-WM"})
    rules = table_rules(
        KIND,
        resolved=False,
        metadata={
            "description": (
                "the tables' Bauerchen rules; rounds_to_win, if given, must equal "
                "format.rounds_to_win, and round_limit must be left out (else 422)"
            ),
            "example": {"preset": "lautern"},
        },
    )
    pairs = fields.List(
        fields.List(fields.String(validate=NAME), validate=validate.Length(equal=2)),
        required=True,
        validate=validate.Length(min=MIN_PAIRS, max=MAX_PAIRS),
        metadata={
            "description": (
                "each pair's two names, numbered 1, 2, ... in this order; a name given twice "
                "(ignoring case and spaces) or blank is refused (422)"
            ),
            "example": PAIRS_EXAMPLE,
        },
    )
    format = fields.Nested(
        PairsFormatSchema,
        required=True,
        metadata={
            "example": {
                "kind": "pairs",
                "rounds_to_win": 2,
                "group_size": 4,
                "advance": 2,
                "third_place": True,
            }
        },
    )


PairSchema = schema_of(
    "PairSchema",
    {
        **engine_fields(Pair, names="two names"),
        "active": Boolean(required=True, metadata={"description": "always true: pairs are fixed"}),
    },
)
"""A registered pair: its number never changes."""


class PairsGroupLineSchema(Schema):
    """A line of a group's standings (docs/rules.md section 5's criteria, in order)."""

    place = fields.Integer(strict=True, required=True, metadata={"description": "each its own"})
    pair = fields.Integer(strict=True, required=True)
    matches_played = fields.Integer(strict=True, required=True)
    matches_won = fields.Integer(strict=True, required=True)
    round_difference = fields.Integer(strict=True, required=True)
    score_difference = fields.Integer(strict=True, required=True)
    lot = Boolean(
        required=True,
        metadata={"description": "the place was drawn by lot (Los): the criteria left it equal"},
    )


class PairsGroupSchema(Schema):
    """A group: its pairs and its standings."""

    name = fields.String(required=True, metadata={"example": "A"})
    pairs = fields.List(fields.Integer(strict=True), required=True)
    standings = fields.List(fields.Nested(PairsGroupLineSchema), required=True)


class ListedMatchTableSchema(Schema):
    """A match of a draw at its table as the state lists it: the two pairs and how far they
    have played (its sheet's token only with the tournament's)."""

    number = fields.Integer(strict=True, required=True)
    pairs = numbers("the first pair sits in seats 0 and 2 (team A)")
    group = fields.String(
        required=True, allow_none=True, metadata={"description": "null in the knock-out"}
    )
    third_place = Boolean(required=True, metadata={"description": "the match for third place"})
    rounds_won = fields.List(
        fields.Integer(strict=True), required=True, metadata={"description": "of each pair"}
    )
    score_difference = fields.Integer(
        strict=True, required=True, metadata={"description": "the first pair's"}
    )
    winner = fields.Integer(strict=True, required=True, allow_none=True)
    finished = Boolean(required=True, metadata={"description": "a pair has won the match"})
    corrected = TABLE_CORRECTED
    sheet = fields.Nested(TableSheetSchema, required=True)


class MatchTableSchema(ListedMatchTableSchema):
    """A match of a draw as a draw step answers it: its sheet with the table's token."""

    sheet = fields.Nested(OrganiserTableSheetSchema, required=True)


class ListedPairsDrawSchema(Schema):
    """A draw of a Paarturnier as the state lists it: a group round across all groups, or a
    knock-out round."""

    kind = kind_of("pairs")
    number = fields.Integer(strict=True, required=True)
    stage = fields.String(required=True, validate=validate.OneOf(STAGES))
    seed = fields.String(required=True)
    finished = Boolean(required=True, metadata={"description": "every match has a winner"})
    ended = ENDED
    closed = CLOSED
    corrected = DRAW_CORRECTED
    tables = fields.List(fields.Nested(ListedMatchTableSchema), required=True)
    byes = numbers("pairs sitting this group round out")


class PairsDrawSchema(ListedPairsDrawSchema):
    """A draw of a Paarturnier as a draw step answers it (drawNext, endDraw): its matches with
    their tables' tokens and pads."""

    tables = fields.List(fields.Nested(MatchTableSchema), required=True)


class BracketMatchSchema(Schema):
    """A match of the bracket; a pair not known yet is null."""

    table = fields.Integer(
        strict=True, required=True, allow_none=True, metadata={"description": "null: not drawn"}
    )
    pairs = fields.List(fields.Integer(strict=True, allow_none=True), required=True)
    winner = fields.Integer(strict=True, required=True, allow_none=True)
    third_place = Boolean(required=True)


class BracketRoundSchema(Schema):
    """A knock-out round, drawn or to come (a pair with a bye is not listed in round one)."""

    round = fields.String(
        required=True,
        validate=validate.OneOf(STAGES),
        metadata={"description": "the knock-out round (never group)"},
    )
    matches = fields.List(fields.Nested(BracketMatchSchema), required=True)


class FinalPlaceSchema(Schema):
    """A line of the final ranking (provisional until the final is won)."""

    place = fields.Integer(strict=True, required=True, metadata={"description": "shared if tied"})
    pair = fields.Integer(strict=True, required=True)
    name = fields.String(
        required=True,
        metadata={
            "description": "the pair's names as the hall writes them (Bernd / Uwe), as a "
            "Preisbauer's standing names its player",
            "example": "Bernd / Uwe",
        },
    )
    names = fields.List(fields.String(), required=True, metadata={"description": "the two names"})
    stage = fields.String(
        required=True,
        validate=validate.OneOf(STAGES),
        metadata={"description": "the furthest stage reached; group: out in the groups"},
    )


class OutlookSchema(Schema):
    """What comes next for a pair: the story its phone tells (docs/rules.md section 5)."""

    pair = fields.Integer(strict=True, required=True)
    table = fields.Integer(
        strict=True,
        required=True,
        allow_none=True,
        metadata={"description": "its table in the latest draw while its match there is open"},
    )
    next = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(STAGES),
        metadata={
            "description": "the stage it plays next (group: group round `group_round`); "
            "null while it plays, once it is out, or when the tournament is over for it"
        },
    )
    group_round = fields.Integer(strict=True, required=True, allow_none=True)
    bye = Boolean(required=True, metadata={"description": "it sits the next group round out"})
    group_done = Boolean(
        required=True,
        metadata={"description": "its group is finished, others play on: the knock-out follows"},
    )
    third_place = Boolean(
        required=True, metadata={"description": "it plays the match for third place next"}
    )
    out = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(STAGES),
        metadata={"description": "the stage it went out in (final: it lost the final)"},
    )
    place = fields.Integer(
        strict=True,
        required=True,
        allow_none=True,
        metadata={"description": "its final place once out, or the winner's 1"},
    )
    champion = Boolean(required=True, metadata={"description": "it won the tournament"})
    last_rounds = numbers(
        "its latest match with a round played: its rounds won, then its opponent's (2:1); "
        "empty before its first round"
    )
    last_won = Boolean(
        required=True,
        allow_none=True,
        metadata={"description": "it won (true) or lost (false) that match; null: undecided"},
    )


class PairsTournamentSchema(TournamentHeadSchema):
    """A Paarturnier: settings, pairs, groups, draws with their matches, bracket, ranking."""

    kind = kind_of("pairs")
    rules = resolved_rules(KIND, "rounds_to_win as the format's")
    format = fields.Nested(ResolvedPairsFormatSchema, required=True)
    pairs = fields.List(fields.Nested(PairSchema), required=True)
    groups = fields.List(
        fields.Nested(PairsGroupSchema), required=True, metadata={"description": "once drawn"}
    )
    draws = fields.List(fields.Nested(ListedPairsDrawSchema), required=True)
    bracket = fields.List(
        fields.Nested(BracketRoundSchema),
        required=True,
        metadata={"description": "once the groups are over"},
    )
    standings = fields.List(fields.Nested(FinalPlaceSchema), required=True)
    outlooks = fields.List(
        fields.Nested(OutlookSchema),
        required=True,
        metadata={"description": "what comes next for each pair, by pair number"},
    )

    class Meta:
        include: ClassVar = state_end(ENDSTAND)


CreatedPairsTournamentSchema = created(PairsTournamentSchema)


class PairsResultsListSchema(ResultsHeadSchema):
    """A Paarturnier's results list: the final ranking, the groups and the bracket."""

    kind = kind_of("pairs")
    format = fields.Nested(ResolvedPairsFormatSchema, required=True)
    draws = DRAWS_DRAWN
    results = fields.List(fields.Nested(FinalPlaceSchema), required=True)
    groups = fields.List(fields.Nested(PairsGroupSchema), required=True)
    bracket = fields.List(fields.Nested(BracketRoundSchema), required=True)
    corrections = CORRECTIONS
