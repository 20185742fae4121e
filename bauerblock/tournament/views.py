"""The tournament pages' routes: create, organise, draw, table cards, the board, results."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from typing import Any

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
from werkzeug.datastructures import MultiDict

from bauerblock import exports, store
from bauerblock.engine.errors import RuleError
from bauerblock.engine.games import sheet_game
from bauerblock.engine.tournament import (
    StateConflict,
    Tiebreak,
    TooFewPlayers,
    check_next_draw,
    check_redo,
)
from bauerblock.engine.tournament.progress import PlayerNotFound
from bauerblock.scoresheet.messages import player_message
from bauerblock.store import tournaments
from bauerblock.store.errors import DrawNotFound
from bauerblock.tournament import bp
from bauerblock.tournament.forms import (
    DEFAULTS,
    MAX_DRAWS,
    MAX_ROUNDS_PER_DRAW,
    read_names,
    read_new_tournament,
)
from bauerblock.web import pages, responses, rights
from bauerblock.web.forms import TOGGLES
from bauerblock.web.pages import POLL_SECONDS, htmx
from bauerblock.web.qr import qr_svg
from bauerblock.web.responses import POLL, not_modified

EXPORTS: dict[str, Callable[[tournaments.StoredTournament], bytes | str]] = {
    "pdf": exports.tournament_pdf,
    "csv": exports.tournament_csv,
}
RANKING_ROWS = 20
"""Rows of the ranking per column on a wide screen: 40 players fit a projector unscrolled."""


@bp.app_context_processor
def tournament_globals() -> dict[str, Any]:
    return {"tournament_title": _title_of}


# --- create ----------------------------------------------------------------------------


@bp.get("/t/new")
def new():
    """Show the "Neues Turnier" form."""
    return _new_page(MultiDict(), {})


@bp.post("/t")
def create():
    """Create a tournament from the form and open its organiser page."""
    new, errors = read_new_tournament(request.form)
    if new is None:
        return _new_page(request.form, errors, status=422)
    try:
        stored, token = tournaments.create_tournament(
            store.get_db(), title=new.title, rules=new.rules, players=new.players, format=new.format
        )
    except RuleError as error:
        return _new_page(request.form, {"form": player_message(error)}, status=422)
    rights.ORGANISER.grant(stored.id, token)
    return redirect(url_for("tournament.organiser", tournament_id=stored.id), 303)


def _new_page(values: Mapping[str, str], errors: Mapping[str, str], status: int = 200):
    body = render_template(
        "tournament/new.html",
        values=values,
        errors=errors,
        # The engine's bounds and defaults; blank Freilos points: the engine's for the rounds.
        bounds={
            "rounds_per_draw": (1, MAX_ROUNDS_PER_DRAW, DEFAULTS.rounds_per_draw),
            "draws": (1, MAX_DRAWS, DEFAULTS.draws),
            "bye_points": (0, MAX_ROUNDS_PER_DRAW, ""),
        },
        tiebreaks=[t.value for t in Tiebreak],
        game="bauerchen",
        presets=sheet_game("bauerchen").PRESETS,
        toggles=TOGGLES,
    )
    return make_response(body, status)


# --- the organiser ---------------------------------------------------------------------


@bp.get("/t/<tournament_id>/organiser")
@bp.get("/t/<tournament_id>/organiser/<token>")
def organiser(tournament_id: str, token: str | None = None):
    """Show the organiser's page; the organiser link's token is kept in the session."""
    if token is not None:
        stored = _load(tournament_id)
        if not tournaments.check_token(store.get_db(), stored.id, token):
            abort(403)
        rights.ORGANISER.grant(stored.id, token)
        # Off the address bar, out of the history: the right is in the session now.
        return redirect(url_for("tournament.organiser", tournament_id=stored.id), 303)
    # The right is checked before a 304: a phone that lost it gets the refusal.
    unchanged = _not_modified(tournament_id, organiser=True)
    if unchanged is not None:
        return unchanged
    stored = _load(tournament_id)
    return _organiser_page(stored, rights.ORGANISER.require(stored))


@bp.post("/t/<tournament_id>/players")
def add_players(tournament_id: str):
    """Register the names typed or pasted, one a line (late entries join the next draw)."""
    stored = _load(tournament_id)
    token = rights.ORGANISER.require(stored)
    errors: dict[str, str] = {}
    names = read_names(request.form.get("names", ""), "names", errors)
    if not names and not errors:
        errors["names"] = _("Schreib mindestens einen Namen.")
    if errors:
        return _organiser_page(stored, token, errors=errors, values=request.form, status=422)
    # One key per line of this form: a form sent twice registers its names once.
    key = request.form.get("key") or None
    db = store.get_db()
    try:
        for index, name in enumerate(names):
            tournaments.add_player(
                db, stored.id, name, idempotency_key=f"{key}-{index}" if key else None
            )
    except (RuleError, store.IdempotencyConflict) as error:
        stored = _load(tournament_id)
        errors["names"] = player_message(error) if isinstance(error, RuleError) else str(error)
        return _organiser_page(stored, token, errors=errors, values=request.form, status=422)
    return _back(stored.id, _("%(n)s angemeldet.", n=len(names)))


@bp.post("/t/<tournament_id>/players/<int:number>/withdraw")
def withdraw(tournament_id: str, number: int):
    """Withdraw a player from the next draw on (the points won stay)."""
    stored = _load(tournament_id)
    rights.ORGANISER.require(stored)
    try:
        player = tournaments.withdraw_player(store.get_db(), stored.id, number)
    except PlayerNotFound:
        abort(404)
    return _back(stored.id, _("%(name)s ist abgemeldet.", name=player.name))


@bp.post("/t/<tournament_id>/draws")
def draw_next(tournament_id: str):
    """Draw the next draw: its tables and byes are on the page at once."""
    stored = _load(tournament_id)
    token = rights.ORGANISER.require(stored)
    try:
        made = tournaments.draw_next(
            store.get_db(), stored.id, token, idempotency_key=request.form.get("key") or None
        )[1]
    except StateConflict as error:
        return _refused(stored, token, player_message(error), 409)
    except RuleError as error:
        return _refused(stored, token, player_message(error), 422)
    return _back(stored.id, _("Auslosung %(n)s ist gelost.", n=made.number))


@bp.post("/t/<tournament_id>/draws/<int:number>/redo")
def redo(tournament_id: str, number: int):
    """Draw the latest draw again, while none of its tables has a game."""
    stored = _load(tournament_id)
    token = rights.ORGANISER.require(stored)
    db = store.get_db()
    try:
        tournaments.redo_draw(db, stored.id, number)
        made = tournaments.draw_next(db, stored.id, token)[1]
    except DrawNotFound:
        abort(404)
    except StateConflict as error:
        return _refused(_load(stored.id), token, player_message(error), 409)
    except RuleError as error:
        return _refused(_load(stored.id), token, player_message(error), 422)
    return _back(stored.id, _("Auslosung %(n)s ist neu gelost.", n=made.number))


@bp.route("/t/<tournament_id>/draws/<int:number>/end", methods=["GET", "POST"])
def end_draw(tournament_id: str, number: int):
    """Ask before ending a draw early (GET), then end it (POST): open rounds count for nobody."""
    stored = _load(tournament_id)
    token = rights.ORGANISER.require(stored)
    if request.method == "GET":
        context = _context(stored, tournaments.document(stored), number=number, scores=True)
        return render_template("tournament/end.html", **context)
    try:
        tournaments.end_draw(store.get_db(), stored.id, number)
    except StateConflict as error:
        return _refused(stored, token, player_message(error), 409)
    return _back(stored.id, _("Auslosung %(n)s ist beendet.", n=number))


# --- table cards, the wall list --------------------------------------------------------


@bp.get("/t/<tournament_id>/draws/<int:number>/cards")
def cards(tournament_id: str, number: int):
    """Show the draw's table cards to print: each with the QR code of its table's pad."""
    stored = _load(tournament_id)
    token = rights.ORGANISER.require(stored)
    context = _context(stored, tournaments.document(stored), number=number)
    db = store.get_db()
    cards = []
    for table in context["draw"]["tables"]:
        sheet_id = table["sheet"]["id"]
        head = store.load_head(db, sheet_id)
        edit_url = url_for(
            "scoresheet.edit",
            sheet_id=sheet_id,
            token=tournaments.table_token(token, sheet_id),
            _external=True,
        )
        label = _("Block von Tisch %(n)s zum Eintragen", n=table["number"])
        cards.append(
            {
                "table": table,
                "edit_url": edit_url,
                "qr": qr_svg(edit_url, label),
                "first_dealer": head.first_dealer if head else 0,
            }
        )
    return render_template("tournament/cards.html", **context, cards=cards)


@bp.get("/t/<tournament_id>/draws/<int:number>/wall")
def wall(tournament_id: str, number: int):
    """Show the draw as one page to hang on the wall: tables, partners, byes; no tokens."""
    stored = _load(tournament_id)
    context = _context(stored, tournaments.document(stored), number=number)
    return render_template("tournament/wall.html", **context)


# --- the board and the results ---------------------------------------------------------


@bp.get("/t/<tournament_id>")
def board(tournament_id: str):
    """Show the board (Anzeigetafel): ranking, the latest draw's tables, byes; no tokens."""
    unchanged = _not_modified(tournament_id)
    if unchanged is not None:
        return unchanged
    stored = _load(tournament_id)
    t = tournaments.document(stored)
    standings = t["standings"]
    context = {
        **_context(stored, t, scores=True),
        "ranking": [
            standings[i : i + RANKING_ROWS] for i in range(0, len(standings), RANKING_ROWS)
        ],
        "by_difference": t["format"]["tiebreak"] == Tiebreak.SCORE_DIFFERENCE.value,
    }
    if htmx:
        return _tagged(render_template("tournament/_board.html", **context), stored)
    board_url = url_for("tournament.board", tournament_id=stored.id, _external=True)
    context["board_qr"] = qr_svg(board_url, _("Link zur Anzeigetafel"))
    return _tagged(render_template("tournament/board.html", **context), stored)


@bp.get("/t/<tournament_id>/results")
def results(tournament_id: str):
    """Show the results list to print: places, points per draw, totals."""
    stored = _load(tournament_id)
    t = tournaments.document(stored)
    return render_template(
        "tournament/results.html", **_context(stored, t), rows=t["standings"], exports=EXPORTS
    )


@bp.get("/t/<tournament_id>/results.<fmt>")
def export(tournament_id: str, fmt: str):
    """Download the results list as PDF or CSV (the API's export, with its filename)."""
    stored = _load(tournament_id)
    if fmt not in EXPORTS:
        abort(404)
    return responses.download(EXPORTS[fmt](stored), fmt, exports.tournament_filename(stored, fmt))


# --- helpers ---------------------------------------------------------------------------


def _load(tournament_id: str) -> tournaments.StoredTournament:
    return pages.found(tournaments.load_tournament(store.get_db(), tournament_id))


def _title_of(tournament_id: str) -> str:
    """Return a tournament's title, for the banner of its tables' pads."""
    return tournaments.tournament_title(store.get_db(), tournament_id) or ""


def _not_modified(tournament_id: str, *, organiser: bool = False) -> Response | None:
    """Answer an htmx poll whose copy is current with 304, from the version alone (and for
    the organiser's page, only while this phone holds the organiser right)."""
    if not htmx or not request.if_none_match:
        return None
    version = tournaments.tournament_version(store.get_db(), tournament_id)
    if version is None:
        abort(404)
    if organiser and rights.ORGANISER.held(rights.Lock(tournament_id)) is None:
        return None  # the view refuses
    return not_modified(tournaments.etag(tournament_id, version), headers=POLL)


def _tagged(body: str, stored: tournaments.StoredTournament, status: int = 200) -> Response:
    response = make_response(body, status)
    response.set_etag(tournaments.etag(stored.id, stored.version), weak=True)
    return response


def _context(
    stored: tournaments.StoredTournament,
    t: dict[str, Any],
    *,
    number: int | None = None,
    scores: bool = False,
) -> dict[str, Any]:
    """Return what every tournament page shows: the state, names, a draw (the latest)."""
    if number is not None and not 1 <= number <= len(t["draws"]):
        abort(404)
    draw = t["draws"][(number or len(t["draws"])) - 1] if t["draws"] else None
    if draw is not None and scores:
        _add_scores(stored.id, draw)
    return {
        "t": t,
        "names": {p["number"]: p["name"] for p in t["players"]},
        "draw": draw,
        "rounds_per_draw": t["format"]["rounds_per_draw"],
        "etag": tournaments.etag(stored.id, stored.version),
        "poll": POLL_SECONDS,
        "organiser": rights.ORGANISER.held(stored) is not None,
    }


def _add_scores(tournament_id: str, draw: dict[str, Any]) -> None:
    """Add each table's games played, and the score of its open round while it plays."""
    scores = tournaments.table_scores(store.get_db(), tournament_id, draw["number"])
    for table in draw["tables"]:
        known = scores.get(table["number"], {"played": 0})
        table["played"] = known["played"]
        if known["played"] and not table["finished"]:
            table["score"] = known["score"]


def _organiser_page(
    stored: tournaments.StoredTournament,
    token: str,
    *,
    errors: Mapping[str, str] | None = None,
    values: Mapping[str, str] | None = None,
    notice: str = "",
    draw_error: str = "",
    status: int = 200,
):
    """Render the organiser's page, or for htmx only its live part (the latest draw)."""
    t = tournaments.document(stored, token=token)
    context = _context(stored, t, scores=True)
    draw = context["draw"]
    for table in draw["tables"] if draw else ():
        sheet_id = table["sheet"]["id"]
        table["sheet"]["links"] = {
            "edit": url_for(
                "scoresheet.edit", sheet_id=sheet_id, token=table["sheet"]["edit_token"]
            ),
            "view": url_for("scoresheet.view", sheet_id=sheet_id),
        }
    active = [p for p in t["players"] if p["active"]]
    why_not = _refusal(check_next_draw, stored.tournament, stored.rounds)
    games = {table["number"]: table["played"] for table in draw["tables"]} if draw else {}
    context.update(
        # The engine's own checks say which steps the buttons offer.
        can_draw=why_not is None,
        # Too few players is worth saying; a draw still playing shows its tables instead.
        draw_hint=player_message(why_not) if isinstance(why_not, TooFewPlayers) else "",
        can_redo=draw is not None
        and not draw["ended"]
        and _refusal(check_redo, stored.tournament, draw["number"], games) is None,
        draw_error=draw_error,
        errors=errors or {},
        values=values if values is not None else MultiDict(),
        notice=notice or session.pop("tournament_notice", ""),
        active_count=len(active),
        key=uuid.uuid4().hex,
        links=True,
    )
    if htmx and not errors:
        return _tagged(render_template("tournament/_draw.html", **context), stored, status)
    url = url_for("tournament.organiser", tournament_id=stored.id, token=token, _external=True)
    context["organiser_url"] = url
    context["organiser_qr"] = qr_svg(url, _("Link der Turnierleitung"))
    template = "tournament/organiser.html"
    return _tagged(render_template(template, **context), stored, status)


def _refusal(check: Callable[..., None], *args: Any) -> Exception | None:
    """Return why the engine's `check` refuses a step now (None: it allows it)."""
    try:
        check(*args)
    except (StateConflict, RuleError) as error:
        return error
    return None


def _refused(stored: tournaments.StoredTournament, token: str, message: str, status: int):
    return _organiser_page(_load(stored.id), token, draw_error=message, status=status)


def _back(tournament_id: str, notice: str):
    """Answer a write: Post/Redirect/Get to the organiser's page, saying what was done."""
    session["tournament_notice"] = notice
    return redirect(url_for("tournament.organiser", tournament_id=tournament_id), 303)
