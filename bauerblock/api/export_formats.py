"""An export's operations, made from its declaration (`Exported`): its own, where `?format=`
(or `Accept`, CSV by default) chooses the file, and one operation a format (`<export>/csv`,
`/json`, `/pdf`): each answers one media type, typed as it is (CSV text, the JSON's schema, a
PDF's bytes), so a generated client parses it without asking."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from flask import Response, request
from flask.views import MethodView

from bauerblock.api.blueprint import Blueprint, header
from bauerblock.api.conditional import end_if_unchanged
from bauerblock.api.schemas import ExportQuerySchema
from bauerblock.web.guards import limited
from bauerblock.web.responses import CONTENT_TYPES, download

FORMATS = {
    "csv": ("text/csv", {"type": "string"}),
    "json": ("application/json", None),
    "pdf": ("application/pdf", {"type": "string", "format": "binary"}),
}
"""Each format's media type and the schema of its body (JSON's is the export's own)."""
EXPORT_KINDS = {media: kind for kind, media in CONTENT_TYPES.items()}
"""The kind of export each media type of `Accept` asks for (the first is the default)."""


def export_kind(query: dict) -> str:
    """Return the kind of export asked for: `?format=`, else the best of `Accept`, else CSV."""
    if "format" in query:
        return query["format"]
    best = request.accept_mimetypes.best_match(list(EXPORT_KINDS), default="text/csv")
    return EXPORT_KINDS[best]


def export_content(json: Any) -> dict[str, Any]:
    """Return the bodies of an export's own operation, CSV first (the default): its JSON's
    schema is `json`."""
    return {
        media: {"schema": json if schema is None else schema} for media, schema in FORMATS.values()
    }


@dataclass(frozen=True)
class Exported:
    """An export to offer one operation a format."""

    path: str
    """The export's path (`/sheets/<sheet_id>/export`); a format's is `<path>/<format>`."""
    parameters: tuple[dict[str, Any], ...]
    """The path's parameters, documented."""
    operation: str
    """The export's operationId (`exportSheet`); a format's is `<operation>Csv` and so on."""
    what: str
    """What the file holds, in the summary's words ("the evening")."""
    json: Any
    """The schema of the JSON export."""
    build: Callable[..., Any]
    """The export's builder, given the path's ids and the format (None: no such one)."""
    missing: Callable[[], Exception]
    """The error of no such resource."""
    e404: str
    described: str
    """The words of its own operation's answer ("The evening as CSV, JSON or PDF, as a
    download")."""
    words: str
    """The words of its own operation (`offer`): a summary line, then its description."""
    e422: str | None = None
    """The words of a 422 where an id of the path may be refused (None: none is)."""
    tag: Callable[..., str | None] | None = None
    """The file's ETag (unquoted), given the path's ids and the format, read from the
    resource's version alone (None: no such resource); with it, If-None-Match answers 304
    before anything is built. None: the export has no ETag."""

    def answer(self, kind: str, ids: Sequence[Any], vary: bool = False) -> Response:
        """Answer the file of `kind` (304 while its ETag is current); `vary`: its kind may
        have come from `Accept`."""
        tag = None if self.tag is None else self.tag(*ids, kind)
        if self.tag is not None:
            if tag is None:
                raise self.missing()
            end_if_unchanged(tag, {"Vary": "Accept"} if vary else {})
        built = self.build(*ids, kind)
        if built is None:
            raise self.missing()
        response = download(built.body, kind, built.filename, built=built.built)
        if vary:
            response.vary.add("Accept")
        if tag is not None:
            response.set_etag(tag)
        return response


TAGGED = {"ETag": {"description": "The file's version", "schema": {"type": "string"}}}
"""The headers of an export with an ETag."""
IF_NONE_MATCH = header("If-None-Match", "An ETag of the file: answers 304 while it is current")
"""The header of a conditional read of an export with an ETag."""


def offer(blp: Blueprint, export: Exported) -> None:
    """Register the GET of `export` on `blp`, whose `?format=` or `Accept` chooses the file,
    then a GET a format."""

    def get(self, query: dict, **ids: str):
        return export.answer(export_kind(query), list(ids.values()), vary=True)

    get.__doc__ = export.words
    view = blp.arguments(ExportQuerySchema, location="query")(get)
    own = export_content(export.json)
    _route(blp, export, export.path, export.operation, view, own, export.described)
    for kind in FORMATS:
        _offer(blp, export, kind)


def _offer(blp: Blueprint, export: Exported, kind: str) -> None:
    media = FORMATS[kind][0]
    operation = f"{export.operation}{kind.capitalize()}"

    def get(self, **ids: str):
        return export.answer(kind, list(ids.values()))

    tagged = " Answers 304 to an `If-None-Match` naming its current ETag." if export.tag else ""
    get.__doc__ = (
        f"Download {export.what} as {kind.upper()}, as `{export.operation}` with "
        f"`?format={kind}`.\n\nPublic. The answer is {media} alone, whatever `Accept` says: "
        f"a generated client reads it without asking. Rate limited as the other exports.{tagged}"
    )
    content = {media: export_content(export.json)[media]}
    described = f"{export.what.capitalize()} as {kind.upper()}, as a download"
    _route(blp, export, f"{export.path}/{kind}", operation, get, content, described)


def _route(
    blp: Blueprint,
    export: Exported,
    path: str,
    operation: str,
    get: Callable,
    content: dict[str, Any],
    described: str,
) -> None:
    """Document GET `get` as `operation` (the export's refusals, its 304 where it has an
    ETag, an answer of `content` in `described` words) and route it at `path`, rate limited
    as every export."""
    codes = (404, 422) if export.e422 else (404,)
    view = blp.refuses(*codes, e404=export.e404, e422=export.e422 or "")(get)
    if export.tag is not None:
        view = blp.alt_response(
            304, description="Not modified since the ETag in If-None-Match", headers=TAGGED
        )(view)
    view = blp.doc(operationId=operation, responses={200: {"content": content}})(view)
    headers = TAGGED if export.tag is not None else None
    view = blp.response(200, description=described, headers=headers)(view)
    resource = type(operation[0].upper() + operation[1:], (MethodView,), {"get": view})
    conditional = [IF_NONE_MATCH] if export.tag is not None else []
    route = blp.route(path, parameters=[*export.parameters, *conditional])
    route(limited("RATELIMIT_EXPORTS")(resource))
