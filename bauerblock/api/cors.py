"""Browser apps of any origin may call the API (CORS, by flask-cors); the pages may not.

The API authenticates by bearer token alone, never by a cookie, so letting any origin read
and write without credentials hands a page on another site nothing a script of its own could
not send. The pages keep same-origin only: they carry a phone's rights in a cookie.
"""

from flask import Flask
from flask_cors import CORS

REQUEST_HEADERS = [
    "Accept",
    "Accept-Language",
    "Authorization",
    "Content-Type",
    "Idempotency-Key",
    "If-Match",
    "If-None-Match",
]
"""The request headers the API reads: a preflight allows each of them."""

EXPOSED_HEADERS = [
    "API-Version",
    "Allow",
    "Content-Disposition",
    "ETag",
    "Idempotent-Replayed",
    "Location",
    "RateLimit",
    "RateLimit-Policy",
    "Retry-After",
    "WWW-Authenticate",
]
"""The answers' headers a browser app may read besides the safelisted ones."""

RESOURCES = r"/api/(v1/|openapi\.json$)"
"""The operations and the document; not Swagger UI's page (/api/docs), a page like the rest."""

METHODS = ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]
"""The methods the API has (a preflight names them all: a path that lacks one answers 405)."""

PREFLIGHT_MAX_AGE = 7200
"""Seconds a browser keeps a preflight's answer (Chromium keeps at most two hours)."""


def init_app(app: Flask) -> None:
    """Answer preflights and add the CORS headers to every answer of the API."""
    CORS(
        app,
        resources={RESOURCES: {}},
        # `*`, never the request's Origin echoed: one answer for every origin, so a cache
        # (and the fast polls, bauerblock.web.polls) may keep it, and no Vary: Origin.
        send_wildcard=True,
        supports_credentials=False,
        allow_headers=REQUEST_HEADERS,
        expose_headers=EXPOSED_HEADERS,
        max_age=PREFLIGHT_MAX_AGE,
        methods=METHODS,
    )
