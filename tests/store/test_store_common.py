"""The store's shared core: sealing, canonical JSON, entity tags."""

from bauerblock.store import common


def test_a_sealed_text_opens_with_its_key_only():
    key, other = b"k" * 32, b"o" * 32
    sealed = common.seal(key, "edit-token-Ü")
    assert "edit-token" not in sealed
    assert common.unseal(key, sealed) == "edit-token-Ü"
    assert common.unseal(other, sealed) != "edit-token-Ü"
    # A fresh nonce each time: the same text sealed twice reads differently.
    assert common.seal(key, "edit-token-Ü") != sealed
    assert common.unseal(key, "not base64!") is None


def test_equal_values_have_equal_canonical_text_and_tags_differ_by_id():
    assert common.canonical({"b": 1, "a": [2]}) == common.canonical({"a": [2], "b": 1})
    assert common.entity_tag("x", 3) != common.entity_tag("y", 3)
    assert common.entity_tag("x", 3).startswith("3-")
