"""The rights this phone holds (write a sheet, edit a group, organise a tournament), and the
lists of what it opened, which the start page offers again.

A right is granted once, when a link's token checks out. The phone's cookie then holds a
random device id and no token: the right is kept in the store under the id's hash, its token
sealed with a key made from the id and the app's secret key, so that neither a stolen cookie
nor a copy of the database yields a token. Every page that needs a right asks `held` (or
`require`), which opens the token and checks it against the store again: a right whose token
no longer opens its item holds no more, and one unused for the session's life lapses. Using a
right renews it (and the cookie), at most once an hour.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from flask import abort, current_app, g, request, session

from bauerblock import store
from bauerblock.store import devices, groups, idempotency, tournaments
from bauerblock.store.common import seal, unseal

T = TypeVar("T")

MAX_RIGHTS = 20
"""The most rights of one kind a phone keeps (the least recently used go first)."""
DEVICE = "device"
"""The session's key of the phone's random id."""
RENEW_AFTER = 3600
"""Seconds a right is used without renewing it: a poll every 3 s writes once an hour."""


@dataclass(frozen=True)
class Lock:
    """What a right's check needs of an item when the page has not loaded it (a poll)."""

    id: str
    token_hash: str = ""


@dataclass(frozen=True)
class Right:
    """A kind of right: its name in the store, how its token is checked, and the list of
    this kind's items the phone opened (`recent`, at most `most` long, in the cookie)."""

    kind: str
    check: Callable[[Any, str | None], bool]
    """Tell whether a token opens the item (an object with an `id`)."""
    recent: str | None = None
    most: int = 0

    def held(self, item: Any) -> str | None:
        """Return the token this phone holds for `item` if it still opens it, else None."""
        return held_together((self, item))[0]

    def require(self, item: Any) -> str:
        """Return the token `held` for `item`, or refuse the request (403) without one."""
        token = self.held(item)
        if token is None:
            abort(403)
        return token

    def items(self) -> set[str]:
        """Return the ids this phone holds a right to (their tokens unchecked)."""
        device = _device()
        if device is None:
            return set()
        since = int(time.time()) - _life()
        return devices.items(store.get_db(), _key(device), self.kind, since=since)

    def grant(self, item_id: str, token: str) -> None:
        """Keep `token` as this phone's right to `item_id` (checked by the caller).

        A right granted renews the phone's id (and so its cookie), once a request: a cookie
        planted on the phone before the link was opened, or copied off it, holds no right
        granted after. The rights the old id held are carried over, sealed anew."""
        old = _device()
        now = int(time.time())
        renewed_from, carried = None, []
        if g.get("renewed_device"):
            device = old
        else:
            device = secrets.token_urlsafe(24)
            g.renewed_device = True
            session[DEVICE] = device
            if old is not None:
                renewed_from = _key(old)
                for kept in devices.all_held(store.get_db(), renewed_from, since=now - _life()):
                    opened = _open(old, kept.sealed)
                    if opened is not None:
                        carried.append(replace(kept, sealed=_seal(device, opened)))
        assert device is not None  # renewed above, or earlier in this request
        devices.grant(
            store.get_db(),
            _key(device),
            self.kind,
            item_id,
            _seal(device, token),
            now=now,
            most=MAX_RIGHTS,
            lapsed=now - _life(),
            renewed_from=renewed_from,
            carried=carried,
        )
        _cache()[self.kind, item_id] = token
        session.permanent = True

    def keep(self, item_id: str, token: str) -> None:
        """Grant the right to `item_id` its link's `token` opens, and remember the item."""
        self.grant(item_id, token)
        self.remember(item_id)

    def remember(self, item_id: str) -> None:
        """Put `item_id` first in this phone's list of items opened."""
        if self.recent is None:
            return
        listed = self.remembered()
        if listed[:1] == [item_id]:
            return  # as it was: the cookie need not be sent again
        session[self.recent] = [item_id, *(i for i in listed if i != item_id)][: self.most]
        session.permanent = True

    def remembered(self) -> list[str]:
        """Return the ids of the items this phone opened, the latest first."""
        return list(session.get(self.recent, [])) if self.recent else []

    def opened(self, load: Callable[[Any, str], T | None]) -> list[T]:
        """Return the items this phone opened that the store still holds (`load` reads one
        by its id), the latest first."""
        loaded = (load(store.get_db(), item_id) for item_id in self.remembered())
        return [item for item in loaded if item is not None]


SHEET = Right("edit", store.check_token, recent="recent", most=12)
"""Write a sheet: what a table's pad needs."""
GROUP = Right("group_edit", groups.check_group_token, recent="recent_groups", most=8)
"""Edit a Stammtisch group: its roster, its evenings."""
ORGANISER = Right(
    "tournaments", lambda t, token: tournaments.check_token(store.get_db(), t.id, token)
)
"""Organise a tournament: players, draws, table cards."""
TABLE = Right(
    "table",
    lambda t, token: tournaments.check_card(store.get_db(), *table_of(t.id), token),
)
"""Hold a tournament's table for the evening (its card): its phone follows it from draw to
draw. The item is `table_item(tournament, number)`."""
RIGHTS = (SHEET, GROUP, ORGANISER, TABLE)


def held_together(*asked: tuple[Right, Any]) -> list[str | None]:
    """Return the token this phone holds for each (right, item) asked, as `Right.held` does;
    the rights this request has not looked up yet are read in one statement (a table's pad
    asks for the organiser's right and its own)."""
    cache = _cache()
    unread = [(right, item) for right, item in asked if (right.kind, item.id) not in cache]
    device = _device() if unread else None
    kept: dict[tuple[str, str], devices.KeptRight] = {}
    now = int(time.time())
    if device is not None:
        wanted = [(right.kind, item.id) for right, item in unread]
        kept = devices.held(store.get_db(), _key(device), wanted, since=now - _life())
    for right, item in unread:
        found = kept.get((right.kind, item.id))
        cache[right.kind, item.id] = (
            None if device is None else _opened(right, device, item, found, now)
        )
    return [cache[right.kind, item.id] for right, item in asked]


def _opened(
    right: Right, device: str, item: Any, kept: devices.KeptRight | None, now: int
) -> str | None:
    """Return the token `kept` holds if it still opens `item` (None: no right), renewing a
    right last used long ago."""
    if kept is None:
        return None
    token = _open(device, kept.sealed)
    if not right.check(item, token):
        return None
    if now - kept.used >= RENEW_AFTER:
        devices.renew(store.get_db(), _key(device), right.kind, item.id, now=now)
        # The cookie lives as long as the right: send it again, renewed.
        session.modified = True
    return token


def table_item(tournament_id: str, number: int) -> str:
    """Return the item a table right names: the tournament and the table's number."""
    return f"{tournament_id}:{number}"


def table_of(item: str) -> tuple[str, int]:
    """Return the tournament and table number a table right names."""
    tournament_id, _, number = item.rpartition(":")
    return tournament_id, int(number)


def tables_held(tournament_id: str) -> list[int]:
    """Return the numbers of the tournament's tables this phone holds a card of (unchecked)."""
    return sorted(table_of(item)[1] for item in TABLE.items() if table_of(item)[0] == tournament_id)


def creating_key(key: str | None) -> str | None:
    """Return a create form's idempotency key as this phone's own (None: the form sent none).

    A create's replay hands out the edit token again, so its key is scoped to who sends it:
    the address and this phone's cookie (the session's CSRF secret, made when the form was
    drawn, so a retry of the form has it too). Another phone behind the same address sending
    the same key gets a key of its own. BadKey for a key unlike the pad's.
    """
    if key is None:
        return None
    idempotency.check_key(key)
    scope = f"{request.remote_addr}|{session.get('csrf', '')}|{key}"
    # 43 letters of URL-safe base64: a key as the store takes them (8 to 64 of A-Z, 0-9, _, -).
    return base64.urlsafe_b64encode(hashlib.sha256(scope.encode()).digest()).decode()[:43]


def known() -> bool:
    """Tell whether this phone holds anything to forget: rights or lists of what it opened."""
    return DEVICE in session or any(r.remembered() for r in RIGHTS)


def forget() -> None:
    """Drop every right this phone holds and the lists of what it opened."""
    device = _device()
    if device is not None:
        devices.forget(store.get_db(), _key(device))
    for right in RIGHTS:
        if right.recent:
            session.pop(right.recent, None)
    session.pop(DEVICE, None)
    session.pop("undo", None)
    _cache().clear()


def _device() -> str | None:
    """Return this phone's id (None: it has none), after taking over rights an older cookie
    held itself (which makes it one)."""
    # A cookie from before the rights moved out of it: keep them here, drop the tokens.
    legacy = [(r, session.pop(r.kind)) for r in RIGHTS if isinstance(session.get(r.kind), dict)]
    device = session.get(DEVICE)
    if not isinstance(device, str) and legacy:
        device = secrets.token_urlsafe(24)
        session[DEVICE] = device
        session.permanent = True
    for right, kept in legacy:
        for item_id, token in kept.items():
            if isinstance(item_id, str) and isinstance(token, str):
                right.grant(item_id, token)
    device = session.get(DEVICE)  # a grant renews it
    return device if isinstance(device, str) else None


def _cache() -> dict[tuple[str, str], str | None]:
    """Return this request's rights looked up so far (a page asks for one several times)."""
    if "rights" not in g:
        g.rights = {}
    return g.rights


def _life() -> int:
    return int(current_app.permanent_session_lifetime.total_seconds())


def _key(device: str) -> str:
    """Return the store's name of a phone: its id's hash, so the store holds no cookie."""
    return hashlib.sha256(device.encode()).hexdigest()


def _sealing_key(device: str) -> bytes:
    secret = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(secret, b"rights:" + device.encode(), hashlib.sha256).digest()


def _seal(device: str, token: str) -> str:
    """Return `token` sealed for the store: only this phone's id (and the app) opens it."""
    return seal(_sealing_key(device), token)


def _open(device: str, sealed: str) -> str | None:
    """Return the token `_seal` sealed (None: not sealed for this phone)."""
    return unseal(_sealing_key(device), sealed)
