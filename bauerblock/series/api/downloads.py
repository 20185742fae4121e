"""The series' exports through the API: the series as JSON and the Rangliste as CSV and
PDF (`exportSeries`), a player's results likewise (`exportSeriesPlayer`), each also one
operation a format. Built once per version of the series and kept, as the pages' downloads
are (the same file where it is the same: the JSON, the German PDF); the CSV is the API's,
of codes. Each answers an ETag of the series' version and 304 before anything is built."""

from collections.abc import Callable
from typing import Any

from bauerblock import store
from bauerblock.api.export_formats import Exported
from bauerblock.engine.errors import NotFound
from bauerblock.exports.cache import API_LANGUAGE, Download
from bauerblock.series import exports, service
from bauerblock.series.api.common import E404, NUMBER, SERIES_ID, UNKNOWN_NUMBER
from bauerblock.series.api.schemas import SeriesPlayerResultsSchema, SeriesSchema
from bauerblock.store.common import entity_tag

Build = tuple[tuple[Any, ...], Callable[[Any], str | bytes | dict[str, Any]]]
"""Which kept file a format is (its key's middle) and its builder."""

RANGLISTE: dict[str, Build] = {
    "csv": (("rangliste", "codes"), exports.rangliste_codes_csv),
    "json": (("all",), exports.series_json),
    "pdf": (("rangliste",), exports.rangliste_pdf),
}
"""The series' exports: the Rangliste as CSV (codes) and PDF, the series as JSON."""


def results(number: int) -> dict[str, Build]:
    """Return the exports of player `number`'s results."""
    return {
        "csv": (("player", number, "codes"), exports.player_codes_csv),
        "json": (("player", number), exports.player_json),
        "pdf": (("player", number), exports.player_pdf),
    }


def no_series(*_ids: object) -> NotFound:
    return NotFound("series_not_found")


def series_download(series_id: str, fmt: str) -> Download | None:
    """Return the series' export in `fmt`; None for an unknown series."""
    what, build = RANGLISTE[fmt]
    return exports.download(
        series_id,
        what,
        fmt,
        lambda db, sid: service.board(db, sid),
        build,
        lambda made: exports.filename(made.series, "" if fmt == "json" else "Rangliste", fmt),
        API_LANGUAGE,
    )


def player_download(series_id: str, number: int, fmt: str) -> Download | None:
    """Return player `number`'s results in `fmt`; None for an unknown series. An unknown
    number raises RuleError (series_number_unknown) before anything is built."""
    what, build = results(number)[fmt]
    return exports.download(
        series_id,
        what,
        fmt,
        lambda db, sid: service.player_page(db, sid, number),
        build,
        lambda seen: exports.filename(seen.series, f"Spieler {number}", fmt),
        API_LANGUAGE,
    )


def _tag(series_id: str, what: str, fmt: str) -> str | None:
    version = service.version(store.get_db(), series_id)
    return None if version is None else f"{entity_tag(series_id, version)}-{what}-{fmt}"


SERIES = Exported(
    path="/series/<series_id>/export",
    parameters=(SERIES_ID,),
    operation="exportSeries",
    what="the Rangliste (CSV, PDF) or the series (JSON)",
    json=SeriesSchema,
    build=series_download,
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
    build=player_download,
    missing=no_series,
    e404=E404,
    e422=UNKNOWN_NUMBER,
    tag=lambda series_id, number, fmt: _tag(series_id, f"player-{number}", fmt),
)
