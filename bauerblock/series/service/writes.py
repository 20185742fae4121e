"""A series' own writes: create it, add a player, hide or show a name, forget a player.

Each is one write transaction: the key looked up, the store's step, the result kept for a
retry with the same key (`services.keys`). Tokens are checked by the caller (the face):
the series' for every write, or for a forget the player's own link (`may_forget`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, TypeVar

from sqlite_utils import Database

from bauerblock.engine.names import clean_text
from bauerblock.series import store
from bauerblock.series.store import Series, SeriesPlayer
from bauerblock.services import keys
from bauerblock.services.keys import Key
from bauerblock.store import idempotency
from bauerblock.store.common import bump
from bauerblock.store.db import immediate

NEW_SERIES = "new:series"
"""The owner of the keys of series not yet made."""
Kept = dict[str, Any]
"""What a write on the series keeps for a retry with its key (a player's number, a
tournament's id)."""
R = TypeVar("R", bound=keys.Keeps)


@dataclass(frozen=True)
class NewSeries:
    """A series just made (a retry with its key: the first one, as it is now)."""

    series: Series
    token: str
    """Its edit token (the organiser's), shown to its creator once."""
    replayed: bool = False


@dataclass(frozen=True)
class PlayerChanged:
    """A series player as a write left them (added, hidden, shown, forgotten), and the
    series' version after it."""

    player: SeriesPlayer
    version: int
    replayed: bool = False

    def kept(self) -> Kept:
        """Keep the player's number: a retry answers them as they are then."""
        return {"result": {"number": self.player.number}}


class Exports(Protocol):
    """The kept downloads (exports.cache.ExportFiles): a forget drops every file of the
    series, its tournaments and their tables."""

    def drop(self, ids: Iterable[str]) -> int: ...


def create_series(
    db: Database,
    *,
    name: object,
    season: object = "",
    scoring: object = "places",
    counted: object = 0,
    minimum: object = 1,
    planned: object = None,
    idempotency_key: str | None = None,
) -> NewSeries:
    """Make a series; a retry with the key makes none and answers the first.

    Raise RuleError (series_name_blank, text_too_long, text_not_text, series_scoring_unknown,
    series_setting_bounds, series_counted_over_planned), IdempotencyConflict, BadKey or
    ShortCreateKey.
    """
    cleaned = store.series_name(name)
    kept_season = clean_text(season, store.MAX_SEASON, "season")
    settings = {"scoring": scoring, "counted": counted, "minimum": minimum, "planned": planned}
    rules = store.rules_of(settings)
    key = None if idempotency_key is None else idempotency.check_create_key(idempotency_key)
    request = idempotency.fingerprint({"name": cleaned, "season": kept_season, **settings})

    def make() -> tuple[Series, str]:
        series_id, token = store.insert_series(db, cleaned, kept_season, rules)
        return store.read_series(db, series_id), token

    with immediate(db):
        series, token, replayed = idempotency.create_once(
            db, NEW_SERIES, key, request, make, partial(store.read_series, db)
        )
    return NewSeries(series, token, replayed)


def add_player(
    db: Database,
    series_id: str,
    token: str,
    name: object,
    *,
    idempotency_key: str | Key | None = None,
) -> PlayerChanged:
    """Give a new player the series' next number (`token`: the series', checked by the
    caller; it makes the player's own link).

    Raise NotFound (series_not_found), RuleError (series_player_name_blank, text_too_long),
    StateConflict (series_name_taken naming the player there, series_full),
    IdempotencyConflict or BadKey.
    """
    cleaned = store.player_name(name)
    key = keys.key_of(idempotency_key, {"kind": "player", "name": cleaned})
    return _player_step(
        db,
        series_id,
        key,
        lambda series: (
            {"number": store.insert_player(db, series.id, token, cleaned).number},
            True,
        ),
    )


def set_hidden(
    db: Database,
    series_id: str,
    number: int,
    hidden: bool,
    *,
    idempotency_key: str | Key | None = None,
) -> PlayerChanged:
    """Hide a player's name on the public pages and exports ("Spieler 17"), or show it
    again (the organiser's page always shows it). Raise NotFound, RuleError
    (series_number_unknown), IdempotencyConflict or BadKey."""
    key = keys.key_of(idempotency_key, {"kind": "hidden", "number": number, "hidden": hidden})

    def step(series: Series) -> tuple[Kept, bool]:
        was = series.player(number).hidden
        store.set_hidden(db, series_id, number, hidden)
        return {"number": number}, was != hidden

    return _player_step(db, series_id, key, step)


def may_forget(db: Database, series_id: str, number: int, token: str | None) -> bool:
    """Tell whether `token` may forget player `number`: the series' own, or the player's
    own link (their card's). Raise NotFound for an unknown series."""
    return store.check_token(db, series_id, token) or store.check_player_token(
        db, series_id, number, token
    )


def forget(
    db: Database,
    series_id: str,
    number: int,
    *,
    exports: Exports,
    idempotency_key: str | Key | None = None,
) -> PlayerChanged:
    """Forget a player for good: the name leaves the series and every tournament of it in
    one transaction (store.forget), then the kept exports of them all go. The results stay,
    under the number ("Spieler 17"); the number is never given again. Forgetting a
    forgotten player changes nothing. The token (`may_forget`) is checked by the caller.

    Raise NotFound, RuleError (series_number_unknown), IdempotencyConflict or BadKey.
    """
    key = keys.key_of(idempotency_key, {"kind": "forget", "number": number})
    dropped: list[str] = []

    def step(series: Series) -> tuple[Kept, bool]:
        player = series.player(number)
        if not player.forgotten:
            dropped.extend(store.forget_player(db, series_id, player))
        return {"number": number}, not player.forgotten

    # The forget drops every kept answer of the series: this one is kept afterwards.
    changed = _player_step(db, series_id, key, step)
    if dropped:
        exports.drop(dropped)
    return changed


def keyed(
    db: Database,
    series_id: str,
    key: Key | None,
    step: Callable[[Series], tuple[Kept, bool]],
    answer: Callable[[Kept, bool], R],
) -> R:
    """Do `step` on the series once for its key (`keys.once`); a step that changed something
    moves the version. Return `answer` of what was kept, and whether it is a retry's (which
    answers what the first kept, as it is now)."""

    def first() -> R:
        kept, changed = step(store.read_series(db, series_id))
        if changed:
            bump(db, "series", series_id)
        return answer(kept, False)

    return keys.once(
        db, store.owner(series_id), key, first, lambda kept: answer(kept["result"], True)
    )


def _player_step(
    db: Database, series_id: str, key: Key | None, step: Callable[[Series], tuple[Kept, bool]]
) -> PlayerChanged:
    """Do a step on one player once for its key; a retry answers the player as they are now
    (a name forgotten since is not given again)."""

    def answer(kept: Kept, replayed: bool) -> PlayerChanged:
        series = store.read_series(db, series_id)
        return PlayerChanged(series.player(int(kept["number"])), series.version, replayed)

    return keyed(db, series_id, key, step, answer)
