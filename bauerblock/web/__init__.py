"""The web layer every page package shares.

`pages` (set-up: Babel, htmx, compression, error pages, static files, the language switch,
the hooks of every page blueprint), `guards` (security headers, body and address limits, rate
limits), `session`, `csrf`, `rights` (grant, held, require, remember), `responses` (downloads,
not-modified answers), `qr` and `charts`; the base templates under templates/web/ and the
shared static files under static/.
"""

from flask import Flask

from bauerblock.web import pages, session


def init_app(app: Flask, *, api_prefix: str) -> None:
    """Set up the pages' shared layer on `app`: call before registering any page package."""
    pages.init_app(app)
    app.session_interface = session.PagesSession(without=f"{api_prefix}/")
