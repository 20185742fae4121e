"""The series' tournaments from the organiser's page: make a Preisbauer or a Paarturnier
from the series (its players by series number, as typed at the door, or by name: a new
name joins the series with the next number), or let an existing tournament join with its
organiser's link. The tournament itself is then led on its own pages.
"""

from __future__ import annotations

import re

from flask import request
from flask_babel import gettext as _

from bauerblock import store as house
from bauerblock.engine.errors import NotFound
from bauerblock.series import service
from bauerblock.series.pages import bp
from bauerblock.series.pages.forms import KIND, entry
from bauerblock.series.pages.organiser import back, refused, step_right
from bauerblock.store import tournaments
from bauerblock.tournament.forms import read_names
from bauerblock.tournament.kinds import chosen, read_new
from bauerblock.web import rights
from bauerblock.web.forms import posted_key
from bauerblock.web.guards import limited

ORGANISER_LINK = re.compile(r"/t/([A-Za-z0-9_-]{1,64})/organiser/([A-Za-z0-9_-]{1,128})/?$")
"""A tournament's organiser link (`/t/<id>/organiser/<token>`), as it is pasted."""
MAX_LINK = 400
"""A pasted link is read no further: the longest link of ours is far shorter."""


@limited("RATELIMIT_SHEETS", "RATELIMIT_NEW_GROUPS")
@bp.post("/r/<series_id>/tournaments")
def make(series_id: str):
    """Make a tournament of the series from the form; this phone then leads it too."""
    # The list's refusals (a number unknown, a name taken) beside the kind's list.
    listed = chosen(request.form).entrants
    token = step_right(series_id, listed, KIND)
    new, errors = read_new(request.form)
    if new is None:
        return refused(series_id, token, errors)
    made = service.create_tournament(
        house.get_db(),
        series_id,
        token,
        title=new.title,
        rules=new.rules,
        format=new.format,
        idempotency_key=rights.creating_key(posted_key(request.form)),
        # Each name as typed at the door: a series number, or a name (a team's each).
        **{
            field: [[entry(n) for n in e] if isinstance(e, list) else entry(e) for e in listed]
            for field, listed in new.entrants.items()
        },
    )
    if made.token is not None:
        rights.ORGANISER.grant(made.tournament.id, made.token)
    return back(series_id, _said(_("„%(title)s“ ist angelegt.", title=made.tournament.title), made))


@limited("RATELIMIT_WRITES")
@bp.post("/r/<series_id>/tournaments/join")
def join(series_id: str):
    """Let an existing tournament join the series, by its organiser's link."""
    token = step_right(series_id, "link")
    found = ORGANISER_LINK.search(request.form.get("link", "").strip()[:MAX_LINK])
    tournament_id, tournament_token = found.groups() if found else ("", "")
    if not _organises(tournament_id, tournament_token):
        words = {
            "link": _(
                "Das ist kein Link einer Turnierleitung. Kopiere ihn von der Seite des Turniers."
            )
        }
        return refused(series_id, token, words)
    made = service.join_tournament(
        house.get_db(),
        series_id,
        tournament_id,
        token=token,
        idempotency_key=posted_key(request.form),
    )
    rights.ORGANISER.grant(tournament_id, tournament_token)
    said = _("„%(title)s“ gehört jetzt zur Serie.", title=made.tournament.title)
    return back(series_id, said)


@limited("RATELIMIT_WRITES")
@bp.post("/r/<series_id>/tournaments/<tournament_id>/players")
def late(series_id: str, tournament_id: str):
    """Enter players late into a running Preisbauer of the series, by series number or by
    name (a new name joins the series with the next number); they play from the next draw."""
    field = f"late-{tournament_id}"
    token = step_right(series_id, field)
    errors: dict[str, str] = {}
    names = read_names(request.form.get(field, ""), field, errors)
    if not names and not errors:
        errors[field] = _("Schreib mindestens einen Namen.")
    if errors:
        return refused(series_id, token, errors)
    made = service.enter_late(
        house.get_db(),
        series_id,
        tournament_id,
        token,
        [entry(name) for name in names],
        idempotency_key=posted_key(request.form),
    )
    return back(series_id, _said(_("%(n)s angemeldet.", n=len(names)), made))


def _said(done: str, made: service.SeriesTournamentMade) -> str:
    """Return what a step did, with the new names that joined the series and their numbers."""
    joined = ", ".join(f"{p.number} {p.name}" for p in made.joined)
    return f"{done} {_('Neu in der Serie: %(names)s.', names=joined)}" if joined else done


def _organises(tournament_id: str, token: str) -> bool:
    """Tell whether `token` is the organiser's token of tournament `tournament_id`."""
    try:
        return tournaments.check_token(house.get_db(), tournament_id, token)
    except NotFound:
        return False
