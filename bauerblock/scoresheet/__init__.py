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
    pages.bp.add_static_folder(STATIC)
    app.register_blueprint(bp)


from bauerblock.scoresheet import downloads, start, statistics, views, writes  # noqa: E402, F401  (registers routes)
