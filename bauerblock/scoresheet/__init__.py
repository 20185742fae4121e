"""The score sheet: server-rendered pages for the table, enhanced with htmx."""

from pathlib import Path

from flask import Blueprint, Flask

from bauerblock.web import pages

bp = Blueprint("scoresheet", __name__, template_folder="templates")
pages.serve_pages(bp)

STATIC = Path(__file__).parent / "static"
"""The pad's scripts, served under /static/ with the web layer's files."""


def init_app(app: Flask) -> None:
    """Register the score sheet on `app` (after the web layer, whose set-up it uses)."""
    # Each adds its routes to bp as it loads; imported here, as the app is set up, since each
    # imports this package's bp (at the top, they would import each other).
    from bauerblock.scoresheet import (  # noqa: F401
        downloads,
        entries,
        start,
        statistics,
        views,
        writes,
    )

    pages.bp.add_static_folder(STATIC)
    app.register_blueprint(bp)
