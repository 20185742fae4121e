"""Conditional requests of a sheet: writes of its games by the version If-Match names,
compared strongly (RFC 9110), required where a write addresses a game by its position
(amend, delete); reads answered 304 from the version alone."""

from collections.abc import Mapping

from flask import abort, request

from bauerblock import store
from bauerblock.api.blueprint import header
from bauerblock.engine.errors import Refusal
from bauerblock.store.errors import PreconditionRequired, SheetNotFound, VersionUnknown
from bauerblock.web.responses import not_modified

IF_MATCH_REQUIRED = {
    **header(
        "If-Match",
        "Required: the ETag of the sheet as the client saw it (getSheet's, or the last "
        "write's). Compared strongly (RFC 9110): a list matches if one of its tags is the "
        "current one; a weak `W/` tag never matches; `*` names no version and answers 428. A "
        "stale tag answers 412 with the current ETag, so a retry never changes a second game",
    ),
    # One or more entity tags, each quoted (`*` or nothing answers 428).
    "schema": {"type": "string", "pattern": '^\\s*(W/)?"[^"]*"'},
    "required": True,
}
E412 = (
    "If-Match names an older version of the sheet, or none it ever had (a weak tag): the "
    "ETag header holds the current one; read the sheet again before deciding"
)
E428 = "No If-Match (or `*`): amending or deleting a game needs the sheet's ETag"


def expected_version(sheet_id: str, *, required: bool) -> int | None:
    """Return the version If-Match asks for (None: any, where none is `required`).

    RFC 9110's strong comparison: a tag matches only as sent, unweakened; a list asks for
    the current version if it names it, else for the latest it names (which the write finds
    stale: 412, unless its Idempotency-Key answers the first answer). No If-Match or `*`
    where a version is `required`: 428. Tags that name no version of the sheet (or a header
    that names no tag at all): 412.
    """
    sent = bool(request.headers.get("If-Match", "").strip())  # a blank header is none
    if not sent or request.if_match.star_tag:
        if required:
            raise PreconditionRequired()
        return None
    # A header that parses to no tag (`If-Match: ,`) asks for no version: where none is
    # required it is no If-Match; where one is, it names none the sheet had (412 below).
    if not request.if_match and not required:
        return None
    # `If-Match: ""` parses to an empty tag, which names no version either; as_set() leaves
    # the weak tags out.
    versions = {
        version
        for tag in filter(None, request.if_match.as_set())
        if (version := store.version_of_etag(sheet_id, tag)) is not None
    }
    if versions:
        return max(versions)
    raise Stale(VersionUnknown(), quoted(current_tag(sheet_id)))


def current_tag(sheet_id: str) -> str:
    """Return the sheet's ETag (unquoted), read from its version alone; raise SheetNotFound."""
    tag = store.current_etag(store.get_db(), sheet_id)
    if tag is None:
        raise SheetNotFound()
    return tag


def quoted(tag: str) -> str:
    """Return an entity tag as its header sends it: in double quotes."""
    return f'"{tag}"'


def unchanged(sheet_id: str) -> None:
    """Answer 304 to an If-None-Match naming the sheet's current ETag (the view ends here): a
    poll that finds nothing new reads the version and nothing else."""
    end_if_unchanged(current_tag(sheet_id))


def end_if_unchanged(tag: str | None, headers: Mapping[str, str] | None = None) -> None:
    """Answer 304 with `headers` if If-None-Match names `tag` (unquoted, compared as the
    API's strong tags are): the view ends here, as at a refusal."""
    answer = not_modified(tag, weak=False, headers=headers)
    if answer is not None:
        abort(answer)


class Stale(Exception):
    """A write refused for its If-Match (412), with the sheet's current ETag to answer."""

    def __init__(self, refusal: Refusal, etag: str) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal
        self.etag = etag
