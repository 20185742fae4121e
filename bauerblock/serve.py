"""Serve Bauerblock: gunicorn, behind the front and under Litestream when they are set.

`bauerblock-serve` (bin/serve, the Docker image's CMD) checks the settings by making the
app once (which also brings the database to its schema), then runs

- gunicorn with the package's settings (`bauerblock/gunicorn_conf.py`);
- under `litestream replicate` when BAUERBLOCK_REPLICA is set (store/replica.py);
- behind nginx listening on BAUERBLOCK_FRONT when that is set (bauerblock/front.py):
  gunicorn then binds a unix socket in a private folder of its own and nothing else.

Without a front it becomes that command (exec); with one it starts both, passes on
SIGTERM and SIGINT, and ends both when either ends.
"""

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO

from bauerblock.front import FrontError, render
from bauerblock.front import command as nginx_command
from bauerblock.logs import mask_tokens
from bauerblock.store.replica import ReplicaError, replicate_command, write_config

GUNICORN = ["-m", "gunicorn", "-c", "python:bauerblock.gunicorn_conf", "bauerblock.wsgi:app"]
POLL_S = 0.2
STOP_TIMEOUT_S = 20
"""How long the others may take to end, once one has ended or a stop was asked for."""


def main() -> int:
    """Serve until stopped; return the exit status."""
    from bauerblock import create_app

    app = create_app()
    config = app.config
    env = dict(os.environ)
    command = [sys.executable, *GUNICORN]
    try:
        if config.get("REPLICA"):
            replica = str(config["REPLICA"])
            settings = write_config(app.instance_path, config["DATABASE"], replica)
            command = replicate_command(settings, command)
        front = config.get("FRONT")
        if not front:
            os.execve(command[0], command, env)
        with tempfile.TemporaryDirectory(prefix="bauerblock-") as folder:
            run = Path(folder)
            # nginx's workers (another user when nginx starts as root) reach the socket;
            # nobody may list the folder.
            run.chmod(0o711)
            socket = run / "gunicorn.sock"
            conf = run / "nginx.conf"
            conf.write_text(
                render(
                    listen=str(front),
                    socket=socket,
                    run=run,
                    max_body=int(config["MAX_CONTENT_LENGTH"]),
                )
            )
            env["BAUERBLOCK_BIND"] = f"unix:{socket}"
            return supervise(
                [subprocess.Popen(command, env=env), _masked(nginx_command(conf), env)]
            )
    except (FrontError, ReplicaError) as error:
        print(f"bauerblock-serve: {error}", file=sys.stderr)
        return 2


def supervise(children: list[subprocess.Popen]) -> int:
    """Keep `children` running until one ends or a stop is asked for; then end the others.
    Return the first one's exit status (0 after a stop that was asked for)."""
    stopped = []

    def stop(signum, frame) -> None:
        stopped.append(signum)
        _signal(children, signal.SIGTERM)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        status = _wait_for_first(children)
        _signal(children, signal.SIGTERM)
        for child in children:
            try:
                child.wait(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 0 if stopped else status


def _masked(command: list[str], env: dict[str, str]) -> subprocess.Popen:
    """Start `command` with its error log passed on with the links' tokens masked: nginx
    names the request line of a request it refused or lost (bauerblock/logs.py)."""
    child = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, text=True, bufsize=1)

    def pass_on(lines: IO[str]) -> None:
        for line in lines:
            sys.stderr.write(mask_tokens(line))
            sys.stderr.flush()

    threading.Thread(target=pass_on, args=(child.stderr,), daemon=True).start()
    return child


def _wait_for_first(children: list[subprocess.Popen]) -> int:
    """Wait until one of `children` ends; return its exit status."""
    pids = {child.pid: child for child in children}
    while True:
        if os.getpid() != 1:
            ended = [child for child in children if child.poll() is not None]
            if ended:
                return ended[0].returncode
            time.sleep(POLL_S)
            continue
        # A container's first process reaps the orphans that come to it as well.
        pid, status = os.wait()
        if pid in pids:
            pids[pid].returncode = os.waitstatus_to_exitcode(status)
            return pids[pid].returncode


def _signal(children: list[subprocess.Popen], sig: int) -> None:
    for child in children:
        if child.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                child.send_signal(sig)


if __name__ == "__main__":
    sys.exit(main())
