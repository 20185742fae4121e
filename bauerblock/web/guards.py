"""Guards of the whole app: security headers on every response, a body limit, rate limits."""

import math
import os
import sqlite3
import time
from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

from flask import Flask, Response, current_app, g, has_request_context, request
from flask_limiter import Limiter, RequestLimit
from flask_limiter.util import get_remote_address
from werkzeug.exceptions import RequestEntityTooLarge, RequestURITooLarge
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wrappers import Response as BaseResponse

from bauerblock.settings import RATE_LIMITS

# Registers the sqlite:// storage with `limits` before any Limiter is made.
from bauerblock.store import counters
from bauerblock.web.responses import export_cost

# No inline script or style anywhere, nothing from other origins: the scripts, the styles and
# Swagger UI are served by the app. `default-src 'self'` is the scripts', styles' and
# connections' policy too (written once: every byte of a first load counts on a phone).
# JSON and downloads get the same policy: it forbids what they never need.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "img-src 'self' data:",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "object-src 'none'",
    )
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    # Edit links carry the sheet's token: never hand them to another site.
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}

DEFAULTS: dict[str, Any] = {
    # A game entry is a few hundred bytes and a new sheet not much more.
    "MAX_CONTENT_LENGTH": 64 * 1024,
    # Half of gunicorn's request line limit (gunicorn_conf.py): a longer address is refused
    # here, with the app's headers and error body, rather than by gunicorn's bare page.
    "MAX_URI_LENGTH": 4096,
    "RATELIMIT_ENABLED": True,
    # gunicorn's worker processes (gunicorn_conf.py reads the same variable): a limit whose
    # shared counters cannot be reached is counted in each worker, divided by them.
    "WORKERS": 2,
    # RATELIMIT_STORAGE_URI: unset, the counters live in a SQLite file of the instance
    # folder (COUNTERS_FILE), shared by every worker of the box; redis://host:6379 (with
    # the `redis` package) shares them across boxes; memory:// counts per worker.
    # Per client address, the API and the score sheet's forms together. A pub's phones may
    # share one address, so the limits leave room for a busy evening of many tables.
    "RATELIMIT_SHEETS": "20 per minute; 200 per hour",
    "RATELIMIT_WRITES": "240 per minute",
    # Tournaments and groups made (successfully) per address and day: a pub makes a few.
    "RATELIMIT_NEW_GROUPS": "20 per day",
    # Downloads are reads, but a PDF costs what hundreds of polls cost: a budget of their own.
    "RATELIMIT_EXPORTS": "30 per minute; 300 per hour",
}
"""Configuration defaults, each overridable as BAUERBLOCK_<NAME>."""

WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"]
COUNTERS_FILE = "ratelimits.sqlite3"
"""The rate-limit counters' file in the instance folder (bauerblock.store.counters)."""

LIMITS_DECLARED = "rate_limits"
"""The attribute a view (a function, or an API's MethodView class) declares its limits in."""

V = TypeVar("V")


def limited(*budgets: str, charged: bool = False) -> Callable[[V], V]:
    """Declare, on the view itself, the budgets it counts against (keys of RATE_LIMITS,
    each a BAUERBLOCK_ setting; one counter per budget, shared by every view that names it).

    A write counts by method (POST, PUT, PATCH, DELETE), a download (RATELIMIT_EXPORTS) by
    GET and by what it cost (web.responses: a kept file 1, a build 5), a new group or
    tournament (RATELIMIT_NEW_GROUPS) once made. `charged`: a write is charged after its
    answer by what it cost (its view calls `charge`: a draw by the table sheets it made, an
    amendment or a deletion by the games it scored again).
    """
    unknown = set(budgets) - RATE_LIMITS.keys()
    if unknown:
        raise LookupError(f"no such rate limit: {sorted(unknown)}")

    def declare(view: V) -> V:
        declared = {**getattr(view, LIMITS_DECLARED, {}), **dict.fromkeys(budgets, charged)}
        setattr(view, LIMITS_DECLARED, declared)
        return view

    return declare


RATE_LIMITED_EXTENSION = "bauerblock.rate_limited"
"""`app.extensions` key of the limited endpoints and the methods each limit counts."""

FALSE_WORDS = frozenset({"0", "false", "no", "off"})
PROXY_HEADERS = frozenset({"x_for", "x_proto", "x_host", "x_port", "x_prefix"})


def flag(value: object, *, default: bool) -> bool:
    """Read a yes/no setting: from_prefixed_env reads `false` and `0` as JSON, while `False`
    or `off` arrive as strings."""
    if value is None:
        return default
    if isinstance(value, str):
        return value.strip().lower() not in FALSE_WORDS
    return bool(value)


AnyResponse = TypeVar("AnyResponse", bound=BaseResponse)

STATIC_HEADERS = frozenset({"X-Content-Type-Options"})
"""The security headers that belong on a static file too: the rest are for documents."""

WORKER_HEADERS = frozenset({"Content-Security-Policy", "X-Content-Type-Options"})
"""The security headers of a script a view serves, the service worker's: its CSP is the
worker's own policy; frames and referrers are a document's."""

REDIRECT_HEADERS = frozenset({"Referrer-Policy"})
"""The security headers of a redirect without a body: no document to frame or to run, but the
address it leaves (a token link) is sent on as no Referer."""

MANIFEST_TYPE = "application/manifest+json"
"""The web app manifest's type: a file the browser reads, like a static one, never shown."""


def secure(response: AnyResponse) -> AnyResponse:
    """Add the security headers to `response`, keeping any a view set itself; a static file
    and a script get only those that belong on them."""
    wanted = _headers_of(response) if has_request_context() else HEADERS.keys()
    # One pass over the headers there are, rather than a search per header.
    present = {name.lower() for name, _ in response.headers}
    response.headers.extend(
        (k, v) for k, v in HEADERS.items() if k.lower() not in present and k in wanted
    )
    return response


def _headers_of(response: AnyResponse) -> Collection[str]:
    """Return the security headers `response` takes, by what it is."""
    static = (request.endpoint or "").rpartition(".")[2] == "static"
    if response.mimetype == MANIFEST_TYPE or (static and response.mimetype != "text/html"):
        # A static file or the manifest (a static route's error page is a document).
        return STATIC_HEADERS
    if response.mimetype == "text/javascript":
        return WORKER_HEADERS
    if response.location and not response.content_length:
        return REDIRECT_HEADERS
    return HEADERS.keys()


def limit_streamed_body() -> None:
    """Refuse a chunked body over MAX_CONTENT_LENGTH, which werkzeug would cut off silently.

    Without a Content-Length, werkzeug reads a streamed body up to the limit and stops there:
    the cut body would be refused as bad JSON, or worse, parsed as a shorter form. Read it
    here (kept for the view) and refuse it if it reaches the limit.
    """
    limit = request.max_content_length
    chunked = "chunked" in request.headers.get("Transfer-Encoding", "").lower()
    if not chunked or limit is None or request.content_length is not None:
        return
    if len(request.get_data(cache=True)) >= limit:
        raise RequestEntityTooLarge()


def limit_uri() -> None:
    """Refuse an address longer than MAX_URI_LENGTH (414): no page or query needs one."""
    uri = request.environ.get("RAW_URI") or request.full_path
    if len(uri) > current_app.config["MAX_URI_LENGTH"]:
        raise RequestURITooLarge()


def trust_hosts(app: Flask) -> None:
    """Answer only for the host names of TRUSTED_HOSTS (400 for any other Host header), so
    that links and QR codes never name a host an attacker sent; unset: any host."""
    hosts = app.config.get("TRUSTED_HOSTS")
    if isinstance(hosts, str):
        hosts = [host.strip() for host in hosts.split(",") if host.strip()]
    app.config["TRUSTED_HOSTS"] = list(hosts) if hosts else None


def behind_proxy(app: Flask) -> None:
    """Believe a reverse proxy's X-Forwarded-For, -Proto and -Host (PROXY_FIX: how many
    proxies set them, or a mapping of ProxyFix's x_for, x_proto, x_host, x_port, x_prefix)."""
    setting = app.config.get("PROXY_FIX")
    if not setting:
        return
    if isinstance(setting, Mapping):
        counts = {k: int(v) for k, v in setting.items() if k in PROXY_HEADERS}
    else:
        hops = int(setting)
        counts = {"x_for": hops, "x_proto": hops, "x_host": hops}
    # Flask's documented way to add WSGI middleware, which mypy takes for a method overwritten.
    app.wsgi_app = ProxyFix(app.wsgi_app, **counts)  # type: ignore[method-assign]


def init_app(app: Flask) -> Limiter:
    """Guard every response of `app`; call it after every blueprint is registered."""
    app.after_request(secure)
    app.before_request(limit_uri)
    app.before_request(limit_streamed_body)
    app.config["RATELIMIT_ENABLED"] = flag(app.config.get("RATELIMIT_ENABLED"), default=True)
    counters_file = os.path.join(app.instance_path, COUNTERS_FILE)
    app.config.setdefault("RATELIMIT_STORAGE_URI", counters.uri_for(counters_file))
    if app.config["RATELIMIT_STORAGE_URI"] == counters.uri_for(counters_file):
        _prepare_counters(counters_file)
    if app.config["RATELIMIT_STORAGE_URI"].startswith(f"{counters.SCHEME}://"):
        # Counted in each worker while the file cannot be reached: divided between them.
        options = app.config.setdefault("RATELIMIT_STORAGE_OPTIONS", {})
        options.setdefault("workers", app.config["WORKERS"])
    trust_hosts(app)
    behind_proxy(app)
    # Registered before the limiter's own: Flask runs the last registered first, so the
    # fields are read after the limiter charged what an answer cost (an export's build: 5).
    made: list[Limiter] = []

    @app.after_request
    def rate_limit_headers(response: Response) -> Response:
        """Tell a client its budget (RateLimit-Policy, RateLimit) and, over it, when to retry."""
        limiter = made[0]
        limits = limiter.current_limits if limiter.enabled else []
        if limits:
            response.headers.update(rate_limit_fields(limits))
        if response.status_code == 429 and "Retry-After" not in response.headers:
            hit = limiter.current_limit
            seconds = hit.reset_at - time.time() if hit else 60
            response.headers["Retry-After"] = str(max(1, math.ceil(seconds)))
        return response

    # One limiter per app: it holds its app's counters, and tests build many apps.
    limiter = Limiter(get_remote_address, app=app)
    made.append(limiter)

    # What each limited endpoint counts, by method: the API's document says so.
    limited: dict[str, list[str]] = app.extensions.setdefault(RATE_LIMITED_EXTENSION, {})

    def limit(key: str, *, charged: bool = False, methods=WRITE_METHODS, **options) -> None:
        """Count the views that declare budget `key` (`charged` or not) against it."""
        shared = limiter.shared_limit(
            lambda: current_app.config[key],
            scope=key.lower(),
            methods=methods,
            error_message=lambda: (
                f"Too many {RATE_LIMITS[key]} from this address for now "
                f"(at most {current_app.config[key]}): try again later."
            ),
            **options,
        )
        for endpoint in (e for e, budgets in declared.items() if budgets.get(key) is charged):
            limited.setdefault(endpoint, []).extend(methods)
            # flask-limiter types its decorator for sync and async views at once.
            app.view_functions[endpoint] = shared(app.view_functions[endpoint])  # type: ignore[assignment]

    declared = {
        endpoint: getattr(getattr(view, "view_class", view), LIMITS_DECLARED)
        for endpoint, view in app.view_functions.items()
        if hasattr(getattr(view, "view_class", view), LIMITS_DECLARED)
    }

    for key in ("RATELIMIT_SHEETS", "RATELIMIT_WRITES"):
        limit(key)
        # The same budget (one scope, one counter), charged after the answer by its cost.
        limit(key, charged=True, cost=_charge, deduct_when=lambda response: True)
    limit("RATELIMIT_NEW_GROUPS", deduct_when=_made)
    limit("RATELIMIT_EXPORTS", methods=["GET"], cost=export_cost, deduct_when=lambda response: True)

    return limiter


def rate_limit_fields(limits: list[RequestLimit]) -> dict[str, str]:
    """Return the IETF RateLimit-Policy and RateLimit fields of a request's limits.

    draft-ietf-httpapi-ratelimit-headers: each policy is named by its budget and window
    (`"writes-60";q=240;w=60`), and RateLimit says what is left of each and the seconds
    until its window resets (`"writes-60";r=239;t=42`).
    """
    now = time.time()
    policies, left = [], []
    for hit in limits:
        budget = hit.request_args[-1].removeprefix("ratelimit_")
        window = hit.limit.get_expiry()
        name = f'"{budget}-{window}"'
        policies.append(f"{name};q={hit.limit.amount};w={window}")
        seconds = min(window, max(0, math.ceil(hit.reset_at - now)))
        left.append(f"{name};r={max(0, hit.remaining)};t={seconds}")
    return {"RateLimit-Policy": ", ".join(policies), "RateLimit": ", ".join(left)}


def _prepare_counters(path: str) -> None:
    """Make the counters file with the instance folder, or stop with a message naming it."""
    try:
        counters.prepare(path)
    except (OSError, sqlite3.Error) as error:
        raise SystemExit(f"The rate-limit counters file {path} cannot be made: {error}.") from None


GAMES_A_WRITE = 100
"""An amendment or a deletion costs one write more for every this many games it scored
again: amending game 1 of a full sheet may cost 31 (docs/configuration.md)."""


def charge(writes: int) -> None:
    """Charge this request to its budget as `writes` writes (a view `limited(charged=True)`)."""
    g.write_charge = writes


def charge_scored(scored: int) -> None:
    """Charge a sheet's write by the games it scored (and stored) anew."""
    charge(1 + scored // GAMES_A_WRITE)


def _charge() -> int:
    """Return what a charged write costs (1 before it ran, or if it charged nothing)."""
    return max(1, g.get("write_charge", 1))


def _made(response: Response) -> bool:
    """Tell whether a create succeeded (201 from the API, 303 to the new page)."""
    return response.status_code < 400
