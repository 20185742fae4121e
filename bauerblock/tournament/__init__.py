"""The tournament pages: the organiser's page, table cards, the board and the results list.

A sibling of the score sheet: the same base template, styles, translations, CSRF check and
security headers; each table's pad is the score sheet's own.
"""

from flask import Blueprint, Flask

from bauerblock.scoresheet import views as sheet_views

bp = Blueprint("tournament", __name__, template_folder="templates")
# The score sheet's guards, for these pages too: CSRF on every post, headers, compression.
bp.before_request(sheet_views.check_csrf)
bp.after_request(sheet_views.finish)


def init_app(app: Flask) -> None:
    """Register the tournament pages on `app` (after the score sheet, whose setup they share)."""
    app.register_blueprint(bp)


from bauerblock.tournament import views  # noqa: E402, F401  (registers the routes on bp)
