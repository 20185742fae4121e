"""The tournament's pages to print: table cards, the wall list, the results list, downloads."""

from __future__ import annotations

from flask import abort, render_template, session, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from bauerblock import store
from bauerblock.exports.cache import tournament_download
from bauerblock.store import tournaments
from bauerblock.tournament import bp
from bauerblock.tournament.context import context, load
from bauerblock.tournament.kinds import pages_of
from bauerblock.web import responses, rights
from bauerblock.web.forms import new_key
from bauerblock.web.guards import limited
from bauerblock.web.qr import qr_svg

EXPORTS = ("pdf", "csv")
"""The results list's downloads on the pages (bauerblock.exports.cache builds them)."""


@bp.get("/t/<tournament_id>/draws/<int:number>/cards")
def cards(tournament_id: str, number: int):
    """Show the draw's table cards to print: each with the QR code of its table's pad."""
    stored = load(tournament_id)
    token = rights.ORGANISER.require(stored)
    shown = context(stored, number=number)
    db = store.get_db()
    kind = pages_of(stored)
    cards = []
    tokens = tournaments.sheet_tokens(db, stored.id, token)
    carded = tournaments.card_numbers(db, stored.id)
    for table in shown["draw"].tables:
        sheet_id = table.sheet.id
        head = store.load_head(db, sheet_id)
        # The table's card for the evening; a table seated before the cards were kept for
        # the evening opens its sheet of this draw.
        edit_url = (
            url_for(
                "tournament.card",
                tournament_id=stored.id,
                number=table.number,
                token=tournaments.card_token(token, table.number, carded[table.number]),
                _external=True,
            )
            if table.number in carded
            else url_for(
                "scoresheet.edit", sheet_id=sheet_id, token=tokens[sheet_id], _external=True
            )
        )
        label = _("Block von Tisch %(n)s zum Eintragen", n=table.number)
        cards.append(
            {
                "table": table,
                "seat_names": kind.seat_names(stored, table, shown["names"]),
                "edit_url": edit_url,
                "qr": qr_svg(edit_url, label),
                "first_dealer": head.first_dealer if head else 0,
            }
        )
    return render_template(
        "tournament/cards.html",
        **shown,
        cards=cards,
        # A lost card is printed anew from here, in one step.
        card_tables=sorted(carded),
        finished=stored.finished,
        key=new_key(),
        notice=session.pop("tournament_notice", ""),
    )


@bp.get("/t/<tournament_id>/draws/<int:number>/wall")
def wall(tournament_id: str, number: int):
    """Show the draw as one page to hang on the wall: tables, partners, byes; no tokens."""
    stored = load(tournament_id)
    shown = context(stored, number=number)
    return render_template("tournament/wall.html", **shown)


@bp.get("/t/<tournament_id>/results")
def results(tournament_id: str):
    """Show the results list to print: places, points per draw, totals."""
    stored = load(tournament_id)
    kind = pages_of(stored)
    shown = context(stored)
    shown.update(kind.in_results(stored, shown["t"]), exports=EXPORTS)
    return render_template(kind.results, **shown)


@limited("RATELIMIT_EXPORTS")
@bp.get("/t/<tournament_id>/results.<fmt>")
def export(tournament_id: str, fmt: str):
    """Download the results list as PDF or CSV (for people), in the page's language."""
    if fmt not in EXPORTS:
        abort(404)
    built = tournament_download(tournament_id, fmt, str(get_locale()))
    if built is None:
        abort(404)
    return responses.download(built.body, fmt, built.filename, built=built.built)
