"""The score sheet: server-rendered pages for the table, enhanced with htmx."""

from flask import Blueprint, render_template
from werkzeug.exceptions import HTTPException

bp = Blueprint(
    "scoresheet",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/static",
)

# German first: these pages are read at the table.
_ERROR_TITLES = {
    400: "Ungültige Anfrage",
    403: "Kein Zugriff",
    404: "Seite nicht gefunden",
    405: "Methode nicht erlaubt",
    500: "Interner Fehler",
}


@bp.get("/")
def index():
    """Show the start page."""
    return render_template("scoresheet/index.html")


def render_error(error: HTTPException):
    """Render `error` as a small HTML page, keeping its status and headers (e.g. Allow)."""
    response = error.get_response()
    title = _ERROR_TITLES.get(response.status_code, error.name)
    response.set_data(render_template("scoresheet/error.html", error=error, title=title))
    response.content_type = "text/html; charset=utf-8"
    return response
