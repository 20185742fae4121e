"""Zielwurf's pad (scoresheet.games.PADS): the score to the target, two buttons."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from bauerblock import store
from bauerblock.engine.teams import TEAMS
from bauerblock.scoresheet.forms import FormError
from bauerblock.scoresheet.games import Pad, Row, partials
from bauerblock.store import SheetHead


@dataclass(frozen=True)
class Situation:
    number: int
    score: dict[str, int]
    dealer: int
    target: int


def situation(sheet: SheetHead, number: int) -> Situation:
    state = store.before_game(store.get_db(), sheet, number)
    return Situation(number, state.standing.score.to_dict(), state.dealer, state.rules.target)


def pad_rows(sheet: SheetHead, state: Mapping[str, Any]) -> list[Row]:
    rows = []
    for game in state["games"]:
        rows.append(Row("game", game=game, text=describe(game["entry"], sheet.players)))
        if game["round_winner"]:
            rows.append(Row("round", game=game, text=f"Team {game['round_winner']} am Ziel"))
    return rows


def describe(entry: Mapping[str, Any], players: Sequence[str]) -> str:
    return f"Team {entry['winner']} trifft" if entry.get("winner") in TEAMS else ""


def read_entry(form: MultiDict[str, str]) -> dict[str, Any]:
    winner = form.get("winner", "")
    if winner not in TEAMS:
        raise FormError("winner", "Tippe, welches Team getroffen hat.")
    return {"winner": winner}


PAD = Pad(
    game="zielwurf",
    situation=situation,
    rows=pad_rows,
    describe=describe,
    extras=lambda sheet, where: {},
    read=read_entry,
    refused_field=lambda form: "winner",
    values=lambda entry: MultiDict(),
    kept_when_stale=(),
    **partials("zielwurf"),
)
