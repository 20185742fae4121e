"""Statistics of a sheet: GET /api/v1/sheets/{id}/stats."""

from flask import Response
from flask.views import MethodView

from bauerblock import store
from bauerblock.api.blueprint import Blueprint
from bauerblock.api.sheets import ETAG, IF_NONE_MATCH, SHEET_ID
from bauerblock.api.stats_schemas import SheetStatsSchema
from bauerblock.store.errors import SheetNotFound
from bauerblock.web.responses import not_modified

blp = Blueprint(
    "stats", __name__, url_prefix="/api/v1", description="Statistics: what an evening says"
)


@blp.route("/sheets/<sheet_id>/stats", parameters=[SHEET_ID, IF_NONE_MATCH])
class SheetStats(MethodView):
    @blp.response(200, SheetStatsSchema, headers=ETAG)
    @blp.alt_response(304, description="Not modified since the ETag in If-None-Match", headers=ETAG)
    @blp.refuses(404)
    @blp.doc(operationId="getSheetStats")
    def get(self, sheet_id):
        """Return the evening's figures by seat and team, its settlement and its series.

        Public. Answers 304 to an `If-None-Match` naming the current ETag, from the sheet's version
        alone. The series are the running totals game by game, for charts.
        """
        db = store.get_db()
        # A poll that finds nothing new reads the version and nothing else.
        tag = store.current_etag(db, sheet_id)
        if tag is None:
            raise SheetNotFound(sheet_id)
        unchanged = not_modified(tag, weak=False)
        if unchanged is not None:
            return unchanged
        found = store.stats_json(db, sheet_id)
        if found is None:
            raise SheetNotFound(sheet_id)
        head, body = found
        # The engine's dict is the documented shape: sent as it is (the fuzz tests check it).
        return Response(
            body, mimetype="application/json", headers={"ETag": _quoted(store.etag(head))}
        )


def _quoted(tag: str) -> str:
    return f'"{tag}"'
