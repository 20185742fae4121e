"""A tournament's draws (`drawNext`, `getDraw`, `redoDraw`, `endDraw`): each draw a sheet
for each table, answered with the tables' tokens and pads to the organiser; and the results
list they make (`exportTournament` and its one-format paths: CSV, JSON or PDF, built once
per version).

The routes join the tournaments' blueprint (`api.tournaments.blp`): their tag and their
conventions are the tournaments'.
"""

from collections.abc import Mapping
from typing import Any

from flask import url_for
from flask.views import MethodView

from bauerblock import store
from bauerblock.api import tournament_access as access
from bauerblock.api import tournament_links as links
from bauerblock.api.blueprint import path
from bauerblock.api.export_formats import Exported, offer
from bauerblock.api.idempotent import IDEMPOTENCY_KEY, idempotent, replay_headers
from bauerblock.api.kinds import (
    AnyDrawSchema,
    AnyListedDrawSchema,
    AnyResultsListSchema,
)
from bauerblock.api.tournament_schemas import NewDrawSchema
from bauerblock.api.tournaments import (
    BY_RIGHTS_HEADERS,
    E401_READ,
    E403,
    E404,
    IF_NONE_MATCH,
    KEYED,
    THIS_PLAYER,
    TOURNAMENT_ID,
    TOURNAMENT_TOKEN,
    WRITTEN,
    blp,
    refuses_write,
    removes,
)
from bauerblock.exports.cache import tournament_download
from bauerblock.services import tournaments as service
from bauerblock.store.errors import TournamentNotFound
from bauerblock.web.guards import charge, limited

DRAW_NUMBER = path("number", "The draw's number, from 1", type="integer", minimum=1)
A_DRAW = [TOURNAMENT_ID, DRAW_NUMBER, IDEMPOTENCY_KEY]
"""The parameters of a write to a draw."""
NO_DRAW = "No such tournament, or no such draw"
HAS_GAMES = "Not the latest draw, a table of it has a game, or the tournament is finished"
DRAW_LINKS = {op: {"operationId": op, "parameters": THIS_PLAYER} for op in ("endDraw", "redoDraw")}


@limited("RATELIMIT_WRITES", charged=True)
@blp.route("/tournaments/<tournament_id>/draws", parameters=[TOURNAMENT_ID, IDEMPOTENCY_KEY])
class Draws(MethodView):
    @idempotent
    @blp.arguments(NewDrawSchema, required=False, example={"seed": "linde-2"})
    @blp.response(201, AnyDrawSchema, headers=WRITTEN)
    @refuses_write(
        409,
        413,
        422,
        e409=(
            "A table of the current draw still plays, the planned draws are done, or the "
            "tournament is finished; a knock-out match without a winner"
        ),
        e422="Bad input, or fewer than four active players",
    )
    @blp.doc(
        operationId="drawNext", security=TOURNAMENT_TOKEN, responses={201: {"links": DRAW_LINKS}}
    )
    def post(self, new, tournament_id, kept=None):
        """Draw the next draw: a sheet for each table, with its edit token and pad link.

        A Paarturnier's next draw is its next group round or knock-out round.

        A second request while the new draw's tables play is refused (409), so two
        organisers pressing at once make one draw; an Idempotency-Key makes a retry safe.
        """
        token, key = access.authorise(tournament_id)
        # `idempotent` keeps the answer: the step reads the key only for a result it kept.
        older = None if kept is None else key
        made = service.draw(
            store.get_db(), tournament_id, token, seed=new.get("seed"), idempotency_key=older
        )
        charge(made.sheets)  # the rate limit's charge (limited charged)
        where = {"tournament_id": tournament_id, "number": made.number, "_external": True}
        headers = {"Location": url_for("tournaments.Draw", **where)}
        return _draw(made, token, 201, kept, headers)


@limited("RATELIMIT_WRITES")
@blp.route(
    "/tournaments/<tournament_id>/draws/<int:number>", parameters=[TOURNAMENT_ID, DRAW_NUMBER]
)
class Draw(MethodView):
    @blp.response(200, AnyListedDrawSchema, headers=BY_RIGHTS_HEADERS)
    @blp.alt_response(
        304, description="Not modified since the ETag in If-None-Match", headers=BY_RIGHTS_HEADERS
    )
    @blp.refuses(401, 403, 404, e401=E401_READ, e403=E403, e404=NO_DRAW)
    @blp.doc(operationId="getDraw", parameters=[IF_NONE_MATCH])
    def get(self, tournament_id, number):
        """Return draw `number` as drawNext answered it (its `Location`), as it stands now.

        Public, as the tournament is: with the tournament's edit token each table's sheet
        also holds its edit token and its pad's link (for the table cards), as drawNext's
        answer does; without it neither appears. Its ETag is the tournament's, by rights.
        """
        token = access.bearer()  # the tournament's, or none (`readers.check` refused another)
        stored = access.load(tournament_id, token)
        made = links.read_draw(stored, number, token)
        tag = access.etag(stored.id, stored.version, organiser=token is not None)
        access.unchanged(tag, by_rights=True)
        return made, 200, {"ETag": tag, **access.BY_RIGHTS}

    @removes("The draw is gone; the next draw can be drawn again", e404=NO_DRAW, e409=HAS_GAMES)
    @blp.doc(operationId="redoDraw", security=TOURNAMENT_TOKEN, parameters=KEYED)
    def delete(self, tournament_id, number):
        """Undo the latest draw while none of its tables has a game, to draw it again.

        Needs the tournament's edit token. The draw's table sheets are removed; a draw whose tables
        have recorded a game is refused (409).
        """
        _, key = access.authorise(tournament_id)
        gone = service.take_back(store.get_db(), tournament_id, number, idempotency_key=key)
        return None, 204, replay_headers(gone.replayed)


@limited("RATELIMIT_WRITES")
@blp.route("/tournaments/<tournament_id>/draws/<int:number>/end", parameters=A_DRAW)
class DrawEnd(MethodView):
    @idempotent
    @blp.response(200, AnyDrawSchema, headers=WRITTEN)
    @refuses_write(
        409,
        422,
        e404=NO_DRAW,
        e409="Not the latest draw, or the tournament is finished",
    )
    @blp.doc(operationId="endDraw", security=TOURNAMENT_TOKEN)
    def post(self, tournament_id, number, kept=None):
        """End the latest draw: open rounds count for nobody, its tables take no more games.

        Needs the tournament's edit token. Ending a draw twice changes nothing; the answer is the
        draw as it ended, with the tournament's new ETag.
        """
        token, key = access.authorise(tournament_id)
        db = store.get_db()
        older = None if kept is None else key  # as drawNext's
        ended = service.end_draw(db, tournament_id, number, idempotency_key=older)
        return _draw(ended, token, 200, kept)


EXPORT = Exported(
    path="/tournaments/<tournament_id>/export",
    parameters=(TOURNAMENT_ID,),
    operation="exportTournament",
    what="the results list",
    json=AnyResultsListSchema,
    build=tournament_download,
    missing=TournamentNotFound,
    e404=E404,
    described="The results list as CSV, JSON or PDF, as a download",
    words="""Download the results list: place, name, points per draw, total, score difference.

    A Paarturnier's: the final ranking, the group tables and the bracket.

    Public. The CSV starts with a byte order mark so that spreadsheet programs read the
    umlauts. An export is built once per version of the tournament and served again from a
    cache; exports are rate limited of their own.
    """,
)
offer(blp, EXPORT)


def _draw(
    made: service.DrawResult,
    token: str,
    status: int,
    kept: Mapping[str, Any] | None,
    headers: dict[str, str] | None = None,
):
    """Answer a draw's step: the draw with its tables' links, the tournament's ETag after
    the step, and whether this is the first answer again.

    `idempotent` keeps the answer for a retry; a result an older release kept (`kept`, read
    by the step's retry) is answered as that release did: with the draw it kept, if any.
    """
    told = (kept or {}).get("result", {}).get("draw")
    body = (
        links.read_draw(made.stored, made.number, token)
        if told is None
        else links.table_links(told, token)
    )
    tags = {"ETag": access.etag(made.stored.id, made.version), **replay_headers(made.replayed)}
    return body, status, {**tags, **(headers or {})}
