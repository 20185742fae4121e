"""What a tournament kind's exports are (a `TournamentExport`)."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bauerblock.exports.common import Cell, codes_csv, people_csv
from bauerblock.store.tournaments.rows import StoredRows

S = TypeVar("S", bound=StoredRows)
"""The kind's stored tournament (the store's `StoredTournament`, `StoredPairs`)."""


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
