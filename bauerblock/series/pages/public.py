"""The series' public pages: its page (the Rangliste, the tournaments, the players, a QR
code of the page), the board of the Rangliste for the projector, and the downloads. No
tokens; a hidden player shows as "Spieler 17", a forgotten one too.
"""

from __future__ import annotations

from typing import Any

from flask import render_template, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from bauerblock.series import exports, service
from bauerblock.series.pages import bp
from bauerblock.series.pages.shared import ORGANISER, board, names, tagged, unchanged
from bauerblock.web import responses
from bauerblock.web.guards import limited
from bauerblock.web.pages import POLL_SECONDS, htmx
from bauerblock.web.qr import qr_svg


def shown(made: service.Board, *, public: bool = True) -> dict[str, Any]:
    """Return what the series' pages show of it: the Rangliste's lines, the tournaments
    still running, names as the page may show them."""
    series = made.series
    return {
        "series": series,
        "ranked": made.rangliste.ranked,
        "apart": made.rangliste.apart,
        "running": [t for t in series.tournaments if not t.finished],
        "names": names(series, public=public),
        "rules_words": exports.scoring_words(series),
        "etag": series.etag,
        "poll": POLL_SECONDS,
        "organiser": ORGANISER.held(series) is not None,
    }


@bp.get("/r/<series_id>")
def page(series_id: str):
    """Show the series' page: the Rangliste, its tournaments and players, a QR code."""
    made = board(series_id)
    url = url_for("series.page", series_id=series_id, _external=True)
    qr = qr_svg(url, _("Link zur Rangliste"))
    return tagged(render_template("series/page.html", **shown(made), page_qr=qr), made.series)


@bp.get("/r/<series_id>/board")
def projector(series_id: str):
    """Show the Rangliste for the projector, live (htmx polls its part: 304 while the
    series and its tournaments are as they were)."""
    answer = unchanged(series_id)
    if answer is not None:
        return answer
    made = board(series_id)
    context = shown(made)
    if htmx:
        return tagged(render_template("series/_board.html", **context), made.series)
    url = url_for("series.page", series_id=series_id, _external=True)
    context["board_qr"] = qr_svg(url, _("Link zur Rangliste"))
    return tagged(render_template("series/board.html", **context), made.series)


@limited("RATELIMIT_EXPORTS")
@bp.get("/r/<series_id>/rangliste.<any(csv, pdf):fmt>")
def rangliste(series_id: str, fmt: str):
    """Download the Rangliste as CSV (in the page's language and its separator) or PDF."""
    built = exports.download(series_id, fmt, str(get_locale()))
    return responses.page_download(built, fmt)


@limited("RATELIMIT_EXPORTS")
@bp.get("/r/<series_id>/series.json")
def series_json(series_id: str):
    """Download the series as JSON: settings, Rangliste, tournaments, players."""
    return responses.page_download(exports.download(series_id, "json"), "json")
