"""Marshmallow schemas of the API's answers: every field typed, per game where games differ
(docs/api.md).

They document what the views send (the views send the engine's and the store's shapes as
they are); the fuzz gate checks every answer against them. An `Answer` always carries each
field it lists.
"""

import copy
from typing import ClassVar

from marshmallow import Schema, fields, validate

from bauerblock.api.constraints import Boolean, schema_of, timestamp
from bauerblock.api.entry_schemas import (
    BANDS,
    CONTRACTS,
    SUITS,
    TEAM,
    BauerchenEntrySchema,
    BauerschspielEntrySchema,
    BolachenEntrySchema,
)
from bauerblock.api.openapi import Answer, OneOf, name_enum
from bauerblock.api.rules_schemas import rules_schema
from bauerblock.engine.games import GAMES
from bauerblock.services.sheets import CHANGED_PAGE

RULES = {game: rules_schema(game, resolved=True) for game in GAMES}
UNITS = name_enum("Unit", ["points", "cents"])


_POSTED: dict[type[Schema], type[Schema]] = {}


def entered(schema: type[Schema]) -> type[Schema]:
    """Return request schema `schema` as an answer shows it (`Entered` + its name): the same
    fields, nested request schemas copied alike, and open as every answer is."""
    if schema not in _POSTED:
        declared = {}
        for name, field in schema._declared_fields.items():
            # A field's copy is shallow: a list's item is copied of its own.
            field = copy.deepcopy(field)
            if isinstance(field, fields.List):
                field.inner = copy.deepcopy(field.inner)
            inner = field.inner if isinstance(field, fields.List) else field
            if isinstance(inner, fields.Nested) and isinstance(inner.nested, type):
                inner.nested = entered(inner.nested)
            declared[name] = field
        _POSTED[schema] = schema_of(f"Entered{schema.__name__}", declared)
    return _POSTED[schema]


def team(**kwargs) -> fields.String:
    return fields.String(validate=TEAM, **kwargs)


def seats(what: str) -> fields.List:
    return fields.List(fields.Integer(), metadata={"description": f"{what}, by seat 0..2"})


class TeamPointsSchema(Answer):
    """A number per team."""

    A = fields.Integer()
    B = fields.Integer()


class BreakdownLineSchema(Answer):
    """A line explaining the points: a code for translation and an English text."""

    code = fields.String(metadata={"example": "game_points"})
    text = fields.String(metadata={"example": "A scores 2 game points."})


def breakdown() -> fields.List:
    return fields.List(fields.Nested(BreakdownLineSchema))


class BauerchenOutcomeSchema(Answer):
    """The points one game of Bauerchen gives, and whether it ended the round."""

    winner = team()
    band = fields.String(
        allow_none=True,
        validate=validate.OneOf(BANDS),
        metadata={"description": "the loser's band; null for a Kart'ab"},
    )
    away_win = Boolean(metadata={"description": "the team that was not home won"})
    game_points = fields.Nested(TeamPointsSchema)
    meld_points = fields.Nested(TeamPointsSchema)
    points = fields.Nested(TeamPointsSchema)
    score_after = fields.Nested(TeamPointsSchema)
    round_over = Boolean()
    round_winner = team(allow_none=True)
    breakdown = breakdown()


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


def ruleset_schema(game: str):
    """Return the schema of one preset of `game` with its resolved options."""
    return schema_of(
        f"{game.capitalize()}RuleSet",
        {
            "name": fields.String(validate=validate.OneOf(list(GAMES[game].PRESETS))),
            "game": fields.String(validate=validate.OneOf([game])),
            "default": Boolean(metadata={"description": "the game's default preset"}),
            "options": fields.Nested(RULES[game]),
        },
        base=Answer,
    )


class RuleSetSchema(OneOf):
    """A named rule set of a game with its resolved options."""

    choose_by = "game"
    members: ClassVar = {game: ruleset_schema(game) for game in GAMES}


# --- The sheet's state, per game ---------------------------------------------------------


class RoundSchema(Answer):
    """A finished round (Bauerschspiel: a board), who won it and the score it ended on."""

    number = fields.Integer()
    winner = team()
    final = fields.Nested(TeamPointsSchema)


class BauerchenCurrentSchema(Answer):
    """Where a Bauerchen evening stands, and who deals the next game."""

    score = fields.Nested(TeamPointsSchema, metadata={"description": "the round's score"})
    knoddels = fields.Nested(TeamPointsSchema)
    steins = fields.Nested(TeamPointsSchema)
    decider = Boolean(metadata={"description": "the round is a Gehampelter"})
    dealer = fields.Integer()
    home = team(metadata={"description": "the team that plays home next (forehand's)"})
    round = fields.Integer()
    games_played = fields.Integer()
    rounds_played = fields.Integer(metadata={"description": "rounds finished so far"})
    rounds_won = fields.Nested(
        TeamPointsSchema, metadata={"description": "the rounds each team has won so far"}
    )
    finished = Boolean(
        metadata={
            "description": "the round_limit is played or a team has won rounds_to_win rounds: "
            "the sheet takes no more games"
        }
    )


EVENT = name_enum(
    "Event",
    [
        "home_changed",
        "round_won",
        "knoddel",
        "stein",
        "carry_over",
        "table_finished",
        "nullchen",
        "limit_reached",
    ],
)
"""What a game can do beside its points (each game's engine names its own)."""
EVENTS = fields.List(
    fields.String(validate=validate.OneOf(EVENT)),
    metadata={"description": "what the game did: round_won, knoddel, stein, ..."},
)


class BauerchenGameSchema(Answer):
    """One game of a Bauerchen sheet, as scored under its history."""

    number = fields.Integer()
    round = fields.Integer()
    dealer = fields.Integer()
    home = team()
    entry = fields.Nested(entered(BauerchenEntrySchema), metadata={"description": "as posted"})
    points = fields.Nested(TeamPointsSchema)
    score_after = fields.Nested(TeamPointsSchema)
    events = EVENTS
    winner = team()
    band = fields.String(allow_none=True, validate=validate.OneOf(BANDS))
    round_winner = team(allow_none=True)
    breakdown = breakdown()


class BauerschspielCurrentSchema(Answer):
    """Where the stroke board stands."""

    strokes = fields.Nested(TeamPointsSchema)
    nullchen = fields.Nested(TeamPointsSchema)
    dealer = fields.Integer()
    round = fields.Integer(metadata={"description": "the board, counted from 1"})
    games_played = fields.Integer()


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


class BolachenCurrentSchema(Answer):
    """Where a Bolachen evening stands: totals by seat, who deals and speaks next."""

    totals = seats("points or cents")
    unit = fields.String(validate=validate.OneOf(UNITS))
    dealer = fields.Integer()
    forehand = fields.Integer()
    games_played = fields.Integer()
    limit_reached = Boolean()
    limit_reached_by = fields.List(fields.Integer(), metadata={"description": "seats"})


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


GAME_RECORDS = {
    "bauerchen": BauerchenGameSchema,
    "bauerschspiel": BauerschspielGameSchema,
    "bolachen": BolachenGameSchema,
}
CURRENT = {
    "bauerchen": BauerchenCurrentSchema,
    "bauerschspiel": BauerschspielCurrentSchema,
    "bolachen": BolachenCurrentSchema,
}


class TournamentPlaceSchema(Answer):
    """Where a tournament's table sheet belongs."""

    id = fields.String(metadata={"description": "the tournament"})
    draw = fields.Integer()
    table = fields.Integer()
    ended = Boolean(metadata={"description": "the organiser ended the draw"})
    closed = Boolean(
        metadata={
            "description": "the draw is closed: the table's own token gets 409 for record, "
            "amend and delete; the tournament's token corrects"
        }
    )
    closed_by = fields.String(
        validate=validate.OneOf(["finished", "next_draw", "ended"]),
        metadata={"optional": True, "description": "why it is closed; only once closed"},
    )


class GroupPlaceSchema(Answer):
    """The Stammtisch a sheet was started in, and who of its roster sits where."""

    id = fields.String(metadata={"description": "the group"})
    players = fields.List(fields.Integer(), metadata={"description": "roster numbers by seat"})


class SheetLinksSchema(Answer):
    """Where a sheet lives."""

    self = fields.String(metadata={"description": "this sheet in the API"})
    view = fields.String(metadata={"description": "the read-only score sheet"})
    edit = fields.String(metadata={"description": "the score sheet with the edit right"})
    export = fields.String(metadata={"description": "the export (CSV by default)"})


def sheet_schema(game: str, *, created: bool = False, changed: bool = False):
    """Return the schema of a sheet of `game`: settings and version, then the evening."""
    declared = {
        "id": fields.String(),
        "game": fields.String(validate=validate.OneOf([game])),
        "title": fields.String(),
        "version": fields.Integer(metadata={"description": "grows with every write"}),
        "created": timestamp(),
        "updated": timestamp(),
        "rules": fields.Nested(RULES[game]),
        "players": fields.List(fields.String(), metadata={"description": "in seat order"}),
        "first_dealer": fields.Integer(),
        "current": fields.Nested(CURRENT[game]),
        "games": fields.List(
            fields.Nested(GAME_RECORDS[game]),
            metadata={"description": "the games from games_from on"},
        ),
        "games_from": fields.Integer(
            metadata={
                "description": (
                    "The number of the first game listed: 1 for the whole evening; a recorded "
                    "game's answer lists that game alone, and `rounds` the rounds it closed."
                )
            },
        ),
    }
    if game == "bauerchen":
        declared["tournament"] = fields.Nested(
            TournamentPlaceSchema,
            metadata={"optional": True, "description": "a tournament's table only"},
        )
    declared["group"] = fields.Nested(
        GroupPlaceSchema,
        metadata={"optional": True, "description": "a sheet started in a Stammtisch only"},
    )
    if game != "bolachen":
        declared["rounds"] = fields.List(
            fields.Nested(RoundSchema), metadata={"description": "the rounds games closed"}
        )
    if created:
        declared["edit_token"] = fields.String(metadata={"description": "shown this once"})
        declared["links"] = fields.Nested(SheetLinksSchema)
    if changed:
        declared["changed_game"] = fields.Nested(
            GAME_RECORDS[game],
            allow_none=True,
            metadata={"description": "the game now at the changed number; null: none is"},
        )
        declared["games_more"] = fields.String(
            allow_none=True,
            metadata={
                "description": (
                    f"getSheet from the first game past the page (`games` lists at most "
                    f"{CHANGED_PAGE}); null when the page ends with the last game"
                )
            },
        )
    prefix = "Created" if created else "Changed" if changed else ""
    name = f"{prefix}{game.capitalize()}Sheet"
    return schema_of(name, declared, base=Answer)


class SheetSchema(OneOf):
    """A sheet: its settings and version, then the replayed evening, by game."""

    choose_by = "game"
    members: ClassVar = {game: sheet_schema(game) for game in GAMES}


class CreatedSheetSchema(OneOf):
    """A sheet just created, with its edit token (shown this once) and its links."""

    choose_by = "game"
    members: ClassVar = {game: sheet_schema(game, created=True) for game in GAMES}


def recorded_schema(game: str) -> type[Schema]:
    """Return a game of `game` as recordGame answers it: the record, naming its game."""
    record = GAME_RECORDS[game]
    name = record.__name__.removesuffix("Schema")
    return schema_of(
        f"Recorded{name}", {"game": fields.String(validate=validate.OneOf([game]))}, base=record
    )


class ChangedSheetSchema(OneOf):
    """A sheet just amended or deleted from: a page of its games from the changed one on."""

    choose_by = "game"
    members: ClassVar = {game: sheet_schema(game, changed=True) for game in GAMES}


class GameRecordSchema(OneOf):
    """A game just recorded, shaped by the sheet's game, which it names."""

    choose_by = "game"
    members: ClassVar = {game: recorded_schema(game) for game in GAMES}


class RecordedGameSchema(Answer):
    """A game just recorded, and the sheet after it (listing that game alone)."""

    game = fields.Nested(GameRecordSchema)
    state = fields.Nested(SheetSchema)
