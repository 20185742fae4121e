"""A series: made (`createSeries`), read as its Rangliste (`getSeries`) and exported
(`exportSeries`, and one operation a format)."""

from flask import request, url_for
from flask.views import MethodView

from bauerblock import store
from bauerblock.api.export_formats import Exported, offer
from bauerblock.api.idempotent import CREATE_IDEMPOTENCY_KEY, REPLAYED, idempotent
from bauerblock.series import exports, service
from bauerblock.series.api.common import (
    BY_RIGHTS,
    E401,
    E403,
    E404,
    ETAG,
    IF_NONE_MATCH,
    NOT_MODIFIED,
    SERIES_ID,
    SERIES_LINKS,
    authorise,
    blp,
    etag,
    file_tag,
    no_series,
    polled,
)
from bauerblock.series.api.schemas import CreatedSeriesSchema, NewSeriesSchema, SeriesSchema
from bauerblock.web.guards import limited


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
    @blp.doc(operationId="createSeries", responses={201: {"links": SERIES_LINKS}})
    def post(self, new):
        """Start a series; the answer shows its edit token, this once.

        `counted` is the best K tournaments counted (0: all), `minimum` the tournaments a
        player needs to be ranked, `planned` the season's M (optional): `counted` over
        `planned` is refused (422 `series_counted_over_planned`).
        """
        made = service.create_series(store.get_db(), **new)
        board = service.board(store.get_db(), made.series.id)
        body = {**exports.series_json(board, public=False), "edit_token": made.token}
        where = url_for("series_api.SeriesResource", series_id=made.series.id, _external=True)
        return body, 201, {"ETag": etag(made.series.id, made.series.version), "Location": where}


@blp.route("/series/<series_id>", parameters=[SERIES_ID, IF_NONE_MATCH])
class SeriesResource(MethodView):
    @blp.response(200, SeriesSchema, headers=BY_RIGHTS)
    @blp.alt_response(304, description=NOT_MODIFIED, headers=BY_RIGHTS)
    @blp.refuses(401, 403, 404, e401=E401, e403=E403, e404=E404)
    @blp.doc(operationId="getSeries")
    def get(self, series_id):
        """Return the series: the Rangliste (`ranking`, then `unranked` below the
        minimum), its tournaments (running or finished) and its players.

        Public: a hidden or forgotten player shows as "Spieler 17". With the series' edit
        token the hidden names show, under an ETag of their own (`Vary: Authorization`).
        """
        organiser = "Authorization" in request.headers and authorise(series_id) is not None
        polled(series_id, organiser, Vary="Authorization")
        board = service.board(store.get_db(), series_id)
        tag = etag(series_id, board.series.version, organiser=organiser)
        body = exports.series_json(board, public=not organiser)
        return body, 200, {"ETag": tag, "Vary": "Authorization"}


SERIES = Exported(
    path="/series/<series_id>/export",
    parameters=(SERIES_ID,),
    operation="exportSeries",
    what="the Rangliste (CSV, PDF) or the series (JSON)",
    json=SeriesSchema,
    build=lambda series_id, fmt: exports.download(series_id, fmt),
    missing=no_series,
    e404=E404,
    tag=lambda series_id, fmt: file_tag(series_id, "series", fmt),
    described="The Rangliste as CSV or PDF, or the series as JSON",
    words="""Download the Rangliste (CSV, PDF: place, number, name, points, tournaments,
    wins, seconds, total) or the series (JSON: as getSeries answers the public).

    Public: a hidden or forgotten player is "Spieler 17", in every format. The CSV is
    the API's (codes, comma-separated, an empty place below the minimum), the PDF
    German. Built once per version of the series and kept (a forget drops it);
    answers 304 to an `If-None-Match` naming its current ETag. Rate limited as the
    other exports.
    """,
)
"""The series as JSON and the Rangliste as CSV and PDF, built once per version of the
series and kept, as the pages' downloads are (the same file where it is the same: the
JSON, the German PDF); the CSV is the API's, of codes. Each answers an ETag of the series'
version and 304 before anything is built."""


offer(blp, SERIES)
