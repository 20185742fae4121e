"""The series' exports through the API: the series as JSON and the Rangliste as CSV and
PDF (`exportSeries`), a player's results likewise (`exportSeriesPlayer`), each also one
operation a format. Built once per version of the series and kept, as the pages' downloads
are (the same file where it is the same: the JSON, the German PDF); the CSV is the API's,
of codes. Each answers an ETag of the series' version and 304 before anything is built."""

from bauerblock import store
from bauerblock.api.export_formats import Exported
from bauerblock.engine.errors import NotFound
from bauerblock.series import exports, service
from bauerblock.series.api.common import E404, NUMBER, SERIES_ID, UNKNOWN_NUMBER
from bauerblock.series.api.schemas import SeriesPlayerResultsSchema, SeriesSchema
from bauerblock.store.common import entity_tag


def no_series(*_ids: object) -> NotFound:
    return NotFound("series_not_found")


def _tag(series_id: str, what: str, fmt: str) -> str | None:
    version = service.version(store.get_db(), series_id)
    return None if version is None else f"{entity_tag(series_id, version)}-{what}-{fmt}"


SERIES = Exported(
    path="/series/<series_id>/export",
    parameters=(SERIES_ID,),
    operation="exportSeries",
    what="the Rangliste (CSV, PDF) or the series (JSON)",
    json=SeriesSchema,
    build=lambda series_id, fmt: exports.download(series_id, fmt),
    missing=no_series,
    e404=E404,
    tag=lambda series_id, fmt: _tag(series_id, "series", fmt),
)
PLAYER = Exported(
    path="/series/<series_id>/players/<int:number>/export",
    parameters=(SERIES_ID, NUMBER),
    operation="exportSeriesPlayer",
    what="a player's results",
    json=SeriesPlayerResultsSchema,
    build=lambda series_id, number, fmt: exports.download(series_id, fmt, number=number),
    missing=no_series,
    e404=E404,
    e422=UNKNOWN_NUMBER,
    tag=lambda series_id, number, fmt: _tag(series_id, f"player-{number}", fmt),
)
