"""The series' links as the pages check and print them: its organiser's token, a
player's own link (on their card), the ETag of a version. Reads only, no write."""

from __future__ import annotations

from sqlite_utils import Database

from bauerblock.series import store
from bauerblock.store.common import entity_tag


def check_token(db: Database, series_id: str, token: str | None) -> bool:
    """Tell whether `token` is the series' organiser token; raise NotFound for an unknown
    series."""
    return store.check_token(db, series_id, token)


def player_token(token: str, number: int) -> str:
    """Return player `number`'s own link token (their card's), from the series' token."""
    return store.player_token(token, number)


def etag(series_id: str, version: int) -> str:
    """Return the series' entity tag (unquoted) at `version`, for a 304 without a read."""
    return entity_tag(series_id, version)
