"""The organiser's page (Turnierleitung): where the evening stands and what may be done next.

The organiser's right comes with the organiser link (its token, kept in the session); the
page's live part (the latest draw) is polled by htmx and answered 304 while unchanged.
The steps it offers are in `tournament.steps`.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from flask import Response, abort, redirect, render_template, session, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from bauerblock import store
from bauerblock.engine.errors import NotFound, Refusal, RuleError
from bauerblock.engine.tournament import StateConflict, TooFewPlayers, check_next_draw, check_redo
from bauerblock.store import tournaments
from bauerblock.store.tournaments.pairs import StoredPairs
from bauerblock.tournament import bp
from bauerblock.tournament import pairs as pair_pages
from bauerblock.tournament.context import context, load, tagged, unchanged
from bauerblock.web import rights
from bauerblock.web.pages import htmx, on_refusal
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
        stored = load(tournament_id)
        if not tournaments.check_token(store.get_db(), stored.id, token):
            abort(403)
        rights.ORGANISER.grant(stored.id, token)
        # Off the address bar, out of the history: the right is in the session now.
        return redirect(url_for("tournament.organiser", tournament_id=stored.id), 303)
    # The right is checked before a 304: a phone that lost it gets the refusal.
    answer = unchanged(tournament_id, organiser=True)
    if answer is not None:
        return answer
    stored = load(tournament_id)
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
    t = tournaments.document(stored, token=token)
    shown = context(stored, t, scores=True)
    draw = shown["draw"]
    for made in t["draws"]:
        for table in made["tables"]:
            sheet_id = table["sheet"]["id"]
            table["sheet"]["links"] = {
                "edit": url_for(
                    "scoresheet.edit", sheet_id=sheet_id, token=table["sheet"]["edit_token"]
                ),
                # Without the table's token: this session's organiser right corrects it.
                "correct": url_for("scoresheet.edit", sheet_id=sheet_id),
                "view": url_for("scoresheet.view", sheet_id=sheet_id),
            }
    games = {table["number"]: table["played"] for table in draw["tables"]} if draw else {}
    finished = t["finished"]
    if isinstance(stored, StoredPairs):
        live, template = "tournament/_pairs_live.html", "tournament/pairs_organiser.html"
        can_draw, next_label = pair_pages.next_step(stored)
        shown.update(
            can_draw=can_draw,
            next_label=next_label,
            draw_hint="",
            can_redo=not finished and pair_pages.can_redo(stored, games),
            bracket=pair_pages.bracket_columns(stored, t),
            third=pair_pages.third_place(t),
            summary=pair_pages.summary(t, draw),
        )
    else:
        live, template = "tournament/_draw.html", "tournament/organiser.html"
        why_not = refusal(check_next_draw, stored.tournament, stored.rounds)
        shown.update(
            # The engine's own checks say which steps the buttons offer.
            can_draw=why_not is None,
            next_label=_("Auslosung %(n)s", n=len(t["draws"]) + 1),
            # Too few players is worth saying; a draw still playing shows its tables instead.
            draw_hint=player_message(why_not) if isinstance(why_not, TooFewPlayers) else "",
            can_redo=draw is not None
            and not draw["ended"]
            and not finished
            and refusal(check_redo, stored.tournament, draw["number"], games) is None,
            summary=_summary(t, draw),
            active_count=sum(player["active"] for player in t["players"]),
        )
    shown.update(
        can_end=draw is not None and not draw["closed"] and not draw["finished"],
        draw_error=draw_error,
        errors=errors or {},
        values=values if values is not None else MultiDict(),
        duplicates=duplicates or [],
        notice=notice or session.pop("tournament_notice", ""),
        key=uuid.uuid4().hex,
        links=True,
        finished=finished,
        # During play the roster folds away: the tables come first.
        playing=draw is not None and not finished,
        # Tables still playing first: those are the ones the organiser looks for.
        tables_in_order=sorted(draw["tables"], key=lambda table: table["finished"]) if draw else [],
        earlier=t["draws"][:-1],
        corrections=t["corrections"],
    )
    if htmx and not errors:
        return tagged(render_template(live, **shown), stored, status)
    url = url_for("tournament.organiser", tournament_id=stored.id, token=token, _external=True)
    shown["organiser_url"] = url
    shown["organiser_qr"] = qr_svg(url, _("Link der Turnierleitung"))
    return tagged(render_template(template, **shown), stored, status)


def _summary(t: dict[str, Any], draw: dict[str, Any] | None) -> str:
    """Return the line saying where the evening stands: "7 von 10 Tischen fertig · …"."""
    if draw is None:
        return _("%(n)s Spieler angemeldet", n=len(t["players"]))
    done = sum(1 for table in draw["tables"] if table["finished"])
    of_draws = _("Auslosung %(n)s von %(of)s", n=draw["number"], of=t["format"]["draws"])
    if t["finished"]:
        return _("Endstand") + " · " + of_draws
    tables = _("%(done)s von %(n)s Tischen fertig", done=done, n=len(draw["tables"]))
    return f"{tables} · {of_draws}"


def refusal(check: Callable[..., None], *args: Any) -> Refusal | None:
    """Return why the engine's `check` refuses a step now (None: it allows it)."""
    try:
        check(*args)
    except (StateConflict, RuleError) as error:
        return error
    return None


def reshow_refused(
    stored: Stored,
    token: str,
    field: str | None = None,
    values: Mapping[str, str] | None = None,
) -> None:
    """Have a refusal of the step the view takes next answered by the organiser's page as
    it is now (the status is the refusal map's, set by the pages' error handler): the
    words beside the form's `field` for its input, above the draw for the state; a refusal
    of a player or draw that does not exist by the error page."""

    def show(error: Refusal) -> Response | None:
        if isinstance(error, NotFound):
            return None
        words = player_message(error)
        now = load(stored.id)
        if field is not None and not isinstance(error, StateConflict):
            return organiser_page(now, token, errors={field: words}, values=values)
        return organiser_page(now, token, draw_error=words)

    on_refusal(show)


def back(tournament_id: str, notice: str) -> Redirect:
    """Answer a write: Post/Redirect/Get to the organiser's page, saying what was done."""
    session["tournament_notice"] = notice
    return redirect(url_for("tournament.organiser", tournament_id=tournament_id), 303)
