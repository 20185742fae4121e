"""The season (docs/rules.md section 7): a series of tournaments, its players known by
number, and one Rangliste. A plug-in: everything of the series lives in this folder, by
layer - `engine` (the pure fold), `store` (its rows, its version, the Rangliste kept per
version), `service` (the use cases both faces call), `words` (its refusals') - and the app
registers it once.
"""

from flask import Flask
from flask_smorest import Api


def init_app(app: Flask, rest_api: Api) -> None:
    """Register the series on `app`, once: its refusals' words, its API on `rest_api`, and its
    pages (after the tournament's pages, whose styles and set-up they use)."""
    # Imported here: the faces import the API and web layers, set up by then.
    from bauerblock.series import api, pages, words
    from bauerblock.web import refusals

    refusals.register(words.WORDS)
    api.init_app(app, rest_api)
    pages.init_app(app)
