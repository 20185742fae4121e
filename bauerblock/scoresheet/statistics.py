"""The statistics page of a sheet (/s/<id>/stats): the figures as tables, and the charts
(made by the game's module of exports/games/, which the PDF's summary page draws too)."""

from __future__ import annotations

from flask import render_template
from flask_babel import get_locale

from bauerblock import store
from bauerblock.exports.games import summary
from bauerblock.exports.summary import Summary
from bauerblock.scoresheet import bp
from bauerblock.store.stats import VersionCache
from bauerblock.web.errors import found
from bauerblock.web.pages import tagged
from bauerblock.web.responses import not_modified

summaries: VersionCache[Summary] = VersionCache(64)
"""The pages' tables and charts by (sheet id, version, language): made once per version."""


@bp.get("/s/<sheet_id>/stats")
def stats_page(sheet_id: str):
    """Show the evening's statistics: the figures as tables, and the charts."""
    db = store.get_db()
    # Nothing was played since: the page the browser holds is this one.
    unchanged = not_modified(store.etag(found(store.load_head(db, sheet_id))))
    if unchanged is not None:
        return unchanged
    head, stats = found(store.sheet_stats(db, sheet_id))
    body = render_template(
        "scoresheet/stats.html",
        sheet=head,
        stats=stats,
        summary=summaries.get(
            (head.id, head.version, str(get_locale())), lambda: summary(head.players, stats)
        ),
    )
    return tagged(body, store.etag(head))
