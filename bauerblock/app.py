"""The Flask application factory: configuration, the blueprints, the error pages."""

import contextlib
import inspect
import os
import secrets
import sqlite3
import tempfile

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException

from bauerblock import (
    api,
    games,
    kinds,
    scoresheet,
    series,
    settings,
    stammtisch,
    store,
    tournament,
)
from bauerblock.api.json_provider import OrjsonProvider
from bauerblock.logs import MaskTokens
from bauerblock.store import replica
from bauerblock.web import errors, faults, guards, pages
from bauerblock.web.polls import FastPolls

SECRET_KEY_FILE = "secret_key"
SYNC_CACHE = 4096


class Bauerblock(Flask):
    """Flask, asking once per function whether it is a coroutine."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._coroutine: dict = {}

    def ensure_sync(self, func):
        # Flask asks inspect for every view, hook and flask-smorest wrapper of every
        # request: about a tenth of a small API request's own time. A method view's method
        # is bound anew each request (to an instance of its own), so it is asked by its
        # function: the answer is the same, and the cache holds no instance.
        plain = getattr(func, "__func__", func)
        try:
            coroutine = self._coroutine[plain]
        except KeyError:
            coroutine = inspect.iscoroutinefunction(plain)
            # Bounded: a caller making a new function per request would otherwise grow it.
            if len(self._coroutine) < SYNC_CACHE:
                self._coroutine[plain] = coroutine
        return super().ensure_sync(func) if coroutine else func


def create_app(test_config: dict | None = None) -> Flask:
    """Create and configure the Bauerblock app."""
    # An explicit instance folder lets a container keep it on its data volume.
    instance_path = os.environ.get("BAUERBLOCK_INSTANCE_PATH") or None
    app = Bauerblock(
        __name__, instance_path=instance_path, instance_relative_config=True, static_folder=None
    )
    app.json = OrjsonProvider(app)
    # An unhandled error's line names its address, which may hold a link's token. (One
    # logger for every app of the process: its filter is added once.)
    if not any(isinstance(f, MaskTokens) for f in app.logger.filters):
        app.logger.addFilter(MaskTokens())
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "bauerblock.sqlite3"),
        **guards.DEFAULTS,
        **pages.DEFAULTS,
    )
    app.config.from_prefixed_env("BAUERBLOCK")
    if test_config is not None:
        app.config.from_mapping(test_config)
    settings.check(app.config)
    if app.config.get("SECRET_KEY"):
        # from_prefixed_env parses values as JSON, so an all-digit key arrives as a number.
        app.config["SECRET_KEY"] = str(app.config["SECRET_KEY"])
    else:
        app.config["SECRET_KEY"] = _shared_secret_key(app.instance_path)

    store.init_app(app)
    rest_api = api.init_app(app)
    pages.init_app(app, api_prefix=api.API_PREFIX)
    # The page packages and the games, then each tournament kind's parts in the layers'
    # registries, before the series asks them.
    for part in (scoresheet, games, stammtisch, tournament, kinds):
        part.init_app(app)
    series.init_app(app, rest_api)
    api.finish(rest_api)
    # Up-to-date public polls are answered before Flask (bauerblock.web.polls); wrapped
    # before the guards, so that a ProxyFix they add sees to the poll's host too.
    app.wsgi_app = FastPolls(app.wsgi_app, app.config)  # type: ignore[method-assign]
    # Last: the rate limits wrap the views the blueprints registered.
    guards.init_app(app)
    with app.app_context():
        api.document_rate_limits(rest_api, app.extensions[guards.RATE_LIMITED_EXTENSION])

    @app.errorhandler(HTTPException)
    def handle_http_exception(error: HTTPException):
        """Answer API errors in JSON and page errors in HTML."""
        # Replaces flask-smorest's app-wide handler, which would send JSON to browsers too.
        if request.path == api.API_PREFIX or request.path.startswith(f"{api.API_PREFIX}/"):
            return rest_api.handle_http_exception(error)
        return errors.render_error(error)

    # A locked, full or failing database: 503 with Retry-After, in the client's form.
    app.register_error_handler(sqlite3.DatabaseError, faults.answer_fault)

    @app.get("/healthz")
    def healthz():
        """Answer that the process is up; touches nothing, as the benchmark baseline. While
        replicating, also whether replication is current (503 when not); `?deep=1` answers
        what the supervisor saw in JSON (Litestream's state and lag, the WAL's size)."""
        deep = bool(request.args.get("deep"))
        if not replica.replicating(app.config):
            return {"replicating": False} if deep else Response("ok", mimetype="text/plain")
        seen = replica.status(app.instance_path, app.config)
        status = 200 if seen["current"] else 503
        if deep:
            return {"replicating": True, **seen}, status, {"Cache-Control": "no-store"}
        words = "ok" if seen["current"] else "replication is not current"
        return Response(words, status=status, mimetype="text/plain")

    return app


def _shared_secret_key(instance_path: str) -> str:
    """Return the key kept in the instance folder, making it on first use."""
    path = os.path.join(instance_path, SECRET_KEY_FILE)
    if not os.path.exists(path):
        # Several gunicorn workers start at once: write a private file in full, then link
        # it into place, which fails for all but the first, so every worker reads one key.
        fd, tmp = tempfile.mkstemp(dir=instance_path, prefix=f"{SECRET_KEY_FILE}.", suffix=".tmp")
        with os.fdopen(fd, "w") as file:
            file.write(secrets.token_hex(32))
        try:
            with contextlib.suppress(FileExistsError):
                os.link(tmp, path)
        finally:
            os.unlink(tmp)
    with open(path) as file:
        return file.read().strip()
