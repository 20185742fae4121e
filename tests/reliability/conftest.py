"""Fixtures of the reliability tests."""

import pytest

from bauerblock import create_app


@pytest.fixture
def app_with(tmp_path, monkeypatch):
    """Return a function making an app with config of its own (tiny limits, say)."""
    monkeypatch.setenv("BAUERBLOCK_INSTANCE_PATH", str(tmp_path / "instance"))

    def make(**config):
        base = {
            "TESTING": True,
            "DATABASE": str(tmp_path / "bauerblock.sqlite3"),
            "SECRET_KEY": "test-secret-key",
        }
        return create_app({**base, **config})

    return make
