"""Reading the tournament forms: a new tournament's settings and lists of player names.

What a form cannot express is refused here with a message for its field, in the page's
language; the engine stays the judge of the values themselves (bounds come from it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext

from bauerblock.engine.digits import bounded
from bauerblock.engine.names import clean_name, name_key
from bauerblock.engine.tournament import MAX_PLAYERS, Player
from bauerblock.store.sheets import MAX_NAME, MAX_TITLE
from bauerblock.store.tournaments import table_game
from bauerblock.web.forms import read_rules
from bauerblock.web.lists import list_message, read_list, tidy
from bauerblock.web.refusals.statuses import status_of_code

NUMBERED = re.compile(r"^\d{1,3}[.)]\s+")
"""A pasted list's own numbering ("1. Hans", "2) Grete"): the numbers are ours to give."""
DUPLICATES = lazy_gettext(
    "Doppelte Namen: niemand wurde angemeldet. Unterscheide sie, "
    "z. B. mit „jun.“ oder einer Initiale."
)


@dataclass(frozen=True)
class NewTournament:
    """A new tournament's settings, as the store creates it."""

    title: str
    rules: dict[str, Any]
    format: dict[str, Any]
    entrants: dict[str, Any]
    """The kind's list of its entrants by its field's name (a list of names, or of teams of
    names)."""


Reader = Callable[[Mapping[str, str], dict[str, str]], "Entrants"]
"""What a kind's fields on the form say: the form and the errors to note, one a field."""


def read_new_tournament(
    form: Mapping[str, str], kinds: Mapping[str, Reader], *, example: str
) -> tuple[NewTournament | None, dict[str, str]]:
    """Return the new tournament's settings, or None and a message per faulty field; the
    kind's own fields as `kinds` reads them, by the kind's name (the first: the default);
    a missing title asks for one like `example`."""
    errors: dict[str, str] = {}
    title = clean_name(form.get("title", ""))
    if not title:
        errors["title"] = _("Gib dem Turnier einen Namen, z. B. „%(title)s“.", title=example)
    elif len(title) > MAX_TITLE:
        errors["title"] = _("Höchstens %(n)s Zeichen.", n=MAX_TITLE)
    first = next(iter(kinds))
    kind = form.get("kind") or first
    rules = read_rules(form, table_game(kind if kind in kinds else first), errors)
    if kind not in kinds:
        errors["kind"] = _("Wähle, welches Turnier es wird.")
    format, entrants = kinds.get(kind, kinds[first])(form, errors)
    if errors:
        return None, errors
    return NewTournament(title, rules, format, entrants), {}


Entrants = tuple[dict[str, Any], dict[str, Any]]
"""A new tournament's format and its entrants, by the field of the kind that lists them
(`NewTournament`), as its form names them."""


def read_names(text: str, field: str, errors: dict[str, str]) -> list[str]:
    """Return the names of a list typed or pasted one a line (blank lines and numbers dropped)."""
    names, refusal = read_list(text, most=MAX_PLAYERS, longest=MAX_NAME, name_of=_unnumbered)
    if refusal is not None:
        errors[field] = list_message(refusal, MAX_PLAYERS, MAX_NAME)
    return names


def duplicates(named: Callable[[str], Player | None], text: str) -> list[dict[str, Any]]:
    """Return the lines of a pasted list whose name is on the roster or on an earlier line."""
    seen: dict[str, int] = {}
    found: list[dict[str, Any]] = []
    lines = [line for line in text.splitlines() if line.strip()]
    for line_number, name in enumerate(read_names("\n".join(lines), "names", {}), start=1):
        same = named(name)
        earlier = seen.setdefault(name_key(name), line_number)
        if same is not None:
            found.append({"line": line_number, "name": name, "player": same.number})
        elif earlier != line_number:
            found.append({"line": line_number, "name": name, "earlier": earlier})
    return found


def duplicates_status(found: list[dict[str, Any]]) -> int:
    """Return the status of a list's duplicates by the refusal map, as the API answers them:
    a name on the roster already is the store's `duplicate_name` (409, the state), a name
    twice in the list alone `player_name_twice` (422, the input)."""
    on_roster = any("player" in line for line in found)
    return int(status_of_code("duplicate_name" if on_roster else "player_name_twice"))


def _unnumbered(line: str) -> str:
    return NUMBERED.sub("", tidy(line))


def whole(
    form: Mapping[str, str], name: str, low: int, high: int, errors: dict[str, str]
) -> int | None:
    """Return the form's whole number `name` (None when blank), noting one out of range."""
    value = form.get(name, "").strip()
    if not value:
        return None
    number = bounded(value, low, high)
    if number is None:
        errors[name] = _("Eine ganze Zahl von %(low)s bis %(high)s.", low=low, high=high)
        return None
    return number


def numbers(
    form: Mapping[str, str], bounds: Mapping[str, tuple[int, int, Any]], errors: dict[str, str]
) -> dict[str, int]:
    """Return the form's whole numbers that `bounds` name (lowest, highest, the engine's
    default), each given one (a blank: the engine's), noting one out of range."""
    given = {name: whole(form, name, low, high, errors) for name, (low, high, _) in bounds.items()}
    return {name: number for name, number in given.items() if number is not None}
