"""What every resource of the series' API shares: its blueprint, its parameters and
headers, the series' token (checked once), its ETags (its files' too) and each refusal's
words."""

from collections.abc import Callable

from flask_smorest import abort

from bauerblock import store
from bauerblock.api.blueprint import Blueprint, header, path
from bauerblock.api.conditional import end_if_unchanged
from bauerblock.api.tournament_access import bearer, etag
from bauerblock.engine.errors import NotFound
from bauerblock.series import service
from bauerblock.series.store import check_token
from bauerblock.store.common import entity_tag

blp = Blueprint(
    "series_api",
    __name__,
    url_prefix="/api/v1",
    description=(
        "Series (a season): tournaments whose final places add up to one Rangliste, "
        "players known by a number for the whole series"
    ),
)

SERIES_ID = path("series_id", "The series' id, as its creation answered it")
NUMBER = path(
    "number", "The series player's number, from 1 (never reused)", type="integer", minimum=1
)
IF_NONE_MATCH = header("If-None-Match", "An ETag of the series: 304 while it is current")
SERIES_TOKEN: list[dict[str, list[str]]] = [{"seriesToken": []}]
ETAG = {"ETag": {"description": "The series' version", "schema": {"type": "string"}}}
BY_RIGHTS = {
    **ETAG,
    "Vary": {
        "description": "Authorization: the organiser's answer shows hidden names",
        "schema": {"type": "string"},
    },
}
NOT_MODIFIED = "Not modified since the ETag in If-None-Match"
E401 = "No edit token: send `Authorization: Bearer <edit_token>` (the series')"
E403 = "The token is not this series' edit token"
E404 = "No such series"
E422_KEY = "a reused Idempotency-Key"
UNKNOWN_NUMBER = "No such number in the series (`series_number_unknown`)"

THIS_SERIES = {"series_id": "$response.body#/id"}
SERIES_LINKS = {
    op: {"operationId": op, "parameters": THIS_SERIES}
    for op in ("getSeries", "addSeriesPlayer", "createSeriesTournament", "exportSeries")
}
"""What a new series' answer leads to (the document's links: a client, or the fuzz gate,
follows them)."""
THIS_PLAYER = {"series_id": "$request.path.series_id", "number": "$response.body#/number"}
PLAYER_LINKS = {
    op: {"operationId": op, "parameters": THIS_PLAYER}
    for op in ("getSeriesPlayer", "updateSeriesPlayer", "exportSeriesPlayer")
}
"""What a new series player's answer leads to."""
THIS_TOURNAMENT = {"series_id": "$request.path.series_id", "tournament_id": "$response.body#/id"}
TOURNAMENT_LINKS = {
    "addSeriesTournamentPlayer": {
        "operationId": "addSeriesTournamentPlayer",
        "parameters": THIS_TOURNAMENT,
    }
}
"""What a new tournament of the series leads to: its late entry."""

refuses_write = blp.write_refusals(e401=E401, e403=E403, e404=E404)
"""Document a series write's refusals: no token, a wrong one, no series, too many writes."""


def authorise(series_id: str, opens: Callable[[str | None], bool] | None = None) -> str:
    """Check the bearer token is the series' edit token, or one `opens` lets in (404 first);
    return it."""
    token = bearer()
    known = (opens or (lambda sent: check_token(store.get_db(), series_id, sent)))(token)
    if token is None:
        abort(401, message=E401, headers={"WWW-Authenticate": 'Bearer realm="bauerblock"'})
    if not known:
        abort(403, message=E403)
    assert token is not None
    return token


def polled(series_id: str, organiser: bool = False, **headers: str) -> None:
    """Answer 304 (the view ends here) while If-None-Match names the series' current ETag
    (of the organiser's answer, or anyone's), read from its version alone; raise NotFound
    for an unknown series."""
    version = service.version(store.get_db(), series_id)
    if version is None:
        raise NotFound("series_not_found")
    end_if_unchanged(etag(series_id, version, organiser=organiser).strip('"'), headers)


def no_series() -> NotFound:
    """Return the refusal of an unknown series (the exports' `missing`)."""
    return NotFound("series_not_found")


def file_tag(series_id: str, what: str, fmt: str) -> str | None:
    """Return the ETag (unquoted) of the series' file `what` in format `fmt`, read from the
    series' version alone (None: no such series)."""
    version = service.version(store.get_db(), series_id)
    return None if version is None else f"{entity_tag(series_id, version)}-{what}-{fmt}"
