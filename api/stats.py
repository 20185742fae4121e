"""Statistics of a sheet: GET /api/v1/sheets/{id}/stats."""

from flask import Response, request
from flask.views import MethodView

import store
from api.blueprint import Blueprint
from api.sheets import ETAG, IF_NONE_MATCH
from api.stats_schemas import SheetStatsSchema
from store.errors import SheetNotFound

blp = Blueprint(
    "stats", __name__, url_prefix="/api/v1", description="Statistics: what an evening says"
)


@blp.route("/sheets/<sheet_id>/stats", parameters=[IF_NONE_MATCH])
class SheetStats(MethodView):
    @blp.response(200, SheetStatsSchema, headers=ETAG)
    @blp.alt_response(304, description="Not modified since the ETag in If-None-Match", headers=ETAG)
    @blp.refuses(404)
    @blp.doc(operationId="getSheetStats")
    def get(self, sheet_id):
        """Return the evening's figures by seat and team, its settlement and its series."""
        db = store.get_db()
        # A poll that finds nothing new reads the version and nothing else.
        head = store.load_head(db, sheet_id)
        if head is None:
            raise SheetNotFound(sheet_id)
        tag = _quoted(store.etag(head))
        if request.if_none_match.contains(store.etag(head)):
            return Response(status=304, headers={"ETag": tag})
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
