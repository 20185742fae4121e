"""The front: Debian's nginx before gunicorn, so that a slow client never holds a worker.

nginx takes every connection, reads each request whole (headers and body, within its
timeouts and the app's body limit) and only then hands it to gunicorn over a unix socket;
it reads the answer whole too, so a slow reader holds no worker either. gunicorn's sync
workers answer requests that are complete, and nothing but nginx reaches them.

`bauerblock-serve` (bauerblock/serve.py) renders this configuration for each start, with
BAUERBLOCK_FRONT as the address nginx listens on (the image: `0.0.0.0:8000`).
"""

import json
import re
import shutil
from pathlib import Path

NGINX_PACKAGE = "nginx"
"""Debian's package of the front (bin/serve and bin/test install it when missing)."""

# A slow client may take this long between two reads of its headers or its body, or of an
# answer, before nginx drops it; it holds one of nginx's cheap connections meanwhile.
CLIENT_TIMEOUT_S = 10
# nginx's own answer to a body over the limit, in the app's words (web/pages.py, the API's
# refusals): an API client reads the same JSON, a phone the same German page.
TOO_LARGE_JSON = {
    "code": 413,
    "message": "The body is larger than the {limit} bytes this service takes.",
    "reason": "request_entity_too_large",
    "status": "Request Entity Too Large",
}
TOO_LARGE_PAGE = (
    '<!DOCTYPE html><html lang="de"><meta charset="utf-8">'
    "<title>413 Zu viel auf einmal gesendet – Bauerblock</title>"
    "<h1>413 – Zu viel auf einmal gesendet</h1>"
    '<p lang="en">413 – Too much sent at once.</p>'
    '<p><a href="/">Zur Startseite</a></p></html>'
)
# While gunicorn starts (or restarts) nginx has nobody to hand a request to: it answers 503
# in the same two forms, with Retry-After, and the pad's outbox simply sends again.
UNAVAILABLE_JSON = {
    "code": 503,
    "message": "The service is starting or restarting: try again in a few seconds.",
    "reason": "service_unavailable",
    "status": "Service Unavailable",
}
UNAVAILABLE_PAGE = (
    '<!DOCTYPE html><html lang="de"><meta charset="utf-8">'
    "<title>503 Gleich wieder da – Bauerblock</title>"
    "<h1>503 – Gleich wieder da</h1>"
    "<p>Bauerblock startet gerade neu: in ein paar Sekunden noch einmal versuchen.</p>"
    '<p lang="en">503 – Back in a moment: Bauerblock is restarting, try again in a few seconds.</p>'
    "</html>"
)
RETRY_AFTER_S = 5
# Past its capacity the box sheds reads before writes: at most POLLS_PER_WORKER reads (GET,
# HEAD: the phones' polls, which can wait) per gunicorn worker are handed on at a time; one
# more is answered 503 at once, with Retry-After, in the app's two forms, and never queues
# before a tap. Writes are never shed here: they queue as before, behind fewer reads.
POLLS_PER_WORKER = 16
BUSY_RETRY_AFTER_S = 3
BUSY_JSON = {
    "code": 503,
    "message": "The service is busy: try again in a few seconds. Writes are still taken.",
    "reason": "service_unavailable",
    "status": "Service Unavailable",
}
BUSY_PAGE = (
    '<!DOCTYPE html><html lang="de"><meta charset="utf-8">'
    "<title>503 Viel los gerade – Bauerblock</title>"
    "<h1>503 – Viel los gerade</h1>"
    "<p>Bauerblock hat gerade sehr viel zu tun: in ein paar Sekunden noch einmal laden.</p>"
    '<p lang="en">503 – Busy right now: Bauerblock has a lot to do, reload in a few seconds.</p>'
    "</html>"
)
ADDRESS = re.compile(r"^(?:[\w.-]+:|\[[0-9A-Fa-f:.]+\]:)?\d{1,5}$")

TEMPLATE = """\
# Bauerblock's front, rendered by bauerblock/front.py for each start: every request is read
# whole here before a gunicorn worker sees it.
daemon off;
worker_processes 1;
# A busy night keeps thousands of phones' connections open (keep-alive, each proxied one
# twice): room for them, as far as the box's hard limit allows.
worker_rlimit_nofile 8192;
pid @RUN@/nginx.pid;
error_log stderr warn;

events {
    worker_connections 4096;
}

http {
    # gunicorn logs every request, with the tokens of links masked (gunicorn_conf.py);
    # nginx would log them in clear.
    access_log off;
    server_tokens off;
    default_type application/octet-stream;
    client_body_temp_path @RUN@/body;
    proxy_temp_path @RUN@/proxy;
    fastcgi_temp_path @RUN@/fastcgi;
    uwsgi_temp_path @RUN@/uwsgi;
    scgi_temp_path @RUN@/scgi;

    # A slow client waits here, never in a worker.
    client_header_timeout @TIMEOUT@s;
    client_body_timeout @TIMEOUT@s;
    send_timeout @TIMEOUT@s;
    keepalive_timeout 30s;
    # The app's body limit (MAX_CONTENT_LENGTH): a body is kept in memory, never larger.
    client_max_body_size @MAX_BODY@;
    client_body_buffer_size @MAX_BODY@;
    # gunicorn's request line limit (limit_request_line 8190).
    large_client_header_buffers 4 8k;

    # ProxyFix (BAUERBLOCK_PROXY_FIX) counts hops from the right: nginx adds what it saw to
    # what a proxy before it said, so the image's 1 believes nginx alone and ignores
    # whatever a client sent; 2 believes one proxy in front of nginx as well.
    map $http_x_forwarded_proto $forwarded_proto {
        "" $scheme;
        default "$http_x_forwarded_proto, $scheme";
    }
    map $http_x_forwarded_host $forwarded_host {
        "" $http_host;
        default "$http_x_forwarded_host, $http_host";
    }

    # Every read (GET, HEAD) counts against one budget of reads in flight; writes none.
    map $request_method $read {
        GET reads;
        HEAD reads;
        default "";
    }
    limit_conn_zone $read zone=reads:64k;
    limit_conn_status 503;
    limit_conn_log_level info;

    server {
        listen @LISTEN@;
        limit_conn reads @READS@;

        proxy_request_buffering on;
        proxy_buffering on;
        proxy_connect_timeout 5s;
        proxy_read_timeout 60s;
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $forwarded_proto;
        proxy_set_header X-Forwarded-Host $forwarded_host;
        # Nobody is believed for these (gunicorn would take a scheme from them).
        proxy_set_header X-Forwarded-Port "";
        proxy_set_header X-Forwarded-Prefix "";
        proxy_set_header X-Forwarded-Ssl "";
        proxy_set_header X-Forwarded-Protocol "";
        proxy_set_header Forwarded "";

@LOCATIONS@    }
}
"""

# A face's location hands its requests to gunicorn, and what nginx answers itself (a body
# too large, gunicorn away, reads shed) to the face's own answers, in its form (ANSWER).
FACE = """\
        location {prefix} {{
            error_page 413 @{face}_too_large;
            error_page 502 504 =503 @{face}_unavailable;
            error_page 503 @{face}_busy;
            proxy_pass http://unix:{socket}:;
        }}
"""
ANSWER = """\
        location @{face}_{name} {{
            default_type {media};
{headers}            add_header X-Content-Type-Options nosniff always;
            return {status} '{body}';
        }}
"""
WAIT = """\
            add_header Retry-After {} always;
            add_header Cache-Control no-store always;
"""
FACES = {
    "api": ("/api/", "application/json", ""),
    "page": (
        "/",
        '"text/html; charset=utf-8"',
        """            add_header Content-Security-Policy "default-src 'none'" always;\n""",
    ),
}
"""Each face's path, its answers' media type and the headers they carry besides nosniff."""


def locations(socket: Path, max_body: int) -> str:
    """Return the faces' locations, each handing its requests to gunicorn's `socket` and
    answering in its own form what nginx answers itself."""
    too_large = _json(TOO_LARGE_JSON).replace("{limit}", str(max_body))
    # Each answer's status, the seconds before trying again (None: no retry helps; such an
    # answer is never kept) and its body in each face's form.
    answers = {
        "busy": (503, BUSY_RETRY_AFTER_S, {"api": _json(BUSY_JSON), "page": BUSY_PAGE}),
        "too_large": (413, None, {"api": too_large, "page": TOO_LARGE_PAGE}),
        "unavailable": (
            503,
            RETRY_AFTER_S,
            {"api": _json(UNAVAILABLE_JSON), "page": UNAVAILABLE_PAGE},
        ),
    }
    text = ""
    for face, (prefix, media, headers) in FACES.items():
        text += FACE.format(prefix=prefix, face=face, socket=socket)
        for name, (status, wait, bodies) in answers.items():
            waits = "" if wait is None else WAIT.format(wait)
            body = bodies[face]
            text += ANSWER.format(
                face=face, name=name, media=media, headers=waits + headers, status=status, body=body
            )
    return text


def _json(body: dict[str, object]) -> str:
    return json.dumps(body, separators=(",", ":"))


class FrontError(Exception):
    """The front cannot start: nginx is missing, or its address is not one."""


def render(*, listen: str, socket: Path, run: Path, max_body: int, workers: int = 2) -> str:
    """Return nginx's configuration: listening on `listen` (`host:port` or a port), handing
    requests to gunicorn's unix `socket` (`workers` of them), its files in the folder `run`."""
    if not ADDRESS.match(listen):
        raise FrontError(f"BAUERBLOCK_FRONT={listen!r} is no address: give host:port or a port.")
    values = {
        "@READS@": str(POLLS_PER_WORKER * workers),
        "@RUN@": str(run),
        "@LISTEN@": listen,
        "@MAX_BODY@": str(max_body),
        "@TIMEOUT@": str(CLIENT_TIMEOUT_S),
        # Last: what it puts in is no template's.
        "@LOCATIONS@": locations(socket, max_body),
    }
    text = TEMPLATE
    for name, value in values.items():
        text = text.replace(name, value)
    return text


def nginx() -> str:
    """Return the nginx program (Debian's, in /usr/sbin, which a user's PATH may lack)."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
    if found is None:
        raise FrontError(f"nginx is missing: apt-get install {NGINX_PACKAGE} (bin/serve does).")
    return found


def command(config: Path) -> list[str]:
    """Return the command that runs nginx with `config` in the foreground, logging to stderr."""
    return [nginx(), "-e", "stderr", "-p", str(config.parent), "-c", str(config)]
