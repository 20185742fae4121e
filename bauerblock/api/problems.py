"""The API's error answers: an RFC 9457 problem document, or the v1 body, as the client asks.

A client that accepts `application/problem+json` (preferred to `application/json`) gets a
problem: `type` (a URI per reason), `title` (the status's name), `status` (the number),
`detail` (the words, in the language Accept-Language asks: German or English), `instance`
(the path asked for), and the extension members `reason` and `errors`. Any other client gets
the v1 body (`code`, `status` as a name, `message` in English, `reason`, `errors`), with
`type`, `title` and `detail` added.

`type` is the relative URI `/api/v1/problems/<reason>` (resolved against the API's host);
that address answers a problem document describing the reason (problems.describe).
"""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, request

PROBLEM = "application/problem+json"
JSON = "application/json"
TYPES = "/api/v1/problems/"
"""Where each reason's `type` URI points: a page of the API describing it."""


def problem_type(reason: str) -> str:
    """Return the `type` URI of a reason."""
    return f"{TYPES}{reason}"


def wants_problem() -> bool:
    """Tell whether the client prefers a problem document to the v1 body."""
    accepted = request.accept_mimetypes
    return accepted[PROBLEM] > 0 and accepted.best_match([JSON, PROBLEM]) == PROBLEM


def wants_german() -> bool:
    """Tell whether Accept-Language asks for German rather than English (the default)."""
    return request.accept_languages.best_match(("en", "de"), default="en") == "de"


def answer(
    status: int,
    title: str,
    reason: str,
    message: str,
    *,
    detail: str | None = None,
    errors: object = None,
    headers: dict[str, str] | None = None,
) -> Response:
    """Answer an error in the shape the client asks for (the module's docstring).

    `title` is the status's name (werkzeug's: "Unprocessable Entity"), `message` the English
    words, `detail` the words in the language asked for (default: `message`).
    """
    body: dict[str, Any] = {"type": problem_type(reason), "title": title}
    if wants_problem():
        body |= {
            "status": status,
            "detail": detail or message,
            "instance": request.path,
            "reason": reason,
        }
        mimetype = PROBLEM
    else:
        body |= {
            "code": status,
            "status": title,
            "message": message,
            "detail": detail or message,
            "reason": reason,
        }
        mimetype = JSON
    if errors:
        body["errors"] = errors
    response = current_app.response_class(
        current_app.json.dumps(body), status=status, mimetype=mimetype
    )
    response.headers.extend(headers or {})
    response.vary.update(("Accept", "Accept-Language"))
    return response
