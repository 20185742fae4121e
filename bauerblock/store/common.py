"""What every kind of stored thing shares: ids and tokens, time, digests, canonical JSON,
entity tags and cleaned text. Sheets, tournaments, groups and the idempotency store use it."""

import base64
import binascii
import hashlib
import json
import secrets
from datetime import UTC, datetime


def new_id() -> str:
    """Return a fresh id for a sheet, a tournament or a group (128 random bits)."""
    return secrets.token_urlsafe(16)


def new_token() -> str:
    """Return a fresh edit token (192 random bits), shown to its creator once."""
    return secrets.token_urlsafe(24)


def now() -> str:
    """Return the time of a write, as stored: UTC, to the second, ISO 8601."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def digest(text: str) -> str:
    """Return the SHA-256 of `text` in hex."""
    return hashlib.sha256(text.encode()).hexdigest()


def token_hash(token: str) -> str:
    """Return what is stored of an edit token: its SHA-256, never the token."""
    # A plain SHA-256 suffices: the token is 192 random bits, so no slow, salted password
    # hash is needed against guessing, and equal digests for equal tokens allow no attack.
    return digest(token)


def canonical(value: object) -> str:
    """Return `value` as JSON with sorted keys and no spaces: equal values, equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def entity_tag(entity_id: str, version: int) -> str:
    """Return the entity tag (unquoted) of a sheet, tournament or group at a version."""
    # The id's digest keeps a tag of one sheet from ever matching another sheet's.
    return f"{version}-{digest(entity_id)[:16]}"


NONCE = 16
"""Random bytes before each sealed text: the same text sealed twice reads differently."""


def seal(key: bytes, text: str) -> str:
    """Return `text` sealed with `key` (URL-safe base64): only `key` opens it again.

    A fresh nonce, then the text mixed with SHAKE-256 of the key and the nonce. For what
    the file must keep but not give away (a token, an answer holding one); the key is
    never stored beside it.
    """
    data = text.encode()
    nonce = secrets.token_bytes(NONCE)
    return base64.urlsafe_b64encode(nonce + _mix(data, key, nonce)).decode()


def unseal(key: bytes, sealed: str) -> str | None:
    """Return the text `seal` sealed with `key` (None: not sealed with it)."""
    try:
        raw = base64.urlsafe_b64decode(sealed.encode())
    except (binascii.Error, ValueError):
        return None
    try:
        return _mix(raw[NONCE:], key, raw[:NONCE]).decode()
    except UnicodeDecodeError:
        return None


def _mix(data: bytes, key: bytes, nonce: bytes) -> bytes:
    stream = hashlib.shake_256(key + nonce).digest(len(data))
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")
