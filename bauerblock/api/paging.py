"""Paging by one convention (docs/api.md, "Versions, ETags and paging"): `limit` with a
maximum, the list's own cursor (`games_from`, `sheets_from`), and the next page's address in
the body (`next`, null on the last page) and in a `Link: <…>; rel="next"` header."""

from typing import Any

from flask import Response, url_for
from marshmallow import fields, validate

LINK = {
    "Link": {
        "description": 'The next page, `<url>; rel="next"` (RFC 8288), as `next` in the body; '
        "absent on the last page",
        "required": False,
        "schema": {"type": "string"},
    }
}
"""The header of an answer that pages a list."""


def limit_field(default: int, maximum: int, what: str) -> fields.Integer:
    """Return the `limit` query field of a paged list: how many `what` a page holds."""
    return fields.Integer(
        load_default=default,
        validate=validate.Range(min=1, max=maximum),
        metadata={"description": f"at most this many {what} a page (default {default})"},
    )


def next_field(what: str) -> fields.String:
    """Return the `next` answer field of a paged list of `what`."""
    return fields.String(
        allow_none=True,
        metadata={
            "description": f"the next page of {what} (the same request from where this page "
            'ends; also the `Link: rel="next"` header); null on the last page'
        },
    )


def following(endpoint: str, cursor: str, start: int, left: bool, **values: Any) -> str | None:
    """Return the address of the page from `start` on (None: no page `left` after this one)."""
    if not left:
        return None
    where: dict[str, Any] = {cursor: start, **values}
    return url_for(endpoint, _external=True, **where)


def paged(response: Response, next_page: str | None) -> Response:
    """Name the next page in the answer's `Link` header (the body's `next` names it too)."""
    if next_page is not None:
        response.headers["Link"] = f'<{next_page}>; rel="next"'
    return response
