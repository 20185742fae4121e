"""The organiser's steps: register players, withdraw or reinstate one, draw, redraw, end.

Each is a POST answered Post/Redirect/Get to the organiser's page with what was done, or
the page again with why the tournament refuses it (409 for the state, 422 for the input);
a step that cannot simply be undone asks first on a page of its own (GET).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from flask import abort, g, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext

from bauerblock import store
from bauerblock.engine.errors import RuleError
from bauerblock.engine.tournament import Player, StateConflict
from bauerblock.engine.tournament.progress import PlayerNotFound
from bauerblock.store import tournaments
from bauerblock.store.errors import DrawNotFound
from bauerblock.store.tournaments import pairs as tournament_pairs
from bauerblock.store.tournaments.pairs import StoredPairs
from bauerblock.tournament import bp
from bauerblock.tournament.context import context, load
from bauerblock.tournament.forms import DUPLICATES, duplicates, duplicates_status, read_names
from bauerblock.tournament.organiser import back, organiser_page, refused
from bauerblock.web import rights
from bauerblock.web.refusals import player_message

# What the organiser's page says after the step, the player's name put in.
WITHDRAWN = lazy_gettext("%(name)s ist abgemeldet.")
REINSTATED = lazy_gettext("%(name)s spielt wieder mit.")

if TYPE_CHECKING:
    from sqlite_utils import Database

    from bauerblock.store.tournaments import Drawn, Stored


@bp.post("/t/<tournament_id>/players")
def add_players(tournament_id: str):
    """Register the names typed or pasted, one a line (late entries join the next draw).

    A name twice (in the list or on the roster, ignoring case and repeated spaces)
    registers nobody: the list comes back as typed, its duplicate lines named (409 for a
    name on the roster, 422 for one twice in the list alone: the refusal map's statuses).
    """
    stored = load(tournament_id)
    token = rights.ORGANISER.require(stored)
    if isinstance(stored, StoredPairs):
        return _pairs_fixed(stored, token)
    errors: dict[str, str] = {}
    names = read_names(request.form.get("names", ""), "names", errors)
    if not names and not errors:
        errors["names"] = _("Schreib mindestens einen Namen.")
    twice = duplicates(stored.tournament, request.form.get("names", ""))
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
    try:
        tournaments.add_players(
            store.get_db(), stored.id, names, idempotency_key=request.form.get("key") or None
        )
    except StateConflict as error:
        return refused(stored, token, player_message(error), 409)
    except (RuleError, store.IdempotencyConflict) as error:
        stored = load(tournament_id)
        errors["names"] = player_message(error)
        return organiser_page(stored, token, errors=errors, values=request.form, status=422)
    return back(stored.id, _("%(n)s angemeldet.", n=len(names)))


def _pairs_fixed(stored: StoredPairs, token: str):
    """Refuse names for a Paarturnier (409): its pairs are fixed when it is created."""
    try:
        tournament_pairs.refuse_players()
    except StateConflict as error:
        return refused(stored, token, player_message(error), 409)
    raise AssertionError("a Paarturnier takes no players")


@bp.route("/t/<tournament_id>/players/<int:number>/withdraw", methods=["GET", "POST"])
def withdraw(tournament_id: str, number: int):
    """Ask before withdrawing a player (GET), then withdraw them from the next draw (POST)."""
    stored = load(tournament_id)
    token = rights.ORGANISER.require(stored)
    if isinstance(stored, StoredPairs):
        abort(404)  # a Paarturnier has pairs, fixed, and no players to withdraw
    player = stored.tournament.player(number)
    if player is None:
        abort(404)
    if request.method == "GET":
        shown = context(stored, tournaments.document(stored))
        return render_template("tournament/withdraw.html", **shown, player=player)
    return _change_player(stored, token, number, tournaments.withdraw_player, WITHDRAWN)


@bp.post("/t/<tournament_id>/players/<int:number>/reinstate")
def reinstate(tournament_id: str, number: int):
    """Take a withdrawal back: the player plays again from the next draw on."""
    stored = load(tournament_id)
    token = rights.ORGANISER.require(stored)
    return _change_player(stored, token, number, tournaments.reinstate_player, REINSTATED)


def _change_player(
    stored: Stored,
    token: str,
    number: int,
    change: Callable[[Database, str, int], Player],
    notice: str,
):
    """Withdraw or reinstate a player; say so (`notice` names them), or why the tournament
    refuses it (409)."""
    try:
        player = change(store.get_db(), stored.id, number)
    except PlayerNotFound:
        abort(404)
    except StateConflict as error:
        return refused(stored, token, player_message(error), 409)
    return back(stored.id, str(notice) % {"name": player.name})


@bp.post("/t/<tournament_id>/draws")
def draw_next(tournament_id: str):
    """Draw the next draw: its tables and byes are on the page at once."""
    stored = load(tournament_id)
    token = rights.ORGANISER.require(stored)
    return _drawn(
        stored,
        token,
        lambda: tournaments.draw_next(
            store.get_db(), stored.id, token, idempotency_key=request.form.get("key") or None
        )[1],
        lambda n: _("Auslosung %(n)s ist gelost.", n=n),
    )


@bp.route("/t/<tournament_id>/draws/<int:number>/redo", methods=["GET", "POST"])
def redo(tournament_id: str, number: int):
    """Ask before drawing the latest draw again (GET), then do it (POST): no table has a game."""
    stored = load(tournament_id)
    token = rights.ORGANISER.require(stored)
    if request.method == "GET":
        shown = context(stored, tournaments.document(stored), number=number)
        return render_template("tournament/redo.html", **shown)
    # One transaction: a new draw that cannot be drawn keeps the old one.
    return _drawn(
        stored,
        token,
        lambda: tournaments.redraw(
            store.get_db(),
            stored.id,
            number,
            token,
            idempotency_key=request.form.get("key") or None,
        )[1],
        lambda n: _("Auslosung %(n)s ist neu gelost.", n=n),
    )


def _drawn(stored: Stored, token: str, draw: Callable[[], Drawn], notice: Callable[[int], str]):
    """Make a draw (`draw`), charge its tables' sheets and say so; or show why the tournament
    refuses it: 409 for its state, 422 for too few players (404: no such draw to redo)."""
    try:
        made = draw()
    except DrawNotFound:
        abort(404)
    except StateConflict as error:
        return refused(stored, token, player_message(error), 409)
    except RuleError as error:
        return refused(stored, token, player_message(error), 422)
    g.sheets_made = made.sheets  # the rate limit's charge (guards.CHARGED_BY_SHEETS)
    return back(stored.id, notice(made.number))


@bp.route("/t/<tournament_id>/draws/<int:number>/end", methods=["GET", "POST"])
def end_draw(tournament_id: str, number: int):
    """Ask before ending a draw early (GET), then end it (POST): open rounds count for nobody."""
    stored = load(tournament_id)
    token = rights.ORGANISER.require(stored)
    if request.method == "GET":
        shown = context(stored, tournaments.document(stored), number=number, scores=True)
        return render_template("tournament/end.html", **shown)
    try:
        tournaments.end_draw(store.get_db(), stored.id, number)
    except StateConflict as error:
        return refused(stored, token, player_message(error), 409)
    return back(stored.id, _("Auslosung %(n)s ist beendet.", n=number))
