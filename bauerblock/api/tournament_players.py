"""A tournament's players (`addTournamentPlayer`, `getTournamentPlayer`,
`withdrawTournamentPlayer`, `reinstateTournamentPlayer`): a late entry, a withdrawal and its
taking back, each from the next draw on.

The routes join the tournaments' blueprint (`api.tournaments.blp`): their tag and their
conventions are the tournaments'.
"""

from flask import url_for
from flask.views import MethodView

from bauerblock import store
from bauerblock.api import tournament_access as access
from bauerblock.api.blueprint import path
from bauerblock.api.idempotent import (
    IDEMPOTENCY_KEY,
    REPLAYED,
    replay_headers,
    request_key,
)
from bauerblock.api.tournament_schemas import (
    NewPlayerSchema,
    TournamentPlayerSchema,
)
from bauerblock.api.tournaments import (
    E422_KEY,
    ETAG,
    FINISHED,
    IF_NONE_MATCH,
    KEYED,
    THIS_PLAYER,
    TOURNAMENT_ID,
    TOURNAMENT_TOKEN,
    blp,
    refuses_write,
    removes,
)
from bauerblock.services import tournaments as service
from bauerblock.store import tournaments
from bauerblock.web.guards import limited

PLAYER_NUMBER = path(
    "number", "The player's number, from 1 (never reused)", type="integer", minimum=1
)
A_PLAYER = [TOURNAMENT_ID, PLAYER_NUMBER, IDEMPOTENCY_KEY]
"""The parameters of a write to a player."""
NO_PLAYER = "No such tournament, or no such player"
FIXED = f"{FINISHED}; or its kind's entrants are fixed at its start"
PLAYER_LINKS = {
    op: {"operationId": op, "parameters": THIS_PLAYER}
    for op in ("withdrawTournamentPlayer", "reinstateTournamentPlayer")
}


@limited("RATELIMIT_WRITES")
@blp.route("/tournaments/<tournament_id>/players", parameters=[TOURNAMENT_ID, IDEMPOTENCY_KEY])
class Players(MethodView):
    @blp.arguments(NewPlayerSchema, example={"name": "Erna"})
    @blp.response(201, TournamentPlayerSchema, headers=REPLAYED)
    @refuses_write(
        409,
        413,
        422,
        e409=f"{FIXED}; or the name is registered already, or the roster is full",
        e422="Bad input, or a reused Idempotency-Key",
    )
    @blp.doc(
        operationId="addTournamentPlayer",
        security=TOURNAMENT_TOKEN,
        responses={201: {"links": PLAYER_LINKS}},
    )
    def post(self, new, tournament_id):
        """Register a player (late entry): plays from the next draw, 0 points before it.

        A blank name is refused (422); a name already registered (ignoring case and
        repeated spaces: `duplicate_name`), a 201st player (a tournament takes at most 200:
        `too_many_players`) and a Paarturnier's fixed pairs are refused by the list as it
        stands (409).
        """
        key = request_key()
        access.authorise(tournament_id)
        entered = service.enter(store.get_db(), tournament_id, [new["name"]], idempotency_key=key)
        player = entered.player
        where = {"tournament_id": tournament_id, "number": player.number, "_external": True}
        headers = {"Location": url_for("tournaments.Player", **where)}
        return player.to_dict(), 201, {**headers, **replay_headers(entered.replayed)}


@limited("RATELIMIT_WRITES")
@blp.route(
    "/tournaments/<tournament_id>/players/<int:number>", parameters=[TOURNAMENT_ID, PLAYER_NUMBER]
)
class Player(MethodView):
    @blp.response(200, TournamentPlayerSchema, headers=ETAG)
    @blp.alt_response(304, description="Not modified since the ETag in If-None-Match", headers=ETAG)
    @blp.refuses(404, e404=NO_PLAYER)
    @blp.doc(operationId="getTournamentPlayer", parameters=[IF_NONE_MATCH])
    def get(self, tournament_id, number):
        """Return player `number` as addTournamentPlayer answered it (its `Location`), as
        registered now: active, or withdrawn from a draw on.

        Public, as the tournament is; its ETag is the tournament's. A Paarturnier registers
        pairs, not players: 404.
        """
        stored = access.load(tournament_id)
        player = tournaments.registered(stored, number)
        tag = access.etag(stored.id, stored.version)
        unchanged = access.unchanged(tag)
        if unchanged is not None:
            return unchanged
        return player.to_dict(), 200, {"ETag": tag}

    @removes("Withdrawn from the next draw on (again: no change)", e404=NO_PLAYER, e409=FIXED)
    @blp.doc(operationId="withdrawTournamentPlayer", security=TOURNAMENT_TOKEN, parameters=KEYED)
    def delete(self, tournament_id, number):
        """Withdraw a player from the next draw on; the points won stay in the standings.

        Needs the tournament's edit token. Withdrawing a player twice changes nothing; a withdrawn
        player is left out of every later draw.
        """
        key = request_key()
        access.authorise(tournament_id)
        withdrawn = service.withdraw(store.get_db(), tournament_id, number, idempotency_key=key)
        return None, 204, replay_headers(withdrawn.replayed)


@limited("RATELIMIT_WRITES")
@blp.route("/tournaments/<tournament_id>/players/<int:number>/reinstate", parameters=A_PLAYER)
class PlayerReinstate(MethodView):
    @blp.response(200, TournamentPlayerSchema, headers=REPLAYED)
    @refuses_write(409, 422, e404=NO_PLAYER, e409=FINISHED, e422=E422_KEY)
    @blp.doc(operationId="reinstateTournamentPlayer", security=TOURNAMENT_TOKEN)
    def post(self, tournament_id, number):
        """Take a withdrawal back: the player plays again from the next draw on.

        Before the next draw the withdrawal never happened; later the player re-enters
        with 0 points for the draws missed, as a late entry (`missed`). An active player
        stays as is.
        """
        key = request_key()
        access.authorise(tournament_id)
        back = service.reinstate(store.get_db(), tournament_id, number, idempotency_key=key)
        return back.player.to_dict(), 200, replay_headers(back.replayed)
