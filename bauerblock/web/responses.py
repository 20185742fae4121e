"""The answers every layer builds alike: a file to download, and "not modified" to a poll.

One place for both, so that every CSV is written the same way (with a byte-order mark, which
spreadsheet programs need to read the umlauts as UTF-8) and every 304 names its tag alike.
The API uses them too: this module imports nothing of the pages.
"""

from __future__ import annotations

import io
from collections.abc import Mapping

from flask import Response, abort, g, request, send_file

from bauerblock.exports.cache import Download

CONTENT_TYPES = {
    "csv": "text/csv",
    "json": "application/json",
    "pdf": "application/pdf",
}
"""The media type of each kind of download (werkzeug adds `charset=utf-8` to the CSV's)."""
BOM = "\ufeff".encode()
"""UTF-8's byte-order mark: the first bytes of every CSV."""
HIT_COST = 1
"""What a kept download costs of the exports limit: reading a file."""
BUILD_COST = 5
"""What a built one costs: a 3,000-game sheet's PDF is a few tenths of a second of CPU."""
POLL = {"Cache-Control": "no-store", "Vary": "HX-Request"}
"""What a page's answer to an htmx poll adds: no cache keeps it, it varies by htmx."""


def download(body: bytes | str, kind: str, filename: str, *, built: bool = True) -> Response:
    """Answer `body` as a file of `kind` (csv, json or pdf) to save as `filename`, and
    charge it to the exports limit by what it cost (`built` now, or kept).

    werkzeug's send_file writes the Content-Disposition: an ASCII `filename` any client
    reads, and the name itself in `filename*` (RFC 6266) when it is not ASCII.
    """
    charge(built)
    data = body.encode() if isinstance(body, str) else body
    if kind == "csv" and not data.startswith(BOM):
        data = BOM + data
    return send_file(
        io.BytesIO(data),
        mimetype=CONTENT_TYPES[kind],
        as_attachment=True,
        download_name=filename,
        etag=False,
    )


def page_download(built: Download | None, kind: str) -> Response:
    """Answer a page's download as built or kept, or 404: nothing to build it from."""
    if built is None:
        abort(404)
    return download(built.body, kind, built.filename, built=built.built)


def charge(built: bool) -> None:
    """Charge this request's download (or print page) to the exports limit by its cost."""
    g.export_cost = BUILD_COST if built else HIT_COST


def export_cost() -> int:
    """Return what this request's download cost (before its view ran: a kept file's)."""
    return g.get("export_cost", HIT_COST)


TOKEN_FIELD = b'"edit_token"'
"""Every API answer that carries a token names it so (its links beside it)."""


def keep_tokens_private(response: Response) -> Response:
    """Mark an answer that carries an edit token `Cache-Control: no-store`: no cache on the
    way (nor the browser's) may keep a token."""
    if (
        response.mimetype == "application/json"
        and not response.is_streamed
        and TOKEN_FIELD in response.get_data()
    ):
        response.headers["Cache-Control"] = "no-store"
    return response


def not_modified(
    tag: str | None, *, weak: bool = True, headers: Mapping[str, str] | None = None
) -> Response | None:
    """Answer 304 if the request's If-None-Match names `tag` (unquoted), else None.

    If-None-Match compares weakly (RFC 9110, 13.1.2): `"x"`, `W/"x"`, a list naming either,
    and `*` all match. `weak` says how the answer names its tag: the pages' W/"...", whose
    bytes vary with language and compression; the API's strong one.
    """
    if tag is None or not request.if_none_match.contains_weak(tag):
        return None
    response = Response(status=304)
    response.set_etag(tag, weak=weak)
    response.headers.extend(headers or {})
    return response
