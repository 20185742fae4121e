"""A 304 poll in-process: the middleware's (bauerblock.web.polls) against Flask's own.

Calls the WSGI app directly, no server and no network, so the numbers are the app's own
work: the middleware reads one row and answers; Flask builds its request context, runs
its hooks and the view, then the after-request hooks. Best of 3 runs of 2000 polls each.
Run alone with `.venv/bin/python bench/polls.py`.
"""

from __future__ import annotations

import io
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bauerblock import create_app  # noqa: E402  (after the path is set)

POLLS = 2000


def environ(path: str, tag: str, htmx: bool) -> dict:
    """Return a GET of `path` with If-None-Match `tag` (and htmx's header)."""
    env = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "HTTP_IF_NONE_MATCH": tag,
        "HTTP_HOST": "localhost",
        "SERVER_NAME": "localhost",
        "SERVER_PORT": "80",
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr,
    }
    if htmx:
        env["HTTP_HX_REQUEST"] = "true"
    return env


def poll_time(wsgi, path: str, tag: str, htmx: bool, times: int = POLLS) -> float:
    """Return the best of 3 mean times (s) of a poll of `path` through `wsgi`; check it is 304."""
    statuses = []

    def start_response(status, headers, exc_info=None):
        statuses.append(status)

    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(times):
            body = wsgi(environ(path, tag, htmx), start_response)
            for _ in body:
                pass
            getattr(body, "close", lambda: None)()
        best = min(best, (time.perf_counter() - start) / times)
    assert set(statuses) == {"304 NOT MODIFIED"}, set(statuses)
    return best


def report(times: int = POLLS) -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "DATABASE": f"{folder}/polls.sqlite3",
                "SECRET_KEY": "bench",
                "RATELIMIT_ENABLED": False,
                "RATELIMIT_STORAGE_URI": "memory://",
                "FAST_POLLS": True,  # whatever BAUERBLOCK_FAST_POLLS says: both are measured
            }
        )
        client = app.test_client()
        sheet = client.post("/api/v1/sheets", json={"game": "bauerchen"}).json["id"]
        made = client.post("/api/v1/tournaments", json={"players": list("ABCD")}).json["id"]
        hx = {"HX-Request": "true"}
        polls = {
            "api sheet": (f"/api/v1/sheets/{sheet}", False),
            "pad": (f"/s/{sheet}", True),
            "board": (f"/t/{made}", True),
        }
        print(f"a 304 poll in-process (bench/polls.py), best of 3 x {times}:")
        for name, (path, htmx) in polls.items():
            tag = client.get(path, headers=hx if htmx else {}).headers["ETag"]
            # The first up-to-date poll goes to Flask, which shows the middleware its headers.
            client.get(path, headers={**(hx if htmx else {}), "If-None-Match": tag})
            fast = poll_time(app.wsgi_app, path, tag, htmx, times)
            flask = poll_time(app.wsgi_app.app, path, tag, htmx, times)
            print(
                f"  {name:9s}  middleware {fast * 1e6:6.1f} us   Flask {flask * 1e6:6.1f} us"
                f"   ({fast / flask:.0%} of Flask's)"
            )


if __name__ == "__main__":
    report()
