"""One module a tournament kind: its results list as CSV, JSON and PDF, and its name for a
download; `EXPORT_KINDS` names every kind's, `exports.tournaments` picks the stored one's.

A new kind adds its module here (a `TournamentExport` named `EXPORT`) and registers it
below; tests/tournament/test_kinds.py checks every stored kind has one.
"""

from typing import Any

from bauerblock.exports.kinds import pairs, preisbauer
from bauerblock.exports.kinds.export import TournamentExport

EXPORT_KINDS: dict[str, TournamentExport[Any]] = {
    module.EXPORT.kind: module.EXPORT for module in (preisbauer, pairs)
}
"""Every kind a tournament can be (the store's kinds) has its exports."""

__all__ = ["EXPORT_KINDS", "TournamentExport"]
