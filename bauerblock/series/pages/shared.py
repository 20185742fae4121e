"""What every series page shares: the organiser's right, the series read once a page, its
ETag, and the names as each page may show them."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, make_response, request

from bauerblock import store as house
from bauerblock.engine.errors import NotFound
from bauerblock.series import service, store
from bauerblock.series.exports import called
from bauerblock.series.store import Series
from bauerblock.store.common import entity_tag
from bauerblock.web import rights
from bauerblock.web.pages import htmx
from bauerblock.web.responses import POLL, not_modified

ORGANISER = rights.Right(
    "series", lambda series, token: store.check_token(house.get_db(), series.id, token)
)
"""Organise a series: its players, its tournaments, hiding and forgetting names, cards."""


def _player_token(item: Any, token: str | None) -> bool:
    series_id, _, number = item.id.rpartition(":")
    try:
        return service.may_forget(house.get_db(), series_id, int(number), token)
    except NotFound:
        return False


PLAYER = rights.Right("series_player", _player_token)
"""A player's own right, from the link on their card: to ask to be forgotten."""


def player_item(series_id: str, number: int) -> rights.Lock:
    """Return the item a player's right names: the series and the player's number."""
    return rights.Lock(f"{series_id}:{number}")


def board(series_id: str) -> service.Board:
    """Return the series and its Rangliste (an unknown one: NotFound, the pages' 404)."""
    return service.board(house.get_db(), series_id)


def unchanged(series_id: str) -> Response | None:
    """Answer an htmx poll whose copy is current with 304, from the series' version alone."""
    if not htmx or not request.if_none_match:
        return None
    version = service.version(house.get_db(), series_id)
    if version is None:
        abort(404)
    return not_modified(entity_tag(series_id, version), headers=POLL)


def tagged(body: str, series: Series, status: int = 200) -> Response:
    """Answer a page with the series' version as its (weak) entity tag."""
    response = make_response(body, status)
    response.set_etag(series.etag, weak=True)
    return response


def names(series: Series, *, public: bool) -> dict[int, str]:
    """Return every player's name as the page may show it, by number."""
    return {p.number: called(p, public=public) for p in series.players}
