"""A tournament's results list as CSV, JSON and PDF, each as its kind exports it
(`exports.kinds`: `export_of`), and the download's name."""

from typing import Any

from bauerblock.exports.common import download_name
from bauerblock.exports.kinds import EXPORT_KINDS, TournamentExport
from bauerblock.store.tournaments.rows import StoredRows


def export_of(stored: StoredRows) -> TournamentExport[Any]:
    """Return the exports of the stored tournament's kind."""
    return EXPORT_KINDS[stored.kind]


def tournament_filename(stored: StoredRows, ext: str) -> str:
    """Return an ASCII download name, e.g. Preisbauer-Zur-Linde-2026-12-01.pdf."""
    return download_name(stored.title, stored.created, export_of(stored).name, ext)
