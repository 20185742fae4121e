"""Guards of the whole app: security headers on every response, a body limit, rate limits."""

import math
import time
from collections.abc import Mapping

from flask import Flask, Response, current_app, has_request_context, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from werkzeug.exceptions import RequestEntityTooLarge, RequestURITooLarge
from werkzeug.middleware.proxy_fix import ProxyFix

# No inline script or style anywhere, nothing from other origins: htmx, sheet.js, sheet.css and
# Swagger UI are served by the app, and the QR codes are inline SVG without style attributes.
# JSON and files get the same policy: it forbids what they never need.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
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

DEFAULTS = {
    # A game entry is a few hundred bytes and a new sheet not much more.
    "MAX_CONTENT_LENGTH": 64 * 1024,
    # Half of gunicorn's request line limit (gunicorn.conf.py): a longer address is refused
    # here, with the app's headers and error body, rather than by gunicorn's bare page.
    "MAX_URI_LENGTH": 4096,
    "RATELIMIT_ENABLED": True,
    # Counted in each worker's memory; a shared storage (e.g. redis://) counts across workers.
    "RATELIMIT_STORAGE_URI": "memory://",
    # Per client address, the API and the score sheet's forms together. A pub's phones may
    # share one address, so the limits leave room for a busy evening of many tables.
    "RATELIMIT_SHEETS": "20 per minute; 200 per hour",
    "RATELIMIT_WRITES": "240 per minute",
}
"""Configuration defaults, each overridable as BAUERBLOCK_<NAME>."""

WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"]

# The endpoints each limit covers, by the config key that holds it; one budget per key.
RATE_LIMITED: dict[str, tuple[str, ...]] = {
    "RATELIMIT_SHEETS": (
        "sheets.Sheets",
        "scoresheet.create",
        # A Stammtisch and its evenings are new sheets' kin: the same limit.
        "groups.Groups",
        "groups.GroupSheets",
        "stammtisch.create",
        "stammtisch.start",
        "tournaments.Tournaments",
        "tournament.create",
    ),
    "RATELIMIT_WRITES": (
        "sheets.Games",
        "sheets.Game",
        "scoresheet.record",
        "scoresheet.amend",
        "scoresheet.delete",
        "groups.GroupPlayers",
        "stammtisch.add_player",
        "tournaments.Players",
        "tournaments.Player",
        "tournaments.Draws",
        "tournaments.Draw",
        "tournaments.DrawEnd",
        "tournament.add_players",
        "tournament.withdraw",
        "tournament.draw_next",
        "tournament.redo",
        "tournament.end_draw",
        # Forgetting this phone's rights is a write to the store too.
        "web.forget",
    ),
}

RATE_LIMITED_WHAT = {"RATELIMIT_SHEETS": "new sheets", "RATELIMIT_WRITES": "writes"}

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


STATIC_HEADERS = frozenset({"X-Content-Type-Options"})
"""The security headers that belong on a static file too: the rest are for documents."""


def secure(response: Response) -> Response:
    """Add the security headers to `response`, keeping any a view set itself; a static file
    gets only those that belong on it."""
    static = (
        has_request_context()
        and (request.endpoint or "").rpartition(".")[2] == "static"
        and response.mimetype != "text/html"  # a static route's error page is a document
    )
    # One pass over the headers there are, rather than a search per header.
    present = {name.lower() for name, _ in response.headers}
    response.headers.extend(
        (k, v)
        for k, v in HEADERS.items()
        if k.lower() not in present and (not static or k in STATIC_HEADERS)
    )
    return response


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
    trust_hosts(app)
    behind_proxy(app)
    # One limiter per app: it holds its app's counters, and tests build many apps.
    limiter = Limiter(get_remote_address, app=app)
    for key, endpoints in RATE_LIMITED.items():
        shared = limiter.shared_limit(
            lambda key=key: current_app.config[key],
            scope=key.lower(),
            methods=WRITE_METHODS,
            error_message=lambda key=key: (
                f"Too many {RATE_LIMITED_WHAT[key]} from this address for now "
                f"(at most {current_app.config[key]}): try again later."
            ),
        )
        for endpoint in endpoints:
            app.view_functions[endpoint] = shared(app.view_functions[endpoint])

    @app.after_request
    def retry_after(response: Response) -> Response:
        """Tell a client that hit a limit when to try again."""
        if response.status_code == 429 and "Retry-After" not in response.headers:
            hit = limiter.current_limit
            seconds = hit.reset_at - time.time() if hit else 60
            response.headers["Retry-After"] = str(max(1, math.ceil(seconds)))
        return response

    return limiter
