"""Zielwurf's schemas in the API (api.game_schemas.APIS)."""

from marshmallow import Schema, fields

from bauerblock.api.game_schemas import EVENTS, TEAM, ApiGame, TeamPointsSchema, entered, game_named
from bauerblock.api.game_schemas import team as team_field
from bauerblock.api.openapi import Answer
from bauerblock.api.rules_schemas import rules_schema
from bauerblock.api.stats_schemas import count, seat_stats, sheet_stats, teams_stats
from tests.games.toy import rules as engine


class ZielwurfEntrySchema(Schema):
    game = game_named(engine.NAME)
    winner = fields.String(required=True, validate=TEAM)


class ZielwurfCurrentSchema(Answer):
    score = fields.Nested(TeamPointsSchema)
    dealer = fields.Integer()
    round = fields.Integer()
    games_played = fields.Integer()


class ZielwurfGameSchema(Answer):
    number = fields.Integer()
    round = fields.Integer()
    dealer = fields.Integer()
    entry = fields.Nested(entered(ZielwurfEntrySchema))
    winner = team_field()
    score_after = fields.Nested(TeamPointsSchema)
    round_winner = team_field(allow_none=True)
    events = EVENTS


THROWS = {"games": count("games played"), "games_won": count("games won")}


class ThrowsSchema(Answer):
    class Meta:
        include = THROWS


STATS = sheet_stats(
    engine.NAME,
    {
        "players": fields.List(fields.Nested(seat_stats("ZielwurfSeatStats", THROWS))),
        "teams": fields.Nested(teams_stats("ZielwurfTeamsStats", ThrowsSchema)),
    },
)


API = ApiGame(
    game=engine.NAME,
    engine=engine,
    entry=ZielwurfEntrySchema,
    record=ZielwurfGameSchema,
    current=ZielwurfCurrentSchema,
    rules_spec=rules_schema(engine, engine.OPTION_BOUNDS, resolved=False),
    rules=rules_schema(engine, engine.OPTION_BOUNDS, resolved=True),
    stats=STATS,
)
