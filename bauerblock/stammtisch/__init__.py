"""The Stammtisch pages: a group's roster, its evenings and its statistics across them.

A sibling of the score sheet: the same base template, CSRF, headers, translations and
compression (the score sheet's before/after request hooks run for these pages too).
"""

from flask import Blueprint, Flask

bp = Blueprint("stammtisch", __name__, template_folder="templates")


def init_app(app: Flask) -> None:
    """Register the Stammtisch pages on `app` (after the score sheet, whose setup they share)."""
    app.register_blueprint(bp)


from bauerblock.stammtisch import views  # noqa: E402, F401  (registers the routes on bp)
