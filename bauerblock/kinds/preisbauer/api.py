"""The API's Preisbauer (partners drawn anew each draw): the schemas of its body, format,
state, draws with their tables, standings and results list, and its state and draws as
JSON, built from the stored Preisbauer; registered as `API`."""

from typing import Any, ClassVar

from marshmallow import Schema, fields, validate

from bauerblock.api.constraints import NAME, Boolean, List, engine_fields, integer, schema_of
from bauerblock.api.openapi import name_enum
from bauerblock.api.tournament_links import head, table_sheet
from bauerblock.api.tournament_schemas import (
    CLOSED,
    CORRECTIONS,
    DRAW_CORRECTED,
    DRAWS_DRAWN,
    ENDED,
    TABLE_CORRECTED,
    ApiKind,
    OrganiserTableSheetSchema,
    ResultsHeadSchema,
    TableSheetSchema,
    TournamentHeadSchema,
    TournamentPlayerSchema,
    created,
    kind_of,
    numbers,
    resolved_rules,
    shown_draws,
    state_end,
    table_rules,
)
from bauerblock.kinds.preisbauer import engine
from bauerblock.kinds.preisbauer.engine import MAX_PLAYERS, Tiebreak
from bauerblock.kinds.preisbauer.engine.format import MAX_DRAWS, MAX_ROUNDS_PER_DRAW
from bauerblock.kinds.preisbauer.store import PREISBAUER, StoredTournament
from bauerblock.store.tournaments import MAX_TITLE

TIEBREAKS = name_enum("Tiebreak", [t.value for t in Tiebreak])
"""How equal points are placed."""
ENDSTAND = (
    "Endstand: the last planned draw played out or ended; then players, draws and redraws "
    "are refused (409) and only corrections remain"
)
"""When a Preisbauer is finished, and what it refuses then."""


class FormatSchema(Schema):
    """How the tournament is played; every field is optional (docs/rules.md section 4)."""

    kind = fields.String(
        validate=validate.OneOf([PREISBAUER]),
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
        validate=validate.OneOf(TIEBREAKS),
        metadata={"description": "shared: equal points share a place; or score_difference"},
    )


ResolvedFormatSchema = schema_of(
    "ResolvedFormatSchema", engine_fields(engine.Format), base=FormatSchema, exclude=("kind",)
)
"""The tournament's format with every field resolved (its kind is the tournament's)."""


class NewTournamentSchema(Schema):
    """A new tournament: a title, the tables' rule set, the first players and the format."""

    class Meta:
        description = (
            "Everything is optional: players may be registered later (at the door). "
            "The tables play the rule set with round_limit = format.rounds_per_draw."
        )

    kind = fields.String(
        validate=validate.OneOf([PREISBAUER]),
        metadata={"description": "preisbauer (the default): partners drawn anew each draw"},
    )
    title = fields.String(
        validate=validate.Length(max=MAX_TITLE),
        metadata={"example": "Preisbauer Zur Linde"},
    )
    rules = table_rules(
        PREISBAUER,
        resolved=False,
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


ListedDrawTableSchema = schema_of(
    "ListedDrawTableSchema",
    {
        **engine_fields(
            engine.Table, seats="player numbers in seat order 0..3; seats 0, 2 play 1, 3"
        ),
        **engine_fields(engine.TableProgress, rounds="to play"),
        "finished": Boolean(required=True),
        "corrected": TABLE_CORRECTED,
        "sheet": fields.Nested(TableSheetSchema, required=True),
    },
)
"""A table of a draw as the state lists it: who sits where, and how far it has played (its
sheet's token only with the tournament's)."""


class ListedDrawSchema(Schema):
    """A draw (Auslosung) as the state lists it: its tables and who sits it out (Freilos)."""

    kind = fields.String(required=True, validate=validate.OneOf([PREISBAUER]))
    number = fields.Integer(strict=True, required=True)
    seed = fields.String(required=True)
    finished = Boolean(required=True, metadata={"description": "every table has played out"})
    ended = ENDED
    closed = CLOSED
    corrected = DRAW_CORRECTED
    tables = fields.List(fields.Nested(ListedDrawTableSchema), required=True)
    byes = numbers("numbers of the players sitting this draw out")


DrawTableSchema = schema_of(
    "DrawTableSchema",
    {"sheet": fields.Nested(OrganiserTableSheetSchema, required=True)},
    base=ListedDrawTableSchema,
)
"""A table of a draw as a draw step answers it: its sheet with the table's token."""


class DrawSchema(ListedDrawSchema):
    """A draw (Auslosung) as a draw step answers it (drawNext, endDraw): its tables with their
    tokens and pads, and who sits it out (Freilos)."""

    tables = fields.List(fields.Nested(DrawTableSchema), required=True)


StandingSchema = schema_of(
    "StandingSchema",
    engine_fields(
        engine.PlayerStanding,
        place="shared if tied",
        player="number",
        points_per_draw="points of each draw; null for a draw before the player joined",
    ),
)
"""A line of the standings."""


ResultLineSchema = schema_of(
    "ResultLineSchema",
    {
        "corrected_draws": fields.List(
            fields.Integer(strict=True),
            required=True,
            metadata={"description": "draws in which a game at the player's table was corrected"},
        )
    },
    base=StandingSchema,
)
"""A line of the results list: the standing, and where the organiser corrected."""


class ResultsListSchema(ResultsHeadSchema):
    """The results list (exportTournament as JSON): the standings with the format."""

    kind = kind_of(PREISBAUER)
    format = fields.Nested(ResolvedFormatSchema, required=True)
    draws = DRAWS_DRAWN
    results = fields.List(fields.Nested(ResultLineSchema), required=True)
    corrections = CORRECTIONS


class TournamentSchema(TournamentHeadSchema):
    """A tournament: settings, players, draws with their tables, standings."""

    kind = kind_of(PREISBAUER)
    rules = resolved_rules(PREISBAUER, "round_limit = rounds_per_draw")
    format = fields.Nested(ResolvedFormatSchema, required=True)
    players = fields.List(fields.Nested(TournamentPlayerSchema), required=True)
    draws = fields.List(fields.Nested(ListedDrawSchema), required=True)
    standings = fields.List(fields.Nested(StandingSchema), required=True)

    class Meta:
        include: ClassVar = state_end(ENDSTAND)


CreatedTournamentSchema = created(TournamentSchema)


# --- the state as JSON -------------------------------------------------------------------


def document(
    stored: StoredTournament, token: str | None, shown: range | None = None, /
) -> dict[str, Any]:
    """Return the Preisbauer as JSON: settings, players, draws with tables, standings."""
    tournament, rounds = stored.tournament, stored.rounds
    return {
        **head(stored),
        "format": tournament.format.to_dict(),
        "players": [player.to_dict() for player in tournament.players],
        "draws": [
            draw_document(stored, number, token)
            for number in shown_draws(len(tournament.draws), shown)
        ],
        "standings": [line.to_dict() for line in engine.standings(tournament, rounds)],
        "finished": stored.finished,
        "corrections": [correction.to_dict() for correction in stored.corrections],
    }


def draw_document(stored: StoredTournament, number: int, token: str | None) -> dict[str, Any]:
    """Return draw `number` as JSON: seed, whether it is finished or ended, tables, byes."""
    tournament, rounds = stored.tournament, stored.rounds
    made = tournament.draws[number - 1]
    tables = []
    for table in made.tables:
        progress = engine.table_progress(tournament, rounds, number, table.number)
        tables.append(
            {
                **table.to_dict(),
                **progress.to_dict(),
                "corrected": stored.corrected(number, table.number),
                "sheet": table_sheet(stored, number, table.number, token),
            }
        )
    return {
        **made.to_dict(),
        "finished": engine.draw_finished(tournament, rounds, number),
        "closed": engine.draw_locked(tournament, rounds, number),
        "corrected": stored.corrected(number),
        "tables": tables,
        "kind": stored.kind,
    }


API = ApiKind[StoredTournament](
    kind=PREISBAUER,
    named="Preisbauer",
    summary="a Preisbauer (partners drawn anew)",
    example={
        "kind": PREISBAUER,
        "title": "Preisbauer Zur Linde",
        "rules": {"preset": "lautern"},
        "players": ["Hans", "Grete", "Karl", "Lise"],
        "format": {"rounds_per_draw": 3, "draws": 5, "bye_points": 1, "tiebreak": "shared"},
    },
    new=NewTournamentSchema,
    state=TournamentSchema,
    created=CreatedTournamentSchema,
    draw=DrawSchema,
    listed=ListedDrawSchema,
    results=ResultsListSchema,
    document=document,
    draw_document=draw_document,
    words={
        "bye_points": "points for sitting a draw out",
        "byes": "draws sat out (Freilos)",
        "rounds_per_draw": "rounds each table plays in a draw",
        "tiebreak": "how equal points are placed",
        ("Standing", "name"): "the player's name",
        ("ResultLine", "name"): "the player's name",
        ("ResolvedFormat", "draws"): "draws planned",
        ("Standing", "points"): "points so far",
        ("ResultLine", "points"): "points in all",
        ("Tournament", "players"): "the registered players, by number",
        ("Tournament", "draws"): "the draws made, the first first",
    },
)
