"""The board (Anzeigetafel): the page for the projector and the players' phones; no tokens.

A Preisbauer's board shows the ranking and the latest draw's tables; a Paarturnier's the
groups while they play, then the bracket. Polled by htmx: 304 while nothing changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import Response, render_template, url_for
from flask_babel import gettext as _

from bauerblock.engine.tournament import Tiebreak
from bauerblock.store import tournaments
from bauerblock.store.tournaments.pairs import StoredPairs
from bauerblock.tournament import bp
from bauerblock.tournament import pairs as pair_pages
from bauerblock.tournament.context import context, load, tagged, unchanged
from bauerblock.web.pages import htmx
from bauerblock.web.qr import qr_svg

if TYPE_CHECKING:
    from bauerblock.store.tournaments import Stored

RANKING_ROWS = 20
"""Rows of the ranking per column on a wide screen: 40 players fit a projector unscrolled."""


@bp.get("/t/<tournament_id>")
def board(tournament_id: str):
    """Show the board (Anzeigetafel): ranking, the latest draw's tables, byes; no tokens."""
    answer = unchanged(tournament_id)
    if answer is not None:
        return answer
    stored = load(tournament_id)
    t = tournaments.document(stored)
    if isinstance(stored, StoredPairs):
        return _pairs_board(stored, t)
    standings = t["standings"]
    shown = {
        **context(stored, t, scores=True),
        "ranking": [
            standings[i : i + RANKING_ROWS] for i in range(0, len(standings), RANKING_ROWS)
        ],
        "by_difference": t["format"]["tiebreak"] == Tiebreak.SCORE_DIFFERENCE.value,
    }
    return _board_page(stored, shown, "tournament/_board.html")


def _pairs_board(stored: StoredPairs, t: dict[str, Any]) -> Response:
    """Show a Paarturnier's board: the groups while they play, then the bracket."""
    shown = {
        **context(stored, t, scores=True),
        "bracket": pair_pages.bracket_columns(stored, t),
        "third": pair_pages.third_place(t),
        "phase": pair_pages.phase(t),
    }
    draw = shown["draw"]
    live = {table["number"]: table for table in (draw or {}).get("tables", ())}
    shown["live"] = live if draw and draw["stage"] != "group" else {}
    return _board_page(stored, shown, "tournament/_pairs_board.html")


def _board_page(stored: Stored, shown: dict[str, Any], part: str) -> Response:
    """Answer the board: for htmx only its live `part`, else the page with its QR code."""
    if htmx:
        return tagged(render_template(part, **shown), stored)
    board_url = url_for("tournament.board", tournament_id=stored.id, _external=True)
    shown["board_qr"] = qr_svg(board_url, _("Link zur Anzeigetafel"))
    shown["board_part"] = part
    return tagged(render_template("tournament/board.html", **shown), stored)
