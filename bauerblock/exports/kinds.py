"""Each tournament kind's results list as CSV, JSON and PDF, and its name for a download:
`EXPORT_KINDS` names every kind's `TournamentExport`, `export_of` picks the stored one's.
Each kind registers its own from its folder (`bauerblock.kinds`);
tests/tournament/test_kinds.py checks every stored kind has one.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from flask_babel import gettext as _

from bauerblock.exports.common import Cell, codes_csv, download_name, people_csv
from bauerblock.exports.games import preset_in_words
from bauerblock.store.tournaments.rows import StoredRows
from bauerblock.store.tournaments.stored import table_game

S = TypeVar("S", bound=StoredRows)
"""The kind's stored tournament (the `StoredRows` its folder's store.py defines)."""


@dataclass(frozen=True)
class TournamentExport(Generic[S]):
    """How one kind of tournament's results list is exported."""

    kind: str
    name: str
    """What a download is called when its title leaves no letters: "Preisbauer"."""
    csv: Callable[[S], str]
    """The API's CSV: codes, "," (its contract, docs/api.md)."""
    people_csv: Callable[[S], str]
    """The pages' CSV: words and separator of the current language."""
    json: Callable[[S], dict[str, Any]]
    pdf: Callable[[S], bytes]


EXPORT_KINDS: dict[str, TournamentExport[Any]] = {}
"""Every kind a tournament can be (the store's kinds) has its exports; each kind of
`bauerblock.kinds` registers its own."""


def export_of(stored: StoredRows) -> TournamentExport[Any]:
    """Return the exports of the stored tournament's kind."""
    return EXPORT_KINDS[stored.kind]


def rules_line(stored: StoredRows) -> str:
    """Return the results PDF's line naming the tables' rules, as a sheet's PDF names its
    own ("Regeln: Lautern: 130 Augen …"), in the current language."""
    preset = preset_in_words(table_game(stored.kind), stored.rules.preset)
    return _("Regeln: %(rules)s", rules=preset)


def tournament_filename(stored: StoredRows, ext: str) -> str:
    """Return an ASCII download name, e.g. Preisbauer-Zur-Linde-2026-12-01.pdf."""
    return download_name(stored.title, stored.created, export_of(stored).name, ext)


Block = tuple[Sequence[tuple[str, Any]], list[list[Cell]]]
"""A block of a results list's CSV: its columns (the API's code, the pages' words) and its
rows."""


def block_csvs(blocks: Callable[[S, bool], Sequence[Block]]) -> dict[str, Callable[[S], str]]:
    """Return a results list's two CSVs (a `TournamentExport`'s `csv` and `people_csv`) from
    its blocks (`blocks`: the stored tournament's, in words or not), each block with its
    header row, a blank line between: the API's in codes, the pages' in the current
    language's words and separator."""
    return {
        "csv": lambda stored: "\r\n".join(
            codes_csv([code for code, _words in columns], rows)
            for columns, rows in blocks(stored, False)
        ),
        "people_csv": lambda stored: "\r\n".join(
            people_csv([str(words) for _code, words in columns], rows)
            for columns, rows in blocks(stored, True)
        ),
    }
