"""An export as one operation a format (`<export>/csv`, `/json`, `/pdf`): each answers one media
type, typed as it is (CSV text, the JSON's schema, a PDF's bytes), so a generated client
parses it without asking; the export of one operation and `?format=` (or `Accept`, CSV by
default) stays as it was."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask.views import MethodView

from bauerblock.api.blueprint import Blueprint
from bauerblock.web.guards import limited
from bauerblock.web.responses import download

FORMATS = {
    "csv": ("text/csv", {"type": "string"}),
    "json": ("application/json", None),
    "pdf": ("application/pdf", {"type": "string", "format": "binary"}),
}
"""Each format's media type and the schema of its body (JSON's is the export's own)."""


@dataclass(frozen=True)
class Exported:
    """An export to offer one operation a format."""

    path: str
    """The export's path (`/sheets/<sheet_id>/export`); a format's is `<path>/<format>`."""
    parameter: dict[str, Any]
    """The path's parameter, documented."""
    operation: str
    """The export's operationId (`exportSheet`); a format's is `<operation>Csv` and so on."""
    what: str
    """What the file holds, in the summary's words ("the evening")."""
    json: Any
    """The schema of the JSON export."""
    build: Callable[[str, str], Any]
    """The export's builder, given the resource's id and the format (None: no such one)."""
    missing: Callable[[str], Exception]
    """The error of no such resource, given its id."""
    e404: str


def offer_each_format(blp: Blueprint, export: Exported) -> None:
    """Register a GET a format of `export` on `blp`."""
    for kind in FORMATS:
        _offer(blp, export, kind)


def _offer(blp: Blueprint, export: Exported, kind: str) -> None:
    media, schema = FORMATS[kind]
    content = {media: {"schema": schema if schema is not None else export.json}}
    operation = f"{export.operation}{kind.capitalize()}"

    def get(self, **ids: str):
        (resource_id,) = ids.values()
        built = export.build(resource_id, kind)
        if built is None:
            raise export.missing(resource_id)
        return download(built.body, kind, built.filename, built=built.built)

    get.__doc__ = (
        f"Download {export.what} as {kind.upper()}, as `{export.operation}` with "
        f"`?format={kind}`.\n\nPublic. The answer is {media} alone, whatever `Accept` says: "
        "a generated client reads it without asking. Rate limited as the other exports."
    )
    described = f"{export.what.capitalize()} as {kind.upper()}, as a download"
    view = blp.refuses(404, e404=export.e404)(get)
    view = blp.doc(operationId=operation, responses={200: {"content": content}})(view)
    view = blp.response(200, description=described)(view)
    resource = type(operation[0].upper() + operation[1:], (MethodView,), {"get": view})
    route = blp.route(f"{export.path}/{kind}", parameters=[export.parameter])
    route(limited("RATELIMIT_EXPORTS")(resource))
