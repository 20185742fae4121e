"""The organiser's steps: register players, withdraw or reinstate one, draw, redraw, end.

Each is a POST through its use case (`services.tournaments`), answered Post/Redirect/Get to
the organiser's page with what was done, or the page again with why the tournament refuses
it (the refusal map's status, by the pages' error handler); a step that cannot simply be
undone asks first on a page of its own (GET).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from flask import abort, g, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext

from bauerblock import store
from bauerblock.services import tournaments as service
from bauerblock.tournament import bp
from bauerblock.tournament.context import context, load
from bauerblock.tournament.forms import DUPLICATES, duplicates, duplicates_status, read_names
from bauerblock.tournament.organiser import back, organiser_page, reshow_refused
from bauerblock.web import rights
from bauerblock.web.guards import limited

# What the organiser's page says after the step, the player's name put in.
WITHDRAWN = lazy_gettext("%(name)s ist abgemeldet.")
REINSTATED = lazy_gettext("%(name)s spielt wieder mit.")

if TYPE_CHECKING:
    from bauerblock.store.tournaments import Stored


@limited("RATELIMIT_WRITES")
@bp.post("/t/<tournament_id>/players")
def add_players(tournament_id: str):
    """Register the names typed or pasted, one a line (late entries join the next draw).

    A name twice (in the list or on the roster, ignoring case and repeated spaces)
    registers nobody: the list comes back as typed, its duplicate lines named (409 for a
    name on the roster, 422 for one twice in the list alone: the refusal map's statuses).
    """
    stored = load(tournament_id)
    token = rights.ORGANISER.require(stored)
    reshow_refused(stored, token, "names", request.form)
    stored.check_roster()  # a kind whose entrants are fixed refuses before names are read
    errors: dict[str, str] = {}
    names = read_names(request.form.get("names", ""), "names", errors)
    if not names and not errors:
        errors["names"] = _("Schreib mindestens einen Namen.")
    twice = duplicates(stored.named, request.form.get("names", ""))
    status = 422
    if twice and not errors:
        errors["names"] = str(DUPLICATES)
        status = duplicates_status(twice)
    if errors:
        return organiser_page(
            stored, token, errors=errors, values=request.form, duplicates=twice, status=status
        )
    # One transaction, one key: a form sent twice registers its names once, and a name
    # refused half-way registers none of them.
    service.enter(store.get_db(), stored.id, names, idempotency_key=_key())
    return back(stored.id, _("%(n)s angemeldet.", n=len(names)))


@limited("RATELIMIT_WRITES")
@bp.route("/t/<tournament_id>/players/<int:number>/withdraw", methods=["GET", "POST"])
def withdraw(tournament_id: str, number: int):
    """Ask before withdrawing a player (GET), then withdraw them from the next draw (POST)."""
    stored = load(tournament_id)
    token = rights.ORGANISER.require(stored)
    player = stored.player(number)  # None too for a kind with no players (a Paarturnier)
    if player is None:
        abort(404)
    if request.method == "GET":
        shown = context(stored)
        return render_template("tournament/withdraw.html", **shown, player=player)
    return _change_player(stored, token, number, service.withdraw, WITHDRAWN)


@limited("RATELIMIT_WRITES")
@bp.post("/t/<tournament_id>/players/<int:number>/reinstate")
def reinstate(tournament_id: str, number: int):
    """Take a withdrawal back: the player plays again from the next draw on."""
    stored = load(tournament_id)
    token = rights.ORGANISER.require(stored)
    return _change_player(stored, token, number, service.reinstate, REINSTATED)


def _change_player(
    stored: Stored,
    token: str,
    number: int,
    change: Callable[..., service.Roster],
    notice: str,
):
    """Withdraw or reinstate a player and say so (`notice` names them)."""
    reshow_refused(stored, token)
    changed = change(store.get_db(), stored.id, number, idempotency_key=_key())
    return back(stored.id, str(notice) % {"name": changed.player.name})


@limited("RATELIMIT_WRITES", by_sheets=True)
@bp.post("/t/<tournament_id>/draws")
def draw_next(tournament_id: str):
    """Draw the next draw: its tables and byes are on the page at once."""
    stored = load(tournament_id)
    token = rights.ORGANISER.require(stored)
    reshow_refused(stored, token)
    made = service.draw(store.get_db(), stored.id, token, idempotency_key=_key())
    return _drawn(stored.id, made, _("Auslosung %(n)s ist gelost.", n=made.number))


@limited("RATELIMIT_WRITES", by_sheets=True)
@bp.route("/t/<tournament_id>/draws/<int:number>/redo", methods=["GET", "POST"])
def redo(tournament_id: str, number: int):
    """Ask before drawing the latest draw again (GET), then do it (POST): no table has a game."""
    stored = load(tournament_id)
    token = rights.ORGANISER.require(stored)
    if request.method == "GET":
        shown = context(stored, number=number)
        return render_template("tournament/redo.html", **shown)
    reshow_refused(stored, token)
    # One transaction: a new draw that cannot be drawn keeps the old one.
    made = service.redraw(store.get_db(), stored.id, number, token, idempotency_key=_key())
    return _drawn(stored.id, made, _("Auslosung %(n)s ist neu gelost.", n=made.number))


def _drawn(tournament_id: str, made: service.DrawResult, notice: str):
    """Charge a draw's tables' sheets to the rate limit and say what was drawn."""
    g.sheets_made = made.sheets  # the rate limit's charge (limited by_sheets)
    return back(tournament_id, notice)


@limited("RATELIMIT_WRITES")
@bp.route("/t/<tournament_id>/draws/<int:number>/end", methods=["GET", "POST"])
def end_draw(tournament_id: str, number: int):
    """Ask before ending a draw early (GET), then end it (POST): open rounds count for nobody."""
    stored = load(tournament_id)
    token = rights.ORGANISER.require(stored)
    if request.method == "GET":
        shown = context(stored, number=number, scores=True)
        return render_template("tournament/end.html", **shown)
    reshow_refused(stored, token)
    service.end_draw(store.get_db(), stored.id, number, token, idempotency_key=_key())
    return back(stored.id, _("Auslosung %(n)s ist beendet.", n=number))


def _key() -> str | None:
    """Return the form's idempotency key (None: the form sent none)."""
    return request.form.get("key") or None
