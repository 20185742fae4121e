"""Each tournament kind's results list as CSV, JSON and PDF, and its name for a download:
`EXPORT_KINDS` names every kind's `TournamentExport`, `exports.tournaments` picks the stored
one's. Each kind registers its own from its folder (`bauerblock.kinds`);
tests/tournament/test_kinds.py checks every stored kind has one.
"""

from typing import Any

from bauerblock.exports.kinds.export import TournamentExport

EXPORT_KINDS: dict[str, TournamentExport[Any]] = {}
"""Every kind a tournament can be (the store's kinds) has its exports; each kind of
`bauerblock.kinds` registers its own."""

__all__ = ["EXPORT_KINDS", "TournamentExport"]
