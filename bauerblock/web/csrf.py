"""CSRF for the pages: one token per browser session, sent with every post (form or htmx)."""

import hmac
import secrets

from flask import request, session

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


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
