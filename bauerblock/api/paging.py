"""Paging by one convention (docs/api.md, "Versions, ETags and paging"): one `limit` (a
default and a maximum, the same for every list), the list's own cursor (`games_from`,
`sheets_from`, `draws_from`), and the next page's address in the body (`next`, null on the
last page) and in a `Link: <…>; rel="next"` header. The document says `limit` and `Link`
once, as the components every paged operation refers to (`share`)."""

from typing import Any

from apispec import APISpec
from flask import Response, url_for
from marshmallow import Schema, fields, validate

from bauerblock.api.constraints import schema_of

PAGE = 50
"""The items a page holds without a `limit`: a sheet's default GET costs what a 50-game
evening's does, however long the evening."""
MAX_PAGE = 500
"""The most items a page holds."""

LINK_HEADER = {
    "description": 'The next page, `<url>; rel="next"` (RFC 8288), as `next` in the body; '
    "absent on the last page",
    "required": False,
    "schema": {"type": "string"},
}
LINK = {"Link": LINK_HEADER}
"""The header of an answer that pages a list (the document refers to its component)."""
LIMIT_WORDS = (
    f"At most this many items a page ({PAGE} unless asked, {MAX_PAGE} at most; past it, "
    "422); the list's own cursor says where the page starts, `next` where the next one does"
)


def page_query(name: str, cursor: str, words: str) -> type[Schema]:
    """Return the query schema `name` of a paged list: its own cursor, where the page starts
    (from 1, as `words` say), and `limit` (the `limit` component)."""
    first = fields.Integer(
        load_default=1, validate=validate.Range(min=1), metadata={"description": words}
    )
    limit = fields.Integer(
        load_default=PAGE,
        validate=validate.Range(min=1, max=MAX_PAGE),
        metadata={"description": LIMIT_WORDS},
    )
    return schema_of(name, {cursor: first, "limit": limit})


def next_field(what: str) -> fields.String:
    """Return the `next` answer field of a paged list of `what`."""
    return fields.String(
        required=True,
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


def link(next_page: str | None) -> dict[str, str]:
    """Return the `Link` header naming the next page (none on the last page)."""
    return {} if next_page is None else {"Link": f'<{next_page}>; rel="next"'}


def paged(response: Response, next_page: str | None) -> Response:
    """Name the next page in the answer's `Link` header (the body's `next` names it too)."""
    response.headers.update(link(next_page))
    return response


def share(spec: APISpec) -> None:
    """Say `limit` and `Link` once in `spec`'s components, and refer to them from every
    operation that pages (each operation's own copy, from `limit_field` and `LINK`)."""
    limit_ref = {"$ref": "#/components/parameters/limit"}
    link_ref = {"$ref": "#/components/headers/Link"}
    shared = False
    for operations in spec._paths.values():  # apispec keeps the document's paths there
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            for index, parameter in enumerate(operation.get("parameters", [])):
                if parameter.get("in") == "query" and parameter.get("name") == "limit":
                    if not shared:
                        spec.components.parameter("limit", "query", parameter)
                        shared = True
                    operation["parameters"][index] = limit_ref
            for answer in operation.get("responses", {}).values():
                headers = answer.get("headers", {}) if isinstance(answer, dict) else {}
                if headers.get("Link") == LINK_HEADER:
                    headers["Link"] = link_ref
    spec.components.header("Link", LINK_HEADER)
