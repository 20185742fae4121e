"""What a sheet gives away: its share links as QR codes, its exports and its print view."""

from __future__ import annotations

from flask import abort, make_response, render_template
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup

from bauerblock import store
from bauerblock.engine.teams import TEAMS
from bauerblock.exports.cache import Download, kept, named_sheet, sheet_download
from bauerblock.scoresheet import bp, render
from bauerblock.scoresheet.games import PADS
from bauerblock.scoresheet.views import load_sheet
from bauerblock.web import responses, rights
from bauerblock.web.errors import found
from bauerblock.web.guards import limited
from bauerblock.web.qr import qr_svg_file


@bp.get("/s/<sheet_id>/qr/<any(view, edit):kind>.svg")
def qr_code(sheet_id: str, kind: str):
    """Draw a share link as a QR code, an image the sheet page loads when its share section
    opens; the edit link only for a session that holds the edit right (its address has no
    token)."""
    sheet = load_sheet(sheet_id)
    token = rights.SHEET.require(sheet) if kind == "edit" else None
    label = _("Link zum Eintragen") if token else _("Link zum Mitlesen")
    response = make_response(qr_svg_file(render.share_url(sheet.id, token), label))
    response.mimetype = "image/svg+xml"
    # The edit link's code is the edit right: no cache may keep it.
    response.headers["Cache-Control"] = "no-store" if token else "public, max-age=86400"
    return response


# --- exports, print view -----------------------------------------------------


@limited("RATELIMIT_EXPORTS")
@bp.get("/s/<sheet_id>/export.<fmt>")
def export(sheet_id: str, fmt: str):
    """Download the sheet as CSV, PDF or JSON: the CSV and PDF in the page's language."""
    if fmt not in responses.CONTENT_TYPES:
        abort(404)
    built = sheet_download(sheet_id, fmt, str(get_locale()))
    return responses.page_download(built, fmt)


@limited("RATELIMIT_EXPORTS")
@bp.get("/s/<sheet_id>/print")
def print_view(sheet_id: str):
    """Show the sheet as a page to print: its body built once per version and language."""
    head = load_sheet(sheet_id)

    def build(sheet) -> Download:
        pad = PADS[sheet.game]
        state = store.replay(sheet)
        html = render_template(
            "scoresheet/_print.html",
            sheet=sheet,
            state=state,
            current=state["current"],
            rows=pad.rows(sheet, state),
            teams=TEAMS,
            **pad.context(sheet, sheet.played + 1),
        )
        return Download(html.encode(), "")

    key = ("print", sheet_id, str(get_locale()))
    body = found(kept(key, store.sheet_version, named_sheet, build))
    responses.charge(body.built)
    return render_template("scoresheet/print.html", sheet=head, article=Markup(body.body.decode()))
