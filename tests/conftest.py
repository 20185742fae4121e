"""Shared fixtures: an app with its own database per test (as in Flask's tutorial), a live
gunicorn server, and Debian's Chromium through Playwright for every page package's browser tests."""

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from werkzeug.routing import Rule

from bauerblock import create_app, kinds, store
from tests.pages import CHROMIUM, CHROMIUM_ARGS, PHONE

ROOT = Path(__file__).resolve().parent.parent
# Every tournament kind in the layers' registries, as the factory puts them: the store's
# tests make and read tournaments without an app.
kinds.install()


HEAVY = ("browser", "server", "slow")
"""The marks of tests that take seconds to tens of seconds each (pyproject's markers)."""

LONGEST = (
    "reliability/test_fuzz.py",
    "test_screens.py",
    "scoresheet/test_offline_thumb.py",
    "scoresheet/test_offline.py",
    "reliability/test_replication_supervised.py",
    "test_bench.py",
    "tournament/test_lighthouse_pairs.py",
    "scoresheet/test_lighthouse.py",
    "tournament/test_browser_pairs.py",
    "tournament/test_lighthouse_tournament.py",
    "reliability/test_worker_boot.py",
    "scoresheet/test_offline_header.py",
    "scoresheet/test_pad_stays.py",
    "stammtisch/test_lighthouse_stammtisch.py",
    "scoresheet/test_offline_net.py",
    "tournament/test_browser_tournament.py",
    "scoresheet/test_first_load.py",
)
"""The longest files of a whole run (`--durations`), longest first: each goes to the next
free worker in this order, so the minutes of the fuzz gate start at once instead of
behind other files, and the workers end together on the many short files."""


def pytest_collection_modifyitems(items):
    """Put the longest files first (LONGEST), then the other files holding a browser, server
    or slow test, then the rest, each in collection order: bin/test's workers take whole
    files in this order (`--dist loadfile --no-loadscope-reorder`), so that no long file is
    left for the end while the other cores idle."""
    heavy = {item.path for item in items if any(map(item.get_closest_marker, HEAVY))}
    rank = {ROOT / "tests" / name: place for place, name in enumerate(LONGEST)}
    gone = [str(path) for path in rank if not path.is_file()]
    assert not gone, f"LONGEST names files that are gone: {gone}"
    items.sort(key=lambda item: (rank.get(item.path, len(rank)), item.path not in heavy))


_compile_builder = Rule._compile_builder
_BUILDERS: dict[tuple, object] = {}


def _builder_made_once(self: Rule, append_unknown: bool = True):
    """Return werkzeug's URL builder for this rule, compiled once per process.

    Each test makes an app of its own, and werkzeug compiles two builders for every route of
    each (an AST through `compile`): 40 ms of an app's 65 ms of CPU, 1,200 apps a run. A
    builder is a function of the rule's text, its parts and defaults alone (it reads the
    rule through its `self` argument), so the same route's is the same code in every app."""
    defaults = tuple((name, repr(value)) for name, value in (self.defaults or {}).items())
    key = (self.rule, tuple(self._trace), defaults, append_unknown)
    if key not in _BUILDERS:
        _BUILDERS[key] = _compile_builder(self, append_unknown)
    return _BUILDERS[key]


Rule._compile_builder = _builder_made_once  # type: ignore[method-assign]


def make_app(tmp_path: Path, monkeypatch, **config):
    """Return an app whose instance folder and database live in tmp_path (and `config`)."""
    # Keep the developer's own BAUERBLOCK_* settings and instance folder out of the tests.
    monkeypatch.setenv("BAUERBLOCK_INSTANCE_PATH", str(tmp_path / "instance"))
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "bauerblock.sqlite3"),
            "SECRET_KEY": "test-secret-key",
            # On, so the limiter runs in every test, but far above what a test sends.
            "RATELIMIT_SHEETS": "10000 per minute",
            "RATELIMIT_WRITES": "10000 per minute",
            "RATELIMIT_NEW_GROUPS": "10000 per day",
            "RATELIMIT_EXPORTS": "10000 per minute",
            **config,
        }
    )


@pytest.fixture
def app(tmp_path, monkeypatch):
    """Return an app whose instance folder and database live in tmp_path."""
    return make_app(tmp_path, monkeypatch)


@pytest.fixture
def client(app):
    """Return a test client for the app."""
    return app.test_client()


@pytest.fixture
def runner(app):
    """Return a runner for the app's CLI commands."""
    return app.test_cli_runner()


class LiveServer(str):
    """The base URL of a gunicorn serving the app, with the process and its log."""

    process: subprocess.Popen
    log: Path
    database: Path

    def log_text(self) -> str:
        """Return what gunicorn and the app wrote to stdout and stderr so far."""
        return self.log.read_text(errors="replace")


def start_gunicorn(
    folder: Path,
    *,
    workers: int = 2,
    ratelimit: bool = False,
    env: dict[str, str] | None = None,
    serve: bool = False,
    front: bool = False,
) -> LiveServer:
    """Start gunicorn on a free loopback port with the database in `folder`; wait until it answers.

    The server leads a process group of its own, so that the master and its workers can be
    signalled at once (`os.killpg(server.process.pid, ...)`). Rate limits are off unless
    asked for: the tests that use a server put load on it. `env` adds BAUERBLOCK_* settings.
    `serve` starts it as bin/serve and the image do, through `bauerblock-serve`
    (bauerblock/serve.py: under Litestream if `env` names a replica); `front` puts nginx on
    the port (BAUERBLOCK_FRONT) and gunicorn on a unix socket behind it.
    """
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {
        **os.environ,
        "BAUERBLOCK_BIND": f"127.0.0.1:{port}",
        "BAUERBLOCK_WORKERS": str(workers),
        "BAUERBLOCK_DATABASE": str(folder / "bauerblock.sqlite3"),
        "BAUERBLOCK_INSTANCE_PATH": str(folder / "instance"),
        "BAUERBLOCK_RATELIMIT_ENABLED": "true" if ratelimit else "false",
        **({"BAUERBLOCK_FRONT": f"127.0.0.1:{port}"} if front else {}),
        **(env or {}),
    }
    command = ["-m", "gunicorn", "-c", "gunicorn.conf.py", "wsgi:app"]
    if serve or front:
        command = ["-m", "bauerblock.serve"]
    log = folder / f"gunicorn-{port}.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, *command],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = LiveServer(f"http://127.0.0.1:{port}")
    server.process, server.log, server.database = process, log, folder / "bauerblock.sqlite3"
    try:
        _wait_until_healthy(server, process)
    except BaseException:
        stop_gunicorn(server, signal.SIGKILL)
        raise
    return server


def stop_gunicorn(server: LiveServer, sig: int = signal.SIGTERM) -> None:
    """Signal the server's whole process group and wait for the master to end."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.process.pid, sig)
    try:
        server.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.process.pid, signal.SIGKILL)
        server.process.wait(timeout=5)


@contextlib.contextmanager
def serving(folder: Path, **options):
    """Serve with start_gunicorn's `options` for a fixture's tests; after them stop the
    server, and fail with its log if it ended on its own on the way (the tests then saw
    only refused connections)."""
    server = start_gunicorn(folder, **options)
    try:
        yield server
    finally:
        ended = server.process.poll()
        stop_gunicorn(server)
    if ended is not None:
        log = "\n".join(server.log_text().splitlines()[-40:])
        raise RuntimeError(f"gunicorn ended with {ended} during the tests; its log ends:\n{log}")


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory):
    """Serve the app with gunicorn for all the test modules of this pytest process (each
    xdist worker has its own) that take the default `live_server`: a start costs seconds."""
    with serving(tmp_path_factory.mktemp("live")) as server:
        yield server


@pytest.fixture(scope="module")
def live_server(request, tmp_path_factory):
    """Yield the URL (a LiveServer) of a gunicorn serving the app on a free loopback port.

    Two workers and no rate limits, shared with the process's other modules (each test makes
    its own sheets), unless a test asks otherwise through indirect parametrisation, e.g.
    `@pytest.mark.parametrize("live_server", [{"workers": 4}], indirect=True)`: a server of
    the module's own, with start_gunicorn's options.
    """
    options = getattr(request, "param", None) or {}
    if not options:
        yield request.getfixturevalue("shared_server")
        return
    with serving(tmp_path_factory.mktemp("live"), **options) as server:
        yield server


@pytest.fixture(scope="session")
def browser():
    """Launch Debian's Chromium headless, once for this pytest process (each test opens
    contexts of its own); the browser tests skip where it is missing."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip("Debian's chromium is not installed")
    # Imported here: the engine's, store's and API's tests run without Playwright's browser.
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def db_path(tmp_path):
    """Return the path of a database file with the current schema (no app around it)."""
    path = tmp_path / "store.sqlite3"
    store.init_database(path)
    return path


@pytest.fixture
def db(db_path):
    """Return a connection to the test database."""
    connection = store.connect(db_path)
    yield connection
    connection.close()


@pytest.fixture
def phone(browser):
    """Return a function opening a new phone-sized browser context (German, 390 × 844
    unless told)."""
    contexts = []

    def open_phone(locale="de-DE", **options):
        context = browser.new_context(**{"viewport": PHONE, "locale": locale, **options})
        context.set_default_timeout(8000)
        contexts.append(context)
        page = context.new_page()
        page.problems = []
        page.on("console", lambda m: m.type == "error" and page.problems.append(m.text))
        page.on("pageerror", lambda e: page.problems.append(str(e)))
        return page

    yield open_phone
    for context in contexts:
        context.close()


def _wait_until_healthy(url: str, server: subprocess.Popen, seconds: float = 90) -> None:
    """Wait for /healthz to answer; fail early if gunicorn died.

    The wait is long: on a loaded machine (the suite's own workers, browsers and servers
    side by side) a start has taken over 20 s; a server that died says so at once."""
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
