"""The board (Anzeigetafel): the page for the projector and the players' phones; no tokens.

What it shows is its kind's (a Preisbauer's the ranking and the latest draw's tables; a
Paarturnier's the groups while they play, then the bracket). Polled by htmx: 304 while
nothing changed.
"""

from __future__ import annotations

from flask import render_template, url_for
from flask_babel import gettext as _

from bauerblock import store
from bauerblock.store import tournaments
from bauerblock.tournament import bp
from bauerblock.tournament.context import context, current_tag, load
from bauerblock.tournament.kinds import pages_of
from bauerblock.web import rights
from bauerblock.web.pages import htmx, tagged, unchanged
from bauerblock.web.qr import qr_svg


@bp.get("/t/<tournament_id>")
def board(tournament_id: str):
    """Show the board (Anzeigetafel): its kind's sections, the latest draw; no tokens."""
    answer = unchanged(current_tag, tournament_id)
    if answer is not None:
        return answer
    stored = load(tournament_id)
    kind = pages_of(stored)
    shown = context(stored, scores=True)
    shown.update(kind.on_board(stored, shown["t"], shown["draw"]))
    # For htmx only the board's live part, else the page with its QR code.
    if htmx:
        return tagged(render_template(kind.board, **shown), shown["etag"])
    # The board's QR code opens a player's own view: pick your name once, see your seat.
    pick_url = url_for("tournament.pick", tournament_id=stored.id, _external=True)
    shown["board_qr"] = qr_svg(pick_url, _("Wo sitze ich? Link zur eigenen Ansicht"))
    return tagged(render_template("tournament/board.html", **shown), shown["etag"])


def redrawn_table(sheet_id: str) -> str | None:
    """Render the page an old table card's link opens once its draw was drawn anew: the
    board is where to look now (None: the sheet was never such a table)."""
    gone = tournaments.redrawn(store.get_db(), sheet_id)
    if gone is None:
        return None
    # A table card's phone goes on to its table's new sheet (the card is the evening's).
    held = rights.tables_held(gone.tournament)
    follow = (
        url_for("tournament.table", tournament_id=gone.tournament, number=held[0]) if held else None
    )
    return render_template(
        "tournament/redrawn.html", tournament=gone.tournament, draw=gone.draw, follow=follow
    )
