"""Schemas of a sheet's statistics (docs/rules.md section 6): every field typed and required,
one schema a game (each game's module makes its own from these parts, `ApiGame.stats`), the
union of them chosen by `game` (`answers.SheetStatsSchema`)."""

from collections.abc import Mapping

from marshmallow import Schema, fields, validate

from bauerblock.api.constraints import schema_of
from bauerblock.api.openapi import Answer


def count(description: str) -> fields.Integer:
    """Return a field counting something, with its words."""
    return fields.Integer(strict=True, metadata={"description": description})


class PaymentSchema(Answer):
    """One transfer of the settlement."""

    payer = fields.Integer(
        strict=True, data_key="from", attribute="from", metadata={"description": "seat that pays"}
    )
    payee = fields.Integer(
        strict=True, data_key="to", attribute="to", metadata={"description": "seat paid"}
    )
    amount = fields.Integer(strict=True, metadata={"description": "in the sheet's unit"})


def seat_stats(name: str, figures: Mapping[str, fields.Field], seats: int = 4) -> type[Schema]:
    """Return the schema `name` of a seat's figures: its seat of the game's `seats` (a team
    game's four unless said) and name, then `figures`."""
    seat = {
        "seat": fields.Integer(strict=True, metadata={"description": f"0..{seats - 1}"}),
        "name": fields.String(metadata={"description": "the name on the seat"}),
    }
    return schema_of(name, {**seat, **figures}, base=Answer)


def teams_stats(name: str, figures: type[Schema]) -> type[Schema]:
    """Return the schema `name` of both teams' figures, each a `figures`."""
    declared = {
        team: fields.Nested(figures, metadata={"description": f"team {team}"}) for team in "AB"
    }
    return schema_of(name, declared, base=Answer)


def sheet_stats(game: str, figures: Mapping[str, fields.Field]) -> type[Schema]:
    """Return the statistics of a sheet of `game` (`<Game>Stats`): the sheet's id, title,
    version and game, then the game's `figures`."""
    head = {
        "id": fields.String(metadata={"description": "the sheet's id"}),
        "title": fields.String(metadata={"description": "the sheet's title"}),
        "version": fields.Integer(strict=True, metadata={"description": "the sheet's version"}),
        "game": fields.String(validate=validate.OneOf([game])),
        "games": count("games (deals) played"),
    }
    return schema_of(f"{game.capitalize()}Stats", {**head, **figures}, base=Answer)


BY_SEAT = "by seat"
SERIES = "after every game, for charts"


def team_stats(
    game: str,
    figures: Mapping[str, fields.Field],
    named: str,
    point: type[Schema],
    **totals: fields.Field,
) -> type[Schema]:
    """Return the statistics of a sheet of a game of two teams (the engine's `TeamStats`):
    its `totals`, the seats' `figures`, each team's (the same `figures`, a schema `named`)
    and the series of `point`s."""
    name = game.capitalize()
    team = schema_of(f"{named}Schema", dict(figures), base=Answer)
    return sheet_stats(
        game,
        {
            **totals,
            "players": fields.List(
                fields.Nested(seat_stats(f"{name}SeatStats", figures)),
                metadata={"description": BY_SEAT},
            ),
            "teams": fields.Nested(teams_stats(f"{name}TeamsStats", team)),
            "series": fields.List(fields.Nested(point), metadata={"description": SERIES}),
        },
    )
