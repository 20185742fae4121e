"""Zielwurf's exports (exports.games.EXPORTS): its CSV and PDF pad, and a summary table."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bauerblock.engine.teams import TEAMS
from bauerblock.exports.common import Column, Game, State
from bauerblock.exports.group_figures import Figure, GroupTable, part
from bauerblock.exports.layout import GameExport, Layout, PadColumn, dealer, team_sides
from bauerblock.exports.summary import Summary, team_table
from bauerblock.store.sheets import Sheet
from tests.games.toy.stats import ZielwurfStats


def layout(sheet: Sheet) -> Layout:
    def closing(game: Game) -> str | None:
        winner = game["round_winner"]
        return f"Runde {game['round']}: Team {winner} am Ziel" if winner else None

    def standing(state: State) -> list[str]:
        score = state["current"]["score"]
        return [f"Runde {state['current']['round']}: {score['A']} : {score['B']}"]

    return Layout(
        csv=(
            Column("round", lambda game: game["round"]),
            Column("dealer", dealer(sheet)),
            Column("winner", lambda game: game["winner"]),
            *(Column(f"score_{t}", lambda game, t=t: game["score_after"][t]) for t in TEAMS),
        ),
        pad=(
            PadColumn("Geber", 40, dealer(sheet), "L"),
            PadColumn("Sieger", 19, lambda game: game["winner"]),
            *(PadColumn(t, 30, lambda game, t=t: str(game["score_after"][t])) for t in TEAMS),
        ),
        sides=team_sides(sheet),
        rules=f"{sheet.rules.to_dict()['preset']}, Ziel {sheet.rules.to_dict()['target']}",
        closing=closing,
        standing=standing,
        event_team=lambda game, event: game["round_winner"] if event == "round_won" else None,
    )


def summary(players: Sequence[str], stats: ZielwurfStats) -> Summary:
    return Summary((team_table("teams", "Teams", players, dict(stats.teams)),), (), (), ())


def result(current: Mapping[str, Any], money: Callable[[int], str]) -> str:
    return f"Runde {current['round']}: {current['score']['A']}:{current['score']['B']}"


_FIGURES = (
    Figure("Abende", part("zielwurf", "evenings")),
    Figure("Würfe", part("zielwurf", "games")),
    Figure("getroffen", part("zielwurf", "games_won")),
)
# The page's table and the statistics CSV show the same figures.
FIGURES = GroupTable(
    "zielwurf-figures", "Zielwurf: Treffer", part("zielwurf", "evenings"), _FIGURES, _FIGURES
)

EXPORT = GameExport("zielwurf", layout, summary, result, FIGURES)
