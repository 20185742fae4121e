"""A tournament's results list as CSV, JSON and PDF, each as its kind exports it
(`exports.kinds`), and the download's name."""

from typing import Any

from bauerblock.exports.common import download_name
from bauerblock.exports.kinds import EXPORT_KINDS, TournamentExport
from bauerblock.store.tournaments.rows import StoredRows


def export_of(stored: StoredRows) -> TournamentExport[Any]:
    """Return the exports of the stored tournament's kind."""
    return EXPORT_KINDS[stored.kind]


def tournament_csv(stored: StoredRows) -> str:
    """Return the results list as the API's CSV."""
    return export_of(stored).csv(stored)


def tournament_people_csv(stored: StoredRows) -> str:
    """Return the results list as the pages' CSV, in the current language."""
    return export_of(stored).people_csv(stored)


def tournament_json(stored: StoredRows) -> dict[str, Any]:
    """Return the results list as JSON: the tournament's title, format and results."""
    return export_of(stored).json(stored)


def tournament_pdf(stored: StoredRows) -> bytes:
    """Return the results list as an A4 PDF."""
    return export_of(stored).pdf(stored)


def tournament_filename(stored: StoredRows, ext: str) -> str:
    """Return an ASCII download name, e.g. Preisbauer-Zur-Linde-2026-12-01.pdf."""
    return download_name(stored.title, stored.created, export_of(stored).name, ext)
