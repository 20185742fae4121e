"""Every player's phone: from the board's QR code a player picks their name once, then the
phone shows where they sit in the current draw (table, seat, partner, opponents, or the
bye), their points and place, live, and the next draw as soon as it is made. It writes
nothing and needs no right; polled as the board is (304 while nothing changed).
"""

from __future__ import annotations

from flask import abort, redirect, render_template, request, session, url_for

from bauerblock.engine.errors import NotFound
from bauerblock.tournament import bp
from bauerblock.tournament.context import context, current_tag, load
from bauerblock.tournament.kinds import pages_of
from bauerblock.web.pages import htmx, tagged, unchanged

PICKED = "seats"
"""The session's key of the player each tournament's phone picked, by tournament id."""
MOST_PICKED = 8
"""The most tournaments a phone keeps its pick for."""


@bp.get("/t/<tournament_id>/me")
def pick(tournament_id: str):
    """Let a player pick their name (or number) once; a phone that picked goes on to it."""
    picked = session.get(PICKED, {}).get(tournament_id)
    if isinstance(picked, int) and "change" not in request.args:
        return redirect(url_for("tournament.seat", tournament_id=tournament_id, number=picked))
    stored = load(tournament_id)
    shown = context(stored)
    return render_template("tournament/pick.html", **shown)


@bp.get("/t/<tournament_id>/players/<int:number>")
def seat(tournament_id: str, number: int):
    """Show a player's seat in the current draw, live (htmx polls only its part)."""
    answer = unchanged(current_tag, tournament_id)
    if answer is not None:
        return answer
    stored = load(tournament_id)
    try:
        where = stored.seat(number)
    except NotFound:
        abort(404)
    if not htmx:
        picks = {k: v for k, v in session.get(PICKED, {}).items() if k != tournament_id}
        session[PICKED] = dict([(tournament_id, number), *list(picks.items())[: MOST_PICKED - 1]])
        session.permanent = True
    seen = request.args.get("seen", "")
    shown = context(stored)
    tells = pages_of(stored).tells
    told, stakes = (None, None) if where.outlook is None or tells is None else tells(where.outlook)
    shown.update(
        seat=where,
        told=told,
        stakes=stakes,
        # A poll from the page of an earlier draw: the new draw is news, said loudly.
        news=htmx and seen.isdigit() and where.draw is not None and int(seen) != where.draw,
    )
    return tagged(render_template("tournament/seat.html", **shown), shown["etag"])
