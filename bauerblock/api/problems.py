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

from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from flask import Response, current_app, request
from flask_babel import force_locale
from werkzeug.exceptions import default_exceptions

from bauerblock.engine.errors import Refusal
from bauerblock.web import refusals
from bauerblock.web.refusals.statuses import status_of

PROBLEM = "application/problem+json"
JSON = "application/json"
TYPES = "/api/v1/problems/"
"""Where each reason's `type` URI points: a page of the API describing it."""


HEADER_CODES = {
    "idempotency_key_invalid": "Idempotency-Key",
    "create_key_too_short": "Idempotency-Key",
}
"""The refusals of a request header, by code: a 422's `errors.headers` names the header."""


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
    language: str = "en",
) -> Response:
    """Answer an error in the shape the client asks for (the module's docstring).

    `title` is the status's name (werkzeug's: "Unprocessable Entity"), `message` the English
    words, `detail` the words in the language asked for (default: `message`), whose
    `language` the answer's Content-Language names.
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
    response.headers["Content-Language"] = language
    response.vary.update(("Accept", "Accept-Language"))
    return response


def refuse(error: Refusal, headers: Mapping[str, str] | None = None):
    """Answer a refusal of the engine or the store with its status (the refusal map), its
    code and its words (and `headers`), in JSON or HTML by path."""
    status = status_of(error)
    message = refusals.english(error)
    http_error = default_exceptions[status](message)
    data: dict[str, Any] = {"message": message, "reason": error.code}
    if headers:
        data["headers"] = dict(headers)
    if wants_german():
        with force_locale("de"):
            data["detail"] = refusals.player_message(error)
        data["language"] = "de"
    if status == HTTPStatus.UNPROCESSABLE_ENTITY:
        header = HEADER_CODES.get(error.code)
        where = {"headers": {header: [message]}} if header else {"json": {"_schema": [message]}}
        data["errors"] = where
    # The API's handler answers with the body carried on the exception.
    http_error.data = data  # type: ignore[attr-defined]
    # The app's HTTPException handler (app.py) picks JSON for /api and HTML for pages.
    return current_app.handle_http_exception(http_error)
