"""The package as a user gets it: the wheel built from pyproject.toml, installed into a fresh
virtualenv outside the source tree, served by gunicorn from another folder.

The wheel is built as pip builds any project (an isolated build with setuptools from the
index) from a copy of what the build reads, so nothing lands in the checkout. The new
virtualenv has the wheel alone in its site-packages; its dependencies are those of the
test's own virtualenv, put on its path by a .pth file (a path line, so the checkout's
editable install is not loaded): installing them anew from the index would cost a minute
per run and test pip, not Bauerblock. `pip check` then proves the wheel's declared
dependencies are what it runs on, and every test asserts `bauerblock` is imported from the
new virtualenv, not from the checkout.
"""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest
import requests
import yaml

pytestmark = pytest.mark.server

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "bauerblock"
DOCKERFILE = (ROOT / "Dockerfile").read_text()
PLAYERS = ["Hans", "Grete", "Karl", "Lise"]
# Read only when the catalogue is extracted (pybabel extract), never by the app.
BUILD_ONLY = {"bauerblock/web/babel.cfg"}


def _run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run a command to its end; fail with its output if it fails."""
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def _clean_env(**extra: str) -> dict[str, str]:
    """Return the environment without anything pointing Python at the checkout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "BAUERBLOCK_"))}
    env.pop("VIRTUAL_ENV", None)
    return {**env, **extra}


def docker_copies() -> list[str]:
    """Return what the Dockerfile copies into the image to install (its COPY lines' sources):
    the wheel here is built from the same, so the image's build has what it needs."""
    lines = re.findall(r"^COPY (.+)$", DOCKERFILE, re.MULTILINE)
    return [source for line in lines for source in line.split()[:-1]]


def docker_command() -> list[str]:
    """Return the image's CMD: the tests serve the installed package with it."""
    return json.loads(re.search(r"^CMD (\[.*\])$", DOCKERFILE, re.MULTILINE).group(1))


def test_the_compose_file_runs_the_image_with_its_front_and_its_data_volume():
    """compose.yaml builds this Dockerfile, publishes the front's port and keeps /data."""
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    (service,) = compose["services"].values()
    assert service["build"] == "."
    front = re.search(r"BAUERBLOCK_FRONT=(\S+)", DOCKERFILE).group(1)
    assert front.startswith("0.0.0.0:")  # nginx is public; gunicorn binds a unix socket only
    port = front.rsplit(":", 1)[1]
    assert service["ports"] == [f"{port}:{port}"]
    assert re.search(r'^VOLUME \["/data"\]$', DOCKERFILE, re.MULTILINE)
    assert "bauerblock-data:/data" in service["volumes"] and "bauerblock-data" in compose["volumes"]
    assert service["init"] is True
    assert "BAUERBLOCK_BIND" not in DOCKERFILE


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """Build the wheel from a copy of what the Dockerfile copies in; return it."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    source.mkdir()
    copies = docker_copies()
    assert {"pyproject.toml", "bauerblock"} <= set(copies), copies
    skip = shutil.ignore_patterns("__pycache__")
    for name in copies:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=skip)
        else:
            shutil.copy(ROOT / name, source / name)
    dist = work / "dist"
    _run(sys.executable, "-m", "pip", "wheel", source, "--no-deps", "-q", "-w", dist, cwd=work)
    (built,) = dist.glob("bauerblock-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """Make a fresh virtualenv and install the wheel into it; return the virtualenv."""
    where = tmp_path_factory.mktemp("venv") / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", where, cwd=where.parent)
    python = where / "bin" / "python"
    site = Path(
        _run(
            python,
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['purelib'])",
            cwd=where.parent,
        ).strip()
    )
    # The dependencies: this virtualenv's site-packages, as a path line (see the docstring).
    (site / "_bauerblock_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    _run(
        sys.executable,
        "-m",
        "pip",
        "--python",
        python,
        "install",
        "--no-deps",
        "-q",
        wheel,
        cwd=where.parent,
    )
    return where


@pytest.fixture
def elsewhere(tmp_path) -> Path:
    """Return an empty folder outside the source tree to run from."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    assert not folder.resolve().is_relative_to(ROOT)
    return folder


def test_the_wheel_holds_every_file_of_the_package(wheel):
    """Every template, static file, translation and module of bauerblock/ is in the wheel."""
    with zipfile.ZipFile(wheel) as archive:
        packed = set(archive.namelist())
    needed = {
        path.relative_to(ROOT).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert needed - packed == BUILD_ONLY
    # The translations the pages read, compiled.
    assert "bauerblock/web/translations/en/LC_MESSAGES/messages.mo" in packed
    # Only the one package: no generic top-level names in site-packages.
    tops = {name.split("/")[0] for name in packed}
    assert {top for top in tops if not top.endswith(".dist-info")} == {"bauerblock"}


def test_the_installed_package_is_imported_from_the_virtualenv_and_its_dependencies_hold(
    venv, elsewhere
):
    python = venv / "bin" / "python"
    where = _run(
        python,
        "-c",
        "import bauerblock; print(bauerblock.__file__)",
        cwd=elsewhere,
        env=_clean_env(),
    )
    assert Path(where.strip()).is_relative_to(venv)
    assert not Path(where.strip()).is_relative_to(ROOT)
    # The wheel's declared dependencies are installed, at versions it accepts.
    _run(sys.executable, "-m", "pip", "--python", python, "check", cwd=elsewhere, env=_clean_env())


def test_importing_the_factory_creates_nothing_on_disk(venv, elsewhere):
    """`import bauerblock` and `from bauerblock import create_app` touch no file."""
    python = venv / "bin" / "python"
    home = elsewhere / "home"
    home.mkdir()
    code = (
        "import bauerblock, bauerblock.app\n"
        "from bauerblock import create_app\n"
        "assert callable(create_app)\n"
    )
    # No bytecode either: the check is on what the package itself writes.
    env = _clean_env(HOME=str(home), PYTHONDONTWRITEBYTECODE="1")
    _run(python, "-c", code, cwd=elsewhere, env=env)
    assert sorted(elsewhere.rglob("*")) == [home]
    # Flask's default instance folder of an installed package: <prefix>/var/bauerblock-instance.
    assert not (venv / "var").exists()


@pytest.fixture
def served(venv, elsewhere):
    """Serve the installed package with gunicorn from `elsewhere`; yield its base URL."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    data = elsewhere / "data"
    env = _clean_env(
        # As in the image: nginx in front (on loopback here), gunicorn behind it on a socket.
        BAUERBLOCK_FRONT=f"127.0.0.1:{port}",
        BAUERBLOCK_PROXY_FIX="1",
        BAUERBLOCK_WORKERS="1",
        BAUERBLOCK_DATABASE=str(data / "bauerblock.sqlite3"),
        BAUERBLOCK_INSTANCE_PATH=str(data),
        BAUERBLOCK_RATELIMIT_ENABLED="false",
    )
    log = elsewhere / "gunicorn.log"
    # As the Docker image runs it: its CMD, the installed package's own command.
    assert docker_command() == ["bauerblock-serve"]
    with log.open("w") as out:
        process = subprocess.Popen(
            [str(venv / "bin" / "bauerblock-serve")],
            cwd=elsewhere,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, log.read_text()
            try:
                with urllib.request.urlopen(f"{url}/healthz", timeout=1) as answer:
                    # A 502 (nginx up, gunicorn not yet) is an OSError too: wait on.
                    if answer.status == 200:
                        break
            except OSError:
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=15)
    # The app wrote where it was told, and nothing into the folder it was started from
    # besides its data and the log.
    assert (data / "bauerblock.sqlite3").is_file()
    assert {path.name for path in elsewhere.iterdir()} == {"data", "gunicorn.log"}


def _page(http: requests.Session, url: str, *words: str) -> str:
    answer = http.get(url, timeout=10)
    assert answer.status_code == 200, (url, answer.status_code, answer.text[:500])
    assert answer.headers["Content-Type"].startswith("text/html"), url
    for word in words:
        assert word in answer.text, (url, word)
    return answer.text


def test_the_installed_package_serves_every_kind_of_page(served):
    http = requests.Session()
    http.trust_env = False  # straight to loopback, whatever proxy the environment names
    api = f"{served}/api/v1"

    # The start page, its static files, and the same page in English (the compiled catalogue).
    start = _page(http, f"{served}/", "Neuer Block")
    assets = set(re.findall(r'(?:src|href)="(/static/[^"]+)"', start))
    assert assets
    for asset in assets:
        answer = http.get(f"{served}{asset}", timeout=10)
        assert answer.status_code == 200 and answer.content, asset
    english = http.get(f"{served}/lang/en?next=/", timeout=10)
    assert english.status_code == 200 and "New pad" in english.text

    # The API: its document, its docs page (vendored Swagger UI) and a sheet made through it.
    document = http.get(f"{served}/api/openapi.json", timeout=10)
    assert document.status_code == 200 and document.json()["info"]["title"]
    _page(http, f"{served}/api/docs")
    created = http.post(f"{api}/sheets", json={"game": "bauerchen", "players": PLAYERS}, timeout=10)
    assert created.status_code == 201, created.text
    sheet = created.json()
    recorded = http.post(
        f"{api}/sheets/{sheet['id']}/games",
        json={"result": {"winner": "A", "band": "frei"}, "melds": [{"team": "B", "kind": "20"}]},
        headers={"Authorization": f"Bearer {sheet['edit_token']}"},
        timeout=10,
    )
    assert recorded.status_code == 201, recorded.text

    # The sheet's pages: the edit view (through its edit link), the read-only view, the stats.
    _page(http, sheet["links"]["edit"], 'id="entry-form"', "Grete")
    _page(http, sheet["links"]["view"], "Grete")
    _page(http, f"{served}/s/{sheet['id']}/stats")

    # One PDF: the evening, with the summary page drawn by the exports.
    pdf = http.get(f"{api}/sheets/{sheet['id']}/export?format=pdf", timeout=30)
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert pdf.headers["Content-Type"] == "application/pdf"

    # A tournament: its board, and its organiser page through the organiser link.
    made = http.post(
        f"{api}/tournaments",
        json={
            "title": "Preisbauer Zur Linde",
            "players": [*PLAYERS, "Otto", "Erna", "Fritz", "Anna"],
        },
        timeout=10,
    )
    assert made.status_code == 201, made.text
    tournament = made.json()
    _page(http, tournament["links"]["board"], "Preisbauer Zur Linde")
    _page(http, tournament["links"]["organiser"], "Preisbauer Zur Linde", "Otto")

    # A Stammtisch group's page.
    group = http.post(f"{api}/groups", json={"name": "Zur Linde", "players": PLAYERS}, timeout=10)
    assert group.status_code == 201, group.text
    _page(http, group.json()["links"]["page"], "Zur Linde", "Lise")

    # Every export, each as a file: the pages' and the API's CSV (with its byte-order mark),
    # JSON and PDF of a sheet, a tournament and a group.
    gid, tid, sid = group.json()["id"], tournament["id"], sheet["id"]
    for path, start in [
        (f"/s/{sid}/export.csv", "\ufeff".encode()),
        (f"/s/{sid}/export.json", b"{"),
        (f"/s/{sid}/export.pdf", b"%PDF"),
        (f"/api/v1/sheets/{sid}/export?format=csv", "\ufeff".encode()),
        (f"/t/{tid}/results.csv", "\ufeff".encode()),
        (f"/t/{tid}/results.pdf", b"%PDF"),
        (f"/api/v1/tournaments/{tid}/export?format=json", b"{"),
        (f"/g/{gid}/evenings.csv", "\ufeff".encode()),
        (f"/g/{gid}/stats.csv", "\ufeff".encode()),
    ]:
        answer = http.get(f"{served}{path}", timeout=30)
        assert answer.status_code == 200, (path, answer.text[:300])
        assert answer.headers["Content-Disposition"].startswith("attachment"), path
        assert answer.content.startswith(start), (path, answer.content[:20])
