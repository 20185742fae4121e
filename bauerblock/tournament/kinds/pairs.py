"""The Paarturnier's pages (`PAGES`): labels, the bracket as a drawing, its next steps.

The state (`store.tournaments.pairs.document`) says everything; the pages need it arranged:
each pair's label ("Bernd / Uwe"), each match's stage in words ("Gruppe B, Runde 2",
"Halbfinale"), and the bracket as columns of matches in bracket order, byes included, so
the board can draw it with a CSS grid and carry the winners forward.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from bauerblock.engine.errors import RuleError
from bauerblock.engine.tournament import pairs as engine
from bauerblock.engine.tournament.pairs.bracket import levels
from bauerblock.engine.tournament.pairs.progress import decider
from bauerblock.store.tournaments.pairs import StoredPairs
from bauerblock.tournament.kinds.page import PageKind, Shown, partials
from bauerblock.web.stages import knockout_match, stage_names


def pair_names(t: Mapping[str, Any]) -> dict[int, str]:
    """Return each pair's label by number: "Bernd / Uwe"."""
    return {pair["number"]: " / ".join(pair["names"]) for pair in t["pairs"]}


def group_rounds(t: Mapping[str, Any]) -> int:
    """Return how many group rounds the groups play (0 before the groups are drawn)."""
    sizes = [len(group["pairs"]) for group in t["groups"]]
    # The circle method: n - 1 rounds for an even group, n for an odd one.
    return max((size - 1 + size % 2 for size in sizes), default=0)


def draw_label(draw: Mapping[str, Any], t: Mapping[str, Any]) -> str:
    """Return what a draw plays: "Gruppenrunde 2 von 3", or the knock-out round's name."""
    if draw["stage"] == "group":
        return _("Gruppenrunde %(n)s von %(of)s", n=draw["number"], of=group_rounds(t))
    return stage_names()[draw["stage"]]


def match_label(table: Mapping[str, Any], draw: Mapping[str, Any]) -> str:
    """Return a match's stage: "Gruppe B, Runde 2", "Halbfinale", "Spiel um Platz 3"."""
    if table["third_place"]:
        return _("Spiel um Platz 3")
    if draw["stage"] == "group":
        return _("Gruppe %(g)s, Runde %(n)s", g=table["group"], n=draw["number"])
    return stage_names()[draw["stage"]]


def won_rounds(n: int) -> str:
    """Return how many won rounds make a match, in words: "eine gewonnene Runde", "2 …"."""
    return _("eine gewonnene Runde") if n == 1 else _("%(n)s gewonnene Runden", n=n)


def moved_lines(t: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Return what each correction moved in the knock-out, a line a pair seated anew:
    "Halbfinale 1 korrigiert: Finale jetzt mit Paar 3 statt Paar 7", with the draw and table
    it moved (so a table's card can say it too), oldest first."""
    lines = []
    for correction in t["corrections"]:
        if not correction["moved"]:
            continue
        made = t["draws"][correction["draw"] - 1]
        table = next(x for x in made["tables"] if x["number"] == correction["table"])
        if made["stage"] == "group":
            corrected = match_label(table, made)
        else:
            corrected = knockout_match(
                made["stage"], table["number"], third_place=table["third_place"]
            )
        for move in correction["moved"]:
            target = knockout_match(move["stage"], move["table"], third_place=move["third_place"])
            for old, new in zip(move["before"], move["after"], strict=True):
                if old != new:
                    words = _(
                        "%(corrected)s korrigiert: %(target)s jetzt mit Paar %(new)s statt"
                        " Paar %(old)s",
                        corrected=corrected,
                        target=target,
                        new=new,
                        old=old,
                    )
                    lines.append({"draw": move["draw"], "table": move["table"], "words": words})
    return lines


def seat_names(
    stored: StoredPairs, table: Mapping[str, Any], names: Mapping[int, str]
) -> list[str]:
    """Return the four players of a match in seat order (partners opposite)."""
    one, two = (stored.tournament.pair(number) for number in table["pairs"])
    assert one is not None and two is not None
    return [one.names[0], two.names[0], one.names[1], two.names[1]]


def bracket_columns(stored: StoredPairs, t: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Return the bracket as columns, one a knock-out round, its matches in bracket order.

    A match is `{"pairs": [one, two], "winner", "table", "bye", "live"}`: a side not known
    yet is None; a first-round bye has the pair alone. The last column is the champion.
    Empty before the groups are over.
    """
    tournament, results = stored.tournament, stored.results
    bracket = engine.bracket_of(tournament, results)
    if bracket is None:
        return []
    rows = levels(bracket, decider(tournament, results))
    tables = _drawn_tables(t)
    columns: list[dict[str, Any]] = []
    for round_, row in enumerate(rows[:-1], start=1):
        stage = bracket.stage(round_).value
        matches: list[dict[str, Any]] = []
        for one, two in zip(row[::2], row[1::2], strict=True):
            if round_ == 1 and (one is None or two is None):
                alone = two if one is None else one
                matches.append({"pairs": [alone], "winner": alone, "bye": True, "table": None})
                continue
            drawn = (
                tables.get((stage, frozenset((one, two))))
                if one is not None and two is not None
                else None
            )
            matches.append(
                {
                    "pairs": [one, two],
                    "winner": drawn["winner"] if drawn else None,
                    "bye": False,
                    "table": drawn,
                }
            )
        columns.append({"stage": stage, "name": stage_names()[stage], "matches": matches})
    champion = rows[-1][0]
    columns.append({"stage": "champion", "name": _("Sieger"), "champion": champion})
    return columns


def third_place(t: Mapping[str, Any]) -> dict[str, Any] | None:
    """Return the match for third place once drawn (None before, or when none is played)."""
    final = next((d for d in t["draws"] if d["stage"] == "final"), None)
    if final is None:
        return None
    return next((table for table in final["tables"] if table["third_place"]), None)


def _drawn_tables(t: Mapping[str, Any]) -> dict[tuple[str, frozenset[int]], dict[str, Any]]:
    """Return the knock-out's drawn matches by stage and their two pairs."""
    return {
        (made["stage"], frozenset(table["pairs"])): table
        for made in t["draws"]
        if made["stage"] != "group"
        for table in made["tables"]
        if not table["third_place"]
    }


def phase(t: Mapping[str, Any]) -> str:
    """Return where the tournament is: "setup", "groups", "knockout" or "finished"."""
    if t["finished"]:
        return "finished"
    if t["bracket"]:
        return "knockout"
    return "groups" if t["draws"] else "setup"


def _next_draw(stored: StoredPairs) -> tuple[bool, str]:
    """Return whether the next draw may be made now, and what it would play."""
    tournament, results = stored.tournament, stored.results
    try:
        engine.check_next_draw(tournament, results)
    except (engine.PairsConflict, RuleError):
        return False, ""
    bracket = engine.bracket_of(tournament, results)
    if bracket is None:
        return True, _("Gruppenrunde %(n)s", n=len(tournament.draws) + 1)
    knockout = sum(1 for d in tournament.draws if d.stage is not engine.Stage.GROUP)
    return True, stage_names()[bracket.stage(knockout + 1).value]


def _can_redo(stored: StoredPairs, games: Mapping[int, int]) -> bool:
    """Tell whether the latest draw may be drawn again (no match has a game)."""
    draws = stored.tournament.draws
    if not draws or draws[-1].ended:
        return False
    try:
        engine.check_redo(stored.tournament, len(draws), games)
    except engine.PairsConflict:
        return False
    return True


def _summary(t: Mapping[str, Any], draw: Mapping[str, Any] | None) -> str:
    """Return the line saying where the tournament stands: "3 von 4 Spielen fertig · …"."""
    if draw is None:
        return _("%(n)s Paare angemeldet", n=len(t["pairs"]))
    if t["finished"]:
        return _("Endstand") + " · " + draw_label(draw, t)
    done = sum(1 for table in draw["tables"] if table["finished"])
    matches = _("%(done)s von %(n)s Spielen fertig", done=done, n=len(draw["tables"]))
    return f"{matches} · {draw_label(draw, t)}"


def _extras(t: Mapping[str, Any]) -> Shown:
    """Return what every Paarturnier page may say: its stages' and matches' words, and
    what the corrections moved."""
    return {
        "draw_label": draw_label,
        "match_label": match_label,
        "won_rounds": won_rounds,
        "stage_names": stage_names(),
        "moved": moved_lines(t),
    }


def _on_board(stored: StoredPairs, t: Mapping[str, Any], draw: Mapping[str, Any] | None) -> Shown:
    """Return the board's sections: the groups while they play, then the bracket (the
    knock-out's open matches live)."""
    live = {table["number"]: table for table in (draw or {}).get("tables", ())}
    return {
        "bracket": bracket_columns(stored, t),
        "third": third_place(t),
        "phase": phase(t),
        "live": live if draw and draw["stage"] != "group" else {},
    }


def _next_steps(
    stored: StoredPairs,
    t: Mapping[str, Any],
    draw: Mapping[str, Any] | None,
    games: Mapping[int, int],
) -> Shown:
    """Return the organiser's next steps: the next group or knock-out round, a redraw while
    no match has a game; and the bracket."""
    can_draw, next_label = _next_draw(stored)
    return {
        "can_draw": can_draw,
        "next_label": next_label,
        "draw_hint": "",
        "can_redo": not t["finished"] and _can_redo(stored, games),
        "bracket": bracket_columns(stored, t),
        "third": third_place(t),
        "summary": _summary(t, draw),
    }


def _in_results(stored: StoredPairs, t: Mapping[str, Any]) -> Shown:
    """Return the results list's bracket and match for third place."""
    return {"bracket": bracket_columns(stored, t), "third": third_place(t)}


PAGES = PageKind[StoredPairs](
    kind=StoredPairs.kind,
    names=pair_names,
    extras=_extras,
    on_board=_on_board,
    next_steps=_next_steps,
    in_results=_in_results,
    seat_names=seat_names,
    stylesheets=("pairs.css",),
    **partials(StoredPairs.kind),
)
