"""One idempotency store for every write: sheets, tournaments, groups, the API and the pages.

A write that carries a key remembers, in its own transaction, the answer it gave: a retry
with the same key and the same request gets that answer again and writes nothing; the same
key with another request is refused. Keys are checked as the pad makes them and stored
hashed, beside a fingerprint of the request, so a flood of keys stores a bounded number of
bytes per write. The answer is kept sealed with the key itself (which is never stored): an
answer may hold an edit token, and the file must not give away what it keeps only hashed.
Each key belongs to an owner (`sheet:<id>`, `tournament:<id>`, `group:<id>`, or a creating
client): deleting the owner deletes its keys (store/db.py's triggers), and `expire` drops
keys older than KEY_DAYS.
"""

import hashlib
import hmac
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlite_utils import Database

from bauerblock.store import common
from bauerblock.store.common import canonical, digest, now
from bauerblock.store.errors import BadKey, IdempotencyConflict

KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{8,64}")
"""A key as the pad makes it: 8 to 64 letters, digits, `_` or `-`."""

KEY_DAYS = 30
"""A key is kept this long: a retry comes within minutes, an offline pad within days."""


@dataclass(frozen=True)
class Answer:
    """What a write answered: its status, its JSON body, and headers to give again."""

    status: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)


def check_key(key: object) -> str:
    """Return `key` if it is a key as the pad makes them; raise BadKey otherwise."""
    if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
        raise BadKey()
    return key


def fingerprint(request: object) -> str:
    """Return the digest of a request (any JSON value) that a retry must repeat."""
    return digest(canonical(request))


def recall(db: Database, owner: str, key: str, request: str, *, scope: str = "") -> Answer | None:
    """Return the answer a write with this key gave, or None for a new key.

    `request` is the request's fingerprint; raise IdempotencyConflict when the key came
    with another request. `scope` names who may use the key (the API's caller): another
    caller's key of the same name is another key. Call it inside the write's transaction,
    before the write.
    """
    row = db.execute(
        "SELECT request_hash, status, response, headers FROM idempotency "
        "WHERE owner = ? AND key_hash = ?",
        [owner, _key_hash(key, scope)],
    ).fetchone()
    if row is None:
        return None
    if not hmac.compare_digest(row[0], request):
        raise IdempotencyConflict(key, "request")
    return Answer(row[1], json.loads(unseal(owner, key, row[2])), json.loads(row[3]))


def answered(db: Database, owner: str, key: str) -> Answer | None:
    """Return the answer a write with this key gave, whatever it asked (None: no such write):
    for a phone that lost the answer and asks before it takes the write back."""
    row = db.execute(
        "SELECT status, response, headers FROM idempotency WHERE owner = ? AND key_hash = ?",
        [owner, _key_hash(key, "")],
    ).fetchone()
    if row is None:
        return None
    return Answer(row[0], json.loads(unseal(owner, key, row[1])), json.loads(row[2]))


def remember(
    db: Database, owner: str, key: str, request: str, answer: Answer, *, scope: str = ""
) -> None:
    """Keep the answer of a write with this key (and scope), inside its transaction."""
    db.execute(
        "INSERT INTO idempotency (owner, key_hash, request_hash, status, response, headers, "
        "created) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            owner,
            _key_hash(key, scope),
            request,
            answer.status,
            seal(owner, key, canonical(answer.body)),
            canonical(answer.headers),
            now(),
        ],
    )


def _key_hash(key: str, scope: str) -> str:
    # Without a scope the plain SHA-256 of the key, as the migrated keys are stored.
    check_key(key)
    return digest(f"{scope}\0{key}" if scope else key)


def made_before(db: Database, owner: str, key: str | None, request: str) -> tuple[str, str] | None:
    """Return the id and the edit token a create with this key made (None: a new key).

    For the creating writes (a sheet, a group's evening, a tournament, a group): the
    token is the one answer a retry cannot compute again, so it is kept, sealed.
    """
    if key is None:
        return None
    first = recall(db, owner, key, request)
    return None if first is None else (first.body["id"], first.body["token"])


def remember_made(
    db: Database, owner: str, key: str | None, request: str, made: str, token: str
) -> None:
    """Keep what a create with this key made, for `made_before` (no key: nothing)."""
    if key is not None:
        remember(db, owner, key, request, Answer(201, {"id": made, "token": token}))


def seal(owner: str, key: str, text: str) -> str:
    """Return `text` sealed with the key: only a request that holds the key reads it again."""
    return common.seal(_answer_key(owner, key), text)


def unseal(owner: str, key: str, sealed: str) -> str:
    """Return the text `seal` sealed with this key."""
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


def expire(db: Database, *, days: int = KEY_DAYS) -> int:
    """Drop the keys older than `days`; return how many went."""
    cutoff = (datetime.now(UTC) - timedelta(days=days)).isoformat(timespec="seconds")
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
