"""The series' pages: a new series (`/r/new`), the series' public page and its board for
the projector, the organiser's page and steps, a player's page, the player cards and the
downloads. German first, English from the catalogue; laid out as the tournament's pages
(their styles, the board's sizes), with the series' own in static/series.css.
"""

from pathlib import Path

from flask import Blueprint, Flask

from bauerblock.tournament.kinds import PAGE_KINDS
from bauerblock.web import pages

bp = Blueprint(
    "series", __name__, template_folder="templates", root_path=str(Path(__file__).parent.parent)
)
pages.serve_pages(bp)


@bp.context_processor
def tournament_kinds() -> dict[str, object]:
    """Give the series' templates each tournament kind's pages, by its kind (its name in a
    word, whether it takes late entrants)."""
    return {"kind_pages": PAGE_KINDS}


STATIC = Path(__file__).parent.parent / "static"
"""The series pages' style and script, served under /static/ with the web layer's."""


def init_app(app: Flask) -> None:
    """Register the series' pages on `app` (after the web layer and the tournament's pages,
    whose set-up and styles they use)."""
    # Each adds its routes to bp as it loads; imported here, as the app is set up, since
    # each imports this package's bp.
    from bauerblock.series.pages import (  # noqa: F401
        new,
        organiser,
        public,
    )

    pages.bp.add_static_folder(STATIC)
    app.register_blueprint(bp)
