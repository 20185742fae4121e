"""The service's processes end with the one that started them."""

import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG = 1
# Loaded before any fork: a child between fork and exec only calls it.
_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None


def die_with_parent(parent: int | None = None, sig: int = signal.SIGTERM) -> None:
    """Have the kernel send `sig` to this process when its parent ends, however it ends
    (even by SIGKILL): nothing the service started outlives it. `parent` is the pid the
    parent had: if it ended before this was asked, the signal comes now. Linux only;
    elsewhere a no-op."""
    if _LIBC is not None:
        _LIBC.prctl(PR_SET_PDEATHSIG, int(sig))
        if parent is not None and os.getppid() != parent:
            os.kill(os.getpid(), sig)
