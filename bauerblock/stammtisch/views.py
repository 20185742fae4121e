"""The Stammtisch routes: create a group, its page, start an evening, statistics, exports."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import (
    Response,
    abort,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from bauerblock import store
from bauerblock.engine.games import sheet_game
from bauerblock.exports import groups as exports
from bauerblock.services import groups as service
from bauerblock.stammtisch import bp
from bauerblock.stammtisch.forms import read_group, read_player, read_seats
from bauerblock.store import groups
from bauerblock.web import responses, rights
from bauerblock.web.errors import found, on_refusal
from bauerblock.web.forms import (
    chosen_game,
    game_choices,
    new_key,
    posted_key,
    read_new_sheet,
)
from bauerblock.web.guards import limited
from bauerblock.web.pages import htmx
from bauerblock.web.qr import qr_svg
from bauerblock.web.refusals import player_message

bp.add_app_template_global(exports.result_line, "evening_result")


def recent_groups() -> str:
    """Draw the start page's section of the groups opened on this device."""
    opened = [
        (group, rights.GROUP.held(group) is not None)
        for group in rights.GROUP.opened(groups.load_group)
    ]
    return render_template("stammtisch/_recent.html", opened=opened)


# --- a new group -----------------------------------------------------------------------


@bp.get("/g")
def new():
    """Show the form for a new Stammtisch: its name and its roster, one name a line."""
    return render_template("stammtisch/new.html", values=MultiDict(), errors={}, key=new_key())


@limited("RATELIMIT_SHEETS", "RATELIMIT_NEW_GROUPS")
@bp.post("/g")
def create():
    """Create the group and open its page with the edit right in this session."""
    name, players, errors = read_group(request.form)
    if errors:
        return make_response(_new_page(errors), 422)
    on_refusal(lambda error: _new_page({"form": player_message(error)}))
    key = rights.creating_key(posted_key(request.form))
    made = service.create_group(store.get_db(), name, players, idempotency_key=key)
    rights.GROUP.keep(made.group.id, made.token)
    return redirect(url_for("stammtisch.group", group_id=made.group.id), 303)


# --- the group's page ------------------------------------------------------------------


@bp.get("/g/<group_id>")
def group(group_id: str):
    """Show the group: roster, evenings newest first, and what the edit right allows."""
    found = _load(group_id)
    if not htmx:
        rights.GROUP.remember(found.id)
    return _group_page(found, MultiDict(request.args), {})


@bp.get("/g/<group_id>/edit")
@bp.get("/g/<group_id>/edit/<token>")
def edit(group_id: str, token: str | None = None):
    """Take the group's edit link: the token is checked once and kept in the session."""
    found = _load(group_id)
    token = token or request.args.get("token")
    if not groups.check_group_token(found, token):
        refused = _("Dieser Bearbeiten-Link stimmt nicht.")
        context = _context(found, MultiDict(), {})
        return make_response(
            render_template("stammtisch/group.html", **context, notice="", refused=refused), 403
        )
    assert token is not None  # check_group_token refuses None
    rights.GROUP.keep(found.id, token)
    return redirect(url_for("stammtisch.group", group_id=found.id), 303)


@limited("RATELIMIT_WRITES")
@bp.post("/g/<group_id>/players")
def add_player(group_id: str):
    """Put a player on the roster."""
    found = _load(group_id)
    rights.GROUP.require(found)
    name, errors = read_player(request.form)
    if errors:
        return _group_page(found, request.form, errors, status=422)
    on_refusal(
        lambda error: _group_page(found, request.form, {"new_player": player_message(error)})
    )
    service.add_player(store.get_db(), found.id, name, idempotency_key=posted_key(request.form))
    # The fresh partial for htmx, else Post/Redirect/Get to the page.
    if htmx:
        return _group_page(_load(found.id), MultiDict(), {}, notice=_("Gespeichert."))
    return redirect(url_for("stammtisch.group", group_id=found.id), 303)


@limited("RATELIMIT_SHEETS")
@bp.post("/g/<group_id>/sheets")
def start(group_id: str):
    """Start an evening from the roster and open the new sheet's edit view."""
    found = _load(group_id)
    rights.GROUP.require(found)
    new_sheet, errors = read_new_sheet(request.form)
    seats, seat_errors = read_seats(request.form, new_sheet.game if new_sheet else "")
    errors = {**errors, **seat_errors}
    if new_sheet is None or errors:
        return _group_page(found, request.form, errors, status=422)
    on_refusal(lambda error: _group_page(found, request.form, {"seats": player_message(error)}))
    started = service.start_evening(
        store.get_db(),
        found.id,
        new_sheet.game,
        players=seats,
        first_dealer=new_sheet.first_dealer,
        rules=new_sheet.rules,
        title=new_sheet.title or None,
        idempotency_key=posted_key(request.form),
    )
    rights.SHEET.keep(started.sheet.id, started.token)
    return redirect(url_for("scoresheet.edit", sheet_id=started.sheet.id), 303)


# --- statistics and exports ------------------------------------------------------------


@bp.get("/g/<group_id>/stats")
def stats(group_id: str):
    """Show the group's statistics: per player, the partners, the money, and charts."""
    found = _load(group_id)
    # The figures as getGroupStats tells them: the page's tables and charts read its players.
    figures = groups.group_stats(store.get_db(), found).to_dict()
    return render_template(
        "stammtisch/stats.html",
        group=found,
        stats=figures,
        tables=exports.tables(figures),
        charts=exports.charts(figures),
        names=found.roster(),
    )


@limited("RATELIMIT_EXPORTS")
@bp.get("/g/<group_id>/evenings.<fmt>")
def export_evenings(group_id: str, fmt: str):
    """Download the group's evenings as CSV or JSON."""
    found = _load(group_id)
    listed = groups.evenings(store.get_db(), found)
    if fmt not in ("csv", "json"):
        abort(404)
    body = (
        current_app.json.dumps(exports.evenings_json(found, listed))
        if fmt == "json"
        else exports.evenings_csv(found, listed)
    )
    return responses.download(body, fmt, exports.filename(found, "abende", fmt))


@limited("RATELIMIT_EXPORTS")
@bp.get("/g/<group_id>/stats.csv")
def export_stats(group_id: str):
    """Download the group's statistics per roster player as CSV."""
    found = _load(group_id)
    body = exports.stats_csv(groups.group_stats(store.get_db(), found).to_dict())
    return responses.download(body, "csv", exports.filename(found, "statistik", "csv"))


# --- helpers ---------------------------------------------------------------------------


def _load(group_id: str) -> groups.Group:
    return found(groups.load_group(store.get_db(), group_id))


def _new_page(errors: Mapping[str, str]) -> str:
    """Render the new-group form again with the words beside its fields."""
    return render_template("stammtisch/new.html", values=request.form, errors=errors, key=new_key())


def _context(
    group: groups.Group, values: Mapping[str, str], errors: Mapping[str, str]
) -> dict[str, Any]:
    game = chosen_game(values)
    token = rights.GROUP.held(group)
    evenings = groups.evenings(store.get_db(), group)
    context: dict[str, Any] = {
        "group": group,
        "roster": group.roster(),
        "evenings": evenings,
        # The sheets this session may write: their evenings open in the edit view.
        "sheet_rights": rights.SHEET.items(),
        "edit": token is not None,
        "values": values,
        "errors": errors,
        "game": game,
        "games": game_choices(),
        "seats": sheet_game(game).SEATS,
        "presets": sheet_game(game).PRESETS,
        "key": new_key(),
    }
    if token is not None:
        link = url_for("stammtisch.edit", group_id=group.id, token=token, _external=True)
        context["edit_url"] = link
        context["edit_qr"] = qr_svg(link, _("Link zum Stammtisch"))
    return context


def _group_page(
    group: groups.Group,
    values: Mapping[str, str],
    errors: Mapping[str, str],
    *,
    status: int = 200,
    notice: str = "",
) -> Response:
    context = {**_context(group, values, errors), "notice": notice}
    template = "stammtisch/_group.html" if htmx else "stammtisch/group.html"
    return make_response(render_template(template, **context), status)
