"""The configuration's numbers are checked when the app starts: a bad one stops it with a
message naming its variable, never a traceback, and nothing is served or deleted."""

import os
import subprocess
import sys

import pytest

from bauerblock import create_app
from bauerblock.settings import BadSetting, from_environment

REFUSED = (
    ("EXPIRE_IDLE_DAYS", "0"),
    ("EXPIRE_IDLE_DAYS", "-1"),
    ("EXPIRE_IDLE_DAYS", "abc"),
    ("EXPIRE_IDLE_DAYS", "1.5"),
    ("EXPIRE_IDLE_DAYS", "9" * 5000),
    ("MAX_CONTENT_LENGTH", "0"),
    ("MAX_CONTENT_LENGTH", "true"),
    ("MAX_URI_LENGTH", "100000"),
    ("PERMANENT_SESSION_LIFETIME", "-5"),
    ("EXPORT_CACHE_BYTES", "lots"),
    ("WORKERS", "0"),
    ("RATELIMIT_WRITES", "many"),
    ("RATELIMIT_EXPORTS", "0 per minute"),
    ("PROXY_FIX", "9"),
    ("PROXY_FIX", '{"x_for": -1}'),
)


def start(tmp_path, monkeypatch, name, value):
    monkeypatch.setenv("BAUERBLOCK_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv(f"BAUERBLOCK_{name}", value)
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3")})


@pytest.mark.parametrize(("name", "value"), REFUSED)
def test_a_bad_number_stops_the_app_naming_its_variable(tmp_path, monkeypatch, name, value):
    with pytest.raises(BadSetting) as refused:
        start(tmp_path, monkeypatch, name, value)
    assert str(refused.value.code).startswith(f"BAUERBLOCK_{name}")
    assert "is refused" in str(refused.value.code)


@pytest.mark.parametrize(
    ("name", "value", "read"),
    (
        ("EXPIRE_IDLE_DAYS", "180", 180),
        ("EXPIRE_IDLE_DAYS", "", None),
        ("MAX_CONTENT_LENGTH", "131072", 131072),
        ("PERMANENT_SESSION_LIFETIME", "3600", 3600),
        ("WORKERS", "4", 4),
    ),
)
def test_a_good_number_is_kept_as_a_number(tmp_path, monkeypatch, name, value, read):
    assert start(tmp_path, monkeypatch, name, value).config[name] == read


def test_the_idle_days_of_zero_stop_flask_expire_without_a_traceback(tmp_path):
    env = {
        **os.environ,
        "BAUERBLOCK_INSTANCE_PATH": str(tmp_path / "instance"),
        "BAUERBLOCK_DATABASE": str(tmp_path / "db.sqlite3"),
        "BAUERBLOCK_EXPIRE_IDLE_DAYS": "0",
    }
    flask = os.path.join(os.path.dirname(sys.executable), "flask")
    ran = subprocess.run(
        [flask, "--app", "bauerblock", "expire"], env=env, capture_output=True, text=True
    )
    assert ran.returncode != 0
    assert "BAUERBLOCK_EXPIRE_IDLE_DAYS=0 is refused" in ran.stderr
    assert "Traceback" not in ran.stderr + ran.stdout
    assert "Expired" not in ran.stdout


def test_gunicorns_workers_are_read_with_the_same_bounds():
    assert from_environment("WORKERS", 2, {}) == 2
    assert from_environment("WORKERS", 2, {"BAUERBLOCK_WORKERS": "3"}) == 3
    with pytest.raises(BadSetting, match="BAUERBLOCK_WORKERS='x' is refused"):
        from_environment("WORKERS", 2, {"BAUERBLOCK_WORKERS": "x"})
