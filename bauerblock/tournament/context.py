"""What every tournament page shares: the tournament loaded, its kind, its tags, its context.

A stored tournament is of one kind (a Preisbauer, a Paarturnier); what its pages show of
that kind comes from the kind's pages (`tournament.kinds`), never from asking which it is:
the kind's view of the stored tournament (`PageKind.shown`), built once a page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from flask import abort

from bauerblock import store
from bauerblock.exports.common import PUBLIC_NAMES
from bauerblock.store import tournaments
from bauerblock.store.tournaments import Names
from bauerblock.tournament.kinds import Seen, SheetLinks, pages_of
from bauerblock.web import rights
from bauerblock.web.pages import POLL_SECONDS
from bauerblock.web.times import clock

if TYPE_CHECKING:
    from bauerblock.store.tournaments import Stored


def load(tournament_id: str, names: Names = PUBLIC_NAMES) -> Stored:
    """Return the tournament with the names its reader sees (the public's unless the
    organiser's page says so), or answer 404."""
    # Not errors.found: its type variable would join the two kinds into `object`.
    stored = tournaments.load_tournament(store.get_db(), tournament_id, names)
    if stored is None:
        abort(404)
    return stored


def current_tag(tournament_id: str) -> str:
    """Return the tournament's entity tag from its version alone (an unknown one: 404)."""
    version = tournaments.tournament_version(store.get_db(), tournament_id)
    if version is None:
        abort(404)
    return tournaments.etag(tournament_id, version)


def organiser_tag(tournament_id: str) -> str | None:
    """Return the tag of the organiser's page, only while this phone holds the organiser
    right (None: the view refuses)."""
    tag = current_tag(tournament_id)
    return tag if rights.ORGANISER.held(rights.Lock(tournament_id)) is not None else None


def context(
    stored: Stored,
    *,
    number: int | None = None,
    scores: bool = False,
    links: Callable[[str], SheetLinks] | None = None,
) -> dict[str, Any]:
    """Return what every tournament page shows: its kind's view of the tournament (`t`), its
    kind's pages (`kind`) and words, the entrants' names, a draw (`draw`: the latest, or
    draw `number`) with its tables' games and open scores (`scores`), each table's sheet
    with its `links` (the organiser's page)."""
    drawn = len(stored.tournament.draws)
    if number is not None and not 1 <= number <= drawn:
        abort(404)
    shown = number or drawn
    # One read of the shown draw's sheets' last standings, for the view to show.
    found = tournaments.table_scores(store.get_db(), stored.id, shown) if scores and shown else {}
    kind = pages_of(stored)
    t = kind.shown(stored, Seen(shown, found, links))
    draw = t.draws[shown - 1] if shown else None
    return {
        "t": t,
        "kind": kind,
        "names": kind.names(t),
        "draw": draw,
        **kind.extras(t),
        "clock": clock,
        "etag": tournaments.etag(stored.id, stored.version),
        "poll": POLL_SECONDS,
        "organiser": rights.ORGANISER.held(stored) is not None,
    }
