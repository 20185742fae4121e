"""A table's card for the evening: its link opens the table's sheet of the current draw, and
the phone holding it follows the table from draw to draw, as
docs/rules.md section 4, "Tables keep their number, their card and their phone" says.

The card's link (`/t/<id>/tables/<n>/<token>`) grants this phone the table's right once and
goes on to the table's own address, which opens the current draw's sheet at that number
(the sheet takes the card's token as its own) or says the table is empty in this draw; the
organiser reprints a lost card from the organiser's page (`reprint`).
"""

from __future__ import annotations

from flask import (
    Response,
    abort,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _

from bauerblock import store
from bauerblock.services import tables as service
from bauerblock.store import tournaments
from bauerblock.tournament import bp
from bauerblock.tournament.context import load
from bauerblock.tournament.organiser import step_right
from bauerblock.web import rights
from bauerblock.web.forms import posted_key
from bauerblock.web.guards import limited
from bauerblock.web.pages import POLL_SECONDS, htmx


@bp.get("/t/<tournament_id>/tables/<int:number>/<token>")
def card(tournament_id: str, number: int, token: str):
    """Open a table's card: keep the table's right on this phone, then go to the table."""
    db = store.get_db()
    if not tournaments.check_card(db, tournament_id, number, token):
        load(tournament_id)  # an unknown tournament is 404 before a word about cards
        abort(403)
    rights.TABLE.grant(rights.table_item(tournament_id, number), token)
    # Off the address bar, out of the history: the right is in the session now.
    return redirect(url_for("tournament.table", tournament_id=tournament_id, number=number), 303)


@bp.get("/t/<tournament_id>/tables/<int:number>")
def table(tournament_id: str, number: int):
    """Open the table's sheet of the current draw (its phone's pad), or say the table is
    empty in this draw; polled by that page, it goes on to the sheet once one is drawn."""
    token = rights.TABLE.held(rights.Lock(rights.table_item(tournament_id, number)))
    if token is None and rights.ORGANISER.held(rights.Lock(tournament_id)) is None:
        load(tournament_id)
        abort(403)
    now = service.table(store.get_db(), tournament_id, number).now
    if now.sheet_id is not None:
        if token is not None:
            # The sheet's own right, from the card: its token is the sheet's edit token.
            rights.SHEET.grant(now.sheet_id, token)
        target = url_for("scoresheet.edit", sheet_id=now.sheet_id)
        if htmx:
            answer = make_response("", 200)
            answer.headers["HX-Redirect"] = target
            return answer
        return redirect(target, 303)
    if htmx:
        return Response(status=204)  # still empty: the page stays as it is
    stored = load(tournament_id)
    return render_template(
        "tournament/table_free.html",
        t=stored,
        number=number,
        draw=now.draw,
        poll=POLL_SECONDS,
        self_url=request.path,
    )


@limited("RATELIMIT_WRITES")
@bp.post("/t/<tournament_id>/tables/reprint")
def reprint(tournament_id: str):
    """Print one lost table card anew: a new token for the table, the old card opens nothing
    more; then show that card to print."""
    token = step_right(tournament_id)
    number = request.form.get("table", "")
    if not number.isdigit() or not 1 <= int(number) <= 999:
        abort(400)
    made = service.reprint(
        store.get_db(),
        tournament_id,
        token,
        int(number),
        idempotency_key=posted_key(request.form),
    )
    session["tournament_notice"] = _(
        "Tischkarte %(n)s ist neu: die alte gilt nicht mehr.", n=int(number)
    )
    # Back to the cards, the new one among them, to print it.
    latest = made.now.draw or 1  # a card exists only once a draw seated its table
    return redirect(url_for("tournament.cards", tournament_id=tournament_id, number=latest), 303)
