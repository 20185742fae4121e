"""Shared fixtures, as in Flask's tutorial: an app with its own database per test."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from wsgi import create_app

ROOT = Path(__file__).resolve().parent.parent


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


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """Serve the app with gunicorn and two workers on a free loopback port; yield its URL."""
    folder = tmp_path_factory.mktemp("live")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {
        **os.environ,
        "BAUERBLOCK_BIND": f"127.0.0.1:{port}",
        "BAUERBLOCK_WORKERS": "2",
        "BAUERBLOCK_DATABASE": str(folder / "bauerblock.sqlite3"),
        "BAUERBLOCK_INSTANCE_PATH": str(folder / "instance"),
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "wsgi:app"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_healthy(url, server)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


def _wait_until_healthy(url: str, server: subprocess.Popen, seconds: float = 20) -> None:
    """Wait for /healthz to answer; fail early if gunicorn died."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {server.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("gunicorn did not answer /healthz in time")
