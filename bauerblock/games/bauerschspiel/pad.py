"""What the score sheet shows of a Bauerschspiel: the stroke board and its Nullchen, and the
entry form of two buttons (the team that won)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from bauerblock import store
from bauerblock.engine.teams import TEAMS
from bauerblock.games.bauerschspiel import exports as exported
from bauerblock.games.bauerschspiel import rules as bauerschspiel
from bauerblock.scoresheet.forms import FormError
from bauerblock.scoresheet.games import Pad, Row, partials
from bauerblock.store import SheetHead


@dataclass(frozen=True)
class Situation:
    """The board before game `number`: what the two result buttons need."""

    number: int
    strokes: dict[str, int]
    dealer: int

    def after(self, winner: str) -> int:
        """Return the strokes the winner keeps after erasing one (0 is a Nullchen)."""
        return self.strokes[winner] - 1


def situation(sheet: SheetHead, number: int) -> Situation:
    """Return the board before game `number` (1 for the first, len + 1 for the next)."""
    state = store.before_game(store.get_db(), sheet, number)
    return Situation(
        number=number,
        strokes=state.standing.strokes.to_dict(),
        dealer=state.dealer,
    )


def pad_rows(sheet: SheetHead, state: Mapping[str, Any]) -> list[Row]:
    """Return the games in order, with a line under each game that got a Nullchen."""
    start = cast(bauerschspiel.Rules, sheet.rules).strokes
    rows = []
    for game in state["games"]:
        # Its row shows the winner in his column: the words are the confirmation's.
        rows.append(Row("game", game=game))
        if line := exported.nullchen_line(game, sheet.players, start):
            rows.append(Row("round", game=game, text=line))
    return rows


def describe(entry: Mapping[str, Any], players: Sequence[str]) -> str:
    """Return a game entry in a few words: the team that won it."""
    winner = entry.get("winner", "")
    if winner not in TEAMS:
        return ""
    return _("Team %(t)s gewinnt", t=winner)


def read_entry(form: MultiDict[str, str]) -> dict[str, Any]:
    """Return the team whose button was pressed: exactly what a Bauerschspiel enters."""
    winner = form.get("winner", "")
    if winner not in TEAMS:
        raise FormError("winner", _("Tippe, welche Partei gewonnen hat."))
    return {"winner": winner}


PAD = Pad(
    game="bauerschspiel",
    situation=situation,
    rows=pad_rows,
    describe=describe,
    read=read_entry,
    refused_field=lambda form: "winner",
    **partials("bauerschspiel"),
)
