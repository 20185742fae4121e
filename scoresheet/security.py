"""Security of the pages: CSRF tokens and the rights a session holds (headers: guards.py)."""

import hmac
import secrets

from flask import request, session

from guards import CONTENT_SECURITY_POLICY, HEADERS, secure

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


def grant_right(kind: str, item_id: str, token: str) -> None:
    """Keep `token` in the session as its right of `kind` ("edit": a sheet) to `item_id`."""
    rights = dict(session.get(kind, {}))
    rights.pop(item_id, None)
    rights[item_id] = token
    while len(rights) > MAX_RIGHTS:
        rights.pop(next(iter(rights)))
    session[kind] = rights
    session.permanent = True


__all__ = ["CONTENT_SECURITY_POLICY", "HEADERS", "csrf_ok", "csrf_token", "grant_right", "secure"]
