"""Lists typed or pasted one name a line: bounded before any work is done on them.

A form's list (a roster, a tournament's players, late entries) is refused at once when its
text is longer than its most names could be, and read line by line only up to one name past
the limit: a pasted phone book costs what a full list costs. Names twice are found with a
set, in one pass.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from flask_babel import gettext as _

from bauerblock.engine.names import clean_name, name_key

SLACK = 16
"""Characters a line may hold beside its name: a number ("12. "), spaces, the line break."""


class Fault(Enum):
    """Why a list is refused."""

    TEXT = "text"  # longer than `most` lines of `longest` characters could be
    COUNT = "count"  # more than `most` names
    LENGTH = "length"  # a name over `longest` characters
    TWICE = "twice"  # a name twice (compared without case)


@dataclass(frozen=True)
class Refusal:
    """A list's fault, and the name it concerns (LENGTH, TWICE)."""

    fault: Fault
    name: str = ""


tidy = clean_name
"""Return a line's name cleaned as the store cleans it (engine.names.clean_name)."""


def read_list(
    text: str,
    *,
    most: int,
    longest: int,
    unique: bool = False,
    name_of: Callable[[str], str] = tidy,
) -> tuple[list[str], Refusal | None]:
    """Return the names of `text`, one a line (blank lines dropped), or a refusal.

    At most `most` names of at most `longest` characters each; with `unique`, no name twice
    (compared by engine.names.name_key; the refusal names the first). The text's length is
    checked first, then each name as it is read.
    """
    if len(text) > most * (longest + SLACK):
        return [], Refusal(Fault.TEXT)
    names: list[str] = []
    seen: dict[str, str] = {}
    for line in text.splitlines():
        name = name_of(line)
        if not name:
            continue
        if len(names) == most:
            return [], Refusal(Fault.COUNT)
        if len(name) > longest:
            return [], Refusal(Fault.LENGTH, name)
        if unique:
            # Compared as names are (engine.names.name_key); refused naming the first.
            key = name_key(name)
            if key in seen:
                return [], Refusal(Fault.TWICE, seen[key])
            seen[key] = name
        names.append(name)
    return names, None


def list_message(refusal: Refusal, most: int, longest: int) -> str:
    """Return the words for a list refused by `read_list`, in the page's language."""
    if refusal.fault is Fault.TEXT:
        return _(
            "Die Liste ist zu lang: höchstens %(n)s Namen zu je höchstens %(chars)s Zeichen.",
            n=most,
            chars=longest,
        )
    if refusal.fault is Fault.COUNT:
        return _("Höchstens %(n)s Spieler.", n=most)
    if refusal.fault is Fault.LENGTH:
        return _("„%(name)s“ ist zu lang: höchstens %(n)s Zeichen.", name=refusal.name, n=longest)
    return _("%(name)s steht zweimal in der Liste.", name=refusal.name)
