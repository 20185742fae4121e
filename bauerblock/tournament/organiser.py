"""The organiser's page (Turnierleitung): where the evening stands and what may be done next.

The organiser's right comes with the organiser link (its token, kept in the session); the
page's live part (the latest draw) is polled by htmx and answered 304 while unchanged.
The steps it offers are in `tournament.steps`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from flask import Response, abort, redirect, render_template, session, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from bauerblock import store
from bauerblock.engine.errors import NotFound, Refusal, StateConflict
from bauerblock.exports.common import ORGANISER_NAMES
from bauerblock.store import tournaments
from bauerblock.tournament import bp
from bauerblock.tournament.context import context, load, organiser_tag
from bauerblock.tournament.kinds import SheetLinks, pages_of, refused
from bauerblock.web import rights
from bauerblock.web.errors import on_refusal
from bauerblock.web.forms import new_key
from bauerblock.web.pages import htmx, tagged, unchanged
from bauerblock.web.qr import qr_svg
from bauerblock.web.refusals import player_message

if TYPE_CHECKING:
    from werkzeug.wrappers import Response as Redirect

    from bauerblock.store.tournaments import Stored


@bp.get("/t/<tournament_id>/organiser")
@bp.get("/t/<tournament_id>/organiser/<token>")
def organiser(tournament_id: str, token: str | None = None):
    """Show the organiser's page; the organiser link's token is kept in the session."""
    if token is not None:
        stored = load(tournament_id, ORGANISER_NAMES)
        if not tournaments.check_token(store.get_db(), stored.id, token):
            abort(403)
        rights.ORGANISER.grant(stored.id, token)
        # Off the address bar, out of the history: the right is in the session now.
        return redirect(url_for("tournament.organiser", tournament_id=stored.id), 303)
    # The right is checked before a 304: a phone that lost it gets the refusal.
    answer = unchanged(organiser_tag, tournament_id)
    if answer is not None:
        return answer
    stored = load(tournament_id, ORGANISER_NAMES)
    return organiser_page(stored, rights.ORGANISER.require(stored))


def organiser_page(
    stored: Stored,
    token: str,
    *,
    errors: Mapping[str, str] | None = None,
    values: Mapping[str, str] | None = None,
    duplicates: list[dict[str, Any]] | None = None,
    notice: str = "",
    draw_error: str = "",
    status: int = 200,
) -> Response:
    """Render the organiser's page, or for htmx only its live part (the latest draw)."""

    tokens = tournaments.sheet_tokens(store.get_db(), stored.id, token)
    carded = tournaments.card_numbers(store.get_db(), stored.id)
    latest = max((draw for draw, _number in stored.tables), default=0)
    current = {
        row.sheet_id: row.number
        for row in stored.tables.values()
        if row.draw == latest and row.number in carded
    }

    def links(sheet_id: str) -> SheetLinks:
        # The current draw's tables open by their card, so the phone follows its table.
        edit = (
            url_for(
                "tournament.card",
                tournament_id=stored.id,
                number=current[sheet_id],
                token=tokens[sheet_id],
            )
            if sheet_id in current
            else url_for("scoresheet.edit", sheet_id=sheet_id, token=tokens[sheet_id])
        )
        return SheetLinks(
            edit=edit,
            # Without the table's token: this session's organiser right corrects it.
            correct=url_for("scoresheet.edit", sheet_id=sheet_id),
            view=url_for("scoresheet.view", sheet_id=sheet_id),
        )

    shown = context(stored, scores=True, links=links)
    t, draw = shown["t"], shown["draw"]
    games = {table.number: table.played for table in draw.tables} if draw else {}
    finished = t.finished
    kind = pages_of(stored)
    # The latest draw is drawn anew while its stored kind allows it (the kind may say else).
    shown["can_redo"] = (
        draw is not None
        and not draw.ended
        and not finished
        and refused(stored.check_redo, draw.number, games) is None
    )
    shown.update(kind.next_steps(stored, t, draw, games))
    shown.update(
        can_end=draw is not None and not draw.closed and not draw.finished,
        draw_error=draw_error,
        errors=errors or {},
        values=values if values is not None else MultiDict(),
        duplicates=duplicates or [],
        notice=notice or session.pop("tournament_notice", ""),
        key=new_key(),
        links=True,
        finished=finished,
        # During play the roster folds away: the tables come first.
        playing=draw is not None and not finished,
        # Tables still playing first: those are the ones the organiser looks for.
        tables_in_order=sorted(draw.tables, key=lambda table: table.finished) if draw else [],
        earlier=t.draws[:-1],
        corrections=t.corrections,
    )
    if htmx and not errors:
        return tagged(render_template(kind.live, **shown), shown["etag"], status)
    url = url_for("tournament.organiser", tournament_id=stored.id, token=token, _external=True)
    shown["organiser_url"] = url
    shown["organiser_qr"] = qr_svg(url, _("Link der Turnierleitung"))
    return tagged(render_template(kind.organiser, **shown), shown["etag"], status)


def reshow_refused(
    read: Callable[[], Stored],
    token: str,
    field: str | None = None,
    values: Mapping[str, str] | None = None,
) -> None:
    """Have a refusal of the step the view takes next answered by the organiser's page
    (`refused_page`) with the tournament as `read` returns it (as the view read it, or read
    now for a view that left the reading to its step); the status is the refusal map's,
    set by the pages' error handler."""
    on_refusal(lambda error: refused_page(read, token, error, field, values))


def refused_page(
    read: Callable[[], Stored],
    token: str,
    error: Refusal,
    field: str | None = None,
    values: Mapping[str, str] | None = None,
) -> Response | None:
    """Return the organiser's page saying why a step was refused: the words beside the
    form's `field` for its input, above the draw for the state (None for a player or draw
    that does not exist: the error page). A refusal changes nothing: the page shows the
    tournament `read` returns."""
    if isinstance(error, NotFound):
        return None
    words = player_message(error)
    if field is not None and not isinstance(error, StateConflict):
        return organiser_page(read(), token, errors={field: words}, values=values)
    return organiser_page(read(), token, draw_error=words)


def step_right(tournament_id: str) -> str:
    """Return the organiser's token for a step that reads the tournament only in its own
    transaction (or refuse the request: 403, 404 for an unknown tournament); on a refusal
    of the step the organiser's page reads it once."""
    token = rights.ORGANISER.require(rights.Lock(tournament_id))
    reshow_refused(lambda: load(tournament_id, ORGANISER_NAMES), token)
    return token


def back(tournament_id: str, notice: str) -> Redirect:
    """Answer a write: Post/Redirect/Get to the organiser's page, saying what was done."""
    session["tournament_notice"] = notice
    return redirect(url_for("tournament.organiser", tournament_id=tournament_id), 303)
