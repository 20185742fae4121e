"""Serve Bauerblock: gunicorn, behind the front and beside Litestream when they are set.

`bauerblock-serve` (bin/serve, the Docker image's CMD) checks the settings by making the
app once (which also brings the database to its schema), then runs

- gunicorn with the package's settings (`bauerblock/gunicorn_conf.py`);
- `litestream replicate` beside it when BAUERBLOCK_REPLICA is set (store/replica.py),
  supervised: started again when it ends, restarted when it holds the WAL past its bound,
  what it does written each second for /healthz;
- nginx listening on BAUERBLOCK_FRONT when that is set (bauerblock/front.py): gunicorn
  then binds a unix socket in a private folder of its own and nothing else.

With neither it becomes gunicorn (exec). Otherwise it starts them all, passes on SIGTERM and
SIGINT, and ends them all when gunicorn or nginx ends; each of them gets SIGTERM from the
kernel if this process ends anyhow (processes.die_with_parent), so nothing outlives it.
"""

import collections
import contextlib
import os
import signal
import sqlite3
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
from bauerblock.processes import die_with_parent
from bauerblock.store.replica import (
    ReplicaError,
    checkpoint,
    lag,
    replicate_command,
    reset_command,
    wal_bytes,
    wal_limit,
    write_config,
    write_status,
)

GUNICORN = ["-m", "gunicorn", "-c", "python:bauerblock.gunicorn_conf", "bauerblock.wsgi:app"]
POLL_S = 0.2
STOP_TIMEOUT_S = 20
"""How long the others may take to end, once one has ended or a stop was asked for."""
WATCH_S = 1.0
"""How often the supervisor looks at the WAL and writes the replication's status."""
RESTARTS = 5
RESTART_WINDOW_S = 60.0
"""A Litestream that ended on its own more than RESTARTS times in this window is not
started again: the service stops (taking no write the replica would not hold)."""
RESTART_TIMEOUT_S = 3.0
"""How long a Litestream being restarted may take to end before it is killed."""
HELD_S = 5.0
"""How long the WAL may stay past its bound (or Litestream leave writes untaken while it
is) before Litestream is restarted: a hung Litestream holds the WAL with its read
transaction. Meanwhile the app's writes wait past WRITES_WAIT times the bound
(store/replica.py), so the WAL grows no further however busy the box is."""


def main() -> int:
    """Serve until stopped; return the exit status."""
    from bauerblock import create_app

    app = create_app()
    config = app.config
    env = dict(os.environ)
    command = [sys.executable, *GUNICORN]
    replica, front = config.get("REPLICA"), config.get("FRONT")
    try:
        if not replica and not front:
            os.execve(command[0], command, env)
        replication = None
        if replica:
            limit = wal_limit(config)
            settings = write_config(
                app.instance_path, config["DATABASE"], str(replica), limit=limit
            )
            replication = Replication(
                replicate_command(settings),
                reset_command(settings, config["DATABASE"]),
                env,
                config["DATABASE"],
                app.instance_path,
                limit,
            )
        with tempfile.TemporaryDirectory(prefix="bauerblock-") as folder:
            run = Path(folder)
            conf = run / "nginx.conf"
            if front:
                # nginx's workers (another user when nginx starts as root) reach the socket;
                # nobody may list the folder.
                run.chmod(0o711)
                socket = run / "gunicorn.sock"
                conf.write_text(
                    render(
                        listen=str(front),
                        socket=socket,
                        run=run,
                        max_body=int(config["MAX_CONTENT_LENGTH"]),
                        workers=int(config.get("WORKERS") or 2),
                    )
                )
                env["BAUERBLOCK_BIND"] = f"unix:{socket}"
            # gunicorn first, then the front that passes requests on to it.
            children = [_start(command, env)]
            if front:
                children.append(_masked(nginx_command(conf), env))
            return supervise(children, replication)
    except (FrontError, ReplicaError) as error:
        print(f"bauerblock-serve: {error}", file=sys.stderr)
        return 2


class Replication:
    """`litestream replicate`, supervised (the module's docstring)."""

    def __init__(
        self,
        command: list[str],
        reset: list[str],
        env: dict[str, str],
        database: str,
        instance: str,
        limit: int,
    ) -> None:
        self.command, self.reset, self.env = command, reset, env
        self.database, self.instance, self.limit = database, instance, limit
        self.ended: collections.deque[float] = collections.deque(maxlen=RESTARTS)
        """When Litestream last ended on its own (the latest RESTARTS times)."""
        self.restarts = 0
        self.next_watch = 0.0
        self.over_since: float | None = None
        """When the WAL was first seen past its bound (None: it is within it)."""
        self.process = _start(command, env)

    def watch(self) -> int | None:
        """Start Litestream again if it ended, keep the WAL bounded, write the status;
        return an exit status when the service must stop."""
        now = time.monotonic()
        if self.process.poll() is not None:
            if len(self.ended) == RESTARTS and now - self.ended[0] <= RESTART_WINDOW_S:
                _say(f"litestream ended {RESTARTS} times in {RESTART_WINDOW_S:.0f} s: stopping.")
                self._write("gone")
                return 1
            _say(f"litestream ended with {self.process.returncode}: starting it again.")
            self.ended.append(now)
            self._restart()
        if now < self.next_watch:
            return None
        self.next_watch = now + WATCH_S
        size, behind = wal_bytes(self.database), lag(self.database)
        if size <= self.limit:
            self.over_since = None
        else:
            # Ours waits for nobody; the frames Litestream still holds stay.
            with contextlib.suppress(sqlite3.Error):
                checkpoint(self.database)
            if self.over_since is None:
                self.over_since = now
            # Once the writes wait (store/db.py's check_wal) the WAL changes no more, and so
            # does the lag: how long it has been past its bound counts as well.
            if behind > HELD_S or now - self.over_since > HELD_S:
                _say(
                    f"litestream holds a WAL of {size} bytes (bound {self.limit}) for "
                    f"{now - self.over_since:.0f} s, {behind:.0f} s behind: restarting it."
                )
                self._restart()
        self._write("running" if self.process.poll() is None else "ended", behind, size)
        return None

    def end(self) -> None:
        """Stop Litestream (after its last sync)."""
        _end([self.process])
        self._write("stopped")

    def _restart(self) -> None:
        """End Litestream if it runs, clear its own files and start it again: it begins
        with a snapshot of the database, so the replica holds every write so far."""
        _end([self.process], timeout=RESTART_TIMEOUT_S)
        self._write("restarting")
        # With no Litestream reading, the WAL is emptied whole (the writes waiting past
        # the bound go on); the new Litestream starts from a snapshot of the database.
        with contextlib.suppress(sqlite3.Error):
            checkpoint(self.database, "TRUNCATE")
        self.over_since = None
        try:
            subprocess.run(self.reset, env=self.env, capture_output=True, timeout=30, check=False)
        except subprocess.TimeoutExpired:
            _say("litestream reset took longer than 30 s.")
        self.restarts += 1
        self.process = _start(self.command, self.env)

    def _write(self, state: str, behind: float = 0.0, size: int = 0) -> None:
        with contextlib.suppress(OSError):
            write_status(
                self.instance,
                litestream=state,
                pid=self.process.pid,
                lag_s=round(behind, 2),
                wal_bytes=size,
                restarts=self.restarts,
            )


def supervise(children: list[subprocess.Popen], replication: Replication | None = None) -> int:
    """Keep `children` running (and `replication` watched) until one ends or a stop is asked
    for; then end them all. Return the first one's exit status (0 after a stop)."""
    stopped: list[int] = []

    def stop(signum, frame) -> None:
        stopped.append(signum)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    status = 0
    try:
        while not stopped:
            _reap([*children, *([replication.process] if replication else [])])
            ended = [child for child in children if child.poll() is not None]
            if ended:
                status = ended[0].returncode
                break
            if replication is not None:
                gave_up = replication.watch()
                if gave_up is not None:
                    status = gave_up
                    break
            time.sleep(POLL_S)
    finally:
        # The front and gunicorn first; Litestream last, so that it ships their last writes.
        _end(children)
        if replication is not None:
            replication.end()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 0 if stopped else status


def _start(command: list[str], env: dict[str, str], **options) -> subprocess.Popen:
    """Start `command`, to get SIGTERM when this process ends, however it ends."""
    parent = os.getpid()
    return subprocess.Popen(command, env=env, preexec_fn=lambda: die_with_parent(parent), **options)


def _say(line: str) -> None:
    print(f"bauerblock-serve: {line}", file=sys.stderr, flush=True)


def _masked(command: list[str], env: dict[str, str]) -> subprocess.Popen:
    """Start `command` with its error log passed on with the links' tokens masked: nginx
    names the request line of a request it refused or lost (bauerblock/logs.py)."""
    child = _start(command, env, stderr=subprocess.PIPE, text=True, bufsize=1)

    def pass_on(lines: IO[str]) -> None:
        for line in lines:
            sys.stderr.write(mask_tokens(line))
            sys.stderr.flush()

    threading.Thread(target=pass_on, args=(child.stderr,), daemon=True).start()
    return child


def _reap(children: list[subprocess.Popen]) -> None:
    """A container's first process reaps the orphans that come to it as well; an end of
    one of `children` among them is kept as its exit status."""
    if os.getpid() != 1:
        return
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        for child in children:
            if child.pid == pid:
                child.returncode = os.waitstatus_to_exitcode(status)


def _end(children: list[subprocess.Popen], timeout: float = STOP_TIMEOUT_S) -> None:
    """Send SIGTERM to those of `children` still running; kill any that is not gone within
    `timeout` seconds."""
    for child in children:
        if child.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                child.send_signal(signal.SIGTERM)
    for child in children:
        try:
            child.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        except ChildProcessError:
            pass  # reaped already (_reap)


if __name__ == "__main__":
    sys.exit(main())
