"""The answers every layer builds alike: a file to download, and "not modified" to a poll.

One place for both, so that every CSV is written the same way (with a byte-order mark, which
spreadsheet programs need to read the umlauts as UTF-8) and every 304 names its tag alike.
The API uses them too: this module imports nothing of the pages.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from urllib.parse import quote

from flask import Response, request

CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "json": "application/json",
    "pdf": "application/pdf",
}
"""The media type of each kind of download."""
BOM = "\ufeff".encode()
"""UTF-8's byte-order mark: the first bytes of every CSV."""
POLL = {"Cache-Control": "no-store", "Vary": "HX-Request"}
"""What a page's answer to an htmx poll adds: no cache keeps it, it varies by htmx."""


def download(body: bytes | str, kind: str, filename: str) -> Response:
    """Answer `body` as a file of `kind` (csv, json or pdf) to save as `filename`."""
    data = body.encode() if isinstance(body, str) else body
    if kind == "csv" and not data.startswith(BOM):
        data = BOM + data
    response = Response(data, content_type=CONTENT_TYPES[kind])
    response.headers["Content-Disposition"] = attachment(filename)
    return response


def attachment(filename: str) -> str:
    """Return a Content-Disposition naming `filename`: an ASCII `filename` any client reads,
    and the name itself in `filename*` (RFC 6266), for clients that read UTF-8."""
    plain = unicodedata.normalize("NFKD", filename).encode("ascii", "ignore").decode()
    plain = re.sub(r"[^A-Za-z0-9._-]+", "-", plain).strip("-.") or "download"
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename, safe='')}"


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
