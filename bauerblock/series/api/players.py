"""A series' players: added by name (`addSeriesPlayer`), read with their results
(`getSeriesPlayer`) and exported (`exportSeriesPlayer`, one operation a format too),
hidden (`updateSeriesPlayer`) or forgotten for good (`forgetSeriesPlayer`)."""

from flask import url_for
from flask.views import MethodView

from bauerblock import store
from bauerblock.api.export_formats import Exported, offer
from bauerblock.api.idempotent import IDEMPOTENCY_KEY, REPLAYED, replay_headers, request_key
from bauerblock.exports.cache import cache
from bauerblock.series import exports, service
from bauerblock.series.api.common import (
    E404,
    E422_KEY,
    ETAG,
    IF_NONE_MATCH,
    NOT_MODIFIED,
    NUMBER,
    PLAYER_LINKS,
    SERIES_ID,
    SERIES_TOKEN,
    UNKNOWN_NUMBER,
    authorise,
    blp,
    etag,
    file_tag,
    no_series,
    polled,
    refuses_write,
)
from bauerblock.series.api.schemas import (
    NewSeriesPlayerSchema,
    SeriesPlayerChangeSchema,
    SeriesPlayerResultsSchema,
    SeriesPlayerSchema,
)
from bauerblock.series.exports import player_entry, player_json
from bauerblock.web.guards import limited


@limited("RATELIMIT_WRITES")
@blp.route("/series/<series_id>/players", parameters=[SERIES_ID, IDEMPOTENCY_KEY])
class Players(MethodView):
    @blp.arguments(NewSeriesPlayerSchema, example={"name": "Erna"})
    @blp.response(201, SeriesPlayerSchema, headers={**ETAG, **REPLAYED})
    @refuses_write(
        409,
        413,
        422,
        e409="The name is taken or nearly taken (`series_name_taken`), or the series is full",
        e422=f"A blank or too long name, or {E422_KEY}",
    )
    @blp.doc(
        operationId="addSeriesPlayer",
        security=SERIES_TOKEN,
        responses={201: {"links": PLAYER_LINKS}},
    )
    def post(self, new, series_id):
        """Add a player: the answer's `number` is theirs for the whole series.

        Needs the series' edit token. A name the series has or nearly has (case, spaces,
        accents, look-alike letters) is refused (409 `series_name_taken`, naming it).
        """
        key = request_key()
        token = authorise(series_id)
        added = service.add_player(
            store.get_db(), series_id, token, new["name"], idempotency_key=key
        )
        headers = {
            "ETag": etag(series_id, added.version),
            "Location": url_for(
                "series_api.Player", series_id=series_id, number=added.player.number, _external=True
            ),
        }
        body = player_entry(added.player, public=False)
        return body, 201, {**headers, **replay_headers(added.replayed)}


@limited("RATELIMIT_WRITES")
@blp.route("/series/<series_id>/players/<int:number>", parameters=[SERIES_ID, NUMBER])
class Player(MethodView):
    @blp.response(200, SeriesPlayerResultsSchema, headers=ETAG)
    @blp.alt_response(304, description=NOT_MODIFIED, headers=ETAG)
    @blp.refuses(404, 422, e404=E404, e422=UNKNOWN_NUMBER)
    @blp.doc(operationId="getSeriesPlayer", parameters=[IF_NONE_MATCH])
    def get(self, series_id, number):
        """Return a player's results: their place and points in the Rangliste.

        Public: each tournament with the player's evening number, place and points (null
        while it runs) and whether it counts, and the partners' table (most won first). A
        hidden or forgotten name shows as "Spieler 17". Answers 304 to an `If-None-Match`
        naming the series' current ETag, read from its version alone.
        """
        polled(series_id)
        page = service.player_page(store.get_db(), series_id, number)
        return player_json(page), 200, {"ETag": etag(series_id, page.series.version)}

    @blp.arguments(SeriesPlayerChangeSchema, example={"hidden": True})
    @blp.response(200, SeriesPlayerSchema, headers={**ETAG, **REPLAYED})
    @refuses_write(422, e422=f"No such number, or {E422_KEY}")
    @blp.doc(operationId="updateSeriesPlayer", security=SERIES_TOKEN, parameters=[IDEMPOTENCY_KEY])
    def patch(self, change, series_id, number):
        """Hide a player's name on the public pages and exports, or show it again.

        Needs the series' edit token. A hidden name shows as "Spieler 17" to everyone but
        the organiser (getSeries with the series' token). A forgotten player is "Spieler
        17" to everyone, hidden or not.
        """
        key = request_key()
        authorise(series_id)
        changed = service.set_hidden(
            store.get_db(), series_id, number, change["hidden"], idempotency_key=key
        )
        headers = {"ETag": etag(series_id, changed.version)}
        body = player_entry(changed.player, public=False)
        return body, 200, {**headers, **replay_headers(changed.replayed)}

    @blp.response(204, description="Forgotten (again: no change)", headers=REPLAYED)
    @refuses_write(422, e422=f"No such number, or {E422_KEY}")
    @blp.doc(operationId="forgetSeriesPlayer", security=SERIES_TOKEN, parameters=[IDEMPOTENCY_KEY])
    def delete(self, series_id, number):
        """Forget a player for good: the name leaves the series, every tournament of it and
        every kept download and answer; the results stay, as "Spieler 17". Forgetting twice
        changes nothing, so a retry never forgets another player.

        Needs the series' edit token or the player's own link token (their card's).
        """
        key = request_key()
        db = store.get_db()
        authorise(series_id, lambda token: service.may_forget(db, series_id, number, token))
        gone = service.forget(db, series_id, number, exports=cache(), idempotency_key=key)
        return None, 204, replay_headers(gone.replayed)


PLAYER = Exported(
    path="/series/<series_id>/players/<int:number>/export",
    parameters=(SERIES_ID, NUMBER),
    operation="exportSeriesPlayer",
    what="a player's results",
    json=SeriesPlayerResultsSchema,
    build=lambda series_id, number, fmt: exports.download(series_id, fmt, number=number),
    missing=no_series,
    e404=E404,
    e422=UNKNOWN_NUMBER,
    tag=lambda series_id, number, fmt: file_tag(series_id, f"player-{number}", fmt),
    described="A player's results as CSV, JSON or PDF",
    words="""Download a player's results: a row a tournament (CSV: tournament, title,
    evening, place, points, counted; PDF), or as getSeriesPlayer answers them (JSON).

    Public: a hidden or forgotten name is "Spieler 17". The CSV is the API's (codes,
    comma-separated, an empty place and points while a tournament runs), the PDF
    German. Built once per version of the series and kept (a forget drops it);
    answers 304 to an `If-None-Match` naming its current ETag.
    """,
)
"""A player's results as CSV, JSON and PDF, built and kept as the series' (`SERIES`)."""


offer(blp, PLAYER)
