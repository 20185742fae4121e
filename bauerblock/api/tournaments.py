"""Tournaments: a Preisbauer's players or a Paarturnier's pairs, draws and standings.

Each table is an ordinary sheet; every kind shares every operation, and its API module
(`api.kinds`) tells its answers. Here the tournament and its players; its draws and results
list in `api.tournament_draws`, its tables and seats in `api.tournament_tables`. The writes
are the use cases of `services.tournaments`: each keeps its result for a retry with its
Idempotency-Key, which the answer serialises again.
"""

from apispec import APISpec
from flask import request, url_for
from flask.views import MethodView
from flask_smorest import abort

from bauerblock import store
from bauerblock.api import tournament_access as access
from bauerblock.api import tournament_links as links
from bauerblock.api.blueprint import Blueprint, header, path
from bauerblock.api.idempotent import (
    CREATE_IDEMPOTENCY_KEY,
    IDEMPOTENCY_KEY,
    REPLAYED,
    idempotent,
    replay_headers,
)
from bauerblock.api.kinds import (
    API_KINDS,
    AnyCreatedTournamentSchema,
    AnyTournamentSchema,
    NewAnyTournamentSchema,
)
from bauerblock.api.paging import LINK, following, link
from bauerblock.api.tournament_schemas import (
    NewPlayerSchema,
    TournamentPlayerSchema,
    TournamentQuerySchema,
)
from bauerblock.services import tournaments as service
from bauerblock.store import tournaments
from bauerblock.store.tournaments import STORED_KINDS
from bauerblock.web.guards import limited

blp = Blueprint(
    "tournaments",
    __name__,
    url_prefix="/api/v1",
    # Its words name each kind: written with the document (`describe_kinds`).
    description="Tournaments",
)

TOURNAMENT_ID = path("tournament_id", "The tournament's id, as its creation answered it")
IF_NONE_MATCH = header(
    "If-None-Match",
    (
        "An ETag of the tournament: answers 304 while it is current (any table's game "
        "makes a new one)"
    ),
)
KEYED = [IDEMPOTENCY_KEY]
"""The header of a write to a path that is also read (a draw's, a player's)."""
ETAG = {"ETag": {"description": "The tournament's version", "schema": {"type": "string"}}}
WRITTEN = {**ETAG, **REPLAYED}
BY_RIGHTS_HEADERS = {
    **ETAG,
    "Vary": {
        "description": "Authorization: the answer (and its ETag) differs by the token read with",
        "schema": {"type": "string"},
    },
}
"""The headers of a read whose answer differs by the token it was read with."""
TOURNAMENT_TOKEN: list[dict[str, list[str]]] = [{"tournamentToken": []}]
E401 = "No edit token: send `Authorization: Bearer <edit_token>` (the tournament's)"
E403 = "The token is not this tournament's edit token"
E401_READ = "Authorization was sent but holds no bearer token: send the edit token or nothing"
E404 = "No such tournament"
E422_KEY = "The Idempotency-Key is not 8 to 64 of A-Z a-z 0-9 _ -, or came with another request"
FINISHED = "The tournament is finished (Endstand): only corrections remain"

PLAYER_NUMBER = path(
    "number", "The player's number, from 1 (never reused)", type="integer", minimum=1
)
A_PLAYER = [TOURNAMENT_ID, PLAYER_NUMBER, IDEMPOTENCY_KEY]
"""The parameters of a write to a player."""
NO_PLAYER = "No such tournament, or no such player"
FIXED = f"{FINISHED}; or its kind's entrants are fixed at its start"

refuses_write = blp.write_refusals(e401=E401, e403=E403, e404=E404, e422=E422_KEY)
"""Document a tournament write's refusals: no token, a wrong one, no tournament, too many,
and where it lists 422 a malformed or reused Idempotency-Key."""


def removes(description: str, *, e404: str, e409: str):
    """Document an idempotent removal: 204 (again: no change), and a write's refusals."""

    def decorator(method):
        method = refuses_write(409, 422, e404=e404, e409=e409)(method)
        return blp.response(204, description=description, headers=REPLAYED)(method)

    return decorator


THIS_TOURNAMENT = {"tournament_id": "$response.body#/id"}
TOURNAMENT_LINKS = {
    op: {"operationId": op, "parameters": THIS_TOURNAMENT}
    for op in ("getTournament", "addTournamentPlayer", "drawNext", "exportTournament")
}
THIS_PLAYER = {"tournament_id": "$request.path.tournament_id", "number": "$response.body#/number"}
PLAYER_LINKS = {
    op: {"operationId": op, "parameters": THIS_PLAYER}
    for op in ("withdrawTournamentPlayer", "reinstateTournamentPlayer")
}


@limited("RATELIMIT_SHEETS", "RATELIMIT_NEW_GROUPS")
@blp.route("/tournaments", parameters=[CREATE_IDEMPOTENCY_KEY])
class Tournaments(MethodView):
    @idempotent
    @blp.arguments(NewAnyTournamentSchema)
    @blp.response(201, AnyCreatedTournamentSchema, headers=WRITTEN)
    @blp.refuses(413, 429)
    @blp.doc(operationId="createTournament", responses={201: {"links": TOURNAMENT_LINKS}})
    def post(self, new):
        """Start a tournament; the answer shows its edit token, this once.

        The tournament gets its title, the tables' rules, its format (rounds per draw, draws, bye
        points, tiebreak) and its first players. The edit token in the answer is needed for every
        write and is never shown again.

        `format.kind: pairs` makes a Paarturnier of `pairs` (two names each): its first
        draw draws the groups. Names given twice, pairs that are not two names, or pairs and
        a format that make no knock-out are refused (422).
        """
        if not request.get_data(cache=True):
            # The body is required (a generated client always sends one): `{}` takes every
            # default.
            first = next(iter(API_KINDS.values()))
            abort(
                422, message=f"The body is missing: send {{}} for a {first.named} of the defaults."
            )
        new.pop("kind", None)  # the format says it (NewAnyTournamentSchema checked both)
        made = service.create_tournament(store.get_db(), **new)
        stored, token = made.stored, made.token
        body = {**links.document(stored, token), "edit_token": token, "next": None}
        headers = {
            "ETag": access.etag(stored.id, stored.version),
            "Location": body["links"]["self"],
        }
        return body, 201, headers


@blp.route("/tournaments/<tournament_id>", parameters=[TOURNAMENT_ID, IF_NONE_MATCH])
class TournamentResource(MethodView):
    @blp.arguments(TournamentQuerySchema, location="query")
    @blp.response(200, AnyTournamentSchema, headers={**BY_RIGHTS_HEADERS, **LINK})
    @blp.alt_response(
        304, description="Not modified since the ETag in If-None-Match", headers=BY_RIGHTS_HEADERS
    )
    @blp.refuses(401, 403, 404, e401=E401_READ, e403=E403, e404=E404)
    # Public: no token is needed (with the tournament's, the answer shows the tables' tokens).
    @blp.doc(operationId="getTournament")
    def get(self, query, tournament_id):
        """Return the tournament: players, draws with their tables, and the standings.

        A Paarturnier answers its pairs, its groups with their standings (a place drawn by
        lot says `lot`), its draws (each a stage), the bracket and the final ranking.

        With the tournament's edit token, each table's sheet also holds its edit token and
        its pad's link (for the table cards). The draws are paged as every list is: at most
        `limit` (50 unless asked: a tournament draws at most 30, so every draw) from
        `draws_from` on, and `next` (with the `Link` header) names the next page, null on
        the last; players, standings and corrections are whole on every page. Since
        document version v1.5.
        """
        # The token first: the organiser's answer (the tables' tokens) has an ETag of its own.
        token = access.bearer()  # the tournament's, or none (`readers.check` refused another)
        access.polled(tournament_id, organiser=token is not None, by_rights=True)
        stored = access.load(tournament_id, token)
        tag = access.etag(stored.id, stored.version, organiser=token is not None)
        first, count = query["draws_from"], query["limit"]
        drawn = len(stored.tournament.draws)
        more = following(
            "tournaments.TournamentResource",
            "draws_from",
            first + count,
            first + count <= drawn,
            tournament_id=tournament_id,
            limit=count,
        )
        body = {**links.document(stored, token, range(first, first + count)), "next": more}
        return body, 200, {"ETag": tag, **access.BY_RIGHTS, **link(more)}


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
        _, key = access.authorise(tournament_id)
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
        access.unchanged(tag)
        return player.to_dict(), 200, {"ETag": tag}

    @removes("Withdrawn from the next draw on (again: no change)", e404=NO_PLAYER, e409=FIXED)
    @blp.doc(operationId="withdrawTournamentPlayer", security=TOURNAMENT_TOKEN, parameters=KEYED)
    def delete(self, tournament_id, number):
        """Withdraw a player from the next draw on; the points won stay in the standings.

        Needs the tournament's edit token. Withdrawing a player twice changes nothing; a withdrawn
        player is left out of every later draw.
        """
        _, key = access.authorise(tournament_id)
        withdrawn = service.withdraw(store.get_db(), tournament_id, number, idempotency_key=key)
        return None, 204, replay_headers(withdrawn.replayed)


@limited("RATELIMIT_WRITES")
@blp.route("/tournaments/<tournament_id>/players/<int:number>/reinstate", parameters=A_PLAYER)
class PlayerReinstate(MethodView):
    @blp.response(200, TournamentPlayerSchema, headers=REPLAYED)
    @refuses_write(409, 422, e404=NO_PLAYER, e409=FINISHED)
    @blp.doc(operationId="reinstateTournamentPlayer", security=TOURNAMENT_TOKEN)
    def post(self, tournament_id, number):
        """Take a withdrawal back: the player plays again from the next draw on.

        Before the next draw the withdrawal never happened; later the player re-enters
        with 0 points for the draws missed, as a late entry (`missed`). An active player
        stays as is.
        """
        _, key = access.authorise(tournament_id)
        back = service.reinstate(store.get_db(), tournament_id, number, idempotency_key=key)
        return back.player.to_dict(), 200, replay_headers(back.replayed)


def describe_kinds(spec: APISpec) -> None:
    """Write into the document what the kinds registered are, from their registrations (a
    kind registers after the routes are made): the tournaments' tag names each kind
    (`ApiKind.summary`) and its entrants' field, a new tournament's body the default kind
    and how a format names another, and createTournament's example is the first kind's
    body (`ApiKind.example`)."""
    kinds = list(API_KINDS.values())
    summaries = " or ".join(kind.summary for kind in kinds if kind.summary)
    entrants = {kind.kind: STORED_KINDS[kind.kind].entrants for kind in kinds}
    tag = next(tag for tag in spec._tags if tag["name"] == blp.name)  # apispec keeps them there
    listed = " or ".join(entrants.values())
    tag["description"] = f"Tournaments: {summaries}; {listed}, draws, tables and standings"
    made = [f"A {kinds[0].named or kinds[0].kind} by default"] + [
        f"`format.kind: {kind.kind}` makes a {kind.named or kind.kind} of `{entrants[kind.kind]}`"
        for kind in kinds[1:]
    ]
    new = spec.components.schemas[NewAnyTournamentSchema.__name__.removesuffix("Schema")]
    new["description"] = "; ".join(made) + "."
    create = spec._paths[f"{blp.url_prefix}/tournaments"]["post"]  # and its paths there
    create["requestBody"]["content"]["application/json"]["example"] = kinds[0].example
