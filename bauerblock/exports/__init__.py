"""Exports for after the evening: a sheet's games, a tournament's results list."""

from bauerblock.exports.common import FONT_DIR
from bauerblock.exports.games import layout
from bauerblock.exports.kinds import tournament_filename
from bauerblock.exports.sheets import csv_header, filename, to_csv, to_json, to_pdf

__all__ = [
    "FONT_DIR",
    "csv_header",
    "filename",
    "layout",
    "to_csv",
    "to_json",
    "to_pdf",
    "tournament_filename",
]
