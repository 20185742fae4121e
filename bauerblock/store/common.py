"""What every kind of stored thing shares: ids and tokens, time, digests, canonical JSON,
entity tags, sealed texts, and the row of an owner of an edit token (a tournament, a group,
a series): made at version 1, and a new version after each change. Sheets, tournaments,
groups, series and the idempotency store use it."""

import base64
import binascii
import hashlib
import hmac
import json
import secrets
from datetime import UTC, datetime

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from sqlite_utils import Database


def new_id() -> str:
    """Return a fresh id for a sheet, a tournament or a group (128 random bits), never
    starting with "-"."""
    # A CSV export's cell starting with "-" is guarded against formulas ('-…), which would
    # change the id a spreadsheet reads; one id in 64 would start so.
    made = secrets.token_urlsafe(16)
    while made.startswith("-"):
        made = secrets.token_urlsafe(16)
    return made


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


def derived_token(token: str, purpose: str) -> str:
    """Return the token derived from edit token `token` for `purpose` ("table:<sheet id>")."""
    digest = hmac.new(token.encode(), purpose.encode(), hashlib.sha256).digest()
    # 24 bytes, as long as a sheet's own random token.
    return base64.urlsafe_b64encode(digest[:24]).decode().rstrip("=")


def token_matches(token: object, hashed: str) -> bool:
    """Tell whether `token` is the edit token kept as `hashed` (its token_hash), in constant
    time; anything but text is none."""
    return isinstance(token, str) and hmac.compare_digest(token_hash(token), hashed)


def insert_owner(db: Database, table: str, at: str, **columns: object) -> tuple[str, str]:
    """Insert the row of a new tournament, group or series (`table`: its table) with its own
    `columns`, at version 1, in the caller's transaction; return its id and its edit token
    (only the token's hash is stored)."""
    owner_id, token = new_id(), new_token()
    db.table(table).insert(
        {
            "id": owner_id,
            **columns,
            "token_hash": token_hash(token),
            "version": 1,
            "created": at,
            "updated": at,
        }
    )
    return owner_id, token


def bump(db: Database, table: str, owner_id: str) -> None:
    """Give a tournament, group or series (`table`: its table) a new version (a new ETag)
    after a change."""
    db.execute(
        f"UPDATE {table} SET version = version + 1, updated = ? WHERE id = ?", [now(), owner_id]
    )


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
"""One encoder for every canonical text: json.dumps with options makes one a call."""


def canonical(value: object) -> str:
    """Return `value` as JSON with sorted keys and no spaces: equal values, equal text."""
    return _CANONICAL.encode(value)


def entity_tag(entity_id: str, version: int) -> str:
    """Return the entity tag (unquoted) of a sheet, tournament or group at a version."""
    # The id's digest keeps a tag of one sheet from ever matching another sheet's.
    return f"{version}-{digest(entity_id)[:16]}"


SEALED = "v2."
"""What a text sealed with AES-GCM starts with (base64 has no dot: an older one never does)."""

NONCE = 12
"""AES-GCM's nonce: random, fresh for each sealed text (a key seals few texts)."""

OLD_NONCE = 16
"""The nonce before each text sealed by the stream cipher of old (read, never written)."""


def seal(key: bytes, text: str) -> str:
    """Return `text` sealed with `key` (32 bytes) by AES-256-GCM: only `key` opens it again,
    and a text changed in the file opens to nothing.

    A fresh nonce, then the ciphertext and its tag, as URL-safe base64 after SEALED. For
    what the file must keep but not give away (a token, an answer holding one); the key is
    never stored beside it.
    """
    return seal_bytes(key, text.encode())


def seal_bytes(key: bytes, data: bytes) -> str:
    """Return `data` sealed as `seal` seals a text (`unseal_bytes` opens it)."""
    nonce = secrets.token_bytes(NONCE)
    sealed = nonce + AESGCM(key).encrypt(nonce, data, None)
    return SEALED + base64.urlsafe_b64encode(sealed).decode()


def unseal_bytes(key: bytes, sealed: str) -> bytes | None:
    """Return the bytes `seal_bytes` sealed with `key` (None: not sealed with it, changed)."""
    if not sealed.startswith(SEALED):
        return None
    try:
        raw = base64.urlsafe_b64decode(sealed.removeprefix(SEALED).encode())
        return AESGCM(key).decrypt(raw[:NONCE], raw[NONCE:], None)
    except (binascii.Error, InvalidTag, ValueError):
        return None


def unseal(key: bytes, sealed: str) -> str | None:
    """Return the text `seal` sealed with `key` (None: not sealed with it, or changed).

    A text sealed before AES-GCM (SHAKE-256 keystream, no tag) still opens: a key kept 30
    days, a phone's right, outlive the code that sealed them.
    """
    try:
        if sealed.startswith(SEALED):
            data = unseal_bytes(key, sealed)
            return None if data is None else data.decode()
        return _old_unseal(key, base64.urlsafe_b64decode(sealed.encode()))
    except ValueError:  # bad base64 (binascii.Error) or bad UTF-8 (UnicodeDecodeError)
        return None


def _old_unseal(key: bytes, raw: bytes) -> str:
    data, nonce = raw[OLD_NONCE:], raw[:OLD_NONCE]
    stream = hashlib.shake_256(key + nonce).digest(len(data))
    mixed = int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")
    return mixed.to_bytes(len(data), "big").decode()
