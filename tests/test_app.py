"""The application factory: configuration, health check, error pages."""

import os
import stat
from concurrent.futures import ThreadPoolExecutor

from bauerblock import create_app
from bauerblock.app import SECRET_KEY_FILE, _shared_secret_key


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    assert response.text == "ok"


def test_page_404_is_html(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert 'lang="de"' in response.text
    assert "Seite nicht gefunden" in response.text


def test_page_405_is_html_and_keeps_allow(client):
    response = client.post("/")
    assert response.status_code == 405
    assert response.mimetype == "text/html"
    assert "GET" in response.headers["Allow"]


def test_api_404_is_json(client):
    response = client.get("/api/v1/nope")
    assert response.status_code == 404
    assert response.mimetype == "application/json"
    assert response.json["code"] == 404
    assert response.json["status"] == "Not Found"
    assert "not found" in response.json["message"]


def test_index_page(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "Bauerblock – der Block für Bauerchen" in response.text
    assert 'lang="de"' in response.text
    assert 'name="viewport"' in response.text
    assert 'href="/api/docs"' in response.text
    # htmx comes with the pad's scripts in one file (bauerblock/web/assets.py).
    assert 'src="/static/app.js?v=' in response.text


def test_htmx_is_served_by_the_app(client):
    # Static files are streamed: close the response or the file stays open.
    for path in ("/static/htmx.min.js", "/static/app.js"):
        with client.get(path) as response:
            assert response.status_code == 200
            assert b"htmx" in response.data


def test_config_from_environment(tmp_path, monkeypatch):
    database = tmp_path / "elsewhere.sqlite3"
    monkeypatch.setenv("BAUERBLOCK_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv("BAUERBLOCK_DATABASE", str(database))
    monkeypatch.setenv("BAUERBLOCK_SECRET_KEY", "1234")
    app = create_app()
    assert app.config["DATABASE"] == str(database)
    # JSON-parsed as a number by from_prefixed_env, but a key must stay a string.
    assert app.config["SECRET_KEY"] == "1234"


def test_database_defaults_to_instance_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("BAUERBLOCK_DATABASE", raising=False)
    monkeypatch.setenv("BAUERBLOCK_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app()
    assert app.config["DATABASE"] == str(tmp_path / "instance" / "bauerblock.sqlite3")
    assert os.path.isdir(app.instance_path)


def test_test_config_wins_over_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("BAUERBLOCK_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv("BAUERBLOCK_DATABASE", str(tmp_path / "env.sqlite3"))
    app = create_app({"DATABASE": str(tmp_path / "test.sqlite3")})
    assert app.config["DATABASE"] == str(tmp_path / "test.sqlite3")


def test_secret_key_file_is_reused(tmp_path, monkeypatch):
    monkeypatch.delenv("BAUERBLOCK_SECRET_KEY", raising=False)
    monkeypatch.setenv("BAUERBLOCK_INSTANCE_PATH", str(tmp_path / "instance"))
    first = create_app().config["SECRET_KEY"]
    second = create_app().config["SECRET_KEY"]
    assert len(first) >= 32
    assert first == second
    key_file = tmp_path / "instance" / SECRET_KEY_FILE
    assert key_file.read_text() == first
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert not [name for name in os.listdir(tmp_path / "instance") if name.endswith(".tmp")]


def test_secret_key_is_made_once_under_concurrent_starts(tmp_path):
    with ThreadPoolExecutor(max_workers=8) as pool:
        keys = set(pool.map(lambda _: _shared_secret_key(str(tmp_path)), range(32)))
    assert len(keys) == 1
    assert os.listdir(tmp_path) == [SECRET_KEY_FILE]
