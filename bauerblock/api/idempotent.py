"""Every write of the API safe to retry: one decorator reads `Idempotency-Key` for all.

The key, the request's fingerprint and the first answer go into the store's one
idempotency store (store/idempotency.py), in the write's own transaction: a retry with the
same key and request gets the first answer again (status, body, ETag) and writes nothing;
the same key with another request is refused (422). The fingerprint covers the method, the
path and the body (as JSON, so the order of its keys does not matter); a key belongs to
who asks (the bearer token, or the address for a request that creates): only whoever made
the first request can read its answer again.
"""

import functools
import hashlib
import json
from collections.abc import Callable
from typing import Any

from flask import Response, current_app, request

from bauerblock import store
from bauerblock.services.keys import Key
from bauerblock.store import idempotency
from bauerblock.store.common import canonical, digest
from bauerblock.store.db import immediate

IDEMPOTENCY_KEY = {
    "in": "header",
    "name": "Idempotency-Key",
    "description": (
        "Makes a retry safe: the same key and body (from the same client) answer the first "
        "answer again and write nothing; the same key with another body is refused (422). "
        "8 to 64 letters, digits, `_` or `-`; kept 30 days"
    ),
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{8,64}$"},
}
CREATE_IDEMPOTENCY_KEY = {
    **IDEMPOTENCY_KEY,
    "description": (
        "Makes a retry safe: the same key and body from the same address answer the first "
        "answer again, its edit token included, and make nothing new; the same key with "
        "another body is refused (422). Because a replay hands out the token, a key that "
        "creates must be random (a UUID, or 16 or more random characters): 16 to 64 "
        "letters, digits, `_` or `-`; kept 30 days"
    ),
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,64}$"},
}
"""The Idempotency-Key of a write that makes a sheet, a tournament or a group."""
REPLAYED = {
    "Idempotent-Replayed": {
        "description": "`true` when this is the first answer again, for a retried Idempotency-Key",
        "schema": {"type": "string", "enum": ["true"]},
    }
}

# What an answer gives again besides its body.
KEPT_HEADERS = ("Content-Type", "ETag", "Location")

CREATOR = "new:"
"""The owner of a key that creates: the collection its request makes something in."""

# The path parameters that name a key's owner, and the owner's name of each.
OWNERS: dict[str, Callable[[str], str]] = {
    "sheet_id": idempotency.sheet,
    "tournament_id": idempotency.tournament,
    "group_id": idempotency.group,
}


def idempotent(view: Callable[..., Any]) -> Callable[..., Any]:
    """Make a write view answer a retried Idempotency-Key with its first answer.

    Apply it outermost (above flask-smorest's decorators): it keeps the finished answer.
    A view whose use case kept its result for a key in an older release takes that result
    as `kept`.
    """

    @functools.wraps(view)
    def write(*args: Any, **kwargs: Any) -> Any:
        key = request.headers.get("Idempotency-Key")
        if key is None:
            return view(*args, **kwargs)
        owner = _owner(kwargs)
        # A key unlike the pad's (BadKey), or too short to create (ShortCreateKey), is
        # refused as a RuleError (422) before any work.
        creates = owner.startswith(CREATOR)
        (idempotency.check_create_key if creates else idempotency.check_key)(key)
        fingerprint = _fingerprint()
        scope = _caller()
        db = store.get_db()
        # The look-up, the write and the answer kept are one transaction: two racing
        # retries queue on the write lock, and the second finds the first one's answer.
        with immediate(db):
            first = idempotency.recall(db, owner, key, fingerprint, scope=scope)
            if first is not None and not first.status:
                # An older release kept the use case's result, not the answer: the view
                # answers it again as that release did (its use case reads the result).
                return view(*args, kept=first.body, **kwargs)
            if first is not None:
                again = {**first.headers, **replay_headers(True)}
                return Response(first.body, status=first.status, headers=again)
            response = current_app.make_response(view(*args, **kwargs))
            if 200 <= response.status_code < 300:
                kept = _kept(response)
                idempotency.remember(db, owner, key, fingerprint, kept, scope=scope)
            return response

    return write


def request_key() -> Key | None:
    """Return the request's Idempotency-Key for a use case that keeps its own result (None:
    no key), scoped to the caller and fingerprinted as `idempotent` does; BadKey if malformed.

    The use case looks the key up and keeps its result in its own transaction, after
    planning outside the write lock.
    """
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    return Key(idempotency.check_key(key), _fingerprint(), _caller())


def replay_headers(again: bool) -> dict[str, str]:
    """Return the headers that mark a use case's answer as the first one again (if so)."""
    return {"Idempotent-Replayed": "true"} if again else {}


def _owner(kwargs: dict[str, Any]) -> str:
    """Return whose key it is: the sheet, tournament or group in the path, or a creator."""
    for name, owner in OWNERS.items():
        if name in kwargs:
            return owner(kwargs[name])
    return f"{CREATOR}{request.path}"


def _fingerprint() -> str:
    """Return the digest of what a retry must repeat: the method, the path and the body."""
    data = request.get_data(cache=True)
    try:
        # As JSON, so a retry that orders the body's keys otherwise is the same request.
        body = digest(canonical(json.loads(data))) if data else None
    except (ValueError, RecursionError, UnicodeEncodeError):
        # Not JSON, a number past Python's digits, too deep, a lone surrogate: the bytes
        # (the parser refuses such a body with 422 once the view runs).
        body = "bytes:" + hashlib.sha256(data).hexdigest()
    return idempotency.fingerprint({"method": request.method, "path": request.path, "body": body})


def _caller() -> str:
    """Return who asks: a key is the caller's own (its bearer token, or its address)."""
    # Another caller's request with the same key is a request of its own: it meets the
    # rights check (401, 403) like any other and never sees the first caller's answer.
    who = request.headers.get("Authorization") or f"address:{request.remote_addr}"
    return digest(who)


def _kept(response: Response) -> idempotency.Kept:
    headers = {name: response.headers[name] for name in KEPT_HEADERS if name in response.headers}
    return idempotency.Kept(response.get_data(as_text=True), response.status_code, headers)
