"""The Preisbauer's pages (`PAGES`): its players' names, the ranking on the board, the next
draw the engine allows, the points per draw on the results list."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import gettext as _

from bauerblock.engine.errors import Refusal, RuleError
from bauerblock.engine.tournament import (
    StateConflict,
    Tiebreak,
    TooFewPlayers,
    check_next_draw,
    check_redo,
)
from bauerblock.store.tournaments import StoredTournament
from bauerblock.tournament.kinds.page import PageKind, Shown, partials
from bauerblock.web.refusals import player_message

RANKING_ROWS = 20
"""Rows of the ranking per column on a wide screen: 40 players fit a projector unscrolled."""


def _names(t: Mapping[str, Any]) -> dict[int, str]:
    """Return each player's name by number."""
    return {p["number"]: p["name"] for p in t["players"]}


def _on_board(
    stored: StoredTournament, t: Mapping[str, Any], draw: Mapping[str, Any] | None
) -> Shown:
    """Return the board's ranking, in columns of RANKING_ROWS."""
    standings = t["standings"]
    return {
        "ranking": [
            standings[i : i + RANKING_ROWS] for i in range(0, len(standings), RANKING_ROWS)
        ],
        "by_difference": t["format"]["tiebreak"] == Tiebreak.SCORE_DIFFERENCE.value,
    }


def _next_steps(
    stored: StoredTournament,
    t: Mapping[str, Any],
    draw: Mapping[str, Any] | None,
    games: Mapping[int, int],
) -> Shown:
    """Return the organiser's next steps, as the engine's own checks allow them."""
    why_not = _refusal(check_next_draw, stored.tournament, stored.rounds)
    return {
        "can_draw": why_not is None,
        "next_label": _("Auslosung %(n)s", n=len(t["draws"]) + 1),
        # Too few players is worth saying; a draw still playing shows its tables instead.
        "draw_hint": player_message(why_not) if isinstance(why_not, TooFewPlayers) else "",
        "can_redo": draw is not None
        and not draw["ended"]
        and not t["finished"]
        and _refusal(check_redo, stored.tournament, draw["number"], games) is None,
        "summary": _summary(t, draw),
        "active_count": sum(player["active"] for player in t["players"]),
    }


def _summary(t: Mapping[str, Any], draw: Mapping[str, Any] | None) -> str:
    """Return the line saying where the evening stands: "7 von 10 Tischen fertig · …"."""
    if draw is None:
        return _("%(n)s Spieler angemeldet", n=len(t["players"]))
    done = sum(1 for table in draw["tables"] if table["finished"])
    of_draws = _("Auslosung %(n)s von %(of)s", n=draw["number"], of=t["format"]["draws"])
    if t["finished"]:
        return _("Endstand") + " · " + of_draws
    tables = _("%(done)s von %(n)s Tischen fertig", done=done, n=len(draw["tables"]))
    return f"{tables} · {of_draws}"


def _refusal(check: Callable[..., None], *args: Any) -> Refusal | None:
    """Return why the engine's `check` refuses a step now (None: it allows it)."""
    try:
        check(*args)
    except (StateConflict, RuleError) as error:
        return error
    return None


def _in_results(stored: StoredTournament, t: Mapping[str, Any]) -> Shown:
    """Return the draws of each player's table the organiser corrected (marked "*")."""
    return {
        "corrected": {p.number: stored.corrected_draws(p.number) for p in stored.tournament.players}
    }


def _seat_names(
    stored: StoredTournament, table: Mapping[str, Any], names: Mapping[int, str]
) -> list[str]:
    """Return the table's four players in seat order."""
    return [names[number] for number in table["seats"]]


PAGES = PageKind[StoredTournament](
    kind=StoredTournament.kind,
    names=_names,
    extras=lambda t: {},
    on_board=_on_board,
    next_steps=_next_steps,
    in_results=_in_results,
    seat_names=_seat_names,
    **partials(StoredTournament.kind),
)
