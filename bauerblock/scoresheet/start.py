"""The start page: the "Neuer Block" form for each game, and the sheets this phone opened."""

from __future__ import annotations

from collections.abc import Mapping

from flask import make_response, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict

from bauerblock import store
from bauerblock.engine.games import sheet_game
from bauerblock.scoresheet import bp
from bauerblock.services import sheets as service
from bauerblock.web import rights
from bauerblock.web.errors import on_refusal
from bauerblock.web.forms import chosen_game, game_choices, new_key, posted_key, read_new_sheet
from bauerblock.web.guards import limited
from bauerblock.web.refusals import player_message

START_FIELDS = ("game", "title", *(f"player{seat}" for seat in range(4)))
"""What the game switch carries over to the form of another game (names typed so far)."""


@bp.get("/")
def index():
    """Show the "Neuer Block" form for the game chosen, and the sheets opened on this device."""
    values = MultiDict([(k, v) for k, v in request.args.items() if k in START_FIELDS])
    return _start_page(values, {})


@limited("RATELIMIT_SHEETS")
@bp.post("/s")
def create():
    """Create a sheet from the start form and open its edit view."""
    new, errors = read_new_sheet(request.form)
    if new is None:
        return _start_page(request.form, errors, status=422)
    on_refusal(lambda error: _start_page(request.form, {"form": player_message(error)}))
    key = rights.creating_key(posted_key(request.form))
    created = service.create_sheet(store.get_db(), new, idempotency_key=key)
    rights.SHEET.keep(created.sheet.id, created.token)
    return redirect(url_for("scoresheet.edit", sheet_id=created.sheet.id), 303)


def _start_page(values: MultiDict[str, str], errors: Mapping[str, str], status: int = 200):
    game = chosen_game(values)
    engine = sheet_game(game)
    editable = rights.SHEET.items()
    recent = [(sheet, sheet.id in editable) for sheet in rights.SHEET.opened(store.load_head)]
    body = render_template(
        "scoresheet/index.html",
        values=values,
        errors=errors,
        games=game_choices(),
        game=game,
        seats=engine.SEATS,
        presets=engine.PRESETS,
        recent=recent,
        forgettable=rights.known(),
        key=new_key(),
    )
    return make_response(body, status)
