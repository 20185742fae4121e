"""The tournament pages: the organiser's page, table cards, the board and the results list.

A sibling of the score sheet: the web layer's base template, styles, translations, CSRF check
and security headers; each table's pad is the score sheet's own.
"""

from pathlib import Path

from flask import Blueprint, Flask

from bauerblock.web import pages

bp = Blueprint("tournament", __name__, template_folder="templates")
pages.serve_pages(bp)

STATIC = Path(__file__).parent / "static"
"""The tournament pages' style and script, served under /static/ with the web layer's."""


def init_app(app: Flask) -> None:
    """Register the tournament pages on `app` (after the web layer, whose set-up they use)."""
    # Each adds its routes to bp as it loads (the form, the organiser's page and steps, the
    # board, prints, the tables' cards); imported here, as the app is set up, since each
    # imports this package's bp (at the top, they would import each other).
    from bauerblock.tournament import (  # noqa: F401
        board,
        new,
        organiser,
        prints,
        seats,
        steps,
        tables,
    )
    from bauerblock.tournament.kinds import PAGE_KINDS

    pages.bp.add_static_folder(STATIC)
    app.register_blueprint(bp)
    # The start page's chooser names each kind a new tournament can be.
    app.jinja_env.globals["tournament_kinds"] = PAGE_KINDS.values
    pages.add_gone_sheet(app, board.redrawn_table)
