"""Security of the pages: CSRF tokens and the rights a session holds (headers: guards.py)."""

import hmac
import secrets
from collections.abc import Callable

from flask import request, session
from flask.sessions import SecureCookieSessionInterface

from bauerblock.guards import CONTENT_SECURITY_POLICY, HEADERS, secure

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
MAX_RIGHTS = 20
"""The most rights of one kind a session keeps (the oldest go first)."""


def csrf_token() -> str:
    """Return this browser session's CSRF token, making it on first use."""
    token = session.get("csrf")
    if not isinstance(token, str):
        token = secrets.token_urlsafe(24)
        session["csrf"] = token
    return token


def csrf_ok() -> bool:
    """Tell whether this request is safe or carries the session's CSRF token."""
    if request.method in SAFE_METHODS:
        return True
    expected = session.get("csrf")
    sent = request.headers.get(CSRF_HEADER) or request.form.get(CSRF_FIELD)
    if not isinstance(expected, str) or not sent:
        return False
    return hmac.compare_digest(expected.encode(), sent.encode())


def held_right(kind: str, item_id: str, check: Callable[[str | None], bool]) -> str | None:
    """Return the token this session keeps as its right of `kind` to `item_id`, if `check`
    still takes it (None: no right, or one that no longer holds)."""
    token = session.get(kind, {}).get(item_id)
    return token if check(token) else None


def grant_right(kind: str, item_id: str, token: str) -> None:
    """Keep `token` in the session as its right of `kind` ("edit": a sheet) to `item_id`."""
    rights = dict(session.get(kind, {}))
    rights.pop(item_id, None)
    rights[item_id] = token
    while len(rights) > MAX_RIGHTS:
        rights.pop(next(iter(rights)))
    session[kind] = rights
    session.permanent = True


class PagesSession(SecureCookieSessionInterface):
    """Flask's signed-cookie session for the pages; requests under `without` get none.

    The API never reads the session: not opening one spares each API request the cookie's
    signature check (and an answer never sets a cookie).
    """

    def __init__(self, without: str) -> None:
        self.without = without

    def open_session(self, app, request):
        if request.path.startswith(self.without):
            return None  # Flask then uses its null session, and saves nothing
        return super().open_session(app, request)


__all__ = [
    "CONTENT_SECURITY_POLICY",
    "HEADERS",
    "PagesSession",
    "csrf_ok",
    "csrf_token",
    "grant_right",
    "held_right",
    "secure",
]
