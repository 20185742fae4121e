"""`bauerblock-serve` keeps its children together (bauerblock/serve.py): when nginx or gunicorn
ends, the other is ended too and the launcher ends with the first one's status, so that a
container stops (and is restarted) rather than running half a service; a stop asked for
ends both and is a clean exit."""

import os
import signal
import subprocess
import sys
import threading
import time

from bauerblock.serve import supervise

SLEEPER = [sys.executable, "-c", "import time; time.sleep(60)"]


def test_when_one_child_ends_the_other_is_ended_and_its_status_is_kept():
    sleeper = subprocess.Popen(SLEEPER)
    failing = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
    started = time.monotonic()
    assert supervise([sleeper, failing]) == 3
    assert sleeper.returncode == -signal.SIGTERM
    assert time.monotonic() - started < 30


def test_a_stop_asked_for_ends_every_child_and_is_a_clean_exit():
    children = [subprocess.Popen(SLEEPER), subprocess.Popen(SLEEPER)]
    # The stop arrives while the launcher waits: as `docker stop` sends it.
    threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGTERM)).start()
    previous = signal.getsignal(signal.SIGTERM)
    assert supervise(children) == 0
    assert [child.returncode for child in children] == [-signal.SIGTERM] * 2
    assert signal.getsignal(signal.SIGTERM) is previous  # the handler is given back
