"""The organiser's steps: register players, withdraw or reinstate one, draw, redraw, end.

Each is a POST through its use case (`services.tournaments`), answered Post/Redirect/Get to
the organiser's page with what was done, or the page again with why the tournament refuses
it (the refusal map's status, by the pages' error handler); a step that cannot simply be
undone asks first on a page of its own (GET).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from flask import Response, abort, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext

from bauerblock import store
from bauerblock.engine.errors import Refusal
from bauerblock.engine.tournament import DuplicateName
from bauerblock.exports.common import ORGANISER_NAMES
from bauerblock.services import tournaments as service
from bauerblock.tournament import bp
from bauerblock.tournament.context import context, load
from bauerblock.tournament.forms import DUPLICATES, duplicates, duplicates_status, read_names
from bauerblock.tournament.organiser import (
    back,
    organiser_page,
    refused_page,
    reshow_refused,
    step_right,
)
from bauerblock.web import rights
from bauerblock.web.errors import on_refusal
from bauerblock.web.forms import posted_key
from bauerblock.web.guards import charge, limited

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
    The tournament is read once: by the step, or to show a list refused as typed (or
    refused by the step) against the roster.
    """
    token = rights.ORGANISER.require(rights.Lock(tournament_id))
    text = request.form.get("names", "")
    errors: dict[str, str] = {}
    names = read_names(text, "names", errors)
    if not names and not errors:
        errors["names"] = _("Schreib mindestens einen Namen.")
    if errors or duplicates(lambda name: None, text):
        return _names_refused(load(tournament_id, ORGANISER_NAMES), token, errors)

    def show(error: Refusal) -> Response | None:
        if isinstance(error, DuplicateName):  # a name the roster has: every such line named
            return _names_refused(load(tournament_id, ORGANISER_NAMES), token, {})
        return refused_page(
            lambda: load(tournament_id, ORGANISER_NAMES), token, error, "names", request.form
        )

    on_refusal(show)
    # One transaction, one key: a form sent twice registers its names once, and a name
    # refused half-way registers none of them.
    service.enter(store.get_db(), tournament_id, names, idempotency_key=posted_key(request.form))
    return back(tournament_id, _("%(n)s angemeldet.", n=len(names)))


def _names_refused(stored: Stored, token: str, errors: dict[str, str]) -> Response:
    """Show the organiser's page with the list of names as typed, why it is refused and its
    lines whose names are on the roster or on an earlier line."""
    reshow_refused(lambda: stored, token, "names", request.form)
    stored.check_roster()  # a kind whose entrants are fixed refuses before names are read
    twice = duplicates(stored.named, request.form.get("names", ""))
    status = 422
    if twice and not errors:
        errors["names"] = str(DUPLICATES)
        status = duplicates_status(twice)
    return organiser_page(
        stored, token, errors=errors, values=request.form, duplicates=twice, status=status
    )


@limited("RATELIMIT_WRITES")
@bp.route("/t/<tournament_id>/players/<int:number>/withdraw", methods=["GET", "POST"])
def withdraw(tournament_id: str, number: int):
    """Ask before withdrawing a player (GET), then withdraw them from the next draw (POST;
    no such player: 404, by the step)."""
    if request.method == "POST":
        return _change_player(tournament_id, number, service.withdraw, WITHDRAWN)
    stored = load(tournament_id, ORGANISER_NAMES)
    rights.ORGANISER.require(stored)
    player = stored.player(number)  # None too for a kind with no players (a Paarturnier)
    if player is None:
        abort(404)
    return render_template("tournament/withdraw.html", **context(stored), player=player)


@limited("RATELIMIT_WRITES")
@bp.post("/t/<tournament_id>/players/<int:number>/reinstate")
def reinstate(tournament_id: str, number: int):
    """Take a withdrawal back: the player plays again from the next draw on."""
    return _change_player(tournament_id, number, service.reinstate, REINSTATED)


def _change_player(
    tournament_id: str,
    number: int,
    change: Callable[..., service.Roster],
    notice: str,
):
    """Withdraw or reinstate a player and say so (`notice` names them)."""
    step_right(tournament_id)
    changed = change(
        store.get_db(), tournament_id, number, idempotency_key=posted_key(request.form)
    )
    return back(tournament_id, str(notice) % {"name": changed.player.name})


@limited("RATELIMIT_WRITES", charged=True)
@bp.post("/t/<tournament_id>/draws")
def draw_next(tournament_id: str):
    """Draw the next draw: its tables and byes are on the page at once (the tournament read
    once, in the step's transaction)."""
    token = step_right(tournament_id)
    made = service.draw(
        store.get_db(), tournament_id, token, idempotency_key=posted_key(request.form)
    )
    return _drawn(tournament_id, made, _("Auslosung %(n)s ist gelost.", n=made.number))


@limited("RATELIMIT_WRITES", charged=True)
@bp.route("/t/<tournament_id>/draws/<int:number>/redo", methods=["GET", "POST"])
def redo(tournament_id: str, number: int):
    """Ask before drawing the latest draw again (GET), then do it (POST): no table has a game."""
    if request.method == "GET":
        stored = load(tournament_id, ORGANISER_NAMES)
        rights.ORGANISER.require(stored)
        return render_template("tournament/redo.html", **context(stored, number=number))
    token = step_right(tournament_id)
    # One transaction: a new draw that cannot be drawn keeps the old one.
    made = service.redraw(
        store.get_db(), tournament_id, number, token, idempotency_key=posted_key(request.form)
    )
    return _drawn(tournament_id, made, _("Auslosung %(n)s ist neu gelost.", n=made.number))


def _drawn(tournament_id: str, made: service.DrawResult, notice: str):
    """Charge a draw's tables' sheets to the rate limit and say what was drawn."""
    charge(made.sheets)  # the rate limit's charge (limited charged)
    return back(tournament_id, notice)


@limited("RATELIMIT_WRITES")
@bp.route("/t/<tournament_id>/draws/<int:number>/end", methods=["GET", "POST"])
def end_draw(tournament_id: str, number: int):
    """Ask before ending a draw early (GET), then end it (POST): open rounds count for nobody."""
    if request.method == "GET":
        stored = load(tournament_id, ORGANISER_NAMES)
        rights.ORGANISER.require(stored)
        shown = context(stored, number=number, scores=True)
        return render_template("tournament/end.html", **shown)
    step_right(tournament_id)
    service.end_draw(
        store.get_db(), tournament_id, number, idempotency_key=posted_key(request.form)
    )
    return back(tournament_id, _("Auslosung %(n)s ist beendet.", n=number))
