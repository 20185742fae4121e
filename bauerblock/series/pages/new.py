"""The "Neue Serie" form (`/r/new`): a series' name, season and rules for points; the
device that makes it holds its organiser's right."""

from __future__ import annotations

from collections.abc import Mapping

from flask import Response, make_response, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict

from bauerblock import store as house
from bauerblock.series import service
from bauerblock.series.engine import Scoring
from bauerblock.series.pages import bp
from bauerblock.series.pages.forms import BOUNDS, field_of, read_series
from bauerblock.series.pages.shared import ORGANISER
from bauerblock.series.store import MAX_NAME, MAX_SEASON
from bauerblock.web import rights
from bauerblock.web.errors import on_refusal
from bauerblock.web.forms import new_key, posted_key
from bauerblock.web.guards import limited
from bauerblock.web.refusals import player_message


@bp.get("/r/new")
def new():
    """Show the "Neue Serie" form."""
    return _new_page(MultiDict(), {})


@limited("RATELIMIT_SHEETS", "RATELIMIT_NEW_GROUPS")
@bp.post("/r")
def create():
    """Make a series from the form and open its organiser's page."""
    settings, errors = read_series(request.form)
    if errors:
        return _new_page(request.form, errors, status=422)

    on_refusal(lambda error: _new_page(request.form, {field_of(error): player_message(error)}))
    made = service.create_series(
        house.get_db(),
        **settings,
        idempotency_key=rights.creating_key(posted_key(request.form)),
    )
    ORGANISER.grant(made.series.id, made.token)
    return redirect(url_for("series.organiser", series_id=made.series.id), 303)


def _new_page(values: Mapping[str, str], errors: Mapping[str, str], status: int = 200) -> Response:
    body = render_template(
        "series/new.html",
        values=values,
        errors=errors,
        # A blank "planned" is open: no number to show as its placeholder.
        bounds={
            name: (low, high, "" if blank is None else blank)
            for name, (low, high, blank) in BOUNDS.items()
        },
        scorings=[s.value for s in Scoring],
        max_name=MAX_NAME,
        max_season=MAX_SEASON,
        # A fresh key for each form shown: a form sent twice makes one series.
        key=new_key(),
    )
    return make_response(body, status)
