"""What each tournament kind's pages show beyond the shared frame (its entrants' names, the
board's sections, the organiser's next steps, the results list, the table cards' seats) and
the templates it draws them with: `PAGE_KINDS` names every kind's `PageKind`.

The shared views and templates ask the stored tournament's kind here, once (`pages_of`),
never which kind it is: a template draws the kind's own parts (`kind.parts`, macros every
kind's parts file defines alike) and includes the kind's own pages (`kind.board`, ...).
Each kind registers its `PageKind` here from its own folder (`bauerblock.kinds`), its
templates `tournament/{_board,_live,organiser,results,_parts,_new}_<kind>.html` in the
folder's `templates/`; tests/tournament/test_kinds.py checks every stored kind has them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bauerblock.store.tournaments.stored import Stored
from bauerblock.tournament.forms import NewTournament, read_new_tournament
from bauerblock.tournament.kinds.page import PageKind, partials

PAGE_KINDS: dict[str, PageKind[Any, Any]] = {}
"""Every kind a tournament can be (the store's kinds) has its pages, in the new-tournament
form's order (the first: the default); each kind of `bauerblock.kinds` registers its own."""


def pages_of(stored: Stored) -> PageKind[Any, Any]:
    """Return the pages of the stored tournament's kind."""
    return PAGE_KINDS[stored.kind]


def chosen(form: Mapping[str, str]) -> PageKind[Any, Any]:
    """Return the pages of the kind a new-tournament form chose (none or unknown: the first,
    the form's default): a refusal of its list goes beside its entrants' field."""
    return PAGE_KINDS.get(form.get("kind", ""), next(iter(PAGE_KINDS.values())))


def read_new(form: Mapping[str, str]) -> tuple[NewTournament | None, dict[str, str]]:
    """Return a new tournament's settings from the "Neues Turnier" form, each kind's fields
    as it reads them (`read_new_tournament`), or None and a message per faulty field."""
    readers = {name: kind.new.read for name, kind in PAGE_KINDS.items()}
    return read_new_tournament(form, readers, example=next(iter(PAGE_KINDS.values())).new.example)


__all__ = ["PAGE_KINDS", "PageKind", "chosen", "pages_of", "partials", "read_new"]
