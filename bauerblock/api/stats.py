"""Statistics of a sheet: GET /api/v1/sheets/{id}/stats."""

import json
from typing import Any

from flask import Response
from flask.views import MethodView
from sqlite_utils import Database

from bauerblock import store
from bauerblock.api.answers import SheetStatsSchema
from bauerblock.api.blueprint import Blueprint
from bauerblock.api.conditional import quoted, unchanged
from bauerblock.api.sheets import ETAG, IF_NONE_MATCH, SHEET_ID
from bauerblock.engine.stats import Stats
from bauerblock.store.errors import SheetNotFound
from bauerblock.store.sheets import SheetHead
from bauerblock.store.stats import VersionCache

DOCUMENTS: VersionCache[str] = VersionCache(64)
"""The statistics as JSON text, per worker, by (sheet id, version)."""

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
        unchanged(sheet_id)
        found = stats_json(db, sheet_id)
        if found is None:
            raise SheetNotFound()
        head, body = found
        # The engine's dict is the documented shape: sent as it is (the fuzz tests check it).
        return Response(
            body, mimetype="application/json", headers={"ETag": quoted(store.etag(head))}
        )


def stats_document(head: SheetHead, stats: Stats) -> dict[str, Any]:
    """Return the statistics as JSON: the sheet's id, title, version, then the figures."""
    figures = stats.to_dict()
    players = [
        {"name": name, **seat}
        for name, seat in zip(head.players, figures.pop("players"), strict=True)
    ]
    return {
        "id": head.id,
        "title": head.title,
        "version": head.version,
        **figures,
        "players": players,
    }


def stats_json(db: Database, sheet_id: str) -> tuple[SheetHead, str] | None:
    """Return the sheet's head and its statistics document as JSON text, kept per version."""
    found = store.sheet_stats(db, sheet_id)
    if found is None:
        return None
    head, stats = found
    # A 1000-game series is some 100 KB of JSON: encoding it is most of a read's cost.
    text = DOCUMENTS.get(
        (head.id, head.version),
        lambda: json.dumps(stats_document(head, stats), ensure_ascii=False, separators=(",", ":")),
    )
    return head, text
