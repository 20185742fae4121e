"""The series organiser's page: its players (add, hide, show, forget), its tournaments, the
player cards to print.

A tournament is made from the series (a Preisbauer or a Paarturnier, its players by series
number, as typed at the door, or by name: a new name joins the series with the next
number), or an existing one joins with its organiser's link; late players enter a running
Preisbauer the same way. The tournament itself is then led on its own pages.

The organiser's right comes with the series' link (its token, kept in the session, as a
tournament's), or with the device that made the series. Every post carries the CSRF token
and a key (a retry answers its first answer); bad input shows the page again with the
words beside the field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from flask import (
    Response,
    abort,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response as Redirect

from bauerblock import store as house
from bauerblock.engine.errors import NotFound
from bauerblock.exports.common import ORGANISER_NAMES
from bauerblock.series import exports, service, store
from bauerblock.series.exports import cards as cards_of
from bauerblock.series.pages import bp
from bauerblock.series.pages.new import field_of
from bauerblock.series.pages.public import NOTICE
from bauerblock.series.pages.shared import ORGANISER, board, names
from bauerblock.series.store import MAX_PLAYER_NAME
from bauerblock.store import tournaments
from bauerblock.tournament.forms import read_names
from bauerblock.tournament.kinds import chosen, new_form, read_new
from bauerblock.web import responses, rights
from bauerblock.web.errors import on_refusal
from bauerblock.web.forms import new_key, posted_key
from bauerblock.web.guards import limited
from bauerblock.web.pages import tagged
from bauerblock.web.qr import qr_svg
from bauerblock.web.refusals import player_message

ORGANISER_LINK = re.compile(r"/t/([A-Za-z0-9_-]{1,64})/organiser/([A-Za-z0-9_-]{1,128})/?$")
"""A tournament's organiser link (`/t/<id>/organiser/<token>`), as it is pasted."""
MAX_LINK = 400
"""A pasted link is read no further: the longest link of ours is far shorter."""
KIND = {"series_scoring_pairs": "kind"}
"""The field of a new tournament of the series a refusal of its kind concerns."""


@bp.get("/r/<series_id>/organiser")
@bp.get("/r/<series_id>/organiser/<token>")
def organiser(series_id: str, token: str | None = None):
    """Show the organiser's page; the series link's token is kept in the session."""
    made = board(series_id)
    if token is None:
        return organiser_page(made, ORGANISER.require(made.series))
    if not ORGANISER.check(made.series, token):
        abort(403)
    ORGANISER.grant(series_id, token)
    # Off the address bar, out of the history: the right is in the session now.
    return redirect(url_for("series.organiser", series_id=series_id), 303)


def organiser_page(
    made: service.Board,
    token: str,
    *,
    errors: Mapping[str, str] | None = None,
    values: Mapping[str, str] | None = None,
    status: int = 200,
) -> Response:
    """Render the organiser's page (with a refused form's words beside its field)."""
    series = made.series
    url = url_for("series.organiser", series_id=series.id, token=token, _external=True)
    body = render_template(
        "series/organiser.html",
        series=series,
        names=names(series, public=False),
        known={p.number: p.name for p in series.players if not p.forgotten},
        errors=errors or {},
        values=values if values is not None else MultiDict(),
        notice=session.pop(NOTICE, ""),
        key=new_key(),
        max_name=MAX_PLAYER_NAME,
        organiser_url=url,
        organiser_qr=qr_svg(url, _("Link der Serienleitung")),
        # The tournament's own form fields, each kind's, as "Neues Turnier" shows them.
        **new_form(),
        duplicates=[],
    )
    return tagged(body, series.etag, status)


def step_right(series_id: str, field: str, codes: Mapping[str, str] | None = None) -> str:
    """Return the organiser's token for a step (or refuse the request: 403, 404); a
    refusal of the step shows the page again, its words beside `field` (or the field
    `codes` names for its code)."""
    token = ORGANISER.require(board(series_id).series)
    on_refusal(
        lambda error: refused(
            series_id, token, {field_of(error, field, codes or {}): player_message(error)}
        )
    )
    return token


def refused(series_id: str, token: str, errors: Mapping[str, str]) -> Response:
    """Show the organiser's page again, the form as sent and the words beside its field
    (422; a refusal that `step_right` lets through answers with its own status)."""
    return organiser_page(board(series_id), token, errors=errors, values=request.form, status=422)


def back(series_id: str, notice: str) -> Redirect:
    """Answer a step: Post/Redirect/Get to the organiser's page, saying what was done."""
    session[NOTICE] = notice
    return redirect(url_for("series.organiser", series_id=series_id), 303)


@limited("RATELIMIT_WRITES")
@bp.post("/r/<series_id>/players")
def add_player(series_id: str):
    """Give a new name the series' next number."""
    token = step_right(series_id, "name")
    name = request.form.get("name", "")
    if not name.strip():
        return refused(series_id, token, {"name": _("Schreib den Namen des Spielers.")})
    changed = service.add_player(
        house.get_db(), series_id, token, name, idempotency_key=posted_key(request.form)
    )
    player = changed.player
    return back(series_id, _("%(name)s hat die Nummer %(n)s.", name=player.name, n=player.number))


@limited("RATELIMIT_WRITES")
@bp.post("/r/<series_id>/players/<int:number>/hidden")
def hide(series_id: str, number: int):
    """Hide a player's name on the public pages and downloads, or show it again."""
    step_right(series_id, "roster")
    hidden = request.form.get("hidden") == "1"
    changed = service.set_hidden(
        house.get_db(), series_id, number, hidden, idempotency_key=posted_key(request.form)
    )
    n = changed.player.number
    said = (
        _("Spieler %(n)s steht öffentlich nur mit Nummer.", n=n)
        if hidden
        else _("Der Name von Spieler %(n)s ist wieder öffentlich.", n=n)
    )
    return back(series_id, said)


@limited("RATELIMIT_EXPORTS")
@bp.get("/r/<series_id>/cards.pdf")
def cards(series_id: str):
    """Download the players' cards to print, 8 to an A4 page: number, name, the QR code of
    the player's page and the player's own link (to ask to be forgotten)."""
    made = board(series_id)
    token = ORGANISER.require(made.series)
    series = made.series
    listed = [
        cards_of.Card(
            player,
            url_for("series.player", series_id=series.id, number=player.number, _external=True),
            url_for(
                "series.own_link",
                series_id=series.id,
                number=player.number,
                token=store.player_token(token, player.number),
                _external=True,
            ),
        )
        for player in series.players
        if not player.forgotten
    ]
    body = cards_of.cards_pdf(series, listed)
    response = responses.download(body, "pdf", exports.filename(series, _("Karten"), "pdf"))
    # The cards hold each player's own link: no cache keeps them.
    response.headers["Cache-Control"] = "no-store"
    return response


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
        names=ORGANISER_NAMES,
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
        names=ORGANISER_NAMES,
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
        names=ORGANISER_NAMES,
    )
    return back(series_id, _said(_("%(n)s angemeldet.", n=len(names)), made))


def _said(done: str, made: service.SeriesTournamentMade) -> str:
    """Return what a step did, with the new names that joined the series and their numbers."""
    joined = ", ".join(f"{p.number} {p.name}" for p in made.joined)
    if not joined:
        return done
    return done + " " + _("Neu in der Serie: %(names)s.", names=joined)


def _organises(tournament_id: str, token: str) -> bool:
    """Tell whether `token` is the organiser's token of tournament `tournament_id`."""
    try:
        return tournaments.check_token(house.get_db(), tournament_id, token)
    except NotFound:
        return False


def entry(text: str) -> int | str:
    """Return a line of a tournament's list as the series takes it: a series number (digits
    alone, as typed at the door) or a name."""
    stripped = text.strip()
    return int(stripped) if stripped.isdigit() and len(stripped) <= 5 else stripped
