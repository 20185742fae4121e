"""The front (bauerblock/front.py): nginx reads every request whole before a gunicorn
worker sees it, so that slow senders never hold the workers; gunicorn listens on a unix
socket only; the forwarded headers say what nginx saw, never what a client claimed.

The service is started as the image starts it (`bauerblock-serve` with BAUERBLOCK_FRONT on
a loopback port; bin/test installs Debian's nginx when it is missing). Every connection
goes to this machine's loopback; each slow sender sends a bounded number of bytes.
"""

import contextlib
import os
import re
import socket
import stat
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import requests

from bauerblock.front import TOO_LARGE_JSON, UNAVAILABLE_JSON, command, render
from tests.conftest import serving

pytestmark = pytest.mark.server

WORKERS = 2
SLOW_SENDERS = 8
BYTE_EVERY_S = 2.0
BYTES_SENT_AT_MOST = 6  # of the 1000 announced: the senders never finish, and stop by themselves
ANSWER_WITHIN_S = 3.0  # a few seconds to answer at all; held workers would never answer
LIMIT = 64 * 1024


@pytest.fixture(scope="module")
def front(tmp_path_factory):
    """Serve behind the front, with two workers, believing the one proxy (nginx)."""
    env = {"BAUERBLOCK_PROXY_FIX": "1", "BAUERBLOCK_TRUSTED_HOSTS": '["127.0.0.1"]'}
    with serving(tmp_path_factory.mktemp("front"), workers=WORKERS, front=True, env=env) as server:
        yield server


@pytest.fixture
def http():
    session = requests.Session()
    session.trust_env = False  # straight to loopback, whatever proxy the environment names
    return session


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def gunicorn_socket(server) -> Path:
    """Return the unix socket gunicorn listens on, as its log says."""
    found = re.search(r"Listening at: unix:(\S+) ", server.log_text())
    assert found, server.log_text()
    return Path(found.group(1))


@contextlib.contextmanager
def slow_senders(connect: Callable[[], socket.socket]) -> Iterator[None]:
    """Open SLOW_SENDERS connections, each announcing a 1000-byte new sheet and then sending
    one byte every BYTE_EVERY_S seconds (at most BYTES_SENT_AT_MOST); close them after."""
    head = (
        b"POST /api/v1/sheets HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
    )
    senders = []
    for _ in range(SLOW_SENDERS):
        sender = connect()
        sender.sendall(head)
        senders.append(sender)
    done = threading.Event()

    def trickle() -> None:
        for _ in range(BYTES_SENT_AT_MOST):
            for sender in senders:
                with contextlib.suppress(OSError):
                    sender.sendall(b" ")
            if done.wait(BYTE_EVERY_S):
                return

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join(timeout=BYTE_EVERY_S + 1)
        for sender in senders:
            sender.close()


def health_over_unix_socket(path: Path) -> bytes:
    """Ask gunicorn's socket itself for /healthz; return the answer's first bytes."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
        client.settimeout(ANSWER_WITHIN_S)
        client.connect(str(path))
        client.sendall(b"GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
        return client.recv(64)


def test_slow_senders_hold_no_worker_behind_the_front(front, http):
    port = port_of(front)
    with slow_senders(lambda: socket.create_connection(("127.0.0.1", port), timeout=5)):
        for _ in range(3):
            time.sleep(BYTE_EVERY_S)  # the senders are in, trickling
            answer = http.get(f"{front}/healthz", timeout=ANSWER_WITHIN_S)
            assert answer.status_code == 200 and answer.text == "ok"


def test_the_same_senders_hold_every_worker_without_the_front(front):
    """What the front prevents: straight at gunicorn, the senders hold both workers."""
    path = gunicorn_socket(front)
    assert health_over_unix_socket(path).startswith(b"HTTP/1.0 200")

    def connect() -> socket.socket:
        sender = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sender.connect(str(path))
        return sender

    with slow_senders(connect):
        time.sleep(1)  # both workers have taken a sender
        with pytest.raises(TimeoutError):
            health_over_unix_socket(path)


def _listening_inodes() -> dict[int, tuple[str, int]]:
    """Return the TCP sockets listening on this machine by inode: (address, port)."""
    listening = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, state, inode = fields[1], fields[3], int(fields[9])
            if state == "0A":  # LISTEN
                address, port = local.split(":")
                if len(address) == 8:
                    address = socket.inet_ntop(socket.AF_INET, bytes.fromhex(address)[::-1])
                listening[inode] = (address, int(port, 16))
    return listening


def _tcp_listeners_of(pid: int, listening: dict[int, tuple[str, int]]) -> set[tuple[str, int]]:
    found = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            target = os.readlink(fd)
            if target.startswith("socket:["):
                inode = int(target[len("socket:[") : -1])
                if inode in listening:
                    found.add(listening[inode])
    return found


def _group(leader: int) -> dict[int, str]:
    """Return the processes of `leader`'s process group: pid and command line."""
    members = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            # The fields after the command's name, which may hold spaces: state, ppid, pgid.
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == leader:
                members[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
    return {pid: line.decode(errors="replace") for pid, line in members.items()}


def test_gunicorn_listens_on_a_unix_socket_only_and_nginx_on_the_front(front):
    members = _group(front.process.pid)
    workers = [pid for pid, line in members.items() if "gunicorn" in line]
    nginxes = [pid for pid, line in members.items() if line.startswith("nginx")]
    assert len(workers) == 1 + WORKERS and nginxes, members
    listening = _listening_inodes()
    for pid in workers:
        assert _tcp_listeners_of(pid, listening) == set(), members[pid]
    assert set().union(*(_tcp_listeners_of(pid, listening) for pid in nginxes)) == {
        ("127.0.0.1", port_of(front))
    }
    path = gunicorn_socket(front)
    assert stat.S_ISSOCK(path.stat().st_mode)
    # Its folder is nobody else's to list.
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o711


def test_a_clients_forwarded_headers_are_not_believed(front, http):
    created = http.post(
        f"{front}/api/v1/sheets",
        json={"game": "bauerchen"},
        headers={
            "X-Forwarded-Host": "evil.example",
            "X-Forwarded-Proto": "https",
            "X-Forwarded-For": "203.0.113.9",
            "X-Forwarded-Prefix": "/evil",
        },
        timeout=10,
    )
    assert created.status_code == 201, created.text
    for link in created.json()["links"].values():
        assert link.startswith(f"{front}/"), link
    # The Host nginx was sent is the one the app checks against its trusted hosts.
    other = http.get(f"{front}/healthz", headers={"Host": "evil.example"}, timeout=10)
    assert other.status_code == 400


def padded(size: int) -> bytes:
    """Return a JSON object of exactly `size` bytes (a title far too long)."""
    head = b'{"game": "bauerchen", "title": "'
    return head + b"x" * (size - len(head) - 2) + b'"}'


def test_the_front_takes_bodies_up_to_the_apps_limit_and_refuses_more_in_its_words(front, http):
    json_type = {"Content-Type": "application/json"}
    url = f"{front}/api/v1/sheets"
    at_limit = http.post(url, data=padded(LIMIT), headers=json_type, timeout=10)
    assert "at most 80 characters" in at_limit.json()["message"]  # the app read it
    over = http.post(url, data=padded(LIMIT + 1), headers=json_type, timeout=10)
    assert over.status_code == 413
    assert over.headers["Server"] == "nginx"  # refused before any worker saw it
    message = TOO_LARGE_JSON["message"].format(limit=LIMIT)
    assert over.json() == {**TOO_LARGE_JSON, "message": message}
    page = http.post(
        f"{front}/s",
        data=b"title=" + b"x" * LIMIT,
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        timeout=10,
    )
    assert page.status_code == 413 and page.headers["Content-Type"].startswith("text/html")
    assert "Zu viel auf einmal gesendet" in page.text


def test_nginx_logs_no_token_of_a_link(front, http):
    """nginx names the request line of a body it refused: the launcher masks its tokens."""
    token = "Zq7secretTOKENofTheTable"
    refused = http.post(
        f"{front}/s/some-sheet/edit/{token}",
        data=b"x" * (LIMIT + 1),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        timeout=10,
    )
    assert refused.status_code == 413
    deadline = time.monotonic() + 5
    while "too large body" not in front.log_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    log = front.log_text()
    assert "/s/some-sheet/edit/…" in log
    assert token not in log


def test_while_gunicorn_is_away_the_front_answers_503_in_the_apps_two_forms(tmp_path, http):
    """The shipped configuration alone, rendered for a test port and a folder, with no
    gunicorn behind it (as while it starts): 503 with Retry-After, JSON or a page."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = tmp_path / "nginx.conf"
    config.write_text(
        render(
            listen=f"127.0.0.1:{port}", socket=tmp_path / "none.sock", run=tmp_path, max_body=LIMIT
        )
    )
    nginx = subprocess.Popen(command(config), stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                api = http.get(f"http://127.0.0.1:{port}/api/v1/rulesets", timeout=5)
                break
            except requests.ConnectionError:
                assert nginx.poll() is None and time.monotonic() < deadline
                time.sleep(0.05)
        assert api.status_code == 503 and api.json() == UNAVAILABLE_JSON
        assert api.headers["Retry-After"] == "5"
        page = http.get(f"http://127.0.0.1:{port}/", timeout=5)
        assert page.status_code == 503 and "Gleich wieder da" in page.text
        assert page.headers["Content-Type"].startswith("text/html")
    finally:
        nginx.terminate()
        nginx.wait(timeout=10)
