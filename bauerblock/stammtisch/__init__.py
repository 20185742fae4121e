"""The Stammtisch pages: a group's roster, its evenings and its statistics across them.

A sibling of the score sheet: the web layer's base template, CSRF, headers, translations and
compression.
"""

from flask import Blueprint, Flask

from bauerblock.web import pages

bp = Blueprint("stammtisch", __name__, template_folder="templates")
pages.serve_pages(bp)


def init_app(app: Flask) -> None:
    """Register the Stammtisch pages on `app` (after the web layer, whose set-up they use)."""
    # The views add their routes to bp as they load; imported here, as the app is set up,
    # since they import this package's bp (at the top, each would import the other).
    from bauerblock.stammtisch import views

    app.register_blueprint(bp)
    pages.add_start_section(app, views.recent_groups)
