"""The season (docs/rules.md section 7): a series of tournaments, its players known by
number, and one Rangliste. A plug-in: everything of the series lives in this folder, by
layer - `engine` (the pure fold), `store` (its rows, its version, the Rangliste kept per
version), `service` (the use cases both faces call) - and the app registers it once.
"""

from flask import Flask


def init_app(app: Flask) -> None:
    """Register the series on `app`, once: its pages (after the tournament's pages, whose
    styles and set-up they use)."""
    # Imported here: the pages import the web layer, set up by then.
    from bauerblock.series import pages

    pages.init_app(app)
