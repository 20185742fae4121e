"""A series' tournaments: made in the series or joined to it (`createSeriesTournament`),
and a player entered late into a running one, by series number or as a new name
(`addSeriesTournamentPlayer`)."""

from flask import url_for
from flask.views import MethodView
from flask_smorest import abort

from bauerblock import store
from bauerblock.api import tournament_links
from bauerblock.api.blueprint import path
from bauerblock.api.idempotent import IDEMPOTENCY_KEY, REPLAYED, replay_headers, request_key
from bauerblock.api.kinds import AnyCreatedTournamentSchema
from bauerblock.exports.common import ORGANISER_NAMES
from bauerblock.series import service
from bauerblock.series.api.common import (
    E422_KEY,
    ETAG,
    SERIES_ID,
    SERIES_TOKEN,
    TOURNAMENT_LINKS,
    authorise,
    blp,
    etag,
    refuses_write,
)
from bauerblock.series.api.schemas import (
    NewSeriesTournamentPlayerSchema,
    NewSeriesTournamentSchema,
    SeriesTournamentPlayerSchema,
)
from bauerblock.store import tournaments
from bauerblock.store.tournaments import check_token as tournament_token_is
from bauerblock.web.guards import limited

TOURNAMENT_ID = path("tournament_id", "The id of a tournament of the series")


@limited("RATELIMIT_SHEETS")
@blp.route("/series/<series_id>/tournaments", parameters=[SERIES_ID, IDEMPOTENCY_KEY])
class Tournaments(MethodView):
    @blp.arguments(
        NewSeriesTournamentSchema,
        example={"title": "Preisbauer Erfenbach", "players": [1, 2, 7, "Erna", 12, 3, 4, 5]},
    )
    @blp.response(201, AnyCreatedTournamentSchema, headers={**ETAG, **REPLAYED})
    @refuses_write(
        409,
        413,
        422,
        e409="A name taken, a forgotten number, a tournament in another series, a full series",
        e422=f"An unknown number, a number twice, a bad body or {E422_KEY}",
    )
    @blp.doc(
        operationId="createSeriesTournament",
        security=SERIES_TOKEN,
        responses={201: {"links": TOURNAMENT_LINKS}},
    )
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
        token = authorise(series_id)
        db = store.get_db()
        joining = new.pop("tournament_id", None)
        tournament_token = new.pop("tournament_token", None)
        if joining is not None:
            if new:
                abort(422, message="Join takes tournament_id and tournament_token alone.")
            if not tournament_token_is(db, joining, tournament_token) or tournament_token is None:
                abort(403, message="tournament_token is not that tournament's edit token.")
            made = service.join_tournament(
                db, series_id, joining, token=token, idempotency_key=key, names=ORGANISER_NAMES
            )
        else:
            made = service.create_tournament(
                db, series_id, token, idempotency_key=key, names=ORGANISER_NAMES, **new
            )
        stored = made.tournament
        # As createTournament's answer: every draw (none yet), so no next page.
        body = {**tournament_links.document(stored, made.token), "next": None}
        if made.token is not None:
            body["edit_token"] = made.token
        headers = {"ETag": etag(series_id, made.version), "Location": body["links"]["self"]}
        return body, 201, {**headers, **replay_headers(made.replayed)}


@limited("RATELIMIT_WRITES")
@blp.route(
    "/series/<series_id>/tournaments/<tournament_id>/players",
    parameters=[SERIES_ID, TOURNAMENT_ID, IDEMPOTENCY_KEY],
)
class LateEntry(MethodView):
    @blp.arguments(NewSeriesTournamentPlayerSchema, example={"player": 7})
    @blp.response(201, SeriesTournamentPlayerSchema, headers={**ETAG, **REPLAYED})
    @refuses_write(
        409,
        413,
        422,
        e409=(
            "The tournament is finished, or its kind's entrants are fixed at its start; the name "
            "is taken in the series or the tournament, the number forgotten, or a list is full"
        ),
        e422=(
            "An unknown number, neither a number nor a name, a tournament not of the series "
            f"(`series_tournament_unknown`), or {E422_KEY}"
        ),
    )
    @blp.doc(operationId="addSeriesTournamentPlayer", security=SERIES_TOKEN)
    def post(self, new, series_id, tournament_id):
        """Enter a player late into a running Preisbauer of the series, as
        addTournamentPlayer does (plays from the next draw, 0 points before it): by series
        number (`{"player": 7}`), or by a new name (`{"player": "Erna"}`), who joins the
        series with the next number.

        Needs the series' edit token. The answer is the tournament's player (its evening
        `number`, at its `Location`) with its `series_number`.
        """
        key = request_key()
        token = authorise(series_id)
        db = store.get_db()
        entry = new["player"]
        made = service.enter_late(
            db, series_id, tournament_id, token, [entry], idempotency_key=key, names=ORGANISER_NAMES
        )
        series_number = made.joined[0].number if made.joined else entry
        evening = next(n for n, numbers in made.entrants.items() if numbers == (series_number,))
        player = tournaments.registered(made.tournament, evening)
        body = {**player.to_dict(), "series_number": series_number, "joined": bool(made.joined)}
        where = {"tournament_id": tournament_id, "number": evening, "_external": True}
        headers = {
            "ETag": etag(series_id, made.version),
            "Location": url_for("tournaments.Player", **where),
        }
        return body, 201, {**headers, **replay_headers(made.replayed)}
