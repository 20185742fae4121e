"""What every series page shares: the organiser's right, the series read once a page, its
ETag, and the names as each page may show them."""

from __future__ import annotations

from typing import Any

from flask import abort

from bauerblock import store as house
from bauerblock.engine.errors import NotFound
from bauerblock.series import service, store
from bauerblock.series.exports import called
from bauerblock.series.store import Series
from bauerblock.store.common import entity_tag
from bauerblock.web import rights

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


def current_tag(series_id: str) -> str:
    """Return the series' entity tag from its version alone (an unknown one: 404)."""
    version = service.version(house.get_db(), series_id)
    if version is None:
        abort(404)
    return entity_tag(series_id, version)


def names(series: Series, *, public: bool) -> dict[int, str]:
    """Return every player's name as the page may show it, by number."""
    return {p.number: called(p, public=public) for p in series.players}
