"""The "Neue Serie" form (`/r/new`): a series' name, season and rules for points; the
device that makes it holds its organiser's right.

What the form cannot express is refused here with a message for its field; the engine and
the store stay the judges of the values (their bounds, names taken); their refusals are
shown beside the field they concern (`field_of`, which the organiser's page's forms use
too).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from flask import Response, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from bauerblock import store as house
from bauerblock.engine.errors import Refusal, RuleError
from bauerblock.engine.names import clean_text
from bauerblock.series import engine, service
from bauerblock.series.engine import Scoring, SeriesRules
from bauerblock.series.pages import bp
from bauerblock.series.pages.shared import ORGANISER
from bauerblock.series.store import MAX_NAME, MAX_SEASON, rules_of
from bauerblock.tournament.forms import numbers
from bauerblock.web import rights
from bauerblock.web.errors import on_refusal
from bauerblock.web.forms import new_key, posted_key
from bauerblock.web.guards import limited
from bauerblock.web.refusals import player_message

BOUNDS = {
    name: (low, high, getattr(SeriesRules(), name)) for name, (low, high) in engine.BOUNDS.items()
}
"""The series' numbers on the form: lowest and highest (the engine's), and what a blank one
means (the rules' default)."""
SETTINGS = {
    "series_name_blank": "name",
    "series_scoring_unknown": "scoring",
    "series_counted_over_planned": "counted",
}
"""The field of the "Neue Serie" form a refusal of the series' settings concerns."""


def field_of(error: Refusal, field: str = "form", codes: Mapping[str, str] = SETTINGS) -> str:
    """Return the field a refusal is shown beside: a setting's (a bound, a text too long),
    the one `codes` names for its code, else `field` (the form's list, name or link)."""
    setting = error.params.get("setting")
    if isinstance(setting, str) and setting in BOUNDS:
        return setting
    subject = error.params.get("subject")
    if error.code == "text_too_long" and subject in ("series_name", "season"):
        return "name" if subject == "series_name" else "season"
    return codes.get(error.code, field)


def read_series(form: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    """Return a new series' settings as the service takes them, and a message per field
    the form cannot express."""
    errors: dict[str, str] = {}
    settings: dict[str, Any] = {
        "name": form.get("name", ""),
        "season": form.get("season", ""),
        "scoring": form.get("scoring") or Scoring.PLACES.value,
        # A number left blank means its default ("planned": open), as the tournament's.
        **{name: blank for name, (_, _, blank) in BOUNDS.items()},
        **numbers(form, BOUNDS, errors),
    }
    if not settings["name"].strip():
        errors["name"] = _("Gib der Serie einen Namen, z. B. „Westpfälzer Bauerchen-Cup 2027“.")
    # Every field's fault at once: the store's own checks, before it is asked to store.
    checks: list[Callable[[], object]] = [
        partial(clean_text, settings["name"], MAX_NAME, "series_name"),
        partial(clean_text, settings["season"], MAX_SEASON, "season"),
    ]
    if not errors.keys() & BOUNDS.keys():
        checks.append(partial(rules_of, settings))
    _note_refusals(checks, errors)
    return settings, errors


def _note_refusals(checks: list[Callable[[], object]], errors: dict[str, str]) -> None:
    """Note each check's refusal beside its field, unless the field has a message already."""
    for check in checks:
        try:
            check()
        except RuleError as error:
            errors.setdefault(field_of(error), player_message(error))


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
