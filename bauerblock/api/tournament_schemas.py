"""Marshmallow schemas of the API's Preisbauer tournaments, and what a Paarturnier's share
with them (`api.pair_schemas`): shapes and bounds; the engine judges."""

from typing import ClassVar

from marshmallow import Schema, fields, validate

from bauerblock.api.constraints import (
    NAME,
    Boolean,
    List,
    integer,
    player_name,
    schema_of,
    timestamp,
)
from bauerblock.api.games.bauerchen import RULES
from bauerblock.api.games.bauerchen import RULES_SPEC as RulesSpecSchema
from bauerblock.engine.tournament import MAX_PLAYERS, Tiebreak
from bauerblock.engine.tournament.format import MAX_DRAWS, MAX_ROUNDS_PER_DRAW
from bauerblock.store.tournaments import MAX_TITLE

ENDSTAND = (
    "Endstand: the last planned draw played out or ended; then players, draws and redraws "
    "are refused (409) and only corrections remain"
)
"""When a Preisbauer is finished, and what it refuses then."""
MAX_SEED = 100


class FormatSchema(Schema):
    """How the tournament is played; every field is optional (docs/rules.md section 4)."""

    kind = fields.String(
        validate=validate.OneOf(["preisbauer"]),
        metadata={"description": "preisbauer (the default): partners drawn anew each draw"},
    )
    rounds_per_draw = integer(
        1,
        MAX_ROUNDS_PER_DRAW,
        metadata={"description": "rounds each table plays in a draw (default 3)"},
    )
    draws = integer(1, MAX_DRAWS, metadata={"description": "draws planned (default 5)"})
    bye_points = integer(
        0,
        MAX_ROUNDS_PER_DRAW,
        metadata={
            "description": (
                "points for sitting a draw out, at most rounds_per_draw "
                "(default rounds_per_draw // 2)"
            )
        },
    )
    tiebreak = fields.String(
        validate=validate.OneOf([t.value for t in Tiebreak]),
        metadata={"description": "shared: equal points share a place; or score_difference"},
    )


class ResolvedFormatSchema(FormatSchema):
    """The tournament's format with every field resolved."""

    rounds_per_draw = fields.Integer(strict=True, required=True)
    draws = fields.Integer(strict=True, required=True)
    bye_points = fields.Integer(strict=True, required=True)
    tiebreak = fields.String(required=True, validate=validate.OneOf([t.value for t in Tiebreak]))


class NewTournamentSchema(Schema):
    """A new tournament: a title, the tables' rule set, the first players and the format."""

    class Meta:
        description = (
            "Everything is optional: players may be registered later (at the door). "
            "The tables play the rule set with round_limit = format.rounds_per_draw."
        )

    kind = fields.String(
        validate=validate.OneOf(["preisbauer"]),
        metadata={"description": "preisbauer (the default): partners drawn anew each draw"},
    )
    title = fields.String(
        validate=validate.Length(max=MAX_TITLE),
        metadata={"example": "Preisbauer Zur Linde"},
    )
    rules = fields.Nested(
        RulesSpecSchema,
        metadata={
            "description": (
                "the tables' Bauerchen rules: a preset plus options (docs/rules.md section 1); "
                "a round_limit, "
                "if given, must equal format.rounds_per_draw (else 422)"
            ),
            "example": {"preset": "lautern"},
        },
    )
    players = List(
        fields.String(validate=NAME),
        validate=validate.Length(max=MAX_PLAYERS),
        metadata={
            "description": (
                "names, numbered 1, 2, ... in this order; a blank name (spaces only), or a "
                "name twice (ignoring case and repeated spaces), is refused (422)"
            ),
            "example": ["Hans", "Grete", "Karl", "Lise"],
        },
    )
    format = fields.Nested(
        FormatSchema,
        metadata={
            "example": {"rounds_per_draw": 3, "draws": 5, "bye_points": 1, "tiebreak": "shared"}
        },
    )


class NewPlayerSchema(Schema):
    """A player registering late: plays from the next draw on."""

    name = player_name(
        "Erna", "a name not yet registered (ignoring case and repeated spaces), else 422"
    )


class NewDrawSchema(Schema):
    """The next draw; the same seed on the same history gives the same draw."""

    seed = fields.String(
        validate=validate.Length(min=1, max=MAX_SEED),
        metadata={"description": "drawn at random if omitted", "example": "linde-2"},
    )


class TournamentPlayerSchema(Schema):
    """A registered player: the number never changes nor gets reused."""

    number = fields.Integer(strict=True, required=True)
    name = fields.String(required=True)
    active = Boolean(required=True, metadata={"description": "false once withdrawn"})
    joined_draw = fields.Integer(
        strict=True, required=True, metadata={"description": "the first draw the player is in"}
    )
    withdrawn_from = fields.Integer(
        strict=True,
        allow_none=True,
        metadata={"description": "the first draw the player is no longer in; null: active"},
    )
    missed = fields.List(
        fields.List(fields.Integer(strict=True), validate=validate.Length(equal=2)),
        required=True,
        metadata={
            "description": "draws missed between a withdrawal and a re-entry: "
            "[first missed, first back] each"
        },
    )


def numbers(words: str) -> fields.List:
    """Return a required list of players' or pairs' numbers, as `words` describe them."""
    return fields.List(fields.Integer(strict=True), required=True, metadata={"description": words})


class TableSheetLinksSchema(Schema):
    """Where a table's sheet lives."""

    self = fields.String(required=True, metadata={"description": "the sheet in the API"})
    view = fields.String(required=True, metadata={"description": "the read-only score sheet"})
    edit = fields.String(
        metadata={"description": "the table's pad; only with the tournament's token"}
    )


class TableSheetSchema(Schema):
    """A table's Bauerchen sheet (record its games through the sheets API or the pad)."""

    id = fields.String(required=True)
    edit_token = fields.String(
        metadata={"description": "the sheet's edit token; only with the tournament's token"}
    )
    links = fields.Nested(TableSheetLinksSchema, required=True)


class DrawTableSchema(Schema):
    """A table of a draw: who sits where, and how far it has played."""

    number = fields.Integer(strict=True, required=True)
    seats = numbers("player numbers in seat order 0..3; seats 0, 2 play 1, 3")
    rounds_played = fields.Integer(strict=True, required=True)
    rounds = fields.Integer(strict=True, required=True, metadata={"description": "to play"})
    finished = Boolean(required=True)
    corrected = Boolean(
        required=True, metadata={"description": "the organiser corrected a game of this table"}
    )
    sheet = fields.Nested(TableSheetSchema, required=True)


class DrawSchema(Schema):
    """A draw (Auslosung): its tables and who sits it out (Freilos)."""

    kind = fields.String(required=True, validate=validate.OneOf(["preisbauer"]))
    number = fields.Integer(strict=True, required=True)
    seed = fields.String(required=True)
    finished = Boolean(required=True, metadata={"description": "every table has played out"})
    ended = Boolean(required=True, metadata={"description": "the organiser ended the draw"})
    closed = Boolean(
        required=True,
        metadata={
            "description": "the next draw is made, the draw was ended or the tournament is "
            "finished: its tables take games only as the organiser's corrections"
        },
    )
    corrected = Boolean(
        required=True, metadata={"description": "the organiser corrected a game of the draw"}
    )
    tables = fields.List(fields.Nested(DrawTableSchema), required=True)
    byes = numbers("numbers of the players sitting this draw out")


class StandingSchema(Schema):
    """A line of the standings."""

    place = fields.Integer(strict=True, required=True, metadata={"description": "shared if tied"})
    player = fields.Integer(strict=True, required=True, metadata={"description": "number"})
    name = fields.String(required=True)
    points = fields.Integer(strict=True, required=True)
    rounds_played = fields.Integer(strict=True, required=True)
    score_difference = fields.Integer(strict=True, required=True)
    byes = fields.Integer(strict=True, required=True)
    points_per_draw = fields.List(
        fields.Integer(strict=True, allow_none=True),
        required=True,
        metadata={"description": "points of each draw; null for a draw before the player joined"},
    )


class MoveSchema(Schema):
    """A Paarturnier's knock-out table a correction re-seated (docs/rules.md section 5)."""

    draw = fields.Integer(strict=True, required=True)
    stage = fields.String(required=True, metadata={"description": "the knock-out round"})
    table = fields.Integer(strict=True, required=True)
    third_place = Boolean(required=True, metadata={"description": "the match for third place"})
    before = numbers("the two pairs seated there before")
    after = numbers("the two pairs the corrected result sends there")


class CorrectionSchema(Schema):
    """A game the organiser recorded, amended or deleted at a table (the tournament's token)."""

    draw = fields.Integer(strict=True, required=True)
    table = fields.Integer(strict=True, required=True)
    game = fields.Integer(strict=True, required=True, metadata={"description": "its number"})
    action = fields.String(required=True, validate=validate.OneOf(["record", "amend", "delete"]))
    at = timestamp(required=True, metadata={"description": "when, RFC 3339 in UTC"})
    moved = fields.List(
        fields.Nested(MoveSchema),
        required=True,
        metadata={
            "description": "the knock-out tables the correction re-seated (a Paarturnier's; "
            "none when it changed no advancement)"
        },
    )


class ResultLineSchema(StandingSchema):
    """A line of the results list: the standing, and where the organiser corrected."""

    corrected_draws = fields.List(
        fields.Integer(strict=True),
        required=True,
        metadata={"description": "draws in which a game at the player's table was corrected"},
    )


def kind_of(kind: str) -> fields.String:
    """Return the `kind` field of one kind's body: "preisbauer" or "pairs"."""
    return fields.String(required=True, validate=validate.OneOf([kind]))


CORRECTIONS = fields.List(
    fields.Nested(CorrectionSchema),
    required=True,
    metadata={"description": "every correction the organiser made, oldest first"},
)
"""A tournament's corrections, in its state and in its results list (of either kind)."""
DRAWS_DRAWN = fields.Integer(strict=True, required=True, metadata={"description": "draws drawn"})


class ResultsHeadSchema(Schema):
    """What a results list of either kind says first; each kind names its `kind`."""

    id = fields.String(required=True)
    kind = fields.String(required=True)
    title = fields.String(required=True)
    created = timestamp(required=True)


class ResultsListSchema(ResultsHeadSchema):
    """The results list (exportTournament as JSON): the standings with the format."""

    kind = kind_of("preisbauer")
    format = fields.Nested(ResolvedFormatSchema, required=True)
    draws = DRAWS_DRAWN
    results = fields.List(fields.Nested(ResultLineSchema), required=True)
    corrections = CORRECTIONS


class TournamentLinksSchema(Schema):
    """Where the tournament lives."""

    self = fields.String(required=True)
    board = fields.String(required=True, metadata={"description": "the standings page"})
    organiser = fields.String(
        metadata={"description": "the organiser's page; only with the tournament's token"}
    )
    export = fields.String(required=True)


def resolved_rules(words: str) -> fields.Nested:
    """Return a state's `rules`: the tables' resolved rules, with what the kind sets in them."""
    return fields.Nested(
        RULES,
        required=True,
        metadata={"description": f"the tables' resolved rules; {words}"},
    )


def state_end(finished: str) -> dict[str, fields.Field]:
    """Return the fields a tournament's state ends with, after its kind's own (a schema's
    `Meta.include` comes last): whether it is finished, in the kind's words, its
    corrections and its links."""
    return {
        "finished": Boolean(required=True, metadata={"description": finished}),
        "corrections": CORRECTIONS,
        "links": fields.Nested(TournamentLinksSchema, required=True),
    }


def created(state: type[Schema]) -> type[Schema]:
    """Return the schema of a tournament just created: its state with its edit token (shown
    this once), named `Created...` after the state's."""
    token = {"edit_token": fields.String(required=True)}
    return schema_of(f"Created{state.__name__}", token, base=state)


class TournamentHeadSchema(Schema):
    """What a tournament's state of either kind says first; each kind names its `kind`.

    The document lists a base's fields first, then the kind's own (an override keeps the
    base's place), then its `Meta.include` (`state_end`).
    """

    id = fields.String(required=True)
    kind = fields.String(required=True)
    title = fields.String(required=True)
    version = fields.Integer(strict=True, required=True)
    created = timestamp(required=True)
    updated = timestamp(required=True)


class TournamentSchema(TournamentHeadSchema):
    """A tournament: settings, players, draws with their tables, standings."""

    kind = kind_of("preisbauer")
    rules = resolved_rules("round_limit = rounds_per_draw")
    format = fields.Nested(ResolvedFormatSchema, required=True)
    players = fields.List(fields.Nested(TournamentPlayerSchema), required=True)
    draws = fields.List(fields.Nested(DrawSchema), required=True)
    standings = fields.List(fields.Nested(StandingSchema), required=True)

    class Meta:
        include: ClassVar = state_end(ENDSTAND)


CreatedTournamentSchema = created(TournamentSchema)
