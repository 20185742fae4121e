"""The store's shared core: sealing, canonical JSON, entity tags."""

import base64
import hashlib
import json
import secrets
from dataclasses import asdict

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from bauerblock import store
from bauerblock.services import sheets as service
from bauerblock.store import common, idempotency


def test_an_id_never_starts_as_a_spreadsheet_formula(monkeypatch):
    drawn = iter(["-starts-as-minus-aaaaa", "Xj3vRvj8LAP9tMU8M2sICQ"])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda n: next(drawn))
    assert common.new_id() == "Xj3vRvj8LAP9tMU8M2sICQ"


def test_a_sealed_text_opens_with_its_key_only():
    key, other = b"k" * 32, b"o" * 32
    sealed = common.seal(key, "edit-token-Ü")
    assert "edit-token" not in sealed
    assert common.unseal(key, sealed) == "edit-token-Ü"
    assert common.unseal(other, sealed) is None
    # A fresh nonce each time: the same text sealed twice reads differently.
    assert common.seal(key, "edit-token-Ü") != sealed
    assert common.unseal(key, "not base64!") is None


def test_equal_values_have_equal_canonical_text_and_tags_differ_by_id():
    assert common.canonical({"b": 1, "a": [2]}) == common.canonical({"a": [2], "b": 1})
    assert common.entity_tag("x", 3) != common.entity_tag("y", 3)
    assert common.entity_tag("x", 3).startswith("3-")


def test_a_sealed_text_is_aes_gcm_and_a_changed_one_opens_to_nothing():
    key = b"k" * 32
    sealed = common.seal(key, "edit-token")
    raw = base64.urlsafe_b64decode(sealed.removeprefix(common.SEALED))
    nonce, box = raw[: common.NONCE], raw[common.NONCE :]
    # Anyone holding the key opens it with the library alone: nothing of our own in it.
    assert AESGCM(key).decrypt(nonce, box, None) == b"edit-token"
    # Each bit flipped in the box breaks its tag: no forged or damaged text is read.
    for index in range(len(box)):
        flipped = box[:index] + bytes([box[index] ^ 1]) + box[index + 1 :]
        forged = common.SEALED + base64.urlsafe_b64encode(nonce + flipped).decode()
        assert common.unseal(key, forged) is None


def old_seal(key: bytes, text: str) -> str:
    """Seal as the code before AES-GCM did: a 16-byte nonce, the text XOR SHAKE-256."""
    data, nonce = text.encode(), secrets.token_bytes(16)
    stream = hashlib.shake_256(key + nonce).digest(len(data))
    mixed = (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")
    return base64.urlsafe_b64encode(nonce + mixed).decode()


@pytest.mark.parametrize("text", ["edit-token-Ü", json.dumps({"id": "x", "token": "t" * 32})])
def test_a_text_sealed_the_old_way_still_opens(text):
    key = hashlib.sha256(b"answer").digest()
    assert common.unseal(key, old_seal(key, text)) == text


def test_a_key_kept_the_old_way_answers_its_retry(db):
    # A tap kept before the use cases and before AES-GCM: the pad's body, the old seal. The
    # game is taken off again, so only the kept answer can say it was recorded.
    sheet, _ = store.create_sheet(db, "bauerchen")
    entry = {"result": {"winner": "A", "band": "frei"}}
    first = service.record_game(db, sheet.id, entry)
    owner, key = idempotency.sheet(sheet.id), "old-sealed-tap-1"
    db.execute("DELETE FROM entries WHERE sheet_id = ? AND number = 1", [sheet.id])
    db.execute("UPDATE sheets SET version = version + 1 WHERE id = ?", [sheet.id])
    answer_key = hashlib.sha256(f"answer\0{owner}\0{key}".encode()).digest()
    body = common.canonical(asdict(first.kept()))
    db.table("idempotency").insert(
        {
            "owner": owner,
            "key_hash": common.digest(key),
            "request_hash": idempotency.fingerprint(entry),
            "status": 201,
            "response": old_seal(answer_key, body),
            "headers": "{}",
            "created": common.now(),
        }
    )
    again = service.record_game(db, sheet.id, entry, idempotency_key=key)
    assert again.replayed and again.kept() == first.kept()
    assert store.load_head(db, sheet.id).played == 0
