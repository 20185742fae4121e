"""Browser apps of any origin may call the API (CORS, by flask-cors); the pages may not.

The API authenticates by bearer token alone, never by a cookie, so letting any origin read
and write without credentials hands a page on another site nothing a script of its own could
not send. The pages keep same-origin only: they carry a phone's rights in a cookie.
"""

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote

from flask import Flask, Response, request
from flask_cors import CORS
from flask_cors.core import (
    ACL_EXPOSE_HEADERS,
    ACL_ORIGIN,
    ACL_REQUEST_HEADER_PRIVATE_NETWORK,
    FLASK_CORS_EVALUATED,
    get_cors_options,
)

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


# flask-cors's options of the API (its resources aside), read again for the simple answers.
OPTIONS: dict[str, Any] = {
    # `*`, never the request's Origin echoed: one answer for every origin, so a cache
    # (and the fast polls, bauerblock.web.polls) may keep it, and no Vary: Origin.
    "send_wildcard": True,
    "supports_credentials": False,
    "allow_headers": REQUEST_HEADERS,
    "expose_headers": EXPOSED_HEADERS,
    "max_age": PREFLIGHT_MAX_AGE,
    "methods": METHODS,
}


def init_app(app: Flask) -> None:
    """Answer preflights and add the CORS headers to every answer of the API."""
    CORS(app, resources={RESOURCES: {}}, **OPTIONS)
    # Registered after flask-cors's hook, so it runs just before it (Flask runs them in
    # reverse), and flask-cors skips an answer that carries the origin header already.
    app.after_request(simple_answer(get_cors_options(app, OPTIONS).expose_headers or ""))


def simple_answer(exposed: str) -> Callable[[Response], Response]:
    """Return the hook adding the CORS headers to an answer of the API to any request but a
    preflight: the two headers flask-cors would add, worked out once (`exposed` is its list
    of exposed headers, as it writes it). Preflights and the private-network question are
    left to flask-cors; so is an answer it marked or gave its headers already."""
    resources = re.compile(RESOURCES)

    def add_cors_headers(response: Response) -> Response:
        if (
            request.method == "OPTIONS"
            or ACL_REQUEST_HEADER_PRIVATE_NETWORK in request.headers
            or ACL_ORIGIN in response.headers
            or hasattr(response, FLASK_CORS_EVALUATED)
            or not resources.match(unquote(request.path))
        ):
            return response
        # flask-cors's answer whatever the Origin: `*` (send_wildcard, no credentials).
        response.headers.add(ACL_ORIGIN, "*")
        response.headers.add(ACL_EXPOSE_HEADERS, exposed)
        return response

    return add_cors_headers
