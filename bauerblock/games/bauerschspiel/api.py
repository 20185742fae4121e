"""The API's schemas of Bauerschspiel: its entry on a sheet (the team that won), a game's
record and where the stroke board stands; registered as `API`."""

from typing import ClassVar

from marshmallow import Schema, fields

from bauerblock.api.constraints import Boolean, engine_fields, schema_of
from bauerblock.api.game_schemas import (
    EVENTS,
    TEAM,
    ApiGame,
    TeamPointsSchema,
    breakdown,
    entered,
    game_named,
    team,
)
from bauerblock.api.openapi import Answer
from bauerblock.api.rules_schemas import rules_schema
from bauerblock.api.stats_schemas import (
    count,
    team_stats,
)
from bauerblock.games.bauerschspiel import rules as bauerschspiel
from bauerblock.games.bauerschspiel.stats import BoardFigures, BoardPoint

OPTION_WORDS = {"strokes": "strokes each team starts a board with"}
RULES_SPEC, RULES = (
    rules_schema(bauerschspiel, bauerschspiel.OPTION_BOUNDS, resolved=resolved, words=OPTION_WORDS)
    for resolved in (False, True)
)


class BauerschspielEntrySchema(Schema):
    """One game of Bauerschspiel: only the team that won it."""

    game = game_named("bauerschspiel")
    winner = fields.String(
        required=True, validate=TEAM, metadata={"description": "the team that won the game"}
    )

    class Meta:
        json_schema: ClassVar = {"example": {"game": "bauerschspiel", "winner": "A"}}


class BauerschspielCurrentSchema(Answer):
    """Where the stroke board stands."""

    strokes = fields.Nested(TeamPointsSchema)
    nullchen = fields.Nested(TeamPointsSchema)
    dealer = fields.Integer()
    round = fields.Integer(metadata={"description": "the board, counted from 1"})
    games_played = fields.Integer()
    finished = Boolean(
        metadata={"description": "always false: a stroke board is played on without an end"}
    )


class BauerschspielGameSchema(Answer):
    """One game of a Bauerschspiel sheet and the board after it."""

    number = fields.Integer()
    round = fields.Integer()
    dealer = fields.Integer()
    entry = fields.Nested(entered(BauerschspielEntrySchema), metadata={"description": "as posted"})
    winner = team()
    strokes_after = fields.Nested(TeamPointsSchema)
    nullchen_after = fields.Nested(TeamPointsSchema)
    events = EVENTS
    nullchen = team(allow_none=True, metadata={"description": "the team it gave a Nullchen"})
    breakdown = breakdown()


BOARD_FIGURES = {
    "games": count("games played"),
    "games_won": count("games won (a seat's: its team's)"),
    "nullchen": count("Nullchen won (a seat's: its team's)"),
}
"""A Bauerschspiel team's or seat's figures."""


BoardPointSchema = schema_of(
    "BoardPointSchema",
    engine_fields(
        BoardPoint,
        number="the game",
        round="the board it was played on",
        strokes="the board's strokes",
        nullchen="Nullchen so far",
    ),
    base=Answer,
)
"""The stroke board after one game of Bauerschspiel."""


STATS = team_stats(bauerschspiel.NAME, BOARD_FIGURES, "BoardFigures", BoardPointSchema)


BoardRecordSchema = schema_of(
    "BoardRecordSchema",
    {
        "evenings": fields.Integer(strict=True),
        **engine_fields(BoardFigures, nullchen="Nullchen of the team"),
    },
    base=Answer,
)
"""A roster player's Bauerschspiel evenings summed: the figures of its evenings' teams."""


API = ApiGame(
    game=bauerschspiel.NAME,
    engine=bauerschspiel,
    entry=BauerschspielEntrySchema,
    record=BauerschspielGameSchema,
    current=BauerschspielCurrentSchema,
    rules_spec=RULES_SPEC,
    rules=RULES,
    stats=STATS,
    group={"bauerschspiel": fields.Nested(BoardRecordSchema)},
    words={
        "bauerschspiel": "the player's Bauerschspiel evenings summed",
        "nullchen": "Nullchen won, by team",
        "nullchen_after": "Nullchen by team after this game",
        "strokes": "strokes on the board, by team",
        "strokes_after": "strokes by team after this game",
        ("BauerschspielGame", "round"): "the board it belongs to",
        ("RecordedBauerschspielGame", "round"): "the board it belongs to",
    },
)
