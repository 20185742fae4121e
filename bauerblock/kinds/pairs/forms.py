"""A new Paarturnier on the "Neues Turnier" form: its numbers (bounds and the engine's
defaults) and its pairs, typed or pasted one a line."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from bauerblock.engine.names import clean_name
from bauerblock.kinds.pairs.engine import MAX_PAIRS, PairsFormat
from bauerblock.kinds.pairs.engine.format import (
    MAX_ADVANCE,
    MAX_GROUP_SIZE,
    MAX_ROUNDS_TO_WIN,
    MIN_GROUP_SIZE,
)
from bauerblock.store.sheets import MAX_NAME
from bauerblock.tournament.forms import NUMBERED, Entrants, numbers

PAIR_DEFAULTS = PairsFormat()
PAIR_BOUNDS = {
    "rounds_to_win": (1, MAX_ROUNDS_TO_WIN, PAIR_DEFAULTS.rounds_to_win),
    "group_size": (MIN_GROUP_SIZE, MAX_GROUP_SIZE, PAIR_DEFAULTS.group_size),
    "advance": (1, MAX_ADVANCE, PAIR_DEFAULTS.advance),
}
"""The Paarturnier's numbers on the form: bounds and the engine's default."""
PAIR_SEPARATOR = re.compile(r"\s*(?:/|&|\+|;|\t| und )\s*")
"""Between a pair's two names: "Bernd / Uwe", "Anne & Eva", two spreadsheet columns."""


def read_pairs_entrants(form: Mapping[str, str], errors: dict[str, str]) -> Entrants:
    """Return a new Paarturnier's format and pairs."""
    return read_format(form, errors), {"pairs": read_pairs(form.get("pairs", ""), errors)}


def read_format(form: Mapping[str, str], errors: dict[str, str]) -> dict[str, Any]:
    """Return a Paarturnier's format as the form names it (blank: the engine's default)."""
    spec: dict[str, Any] = {"kind": "pairs", **numbers(form, PAIR_BOUNDS, errors)}
    third = form.get("third_place", "1")
    if third not in ("0", "1"):
        errors["third_place"] = _("Wähle, ob um Platz 3 gespielt wird.")
    else:
        spec["third_place"] = third == "1"
    return spec


def read_pairs(text: str, errors: dict[str, str]) -> list[list[str]]:
    """Return the pairs of a list typed or pasted one a line: "Bernd / Uwe".

    Blank lines and a list's own numbering are dropped; the engine judges the rest
    (how many pairs, names given twice).
    """
    pairs = []
    for number, line in enumerate(text.splitlines(), start=1):
        tidy = NUMBERED.sub("", line.strip())
        if not tidy.strip():
            continue
        names = [clean_name(name) for name in PAIR_SEPARATOR.split(tidy.strip(), 1)]
        if len(names) != 2 or not all(names):
            errors["pairs"] = _(
                "Zeile %(n)s: zwei Namen, getrennt durch „/“ (z. B. Bernd / Uwe).", n=number
            )
            return []
        for name in names:
            if len(name) > MAX_NAME:
                errors["pairs"] = _(
                    "„%(name)s“ ist zu lang: höchstens %(n)s Zeichen.", name=name, n=MAX_NAME
                )
                return []
        pairs.append(names)
    if len(pairs) > MAX_PAIRS:
        errors["pairs"] = _("Höchstens %(n)s Paare.", n=MAX_PAIRS)
        return []
    return pairs
