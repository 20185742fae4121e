"""Each game's pad: the score sheet's views are shared, what differs per game is named here.

A game's pad says where the sheet stands before a game (what its entry form needs), how its
games are listed, how an entry is put in words, and which partials draw its header, its
entry controls, its table and its summary for the print view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bauerblock.scoresheet import bauerschspiel, board, bolachen
from bauerblock.scoresheet.forms import SPRITZ_CHOICES
from bauerblock.store import SheetHead


@dataclass(frozen=True)
class Pad:
    """How the score sheet shows one game."""

    game: str
    situation: Callable[[SheetHead, int], Any]
    """Where the sheet stands before game `number`: what the entry form needs."""
    rows: Callable[[SheetHead, Mapping[str, Any]], list[board.Row]]
    describe: Callable[[Mapping[str, Any], Sequence[str]], str]
    extras: Callable[[SheetHead, Any], dict[str, Any]]
    """More for the templates, from the sheet and the situation."""
    header: str
    entry: str
    table: str
    rows_partial: str
    """The macros drawing its rows: a game (or the line under a round) and a block's line."""
    summary: str
    block_size: int | None = None
    """Games folded into one line of the pad; None: a round (or board) is one line."""

    def context(self, sheet: SheetHead, number: int) -> dict[str, Any]:
        """Return the situation before game `number` and the game's extras for the templates."""
        where = self.situation(sheet, number)
        return {"pad": self, "where": where, **self.extras(sheet, where)}


def _partials(game: str) -> dict[str, Any]:
    parts = {part: f"scoresheet/_{part}_{game}.html" for part in ("header", "entry", "table")}
    return {
        **parts,
        "rows_partial": f"scoresheet/_rows_{game}.html",
        "summary": f"scoresheet/_summary_{game}.html",
    }


PADS: dict[str, Pad] = {
    "bauerchen": Pad(
        game="bauerchen",
        situation=board.situation,
        rows=board.pad_rows,
        describe=board.describe,
        extras=lambda sheet, where: {
            "quick": board.quick_results(where.home),
            "spritz_choices": SPRITZ_CHOICES,
            "soloists": board.soloists(sheet.players),
        },
        **_partials("bauerchen"),
    ),
    "bauerschspiel": Pad(
        game="bauerschspiel",
        situation=bauerschspiel.situation,
        rows=bauerschspiel.pad_rows,
        describe=bauerschspiel.describe,
        extras=lambda sheet, where: {},
        **_partials("bauerschspiel"),
    ),
    "bolachen": Pad(
        game="bolachen",
        situation=bolachen.situation,
        rows=bolachen.pad_rows,
        describe=bolachen.describe,
        extras=lambda sheet, where: {"amount": bolachen.amounts(sheet), "tricks": bolachen.TRICKS},
        block_size=bolachen.DEALS_PER_BLOCK,
        **_partials("bolachen"),
    ),
}
"""Every game a sheet can keep (engine.games.GAMES) has its pad."""
