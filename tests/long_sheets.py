"""Long sheets made fast: many games played and stored in one write, through the store."""

from bauerblock.store import sheets
from bauerblock.store.db import immediate
from bauerblock.store.sheets.writes import append

BOLACHEN_PLAIN = {"declarer": 0, "contract": "brand", "trump": "herz", "won": True}
"""A Bolachen game that ends no board and, with the soft preset, no evening."""


def fill(db, sheet_id: str, entry, count: int) -> None:
    """Append `count` copies of `entry` in one transaction, as `append_game` would store them."""
    # One replay and one insert for all of them: a 3000-game sheet in a second, not a minute.
    with immediate(db):
        append(db, sheets.head_of(db, sheet_id), [entry] * count)
