"""The "Neues Turnier" form: a tournament of each kind the pages know (`PAGE_KINDS`, each
kind's choice and fields its own), and its organiser's right."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response, make_response, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict

from bauerblock import store
from bauerblock.services import tournaments as service
from bauerblock.tournament import bp
from bauerblock.tournament.forms import DUPLICATES, duplicates
from bauerblock.tournament.kinds import chosen, new_form, read_new
from bauerblock.web import rights
from bauerblock.web.errors import on_refusal
from bauerblock.web.forms import new_key, posted_key
from bauerblock.web.guards import limited
from bauerblock.web.refusals import player_message


@bp.get("/t/new")
def new():
    """Show the "Neues Turnier" form."""
    return _new_page(MultiDict(), {})


@limited("RATELIMIT_SHEETS", "RATELIMIT_NEW_GROUPS")
@bp.post("/t")
def create():
    """Create a tournament from the form and open its organiser page."""
    new, errors = read_new(request.form)
    # A new tournament has no roster yet: only a name twice in the list is a duplicate.
    twice = duplicates(lambda name: None, request.form.get("players", ""))
    if twice and not errors:
        errors = {"players": DUPLICATES}
    if new is None or twice:
        return _new_page(request.form, errors, duplicates=twice, status=422)
    # The engine's refusals (too few pairs, a name twice) beside the chosen kind's list.
    listed = chosen(request.form).entrants
    on_refusal(lambda error: _new_page(request.form, {listed: player_message(error)}))
    made = service.create_tournament(
        store.get_db(),
        title=new.title,
        rules=new.rules,
        format=new.format,
        idempotency_key=rights.creating_key(posted_key(request.form)),
        **new.entrants,
    )
    stored, token = made.stored, made.token
    rights.ORGANISER.grant(stored.id, token)
    return redirect(url_for("tournament.organiser", tournament_id=stored.id), 303)


def _new_page(
    values: Mapping[str, str],
    errors: Mapping[str, str],
    *,
    duplicates: list[dict[str, Any]] | None = None,
    status: int = 200,
) -> Response:
    body = render_template(
        "tournament/new.html",
        values=values,
        errors=errors,
        duplicates=duplicates or [],
        **new_form(),
        # A fresh key for each form shown: a form sent twice starts one tournament.
        key=new_key(),
    )
    return make_response(body, status)
