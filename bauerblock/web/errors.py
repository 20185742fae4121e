"""The pages' answers to what went wrong: a refusal shown again, the error pages, a 404."""

from collections.abc import Callable
from typing import TypeVar

from flask import Response, abort, g, make_response, render_template
from flask.globals import request_ctx
from flask.typing import ResponseReturnValue
from flask_babel import lazy_gettext
from werkzeug.exceptions import HTTPException, default_exceptions

from bauerblock.engine.errors import NotFound, Refusal
from bauerblock.web import faults
from bauerblock.web.guards import secure
from bauerblock.web.refusals import player_message
from bauerblock.web.refusals.statuses import status_of

T = TypeVar("T")


Reshow = Callable[[Refusal], ResponseReturnValue | None]
"""How a view shows its page again after a refusal (None: the error page says it)."""


def on_refusal(show: Reshow) -> None:
    """Have a refusal of what the view calls next answered by `show` (its form again, the
    words beside the field), with the refusal map's status: the view picks no status."""
    g.reshow = show


def refused(error: Refusal) -> Response:
    """Answer a refusal a view let through: the page its view asked for (on_refusal), else
    the error page with the refusal's words; the status is the refusal map's."""
    status = status_of(error)
    show: Reshow | None = g.pop("reshow", None)
    shown = show(error) if show is not None else None
    if shown is not None:
        response = make_response(shown)
    elif isinstance(error, NotFound):
        response = render_error(default_exceptions[status]())
    else:
        response = render_error(default_exceptions[status](), player_message(error))
    response.status_code = status
    return response


# German first: these pages are read at the table.
ERROR_TITLES = {
    400: lazy_gettext("Ungültige Anfrage"),
    403: lazy_gettext("Kein Zugriff"),
    404: lazy_gettext("Seite nicht gefunden"),
    405: lazy_gettext("Methode nicht erlaubt"),
    413: lazy_gettext("Zu viel auf einmal gesendet"),
    414: lazy_gettext("Adresse zu lang"),
    429: lazy_gettext("Zu viele Anfragen – bitte kurz warten"),
    500: lazy_gettext("Interner Fehler"),
    503: lazy_gettext("Gleich wieder da"),
}
"""The error pages' titles by status, in the page's language (else werkzeug's name)."""


def render_error(error: HTTPException, message: str | None = None):
    """Render `error` as a small HTML page, keeping its status and headers (e.g. Allow)."""
    response = error.get_response()
    title = str(ERROR_TITLES.get(response.status_code, error.name))
    if response.status_code == 503:
        message = message or faults.fault_words()
        response.headers["Cache-Control"] = "no-store"
    # The Host header was refused (TRUSTED_HOSTS): no page can link anywhere, a line says it.
    plain = request_ctx.url_adapter is None
    response.set_data(
        f"{response.status_code} {title}"
        if plain
        else render_template("web/error.html", error=error, title=title, message=message)
    )
    response.content_type = f"text/{'plain' if plain else 'html'}; charset=utf-8"
    return secure(response)


def found(item: T | None) -> T:
    """Return `item`, or answer 404 if there is none (an unknown id in the address)."""
    if item is None:
        abort(404)
    return item
