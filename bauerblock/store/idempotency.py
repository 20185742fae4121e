"""One idempotency store for every write: sheets, tournaments, groups, the API and the pages.

A write that carries a key remembers, in its own transaction, the answer it gave: a retry
with the same key and the same request gets that answer again and writes nothing; the same
key with another request is refused. Keys are checked as the pad makes them and stored
hashed, beside a fingerprint of the request, so a flood of keys stores a bounded number of
bytes per write. What a write keeps is sealed (AES-256-GCM, store.common.seal) with a key
made from the idempotency key itself (which is never stored): it may hold an edit token,
and the file must not give away what it keeps only hashed; a row changed in the file opens
to nothing. Rows sealed the old way (a SHAKE-256 keystream) still open.
Each key belongs to an owner (`sheet:<id>`, `tournament:<id>`, `group:<id>`, or a creating
client): deleting the owner deletes its keys (store/schema/sheets.py's triggers), and `expire` drops
keys older than KEY_DAYS.
"""

import hashlib
import hmac
import json
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, TypeVar

from sqlite_utils import Database

from bauerblock.store import common
from bauerblock.store.common import canonical, digest, now
from bauerblock.store.errors import BadKey, IdempotencyConflict, ShortCreateKey

KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{8,64}")
"""A key as the pad makes it: 8 to 64 letters, digits, `_` or `-`."""

KEY_DAYS = 30
"""A key is kept this long: a retry comes within minutes, an offline pad within days."""


@dataclass(frozen=True)
class Kept:
    """What a write kept to answer a retry: a JSON value (the result, or an answer as its
    face serialised it) and, for a face that answers with them, a code and headers.

    The store reads none of it: the write's caller says what it keeps.
    """

    body: Any
    status: int = 0
    headers: dict[str, str] = field(default_factory=dict)


def check_key(key: object) -> str:
    """Return `key` if it is a key as the pad makes them; raise BadKey otherwise."""
    if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
        raise BadKey()
    return key


CREATE_KEY_SHORTEST = 16
"""The fewest characters of a key that creates: its replay gives the edit token again."""


def check_create_key(key: object) -> str:
    """Return `key` if it may make something; raise BadKey or ShortCreateKey otherwise."""
    checked = check_key(key)
    if len(checked) < CREATE_KEY_SHORTEST:
        raise ShortCreateKey(CREATE_KEY_SHORTEST)
    return checked


def fingerprint(request: object) -> str:
    """Return the digest of a request (any JSON value) that a retry must repeat."""
    return digest(canonical(request))


def recall(
    db: Database, owner: str, key: str | None, request: str, *, scope: str = ""
) -> Kept | None:
    """Return what a write with this key kept, or None for a new key (or none).

    `request` is the request's fingerprint; raise IdempotencyConflict when the key came
    with another request. `scope` names who may use the key (the API's caller): another
    caller's key of the same name is another key. Call it inside the write's transaction,
    before the write.
    """
    if key is None or (row := _row(db, owner, key, scope)) is None:
        return None
    if not hmac.compare_digest(row[0], request):
        raise IdempotencyConflict()
    return _kept(owner, key, row)


def answered(db: Database, owner: str, key: str) -> Kept | None:
    """Return what a write with this key kept, whatever it asked (None: no such write): for
    a phone that lost the answer and asks before it takes the write back."""
    row = _row(db, owner, key, "")
    return None if row is None else _kept(owner, key, row)


def _row(db: Database, owner: str, key: str, scope: str) -> tuple[Any, ...] | None:
    return db.execute(
        "SELECT request_hash, status, response, headers FROM idempotency "
        "WHERE owner = ? AND key_hash = ?",
        [owner, _key_hash(key, scope)],
    ).fetchone()


def _kept(owner: str, key: str, row: tuple[Any, ...]) -> Kept:
    return Kept(json.loads(unseal(owner, key, row[2])), row[1], json.loads(row[3]))


def remember(
    db: Database, owner: str, key: str | None, request: str, kept: Kept, *, scope: str = ""
) -> None:
    """Keep what a write with this key (and scope) answers a retry with, inside its
    transaction (no key: nothing)."""
    if key is None:
        return
    db.execute(
        "INSERT INTO idempotency (owner, key_hash, request_hash, status, response, headers, "
        "created) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            owner,
            _key_hash(key, scope),
            request,
            kept.status,
            seal(owner, key, canonical(kept.body)),
            canonical(kept.headers),
            now(),
        ],
    )


def _key_hash(key: str, scope: str) -> str:
    # Without a scope the plain SHA-256 of the key, as the migrated keys are stored.
    check_key(key)
    return digest(f"{scope}\0{key}" if scope else key)


class Made(Protocol):
    """What a create makes: a sheet, a group, a tournament or a series, known by its id."""

    @property
    def id(self) -> str: ...


Thing = TypeVar("Thing", bound=Made)


def create_once(
    db: Database,
    owner: str,
    key: str | None,
    request: str,
    make: Callable[[], tuple[Thing, str]],
    read: Callable[[str], Thing],
) -> tuple[Thing, str, bool]:
    """Make a thing once for its key: return it, its edit token and whether a create with
    this key made it before (then it is `read` as it is now, and nothing is made).

    For the creating writes (a sheet, a group's evening, a tournament, a group, a series):
    the token is the one answer a retry cannot compute again, so it is kept, sealed. Call
    it inside the write's transaction.
    """
    first = recall(db, owner, key, request)
    if first is not None:
        return read(first.body["id"]), first.body["token"], True
    made, token = make()
    remember(db, owner, key, request, Kept({"id": made.id, "token": token}))
    return made, token, False


ZIPPED = "z."
"""What a kept text compressed (zlib) before it was sealed starts with."""


def seal(owner: str, key: str, text: str) -> str:
    """Return `text` sealed with the key: only a request that holds the key reads it again.
    Compressed first: a kept result's JSON is a third of its size so."""
    return ZIPPED + common.seal_bytes(_answer_key(owner, key), zlib.compress(text.encode(), 9))


def unseal(owner: str, key: str, sealed: str) -> str:
    """Return the text `seal` sealed with this key (sealed uncompressed before, too)."""
    if sealed.startswith(ZIPPED):
        data = common.unseal_bytes(_answer_key(owner, key), sealed.removeprefix(ZIPPED))
        text = None if data is None else zlib.decompress(data).decode()
    else:
        text = common.unseal(_answer_key(owner, key), sealed)
    if text is None:
        raise ValueError("The stored answer was not sealed with this key.")
    return text


def _answer_key(owner: str, key: str) -> bytes:
    # Not the stored digest of the key (SHA-256 of the key alone): that one opens nothing.
    return hashlib.sha256(f"answer\0{owner}\0{key}".encode()).digest()


def forget(db: Database, owner: str) -> None:
    """Drop every key of an owner (a sheet, tournament or group that is gone)."""
    db.execute("DELETE FROM idempotency WHERE owner = ?", [owner])


def expire(db: Database) -> int:
    """Drop the keys older than KEY_DAYS; return how many went."""
    cutoff = (datetime.now(UTC) - timedelta(days=KEY_DAYS)).isoformat(timespec="seconds")
    return db.execute("DELETE FROM idempotency WHERE created < ?", [cutoff]).rowcount


def sheet(sheet_id: str) -> str:
    """Return the owner name of a sheet's keys."""
    return f"sheet:{sheet_id}"


def tournament(tournament_id: str) -> str:
    """Return the owner name of a tournament's keys."""
    return f"tournament:{tournament_id}"


def group(group_id: str) -> str:
    """Return the owner name of a group's keys."""
    return f"group:{group_id}"
