"""Security of the score sheet pages: CSRF tokens and the response headers every page sends."""

import hmac
import secrets

from flask import Response, request, session

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

# No inline script or style anywhere, nothing from other origins: htmx, sheet.js and
# sheet.css are served by the app, and the QR codes are inline SVG without style attributes.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "object-src 'none'",
    )
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    # Edit links carry the sheet's token: never hand them to another site.
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}


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


def secure(response: Response) -> Response:
    """Add the security headers of the score sheet to `response`."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response
