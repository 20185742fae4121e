"""What a tournament kind's exports are (a `TournamentExport`)."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

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
