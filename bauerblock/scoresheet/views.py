"""The sheet's pages, read-only and to edit, and what the pad's writes show them by."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from flask import (
    Response,
    abort,
    g,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _

from bauerblock import store
from bauerblock.exports.cache import shown_sheet
from bauerblock.scoresheet import bp, render
from bauerblock.web import rights
from bauerblock.web.errors import found
from bauerblock.web.pages import gone_sheet, htmx, unchanged

if TYPE_CHECKING:
    from werkzeug.wrappers import Response as Redirect

S = TypeVar("S", bound=store.SheetHead)


@bp.get("/s/<sheet_id>")
def view(sheet_id: str):
    """Show the sheet read-only: no entry controls, no token."""
    answer = unchanged(render.current_tag, sheet_id)
    if answer is not None:
        return answer
    return _board(load_sheet(sheet_id), edit=False)


@bp.get("/s/<sheet_id>/edit")
@bp.get("/s/<sheet_id>/edit/<token>")
def edit(sheet_id: str, token: str | None = None):
    """Show the edit view; an edit link's token is checked once and kept in the session.

    The edit link answers with the page itself, not a redirect to it: on the QR code's phone
    a redirect is a round trip more before the pad works (two seconds on a slow network).
    The page takes the link off the address bar and out of the history as its scripts start
    (sheet.js), and sends no Referer (the Referrer-Policy): the right is in the session now.
    """
    token = token or request.args.get("token")
    # The right is checked before a 304: a phone that lost it gets the refusal, not "unchanged".
    answer = None if token is not None else unchanged(render.edit_tag, sheet_id)
    if answer is not None:
        return answer
    sheet = load_sheet(sheet_id)
    if token is not None:
        if not store.check_token(sheet, token):
            return _no_edit_right(sheet, _("Dieser Bearbeiten-Link stimmt nicht."))
        rights.SHEET.grant(sheet.id, token)
        # What the page links back to (its language switch) is its own address, never the link.
        g.address = url_for("scoresheet.edit", sheet_id=sheet.id)
    elif (follow := _follow_table(sheet)) is not None:
        return follow
    elif rights.SHEET.held(sheet) is None and not _organiser(sheet):
        return _no_edit_right(sheet, None)
    return _board(sheet, edit=True)


def _board(sheet: store.SheetHead, *, edit: bool):
    """Show the sheet's page (the list of sheets this phone opened keeps it), or for htmx
    the round or the older lines the address asks for; editing, with the undo a write left."""
    opened = render.opened(sheet, edit=edit, correction=edit and correcting(sheet))
    if opened is not None:
        return opened
    if not htmx:
        rights.SHEET.remember(sheet.id)
    undo = _pop_undo(sheet.id) if edit else None
    return sheet_page(sheet, edit=edit, undo=undo, **render.paged())


def load_sheet(sheet_id: str, load=store.load_head):
    """Return the sheet's head (or with `store.load_sheet`, every game), or answer 404."""
    return found_sheet(sheet_id, load(store.get_db(), sheet_id))


def found_sheet(sheet_id: str, sheet: S | None) -> S:
    """Return the sheet read, or answer 404.

    A sheet that is gone where another page package knows it (a tournament's table whose
    draw was drawn anew) answers 410 with that package's page, which says so.
    """
    if sheet is None:
        gone = gone_sheet(sheet_id)
        if gone is not None:
            abort(final(make_response(gone, 410)))
    # A forgotten player's number at their seat, in the page's language.
    return shown_sheet(found(sheet))


def final(response: Response) -> Response:
    """Mark a refusal no retry can change (a closed draw, a draw drawn anew) for the outbox."""
    response.headers["X-Refusal"] = "final"
    return response


def _follow_table(sheet: store.SheetHead) -> Response | Redirect | None:
    """Send a table card's phone on from a closed draw's sheet to its table's sheet of the
    current draw (None: stay): the card is the table's for the evening, no new scan."""
    place = sheet.tournament
    if place is None or place.get("closed_by") != "next_draw" or correcting(sheet):
        return None
    item = rights.table_item(place["id"], place["table"])
    if rights.TABLE.held(rights.Lock(item)) is None:
        return None
    if htmx:
        # The pad's poll: 410 has sheet.js load the page again, which goes on from here.
        return Response(status=410)
    return redirect(
        url_for("tournament.table", tournament_id=place["id"], number=place["table"]), 303
    )


def _organiser(sheet: store.SheetHead) -> bool:
    """Tell whether this session holds the organiser's right of the table's tournament."""
    place = sheet.tournament
    # The right checks its token against the tournament's id alone (a Lock): it is unread.
    return place is not None and rights.ORGANISER.held(rights.Lock(place["id"])) is not None


def correcting(sheet: store.SheetHead) -> bool:
    """Tell whether this session writes to the sheet as the organiser's correction.

    The organiser corrects a table whose pad this device does not hold, and any closed
    table; with the table's own right an open table is written as its phone writes.
    """
    place = sheet.tournament
    if place is None:
        return False
    # Both rights in one read: the organiser's of the tournament (unread: a Lock of its id)
    # and the phone's of the sheet.
    organiser, phone = rights.held_together(
        (rights.ORGANISER, rights.Lock(place["id"])), (rights.SHEET, sheet)
    )
    return organiser is not None and (phone is None or bool(place["closed"]))


def _no_edit_right(sheet: store.SheetHead, reason: str | None):
    message = reason or _("Eintragen geht nur über den Bearbeiten-Link dieses Blocks.")
    body = render_template("scoresheet/no_edit.html", sheet=sheet, message=message)
    return make_response(body, 403)


def _pop_undo(sheet_id: str) -> dict[str, Any] | None:
    undo = session.get("undo")
    if isinstance(undo, dict) and undo.get("sheet") == sheet_id:
        session.pop("undo")
        return {k: undo[k] for k in ("number", "version", "what") if k in undo}
    return None


def sheet_page(sheet: store.SheetHead, *, edit: bool, **options: Any):
    """Render the sheet (the page, or the board for htmx) with the edit link if editing."""
    token = rights.SHEET.held(sheet) if edit and not htmx else None
    correction = edit and correcting(sheet)
    return render.sheet_response(
        sheet, edit=edit, edit_token=token, correction=correction, **options
    )
