"""Faults of the database in words: a locked, full or failing file answers 503.

A write waits for the write lock at most the busy timeout (store/db.py, a few seconds);
past it, or when the disk is full or the file fails (an I/O error, a WAL gone wrong), the
request ends here instead of in a generic 500: 503 with `Retry-After`, the API's error body
in the client's form (a problem document or the v1 body, api/problems.py), a page in the
pad's language on the pages. The write's transaction was rolled back whole (store.db's
`immediate`), so nothing was changed, and the pad's outbox keeps the tap and sends it again.
"""

import sqlite3

from flask import current_app, request
from flask_babel import force_locale
from flask_babel import gettext as _
from werkzeug.exceptions import ServiceUnavailable

RETRY_AFTER_S = 5
"""How long a client waits before it tries again (the front's 503 says the same)."""
FAULTS = (sqlite3.OperationalError, sqlite3.DatabaseError)
"""The database's own faults (locked, busy, full, I/O, a malformed file), not the errors of
a statement (an IntegrityError, a ProgrammingError: those are bugs, and answer 500)."""
REASON = "service_unavailable"


def fault_words() -> str:
    """Return what a 503 of the database says, in the language of the request."""
    return _(
        "Die Datenbank ist gerade belegt oder gestört; nichts wurde geändert. "
        "In ein paar Sekunden noch einmal versuchen."
    )


def answer_fault(error: sqlite3.DatabaseError):
    """Answer a fault of the database with 503 and Retry-After; re-raise any other error."""
    if type(error) not in FAULTS:
        raise error
    current_app.logger.warning("The database failed a request (%s): answered 503.", error)
    unavailable = ServiceUnavailable(retry_after=RETRY_AFTER_S)
    with force_locale("en"):
        message = fault_words()
    with force_locale("de"):
        german = fault_words()
    # The API's words follow Accept-Language (German or English), as its refusals' do; a
    # page is in the pad's own language (errors.render_error).
    asks_german = request.accept_languages.best_match(("en", "de"), default="en") == "de"
    # werkzeug's HTTPException declares no `data`; the API's error handler reads it, as
    # flask-smorest's abort() sets it.
    unavailable.data = {  # type: ignore[attr-defined]
        "message": message,
        "detail": german if asks_german else message,
        "reason": REASON,
        "headers": {"Cache-Control": "no-store"},
    }
    # The app's HTTPException handler (app.py) answers the API in JSON, the pages in HTML.
    return current_app.handle_http_exception(unavailable)
