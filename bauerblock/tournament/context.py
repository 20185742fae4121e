"""What every tournament page shares: the tournament loaded, its kind, its tags, its context.

A stored tournament is a Preisbauer (`StoredTournament`) or a Paarturnier (`StoredPairs`);
the pages tell them apart by `isinstance`, so the type checker follows each kind's fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import Response, abort, make_response, request

from bauerblock import store
from bauerblock.store import tournaments
from bauerblock.store.tournament_pairs import StoredPairs
from bauerblock.tournament import bp
from bauerblock.tournament import pairs as pair_pages
from bauerblock.web import rights
from bauerblock.web.pages import POLL_SECONDS, htmx
from bauerblock.web.responses import POLL, not_modified

if TYPE_CHECKING:
    from bauerblock.store.tournaments import Stored


@bp.app_context_processor
def tournament_globals() -> dict[str, Any]:
    return {"tournament_title": title_of}


def load(tournament_id: str) -> Stored:
    """Return the tournament, or answer 404."""
    # Not pages.found: its type variable would join the two kinds into `object`.
    stored = tournaments.load_tournament(store.get_db(), tournament_id)
    if stored is None:
        abort(404)
    return stored


def title_of(tournament_id: str) -> str:
    """Return a tournament's title, for the banner of its tables' pads."""
    return tournaments.tournament_title(store.get_db(), tournament_id) or ""


def unchanged(tournament_id: str, *, organiser: bool = False) -> Response | None:
    """Answer an htmx poll whose copy is current with 304, from the version alone (and for
    the organiser's page, only while this phone holds the organiser right)."""
    if not htmx or not request.if_none_match:
        return None
    version = tournaments.tournament_version(store.get_db(), tournament_id)
    if version is None:
        abort(404)
    if organiser and rights.ORGANISER.held(rights.Lock(tournament_id)) is None:
        return None  # the view refuses
    return not_modified(tournaments.etag(tournament_id, version), headers=POLL)


def tagged(body: str, stored: Stored, status: int = 200) -> Response:
    """Answer a page with the tournament's version as its (weak) entity tag."""
    response = make_response(body, status)
    response.set_etag(tournaments.etag(stored.id, stored.version), weak=True)
    return response


def context(
    stored: Stored,
    t: dict[str, Any],
    *,
    number: int | None = None,
    scores: bool = False,
) -> dict[str, Any]:
    """Return what every tournament page shows: the state, names, a draw (the latest)."""
    if number is not None and not 1 <= number <= len(t["draws"]):
        abort(404)
    draw = t["draws"][(number or len(t["draws"])) - 1] if t["draws"] else None
    if draw is not None and scores:
        _add_scores(stored.id, draw)
    is_pairs = isinstance(stored, StoredPairs)
    return {
        "t": t,
        "names": (
            pair_pages.pair_names(t) if is_pairs else {p["number"]: p["name"] for p in t["players"]}
        ),
        "draw": draw,
        "is_pairs": is_pairs,
        "rounds_per_draw": t["format"].get("rounds_per_draw"),
        "rounds_to_win": t["format"].get("rounds_to_win"),
        "match_label": pair_pages.match_label,
        "draw_label": pair_pages.draw_label,
        "stage_names": pair_pages.stage_names() if is_pairs else {},
        "moved": pair_pages.moved_lines(t) if is_pairs else [],
        "won_rounds": pair_pages.won_rounds,
        "etag": tournaments.etag(stored.id, stored.version),
        "poll": POLL_SECONDS,
        "organiser": rights.ORGANISER.held(stored) is not None,
    }


def _add_scores(tournament_id: str, draw: dict[str, Any]) -> None:
    """Add each table's games played, and the score of its open round while it plays."""
    scores = tournaments.table_scores(store.get_db(), tournament_id, draw["number"])
    for table in draw["tables"]:
        known = scores.get(table["number"], {"played": 0})
        table["played"] = known["played"]
        if known["played"] and not table["finished"]:
            table["score"] = known["score"]
