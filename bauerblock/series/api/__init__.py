"""The series' REST API (`/api/v1/series…`): the use cases of `series.service`, each write
one keyed transaction whose answer a retry gets again (kept under `series:<id>`, so a
forget drops them). Registered by the folder's one registration (`series.init_app`)."""

from typing import Any

from flask import Flask, request, url_for
from flask.views import MethodView
from flask_smorest import Api, abort

from bauerblock import store
from bauerblock.api import tournament_access, tournament_links
from bauerblock.api.blueprint import Blueprint, header, path
from bauerblock.api.idempotent import (
    CREATE_IDEMPOTENCY_KEY,
    IDEMPOTENCY_KEY,
    OWNERS,
    REPLAYED,
    idempotent,
    replay_headers,
    request_key,
)
from bauerblock.api.tournament_unions import AnyCreatedTournamentSchema
from bauerblock.engine.errors import NotFound
from bauerblock.exports.cache import cache
from bauerblock.series import service
from bauerblock.series.api.schemas import (
    CreatedSeriesSchema,
    NewSeriesPlayerSchema,
    NewSeriesSchema,
    NewSeriesTournamentSchema,
    SeriesPlayerChangeSchema,
    SeriesPlayerResultsSchema,
    SeriesPlayerSchema,
    SeriesSchema,
)
from bauerblock.series.exports import called, head
from bauerblock.series.store import SeriesPlayer, check_token, owner
from bauerblock.store.common import entity_tag
from bauerblock.store.tournaments import check_token as tournament_token_is
from bauerblock.web.guards import limited
from bauerblock.web.responses import not_modified

blp = Blueprint(
    "series_api",
    __name__,
    url_prefix="/api/v1",
    description=(
        "Series (a season): tournaments whose final places add up to one Rangliste, "
        "players known by a number for the whole series"
    ),
)

SERIES_ID = path("series_id", "The series' id, as its creation answered it")
NUMBER = path(
    "number", "The series player's number, from 1 (never reused)", type="integer", minimum=1
)
IF_NONE_MATCH = header("If-None-Match", "An ETag of the series: 304 while it is current")
SERIES_TOKEN: list[dict[str, list[str]]] = [{"seriesToken": []}]
ETAG = {"ETag": {"description": "The series' version", "schema": {"type": "string"}}}
BY_RIGHTS = {
    **ETAG,
    "Vary": {
        "description": "Authorization: the organiser's answer shows hidden names",
        "schema": {"type": "string"},
    },
}
E401 = "No edit token: send `Authorization: Bearer <edit_token>` (the series')"
E403 = "The token is not this series' edit token"
E404 = "No such series"
NO_PLAYER = "No such series, or no such player"
ORGANISER = "-organiser"


def init_app(app: Flask, rest_api: Api) -> None:
    """Register the series' API on `rest_api` and its keys' owner (`series:<id>`)."""
    OWNERS["series_id"] = owner
    rest_api.document(_describe_token)
    rest_api.register_blueprint(blp)


def _describe_token(spec: Any) -> None:
    spec.components.security_scheme(
        "seriesToken",
        {"type": "http", "scheme": "bearer", "description": "The series' edit token, shown once"},
    )


def _bearer() -> str | None:
    return tournament_access.bearer()


def _authorise(series_id: str) -> str:
    """Check the bearer token is the series' edit token (404 first); return it."""
    token = _bearer()
    known = check_token(store.get_db(), series_id, token)
    if token is None:
        abort(401, message=E401, headers={"WWW-Authenticate": 'Bearer realm="bauerblock"'})
    if not known:
        abort(403, message=E403)
    assert token is not None
    return token


def _etag(series_id: str, version: int, organiser: bool) -> str:
    return f'"{entity_tag(series_id, version)}{ORGANISER if organiser else ""}"'


def _player(player: SeriesPlayer, organiser: bool) -> dict[str, Any]:
    return {
        "number": player.number,
        "name": called(player, public=not organiser),
        "hidden": player.hidden,
        "forgotten": player.forgotten,
    }


def _document(board: service.Board, organiser: bool) -> dict[str, Any]:
    series, made = board.series, board.rangliste

    def line(s: Any) -> dict[str, Any]:
        return {
            "number": s.player,
            "name": called(series.player(s.player), public=not organiser),
            "points": s.points,
            "place": s.place,
            "tournaments": s.played,
            "wins": s.wins,
            "seconds": s.seconds,
            "total": s.total,
        }

    return {
        **head(series),
        "ranking": [line(s) for s in made.ranked],
        "unranked": [line(s) for s in made.apart],
        "tournaments": [
            {
                "id": t.id,
                "title": t.title,
                "kind": t.kind,
                "running": t.id in made.running,
                "finished": t.finished,
            }
            for t in series.tournaments
        ],
        "players": [_player(p, organiser) for p in series.players],
    }


def _location(series_id: str, number: int | None = None) -> str:
    if number is None:
        return url_for("series_api.SeriesResource", series_id=series_id, _external=True)
    return url_for("series_api.Player", series_id=series_id, number=number, _external=True)


@limited("RATELIMIT_SHEETS", "RATELIMIT_NEW_GROUPS")
@blp.route("/series", parameters=[CREATE_IDEMPOTENCY_KEY])
class SeriesList(MethodView):
    @idempotent
    @blp.arguments(
        NewSeriesSchema,
        example={
            "name": "Westpfälzer Bauerchen-Cup",
            "season": "2027",
            "scoring": "places",
            "counted": 5,
            "minimum": 3,
            "planned": 8,
        },
    )
    @blp.response(201, CreatedSeriesSchema, headers={**ETAG, **REPLAYED})
    @blp.refuses(413, 422, 429, e422="Bad input (a blank name, a bound, counted over planned)")
    @blp.doc(operationId="createSeries")
    def post(self, new):
        """Start a series; the answer shows its edit token, this once.

        `counted` is the best K tournaments counted (0: all), `minimum` the tournaments a
        player needs to be ranked, `planned` the season's M (optional): `counted` over
        `planned` is refused (422 `series_counted_over_planned`).
        """
        made = service.create_series(store.get_db(), **new)
        board = service.board(store.get_db(), made.series.id)
        body = {**_document(board, True), "edit_token": made.token}
        headers = {"ETag": _etag(made.series.id, made.series.version, False)}
        return body, 201, {**headers, "Location": _location(made.series.id)}


@blp.route("/series/<series_id>", parameters=[SERIES_ID, IF_NONE_MATCH])
class SeriesResource(MethodView):
    @blp.response(200, SeriesSchema, headers=BY_RIGHTS)
    @blp.alt_response(
        304, description="Not modified since the ETag in If-None-Match", headers=BY_RIGHTS
    )
    @blp.refuses(401, 403, 404, e401=E401, e403=E403, e404=E404)
    @blp.doc(operationId="getSeries")
    def get(self, series_id):
        """Return the series: the Rangliste (`ranking`, then `unranked` below the
        minimum), its tournaments (running or finished) and its players.

        Public: a hidden or forgotten player shows as "Spieler 17". With the series' edit
        token the hidden names show, under an ETag of their own (`Vary: Authorization`).
        """
        db = store.get_db()
        version = service.version(db, series_id)
        if version is None:
            raise NotFound("series_not_found", "No such series.")
        organiser = "Authorization" in request.headers and _authorise(series_id) is not None
        tag = _etag(series_id, version, organiser)
        unchanged = not_modified(tag.strip('"'), weak=False, headers={"Vary": "Authorization"})
        if unchanged is not None:
            return unchanged
        board = service.board(db, series_id)
        tag = _etag(series_id, board.series.version, organiser)
        return _document(board, organiser), 200, {"ETag": tag, "Vary": "Authorization"}


@limited("RATELIMIT_WRITES")
@blp.route("/series/<series_id>/players", parameters=[SERIES_ID, IDEMPOTENCY_KEY])
class Players(MethodView):
    @blp.arguments(NewSeriesPlayerSchema, example={"name": "Erna"})
    @blp.response(201, SeriesPlayerSchema, headers={**ETAG, **REPLAYED})
    @blp.refuses(
        401,
        403,
        404,
        409,
        413,
        422,
        429,
        e401=E401,
        e403=E403,
        e404=E404,
        e409="The name is taken or nearly taken (`series_name_taken`), or the series is full",
        e422="A blank or too long name, or a reused Idempotency-Key",
    )
    @blp.doc(operationId="addSeriesPlayer", security=SERIES_TOKEN)
    def post(self, new, series_id):
        """Add a player: the answer's `number` is theirs for the whole series.

        Needs the series' edit token. A name the series has or nearly has (case, spaces,
        accents, look-alike letters) is refused (409 `series_name_taken`, naming it).
        """
        key = request_key()
        token = _authorise(series_id)
        added = service.add_player(
            store.get_db(), series_id, token, new["name"], idempotency_key=key
        )
        headers = {
            "ETag": _etag(series_id, added.version, False),
            "Location": _location(series_id, added.player.number),
        }
        return _player(added.player, True), 201, {**headers, **replay_headers(added.replayed)}


@limited("RATELIMIT_WRITES")
@blp.route("/series/<series_id>/players/<int:number>", parameters=[SERIES_ID, NUMBER])
class Player(MethodView):
    @blp.response(200, SeriesPlayerResultsSchema, headers=ETAG)
    @blp.alt_response(304, description="Not modified since the ETag in If-None-Match", headers=ETAG)
    @blp.refuses(404, 422, e404=E404, e422="No such number in the series (`series_number_unknown`)")
    @blp.doc(operationId="getSeriesPlayer", parameters=[IF_NONE_MATCH])
    def get(self, series_id, number):
        """Return a player's results: their place and points in the Rangliste.

        Public: each tournament with the player's evening number, place and points (null
        while it runs) and whether it counts, and the partners' table (most won first). A
        hidden or forgotten name shows as "Spieler 17". Answers 304 to an `If-None-Match`
        naming the series' current ETag, read from its version alone.
        """
        db = store.get_db()
        version = service.version(db, series_id)
        if version is None:
            raise NotFound("series_not_found", "No such series.")
        unchanged = not_modified(_etag(series_id, version, False).strip('"'), weak=False)
        if unchanged is not None:
            return unchanged
        page = service.player_page(db, series_id, number)
        standing = page.standing
        body = {
            **_player(page.player, False),
            "place": standing.place if standing else None,
            "points": standing.points if standing else 0,
            "tournaments": [
                {
                    "tournament": p.tournament.id,
                    "title": p.tournament.title,
                    "evening": p.evening,
                    "place": p.place,
                    "points": p.points,
                    "counted": p.counted,
                }
                for p in page.tournaments
            ],
            "partners": [
                {
                    "number": q.partner.number,
                    "name": called(q.partner),
                    "rounds": q.rounds,
                    "won": q.won,
                }
                for q in page.partners
            ],
        }
        return body, 200, {"ETag": _etag(series_id, page.series.version, False)}

    @blp.arguments(SeriesPlayerChangeSchema, example={"hidden": True})
    @blp.response(200, SeriesPlayerSchema, headers={**ETAG, **REPLAYED})
    @blp.refuses(
        401,
        403,
        404,
        409,
        422,
        429,
        e401=E401,
        e403=E403,
        e404=E404,
        e409="The player is forgotten",
        e422="No such number, or a reused Idempotency-Key",
    )
    @blp.doc(operationId="updateSeriesPlayer", security=SERIES_TOKEN, parameters=[IDEMPOTENCY_KEY])
    def patch(self, change, series_id, number):
        """Hide a player's name on the public pages and exports, or show it again.

        Needs the series' edit token. A hidden name shows as "Spieler 17" to everyone but
        the organiser (getSeries with the series' token).
        """
        key = request_key()
        _authorise(series_id)
        changed = service.set_hidden(
            store.get_db(), series_id, number, change["hidden"], idempotency_key=key
        )
        headers = {"ETag": _etag(series_id, changed.version, False)}
        return _player(changed.player, True), 200, {**headers, **replay_headers(changed.replayed)}

    @blp.response(204, description="Forgotten (again: no change)", headers=REPLAYED)
    @blp.refuses(
        401,
        403,
        404,
        422,
        429,
        e401=E401,
        e403=E403,
        e404=E404,
        e422="No such number, or a reused Idempotency-Key",
    )
    @blp.doc(operationId="forgetSeriesPlayer", security=SERIES_TOKEN, parameters=[IDEMPOTENCY_KEY])
    def delete(self, series_id, number):
        """Forget a player for good: the name leaves the series, every tournament of it and
        every kept download and answer; the results stay, as "Spieler 17". Forgetting twice
        changes nothing, so a retry never forgets another player.

        Needs the series' edit token or the player's own link token (their card's).
        """
        key = request_key()
        db = store.get_db()
        token = _bearer()
        if token is None:
            check_token(db, series_id, None)  # 404 before any word about tokens
            abort(401, message=E401, headers={"WWW-Authenticate": 'Bearer realm="bauerblock"'})
        if not service.may_forget(db, series_id, number, token):
            abort(403, message=E403)
        gone = service.forget(db, series_id, number, exports=cache(), idempotency_key=key)
        return None, 204, replay_headers(gone.replayed)


@limited("RATELIMIT_SHEETS")
@blp.route("/series/<series_id>/tournaments", parameters=[SERIES_ID, IDEMPOTENCY_KEY])
class Tournaments(MethodView):
    @blp.arguments(
        NewSeriesTournamentSchema,
        example={"title": "Preisbauer Erfenbach", "players": [1, 2, 7, "Erna", 12, 3, 4, 5]},
    )
    @blp.response(201, AnyCreatedTournamentSchema, headers={**ETAG, **REPLAYED})
    @blp.refuses(
        401,
        403,
        404,
        409,
        413,
        422,
        429,
        e401=E401,
        e403=E403,
        e404=E404,
        e409="A name taken, a forgotten number, a tournament in another series, a full series",
        e422="An unknown number, a number twice, a bad body or a reused Idempotency-Key",
    )
    @blp.doc(operationId="createSeriesTournament", security=SERIES_TOKEN)
    def post(self, new, series_id):
        """Make a tournament of the series (a createTournament body whose `players`, or
        partners of `pairs`, are series numbers or new names: a new name joins with the
        next number); the answer is createTournament's, with the tournament's edit token
        this once. getSeries then lists it; getSeriesPlayer tells each player's evening
        number in it.

        Or join an existing tournament: `{tournament_id, tournament_token}` alone (the
        series' token in Authorization): its players are matched to the series' by name,
        unknown names join; the answer holds no tournament token.
        """
        key = request_key()
        token = _authorise(series_id)
        db = store.get_db()
        joining = new.pop("tournament_id", None)
        tournament_token = new.pop("tournament_token", None)
        if joining is not None:
            if new:
                abort(422, message="Join takes tournament_id and tournament_token alone.")
            if not tournament_token_is(db, joining, tournament_token) or tournament_token is None:
                abort(403, message="tournament_token is not that tournament's edit token.")
            made = service.join_tournament(db, series_id, joining, token=token, idempotency_key=key)
        else:
            made = service.create_tournament(db, series_id, token, idempotency_key=key, **new)
        stored = made.tournament
        # As createTournament's answer: every draw (none yet), so no next page.
        body = {**tournament_links.document(stored, made.token), "next": None}
        if made.token is not None:
            body["edit_token"] = made.token
        headers = {
            "ETag": _etag(series_id, made.version, False),
            "Location": body["links"]["self"],
        }
        return body, 201, {**headers, **replay_headers(made.replayed)}
