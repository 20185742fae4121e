"""What a tournament kind's pages are (a `PageKind`), and the names of its templates."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from bauerblock.store.tournaments.rows import StoredRows

S = TypeVar("S", bound=StoredRows)
"""The kind's stored tournament (the store's `StoredTournament`, `StoredPairs`)."""

Shown = dict[str, Any]
"""What a page's template is given."""


def partials(kind: str) -> dict[str, Any]:
    """Return the names of a kind's templates: tournament/<part>_<kind>.html."""
    return {
        "board": f"tournament/_board_{kind}.html",
        "live": f"tournament/_live_{kind}.html",
        "organiser": f"tournament/organiser_{kind}.html",
        "results": f"tournament/results_{kind}.html",
        "parts": f"tournament/_parts_{kind}.html",
    }


@dataclass(frozen=True)
class PageKind(Generic[S]):
    """How the tournament pages show one kind of tournament."""

    kind: str
    names: Callable[[Mapping[str, Any]], dict[int, str]]
    """Each entrant's label by number, from the state: "Hans", "Bernd / Uwe"."""
    extras: Callable[[Mapping[str, Any]], Shown]
    """More every page of the kind shows, from the state (its words' helpers)."""
    on_board: Callable[[S, Mapping[str, Any], Mapping[str, Any] | None], Shown]
    """The board's own sections, from the state and the latest draw."""
    next_steps: Callable[[S, Mapping[str, Any], Mapping[str, Any] | None, Mapping[int, int]], Shown]
    """The organiser's page: whether the next draw or a redraw may be made (`can_draw`,
    `can_redo`), what it plays (`next_label`), a hint (`draw_hint`), the `summary` line,
    and the kind's own; from the state, the latest draw and its tables' games played."""
    in_results: Callable[[S, Mapping[str, Any]], Shown]
    """The results list's own parts, from the state."""
    seat_names: Callable[[S, Mapping[str, Any], Mapping[int, str]], list[str]]
    """A table's four players in seat order (for its card), from the entrants' labels."""
    board: str
    live: str
    """The organiser page's live part (polled)."""
    organiser: str
    results: str
    parts: str
    """The macros drawing what the shared templates show of a draw in the kind's words."""
    stylesheets: tuple[str, ...] = field(default=())
    """Its own stylesheets (static files of the web layer), after the tournament's."""
