"""A tournament's tables for the evening (`getTournamentTable`, `reprintTableCard`): table 3
keeps one card for every draw, and its token is the edit token of every sheet drawn at
table 3, so a table's client records through the sheets API with it, draw after draw. And a
player's seat (`getTournamentSeat`): where a player (or a pair) sits in the current draw.

The routes join the tournaments' blueprint (`api.tournaments.blp`): their tag and their
conventions are the tournaments'.
"""

from typing import Any

from flask import url_for
from flask.views import MethodView
from flask_smorest import abort
from marshmallow import Schema, fields

from bauerblock import store
from bauerblock.api import tournament_access as access
from bauerblock.api.blueprint import path
from bauerblock.api.constraints import Boolean, engine_fields, schema_of
from bauerblock.api.idempotent import IDEMPOTENCY_KEY, REPLAYED, replay_headers
from bauerblock.api.tournaments import (
    BY_RIGHTS_HEADERS,
    ETAG,
    IF_NONE_MATCH,
    TOURNAMENT_ID,
    TOURNAMENT_TOKEN,
    blp,
    refuses_write,
)
from bauerblock.engine.tournament.seat import Seat
from bauerblock.services import tables as service
from bauerblock.store import tournaments
from bauerblock.web.guards import limited

TABLE_NUMBER = path(
    "number", "The table's number, from 1: the same table in every draw", type="integer", minimum=1
)
NO_TABLE = "No such tournament, or no draw has seated a table of that number yet"
TABLE_TOKENS: list[dict[str, list[str]]] = [{"tournamentToken": []}, {"tableToken": []}]


class TableCardLinksSchema(Schema):
    card = fields.String(
        required=True,
        metadata={"description": "the card's link (its QR code): opens the table's pad"},
    )


class TableCardSchema(Schema):
    """The table's card for the evening: its token is the edit token of each of its sheets."""

    token = fields.String(required=True, metadata={"description": "the table's token"})
    printed = fields.Integer(
        strict=True,
        required=True,
        metadata={"description": "how often the card was printed anew (0: the first card)"},
    )
    links = fields.Nested(TableCardLinksSchema, required=True)


class CurrentSheetLinksSchema(Schema):
    self = fields.String(required=True, metadata={"description": "the sheet in the API"})
    view = fields.String(required=True, metadata={"description": "the read-only score sheet"})


class CurrentSheetSchema(Schema):
    """The table's sheet in the current draw: record its games with the table's token."""

    id = fields.String(required=True)
    closed = Boolean(
        required=True,
        metadata={"description": "its draw is closed: the table's token is refused (409)"},
    )
    links = fields.Nested(CurrentSheetLinksSchema, required=True)


class TableLinksSchema(Schema):
    self = fields.String(required=True)
    tournament = fields.String(required=True)


class TournamentTableSchema(Schema):
    """A table of the tournament as it stands: its sheet in the current draw, or empty."""

    number = fields.Integer(strict=True, required=True)
    draw = fields.Integer(
        strict=True,
        required=True,
        allow_none=True,
        metadata={"description": "the current draw's number (null: nothing drawn yet)"},
    )
    empty = Boolean(
        required=True,
        metadata={"description": "the current draw seats nobody at this table"},
    )
    sheet = fields.Nested(
        CurrentSheetSchema,
        required=True,
        allow_none=True,
        metadata={"description": "null while the table is empty"},
    )
    card = fields.Nested(
        TableCardSchema, metadata={"description": "only with the tournament's token"}
    )
    links = fields.Nested(TableLinksSchema, required=True)


def _document(table: service.Table) -> dict:
    """Return a table as the API answers it."""
    now = table.now
    where: dict[str, Any] = {"tournament_id": now.tournament_id, "number": now.number}
    body: dict = {
        "number": now.number,
        "draw": now.draw,
        "empty": now.sheet_id is None,
        "sheet": None,
        "links": {
            "self": url_for("tournaments.TournamentTable", _external=True, **where),
            "tournament": url_for(
                "tournaments.TournamentResource", tournament_id=now.tournament_id, _external=True
            ),
        },
    }
    if now.sheet_id is not None:
        body["sheet"] = {
            "id": now.sheet_id,
            "closed": now.closed_by is not None,
            "links": {
                "self": url_for("sheets.SheetResource", sheet_id=now.sheet_id, _external=True),
                "view": url_for("scoresheet.view", sheet_id=now.sheet_id, _external=True),
            },
        }
    if table.card is not None:
        body["card"] = {
            "token": table.card,
            "printed": now.generation,
            # The card's link (its QR code): the table's page that opens its pad.
            "links": {
                "card": url_for("tournament.card", token=table.card, _external=True, **where)
            },
        }
    return body


@blp.route(
    "/tournaments/<tournament_id>/tables/<int:number>",
    parameters=[TOURNAMENT_ID, TABLE_NUMBER, IF_NONE_MATCH],
)
class TournamentTable(MethodView):
    @blp.response(200, TournamentTableSchema, headers=BY_RIGHTS_HEADERS)
    @blp.alt_response(
        304, description="Not modified since the ETag in If-None-Match", headers=BY_RIGHTS_HEADERS
    )
    @blp.refuses(
        401,
        403,
        404,
        e401="No token: send the tournament's or the table's as Authorization: Bearer",
        e403="The token is neither the tournament's nor this table's",
        e404=NO_TABLE,
    )
    @blp.doc(operationId="getTournamentTable", security=TABLE_TOKENS)
    def get(self, tournament_id, number):
        """Return a table as it stands: its sheet in the current draw, or that it is empty.

        A table keeps its number and its card all evening. With the tournament's token the
        answer holds the card (its token and its link, for printing); with the table's own
        token (the card's) the same without the card. The table's token is the edit token of
        each of its sheets: record the current draw's games with it through the sheets API;
        a closed draw's sheet refuses it (409). The ETag is the tournament's, the organiser's
        (with the card) its own (`-organiser`, `Vary: Authorization`): poll with
        If-None-Match (304 until the tournament changes).
        """
        db = store.get_db()
        token = access.bearer()
        organiser = tournaments.check_token(db, tournament_id, token)  # 404 first
        if token is None:
            abort(
                401,
                message="Send the tournament's or the table's token as Authorization: Bearer.",
                headers={"WWW-Authenticate": 'Bearer realm="bauerblock"'},
            )
        # The version before the table: a write between them leaves an older tag, never a
        # newer one on an older table.
        version = tournaments.tournament_version(db, tournament_id)
        table = service.table(db, tournament_id, number, token if organiser else None)
        if not organiser and not tournaments.check_card(db, tournament_id, number, token):
            abort(403, message="This is neither the tournament's token nor this table's.")
        assert version is not None  # the table was found: so was its tournament
        tag = access.etag(tournament_id, version, organiser=organiser)
        access.unchanged(tag, by_rights=True)
        return _document(table), 200, {"ETag": tag, **access.BY_RIGHTS}


@limited("RATELIMIT_WRITES")
@blp.route(
    "/tournaments/<tournament_id>/tables/<int:number>/card",
    parameters=[TOURNAMENT_ID, TABLE_NUMBER, IDEMPOTENCY_KEY],
)
class TableCard(MethodView):
    @blp.response(200, TournamentTableSchema, headers=REPLAYED)
    @refuses_write(422, e404=NO_TABLE)
    @blp.doc(operationId="reprintTableCard", security=TOURNAMENT_TOKEN)
    def post(self, tournament_id, number):
        """Print a lost table card anew: the table gets a new token, the old card opens nothing.

        Needs the tournament's edit token. Every sheet of the table takes the new token (a
        phone holding the old card loses its right); the answer is the table with its new
        card. An Idempotency-Key makes a retry print no second card.
        """
        token, key = access.authorise(tournament_id)
        made = service.reprint(store.get_db(), tournament_id, token, number, idempotency_key=key)
        return _document(made), 200, replay_headers(made.replayed)


class EntrantSchema(Schema):
    number = fields.Integer(strict=True, required=True)
    name = fields.String(required=True, metadata={"description": "a pair's two names: A / B"})


TournamentSeatSchema = schema_of(
    "TournamentSeatSchema",
    {
        **engine_fields(
            Seat,
            leave=("outlook", "names"),
            draw="the current draw (null: nothing drawn yet)",
            table="its table (null: a bye, or nothing drawn)",
            seat="its seat 0..3 (0 and 2 are team A); a pair's first seat",
            bye="it sits this draw out (Freilos)",
            playing="its table still plays",
            rounds="the rounds a draw's table plays (a match: rounds to win)",
            points="its points so far (null where its kind counts none)",
            place="its place in the standings so far (null: none yet)",
            stage="its current stage (`group`, a knock-out round; null: its kind has none)",
        ),
        # The seat's entrants by number and name (the engine keeps them by number).
        "entrant": fields.Nested(EntrantSchema, required=True),
        "partner": fields.Nested(
            EntrantSchema,
            required=True,
            allow_none=True,
            metadata={"description": "the player opposite (null for a pair)"},
        ),
        "opponents": fields.List(
            fields.Nested(EntrantSchema),
            required=True,
            metadata={"description": "the two players (or the pair) across the table"},
        ),
        "links": fields.Nested(TableLinksSchema, required=True),
    },
)
"""Where a player (a Paarturnier: a pair) sits in the current draw, and how it stands (the
engine's `Seat`)."""


@blp.route(
    "/tournaments/<tournament_id>/players/<int:number>/seat",
    parameters=[
        TOURNAMENT_ID,
        path(
            "number",
            "The player's (or the pair's) number, from 1",
            type="integer",
            minimum=1,
        ),
        IF_NONE_MATCH,
    ],
)
class TournamentSeat(MethodView):
    @blp.response(200, TournamentSeatSchema, headers=ETAG)
    @blp.alt_response(304, description="Not modified since the ETag in If-None-Match", headers=ETAG)
    @blp.refuses(404, e404="No such tournament, or no such player (pair)")
    @blp.doc(operationId="getTournamentSeat")
    def get(self, tournament_id, number):
        """Return where a player sits in the current draw: table, seat, partner, opponents.

        Public, for the player's own phone: the table and seat of the current draw, the
        partner opposite and the two opponents (or the bye), the points and the place so
        far. A Paarturnier answers it of pair `number`: its match, the pair across, its
        stage. The ETag is the tournament's: poll with If-None-Match (304 until a table
        records or the next draw is made), no faster than the board.
        """
        access.polled(tournament_id)
        stored = access.load(tournament_id)
        body = stored.seat(number).to_dict()
        where = {"tournament_id": tournament_id, "number": number, "_external": True}
        body["links"] = {
            "self": url_for("tournaments.TournamentSeat", **where),
            "tournament": url_for(
                "tournaments.TournamentResource", tournament_id=tournament_id, _external=True
            ),
        }
        return body, 200, {"ETag": access.etag(stored.id, stored.version)}
