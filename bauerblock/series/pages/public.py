"""The series' public side: its page (the Rangliste, the tournaments, the players, a QR code
of the page), the board of the Rangliste for the projector, a player's page (their place,
their tournaments with place and points, their partners, who they won with most often,
and, while a tournament of the series runs, where they sit now: the tournament's own seat
view), and the downloads of both. No tokens; a hidden player shows as "Spieler 17", a
forgotten one too. From the link on their card a player may ask to be forgotten.
"""

from __future__ import annotations

from typing import Any

from flask import abort, redirect, render_template, request, session, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from bauerblock import store as house
from bauerblock.engine.errors import NotFound, RuleError
from bauerblock.exports.cache import cache
from bauerblock.series import exports, service
from bauerblock.series.pages import bp
from bauerblock.series.pages.shared import (
    ORGANISER,
    PLAYER,
    board,
    current_tag,
    names,
    player_item,
)
from bauerblock.web import responses
from bauerblock.web.forms import new_key, posted_key
from bauerblock.web.guards import limited
from bauerblock.web.pages import POLL_SECONDS, htmx, tagged, unchanged
from bauerblock.web.qr import qr_svg

NOTICE = "series_notice"
"""The session's key of what the last step did, said once on the page it leads to."""


def shown(made: service.Board) -> dict[str, Any]:
    """Return what the series' public pages show of it: the Rangliste's lines, the
    tournaments still running, names as the public sees them."""
    series = made.series
    return {
        "series": series,
        "ranked": made.rangliste.ranked,
        "apart": made.rangliste.apart,
        "running": [t for t in series.tournaments if not t.finished],
        "names": names(series, public=True),
        "rules_words": exports.scoring_words(series),
        "etag": series.etag,
        "poll": POLL_SECONDS,
        "organiser": ORGANISER.held(series) is not None,
    }


@bp.get("/r/<series_id>")
def page(series_id: str):
    """Show the series' page: the Rangliste, its tournaments and players, a QR code."""
    made = board(series_id)
    url = url_for("series.page", series_id=series_id, _external=True)
    qr = qr_svg(url, _("Link zur Rangliste"))
    return tagged(render_template("series/page.html", **shown(made), page_qr=qr), made.series.etag)


@bp.get("/r/<series_id>/board")
def projector(series_id: str):
    """Show the Rangliste for the projector, live (htmx polls its part: 304 while the
    series and its tournaments are as they were)."""
    answer = unchanged(current_tag, series_id)
    if answer is not None:
        return answer
    made = board(series_id)
    context = shown(made)
    if htmx:
        return tagged(render_template("series/_board.html", **context), context["etag"])
    url = url_for("series.page", series_id=series_id, _external=True)
    context["board_qr"] = qr_svg(url, _("Link zur Rangliste"))
    return tagged(render_template("series/board.html", **context), context["etag"])


@limited("RATELIMIT_EXPORTS")
@bp.get("/r/<series_id>/rangliste.<any(csv, pdf):fmt>")
def rangliste(series_id: str, fmt: str):
    """Download the Rangliste as CSV (in the page's language and its separator) or PDF."""
    built = exports.download(series_id, fmt, str(get_locale()))
    return responses.page_download(built, fmt)


@limited("RATELIMIT_EXPORTS")
@bp.get("/r/<series_id>/series.json")
def series_json(series_id: str):
    """Download the series as JSON: settings, Rangliste, tournaments, players."""
    return responses.page_download(exports.download(series_id, "json"), "json")


def player_page(series_id: str, number: int) -> service.PlayerPage:
    """Return player `number`'s page, or answer 404."""
    try:
        return service.player_page(house.get_db(), series_id, number)
    except (NotFound, RuleError):
        abort(404)


@bp.get("/r/<series_id>/players/<int:number>")
def player(series_id: str, number: int):
    """Show a player's page, live while a tournament of the series runs."""
    answer = unchanged(current_tag, series_id)
    if answer is not None:
        return answer
    seen = player_page(series_id, number)
    organiser = ORGANISER.held(seen.series) is not None
    mine = PLAYER.held(player_item(series_id, number)) is not None
    return tagged(
        render_template(
            "series/player.html",
            series=seen.series,
            seen=seen,
            name=exports.called(seen.player),
            partner_names={
                line.partner.number: exports.called(line.partner) for line in seen.partners
            },
            etag=seen.series.etag,
            may_forget=(organiser or mine) and not seen.player.forgotten,
            notice=session.pop(NOTICE, ""),
        ),
        seen.series.etag,
    )


@limited("RATELIMIT_EXPORTS")
@bp.get("/r/<series_id>/players/<int:number>/results.<any(csv, pdf):fmt>")
def results(series_id: str, number: int, fmt: str):
    """Download a player's results as CSV (the page's language) or PDF."""
    player_page(series_id, number)  # an unknown number: 404, nothing built
    built = exports.download(series_id, fmt, str(get_locale()), number)
    return responses.page_download(built, fmt)


@bp.get("/r/<series_id>/players/<int:number>/forget/<token>")
def own_link(series_id: str, number: int, token: str):
    """Take the player's own link (their card's): the right to ask to be forgotten is kept
    in the session, and the page asks first (the link leaves the address bar)."""
    item = player_item(series_id, number)
    if not PLAYER.check(item, token):
        abort(403)
    PLAYER.grant(item.id, token)
    return redirect(url_for("series.forget_asked", series_id=series_id, number=number), 303)


@bp.get("/r/<series_id>/players/<int:number>/forget")
def forget_asked(series_id: str, number: int):
    """Ask before forgetting a player: it is for good."""
    seen = _forgettable(series_id, number)
    if seen.player.forgotten:
        return redirect(url_for("series.player", series_id=series_id, number=number), 303)
    return render_template(
        "series/forget.html",
        series=seen.series,
        player=seen.player,
        name=exports.called(seen.player, public=False),
        # A fresh key for each page shown: a confirmation sent twice forgets once.
        key=new_key(),
    )


@limited("RATELIMIT_WRITES")
@bp.post("/r/<series_id>/players/<int:number>/forget")
def forget(series_id: str, number: int):
    """Forget a player for good: the name leaves the series, its tournaments and the kept
    downloads; the results stay under the number."""
    seen = _forgettable(series_id, number)
    service.forget(
        house.get_db(),
        series_id,
        number,
        exports=cache(),
        idempotency_key=posted_key(request.form),
    )
    session[NOTICE] = _("Spieler %(n)s ist vergessen: der Name ist überall gelöscht.", n=number)
    if ORGANISER.held(seen.series) is not None:
        return redirect(url_for("series.organiser", series_id=series_id), 303)
    return redirect(url_for("series.player", series_id=series_id, number=number), 303)


def _forgettable(series_id: str, number: int) -> service.PlayerPage:
    """Return player `number`'s page (or 404) for a phone that may forget them: refuse (403)
    one that holds neither the organiser's right nor the player's own."""
    seen = player_page(series_id, number)
    if ORGANISER.held(seen.series) is None and PLAYER.held(player_item(series_id, number)) is None:
        abort(403)
    return seen
