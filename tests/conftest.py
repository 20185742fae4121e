"""Shared fixtures, as in Flask's tutorial: an app with its own database per test."""

import pytest

from wsgi import create_app


@pytest.fixture
def app(tmp_path, monkeypatch):
    """Return an app whose instance folder and database live in tmp_path."""
    # Keep the developer's own BAUERBLOCK_* settings and instance folder out of the tests.
    monkeypatch.setenv("BAUERBLOCK_INSTANCE_PATH", str(tmp_path / "instance"))
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "bauerblock.sqlite3"),
            "SECRET_KEY": "test-secret-key",
        }
    )


@pytest.fixture
def client(app):
    """Return a test client for the app."""
    return app.test_client()


@pytest.fixture
def runner(app):
    """Return a runner for the app's CLI commands."""
    return app.test_cli_runner()
