"""The `reason` of every refusal: a stable code a client keys on, beside the words.

A refusal of the engine or the store (engine.errors.Refusal) answers with its own code;
what flask-smorest, webargs or werkzeug refuse answers with a fixed one (HTTP_REASONS, or
the status's name in snake_case). The codes the engine and the store raise are read from
their source (engine.codes), so the document lists them all without a second list to keep
in step.
"""

from __future__ import annotations

import flask_smorest.error_handler
from marshmallow import fields
from werkzeug.exceptions import HTTPException

from bauerblock.engine.codes import raised_codes

HTTP_REASONS = {
    401: "token_missing",
    403: "token_wrong",
    412: "version_unknown",
    422: "invalid_body",
    500: "internal_error",
}
"""The reason of a refusal that is no Refusal of ours, by status (else the status's name)."""

LOCATION_REASONS = {"query": "invalid_query", "headers": "invalid_header"}
"""The reason of a 422 of webargs, by where the refused value was (else `invalid_body`)."""


def http_reason(error: HTTPException, errors: object = None) -> str:
    """Return the fixed reason of an HTTP error: HTTP_REASONS, else e.g. `not_found`.

    `errors` are webargs' validation errors by location (`{"query": {...}}`), if any.
    """
    code = error.code or 500
    if code == 422 and isinstance(errors, dict) and len(errors) == 1:
        (location,) = errors
        if location in LOCATION_REASONS:
            return LOCATION_REASONS[location]
    return HTTP_REASONS.get(code) or (error.name or "error").lower().replace(" ", "_")


def described() -> str:
    """Return the description of the `reason` field: what it is, and every code."""
    fixed = ", ".join(f"`{reason}` ({status})" for status, reason in HTTP_REASONS.items())
    fixed += ", " + ", ".join(
        f"`{reason}` (422, the {where})" for where, reason in LOCATION_REASONS.items()
    )
    lines = [
        "A stable code for the refusal, in snake_case: key on it, not on `message`, whose "
        "words may change. A refusal of the rules or of the store's state has its own "
        "code; a refusal of the request's form has a fixed one: "
        f"{fixed}, else the status's name (`not_found`, `method_not_allowed`, "
        "`request_entity_too_large`, `too_many_requests`, ...). The codes of the rules and "
        "the state, each with the English words `message` carries ({placeholders} filled):",
        "",
    ]
    lines += [
        f"- `{code}`: {' / '.join(sorted(templates))}" for code, templates in raised_codes().items()
    ]
    return "\n".join(lines)


class ErrorSchema(flask_smorest.error_handler.ErrorSchema):
    """flask-smorest's error body, with the refusal's stable code."""

    reason = fields.String(metadata={"description": described(), "example": "meld_past_target"})
