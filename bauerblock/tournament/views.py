"""The tournament pages' routes: create, organise, draw, table cards, the board, results."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from typing import Any

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
from flask_babel import lazy_gettext
from werkzeug.datastructures import MultiDict

from bauerblock import store
from bauerblock.engine.errors import RuleError
from bauerblock.engine.games import sheet_game
from bauerblock.engine.tournament import (
    StateConflict,
    Tiebreak,
    TooFewPlayers,
    Tournament,
    check_next_draw,
    check_redo,
    name_key,
)
from bauerblock.engine.tournament.progress import PlayerNotFound
from bauerblock.exports.cache import tournament_download
from bauerblock.store import tournament_pairs, tournaments
from bauerblock.store.errors import DrawNotFound
from bauerblock.tournament import bp
from bauerblock.tournament import pairs as pair_pages
from bauerblock.tournament.forms import (
    DEFAULTS,
    MAX_DRAWS,
    MAX_ROUNDS_PER_DRAW,
    PAIR_BOUNDS,
    read_names,
    read_new_tournament,
)
from bauerblock.web import pages, responses, rights
from bauerblock.web.games.bauerchen import TOGGLES
from bauerblock.web.pages import POLL_SECONDS, htmx
from bauerblock.web.qr import qr_svg
from bauerblock.web.refusals import player_message
from bauerblock.web.responses import POLL, not_modified

EXPORTS = ("pdf", "csv")
"""The results list's downloads on the pages (bauerblock.exports.cache builds them)."""
DUPLICATES = lazy_gettext(
    "Doppelte Namen: niemand wurde angemeldet. Unterscheide sie, "
    "z. B. mit „jun.“ oder einer Initiale."
)
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
    duplicates = _duplicates(Tournament(DEFAULTS), request.form.get("players", ""))
    if duplicates and not errors:
        errors = {"players": DUPLICATES}
    if new is None or duplicates:
        return _new_page(request.form, errors, duplicates=duplicates, status=422)
    try:
        stored, token = tournaments.create_tournament(
            store.get_db(),
            title=new.title,
            rules=new.rules,
            players=new.players,
            pairs=new.pairs,
            format=new.format,
            idempotency_key=request.form.get("key") or None,
        )
    except (RuleError, store.IdempotencyConflict) as error:
        message = player_message(error) if isinstance(error, RuleError) else str(error)
        return _new_page(request.form, {"form": message}, status=422)
    rights.ORGANISER.grant(stored.id, token)
    return redirect(url_for("tournament.organiser", tournament_id=stored.id), 303)


def _new_page(
    values: Mapping[str, str],
    errors: Mapping[str, str],
    *,
    duplicates: list[dict[str, Any]] | None = None,
    status: int = 200,
):
    body = render_template(
        "tournament/new.html",
        values=values,
        errors=errors,
        duplicates=duplicates or [],
        # The engine's bounds and defaults; blank Freilos points: the engine's for the rounds.
        bounds={
            "rounds_per_draw": (1, MAX_ROUNDS_PER_DRAW, DEFAULTS.rounds_per_draw),
            "draws": (1, MAX_DRAWS, DEFAULTS.draws),
            "bye_points": (0, MAX_ROUNDS_PER_DRAW, ""),
            **PAIR_BOUNDS,
        },
        tiebreaks=[t.value for t in Tiebreak],
        game=tournaments.GAME,
        presets=sheet_game(tournaments.GAME).PRESETS,
        toggles=TOGGLES,
        # A fresh key for each form shown: a form sent twice starts one tournament.
        key=uuid.uuid4().hex,
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
    """Register the names typed or pasted, one a line (late entries join the next draw).

    A name twice (in the list or on the roster, ignoring case and repeated spaces)
    registers nobody: the list comes back as typed, its duplicate lines named.
    """
    stored = _load(tournament_id)
    token = rights.ORGANISER.require(stored)
    if stored.kind == tournaments.PAIRS:
        try:
            tournament_pairs.refuse_players()
        except StateConflict as error:
            return _refused(stored, token, player_message(error), 409)
    errors: dict[str, str] = {}
    names = read_names(request.form.get("names", ""), "names", errors)
    if not names and not errors:
        errors["names"] = _("Schreib mindestens einen Namen.")
    duplicates = _duplicates(stored.tournament, request.form.get("names", ""))
    if duplicates and not errors:
        errors["names"] = str(DUPLICATES)
    if errors:
        return _organiser_page(
            stored, token, errors=errors, values=request.form, duplicates=duplicates, status=422
        )
    # One transaction, one key: a form sent twice registers its names once, and a name
    # refused half-way registers none of them.
    try:
        tournaments.add_players(
            store.get_db(), stored.id, names, idempotency_key=request.form.get("key") or None
        )
    except StateConflict as error:
        return _refused(stored, token, player_message(error), 409)
    except (RuleError, store.IdempotencyConflict) as error:
        stored = _load(tournament_id)
        errors["names"] = player_message(error)
        return _organiser_page(stored, token, errors=errors, values=request.form, status=422)
    return _back(stored.id, _("%(n)s angemeldet.", n=len(names)))


def _duplicates(roster: Tournament, text: str) -> list[dict[str, Any]]:
    """Return the lines of a pasted list whose name is on the roster or on an earlier line."""
    seen: dict[str, int] = {}
    found = []
    lines = [line for line in text.splitlines() if line.strip()]
    for line_number, name in enumerate(read_names("\n".join(lines), "names", {}), start=1):
        same = roster.named(name)
        earlier = seen.setdefault(name_key(name), line_number)
        if same is not None:
            found.append({"line": line_number, "name": name, "player": same.number})
        elif earlier != line_number:
            found.append({"line": line_number, "name": name, "earlier": earlier})
    return found


@bp.route("/t/<tournament_id>/players/<int:number>/withdraw", methods=["GET", "POST"])
def withdraw(tournament_id: str, number: int):
    """Ask before withdrawing a player (GET), then withdraw them from the next draw (POST)."""
    stored = _load(tournament_id)
    token = rights.ORGANISER.require(stored)
    if stored.kind == tournaments.PAIRS:
        abort(404)  # a Paarturnier has pairs, fixed, and no players to withdraw
    player = stored.tournament.player(number)
    if player is None:
        abort(404)
    if request.method == "GET":
        context = _context(stored, tournaments.document(stored))
        return render_template("tournament/withdraw.html", **context, player=player)
    return _change_player(
        stored,
        token,
        number,
        tournaments.withdraw_player,
        lambda name: _("%(name)s ist abgemeldet.", name=name),
    )


@bp.post("/t/<tournament_id>/players/<int:number>/reinstate")
def reinstate(tournament_id: str, number: int):
    """Take a withdrawal back: the player plays again from the next draw on."""
    stored = _load(tournament_id)
    token = rights.ORGANISER.require(stored)
    return _change_player(
        stored,
        token,
        number,
        tournaments.reinstate_player,
        lambda name: _("%(name)s spielt wieder mit.", name=name),
    )


def _change_player(
    stored: tournaments.StoredTournament,
    token: str,
    number: int,
    change: Callable[..., Any],
    notice: Callable[[str], str],
):
    """Withdraw or reinstate a player; say so, or why the tournament refuses it (409)."""
    try:
        player = change(store.get_db(), stored.id, number)
    except PlayerNotFound:
        abort(404)
    except StateConflict as error:
        return _refused(stored, token, player_message(error), 409)
    return _back(stored.id, notice(player.name))


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
    g.sheets_made = made.sheets  # the rate limit's charge (guards.CHARGED_BY_SHEETS)
    return _back(stored.id, _("Auslosung %(n)s ist gelost.", n=made.number))


@bp.route("/t/<tournament_id>/draws/<int:number>/redo", methods=["GET", "POST"])
def redo(tournament_id: str, number: int):
    """Ask before drawing the latest draw again (GET), then do it (POST): no table has a game."""
    stored = _load(tournament_id)
    token = rights.ORGANISER.require(stored)
    if request.method == "GET":
        context = _context(stored, tournaments.document(stored), number=number)
        return render_template("tournament/redo.html", **context)
    try:
        # One transaction: a new draw that cannot be drawn keeps the old one.
        made = tournaments.redraw(
            store.get_db(),
            stored.id,
            number,
            token,
            idempotency_key=request.form.get("key") or None,
        )[1]
    except DrawNotFound:
        abort(404)
    except StateConflict as error:
        return _refused(_load(stored.id), token, player_message(error), 409)
    except RuleError as error:
        return _refused(_load(stored.id), token, player_message(error), 422)
    g.sheets_made = made.sheets
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
                "seat_names": (
                    pair_pages.seat_names(stored, table)
                    if stored.kind == tournaments.PAIRS
                    else [context["names"][number] for number in table["seats"]]
                ),
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
    if stored.kind == tournaments.PAIRS:
        return _pairs_board(stored, t)
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
    context = _context(stored, t)
    if stored.kind == tournaments.PAIRS:
        context["bracket"] = pair_pages.bracket_columns(stored, t)
        context["third"] = pair_pages.third_place(t)
        return render_template(
            "tournament/pairs_results.html", **context, rows=t["standings"], exports=EXPORTS
        )
    corrected = {p.number: stored.corrected_draws(p.number) for p in stored.tournament.players}
    return render_template(
        "tournament/results.html",
        **context,
        rows=t["standings"],
        exports=EXPORTS,
        corrected=corrected,
    )


@bp.get("/t/<tournament_id>/results.<fmt>")
def export(tournament_id: str, fmt: str):
    """Download the results list as PDF or CSV (the API's export, with its filename)."""
    if fmt not in EXPORTS:
        abort(404)
    built = tournament_download(tournament_id, fmt)
    if built is None:
        abort(404)
    return responses.download(built.body, fmt, built.filename)


# --- helpers ---------------------------------------------------------------------------


def _load(tournament_id: str) -> tournaments.Stored:
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


def _tagged(body: str, stored: tournaments.Stored, status: int = 200) -> Response:
    response = make_response(body, status)
    response.set_etag(tournaments.etag(stored.id, stored.version), weak=True)
    return response


def _context(
    stored: tournaments.Stored,
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
    is_pairs = stored.kind == tournaments.PAIRS
    return {
        "t": t,
        "names": (
            pair_pages.pair_names(t) if is_pairs else {p["number"]: p["name"] for p in t["players"]}
        ),
        "draw": draw,
        "is_pairs": is_pairs,
        "rounds_per_draw": t["format"].get("rounds_per_draw"),
        "rounds_to_win": t["format"].get("rounds_to_win"),
        "match_label": pair_pages.match_label,
        "draw_label": pair_pages.draw_label,
        "stage_names": pair_pages.stage_names() if is_pairs else {},
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
    stored: tournaments.Stored,
    token: str,
    *,
    errors: Mapping[str, str] | None = None,
    values: Mapping[str, str] | None = None,
    duplicates: list[dict[str, Any]] | None = None,
    notice: str = "",
    draw_error: str = "",
    status: int = 200,
):
    """Render the organiser's page, or for htmx only its live part (the latest draw)."""
    t = tournaments.document(stored, token=token)
    context = _context(stored, t, scores=True)
    draw = context["draw"]
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
    live, template = "tournament/_draw.html", "tournament/organiser.html"
    if stored.kind == tournaments.PAIRS:
        live, template = "tournament/_pairs_live.html", "tournament/pairs_organiser.html"
        can_draw, next_label = pair_pages.next_step(stored)
        context.update(
            can_draw=can_draw,
            next_label=next_label,
            draw_hint="",
            can_redo=not finished and pair_pages.can_redo(stored, games),
            bracket=pair_pages.bracket_columns(stored, t),
            third=pair_pages.third_place(t),
            summary=pair_pages.summary(t, draw),
        )
    else:
        why_not = _refusal(check_next_draw, stored.tournament, stored.rounds)
        context.update(
            # The engine's own checks say which steps the buttons offer.
            can_draw=why_not is None,
            # Too few players is worth saying; a draw still playing shows its tables instead.
            draw_hint=player_message(why_not) if isinstance(why_not, TooFewPlayers) else "",
            can_redo=draw is not None
            and not draw["ended"]
            and not finished
            and _refusal(check_redo, stored.tournament, draw["number"], games) is None,
            summary=_summary(t, draw),
        )
    context.update(
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
        return _tagged(render_template(live, **context), stored, status)
    url = url_for("tournament.organiser", tournament_id=stored.id, token=token, _external=True)
    context["organiser_url"] = url
    context["organiser_qr"] = qr_svg(url, _("Link der Turnierleitung"))
    return _tagged(render_template(template, **context), stored, status)


def _pairs_board(stored: tournaments.Stored, t: dict[str, Any]) -> Response:
    """Show a Paarturnier's board: the groups while they play, then the bracket."""
    context = {
        **_context(stored, t, scores=True),
        "bracket": pair_pages.bracket_columns(stored, t),
        "third": pair_pages.third_place(t),
        "phase": pair_pages.phase(t),
    }
    live = {table["number"]: table for table in (context["draw"] or {}).get("tables", ())}
    context["live"] = live if context["draw"] and context["draw"]["stage"] != "group" else {}
    if htmx:
        return _tagged(render_template("tournament/_pairs_board.html", **context), stored)
    board_url = url_for("tournament.board", tournament_id=stored.id, _external=True)
    context["board_qr"] = qr_svg(board_url, _("Link zur Anzeigetafel"))
    context["board_part"] = "tournament/_pairs_board.html"
    return _tagged(render_template("tournament/board.html", **context), stored)


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


def _refusal(check: Callable[..., None], *args: Any) -> Exception | None:
    """Return why the engine's `check` refuses a step now (None: it allows it)."""
    try:
        check(*args)
    except (StateConflict, RuleError) as error:
        return error
    return None


def _refused(stored: tournaments.Stored, token: str, message: str, status: int):
    return _organiser_page(_load(stored.id), token, draw_error=message, status=status)


def _back(tournament_id: str, notice: str):
    """Answer a write: Post/Redirect/Get to the organiser's page, saying what was done."""
    session["tournament_notice"] = notice
    return redirect(url_for("tournament.organiser", tournament_id=tournament_id), 303)
