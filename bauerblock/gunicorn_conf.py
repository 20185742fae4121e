"""gunicorn settings from the environment, shipped in the package for an installed Bauerblock:
`gunicorn -c python:bauerblock.gunicorn_conf bauerblock.wsgi:app`, as bauerblock-serve runs
it (bin/serve, the Docker image); a checkout's `gunicorn.conf.py` reads the same ones."""

import os
import sys
import time

from gunicorn import glogging
from gunicorn.workers.sync import SyncWorker

from bauerblock.logs import MaskTokens, mask_tokens
from bauerblock.processes import die_with_parent
from bauerblock.settings import from_environment

# Localhost by default: exposing the service is a decision. Behind the front (the image),
# bauerblock-serve binds a unix socket here and nginx alone is public (bauerblock/front.py).
bind = os.environ.get("BAUERBLOCK_BIND", "127.0.0.1:8000")
workers = from_environment("WORKERS", 2, os.environ)
# gunicorn's largest request line: the app refuses addresses past half of it itself
# (web/guards.py, MAX_URI_LENGTH), with its headers and error body.
limit_request_line = 8190
# Logs to stdout/stderr, where systemd and docker collect them.
accesslog = "-"
errorlog = "-"
# No gunicornc control socket (gunicorn 25+): unused, and two servers on one machine (bin/serve
# and a test's) would fight over the one default path in $HOME. Older versions ignore it.
control_socket_disable = True


class MaskedAtoms(glogging.SafeAtoms):
    """An access log line's atoms, each masked (then its quotes escaped, as gunicorn's own
    wrapper does) when the line's format names it.

    gunicorn makes an atom of every request header, answer header and environ entry, and
    the format names a handful: masking them all cost 55 µs a request, most of the log's.
    """

    def __init__(self, atoms):
        dict.__init__(self, atoms)

    def __getitem__(self, key):
        value = super().__getitem__(key)
        return mask_tokens(value).replace('"', '\\"') if isinstance(value, str) else value


class TokenMaskingLogger(glogging.Logger):
    """gunicorn's logger, with the token of an edit or organiser link masked in the access
    log and in the error log (which names the address of a request it failed on)."""

    atoms_wrapper_class = MaskedAtoms

    def __init__(self, cfg):
        super().__init__(cfg)
        self.error_log.addFilter(MaskTokens())


logger_class = TokenMaskingLogger

BOOT_RETRY_S = 2.0
"""How long a worker whose boot failed waits before it ends, and the master starts another."""


class SteadyWorker(SyncWorker):
    """gunicorn's sync worker, whose failed boot ends this worker alone.

    gunicorn halts the whole server (exit code 3) when a worker fails to boot, to stop a
    loop of failing starts. Here the master has made the app once before any worker
    (on_starting), so a worker's failed boot is passing (a file briefly unreadable): the
    worker says so, waits BOOT_RETRY_S and ends, and the master starts another.
    """

    def load_wsgi(self) -> None:
        try:
            super().load_wsgi()
        except Exception:
            self.log.exception("The worker failed to boot: another starts in %.0f s.", BOOT_RETRY_S)
            time.sleep(BOOT_RETRY_S)
            sys.exit(1)


worker_class = "bauerblock.gunicorn_conf.SteadyWorker"


def on_starting(server) -> None:
    """Check the settings and bring the database to its schema once, in the master, before
    any worker boots: a worker then boots without touching the database (store.init_app),
    so a worker respawned while the file is write-locked (`flask expire`'s VACUUM) boots
    at once instead of failing, which would halt gunicorn and the whole service. The kept
    exports are dropped here too: a file an older release built may lack what this one's
    answers hold (a field added)."""
    from bauerblock import create_app
    from bauerblock.exports.cache import cache

    app = create_app()
    with app.app_context():
        cache().clear()


def post_fork(server, worker) -> None:
    """A worker ends with its master, however the master ends (even by SIGKILL)."""
    die_with_parent(server.pid)
