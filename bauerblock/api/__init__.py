"""The REST API: flask-smorest blueprints under /api/v1 and the OpenAPI document."""

import threading
from collections.abc import Callable, Collection, Mapping
from http import HTTPStatus
from types import ModuleType
from typing import Any

from apispec import APISpec
from flask import Blueprint, Flask, current_app, request
from flask_smorest import Api
from flask_smorest.spec.plugins import FlaskPlugin
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from bauerblock.api import (
    cors,
    examples,
    fastpath,
    groups,
    paging,
    problems,
    readers,
    reasons,
    rulesets,
    scoring,
    sheets,
    stats,
    tournament_draws,
    tournament_tables,
    tournaments,
)
from bauerblock.api.blueprint import ERROR_CONTENT, RATE_LIMIT
from bauerblock.api.openapi import Plugin, open_answers
from bauerblock.engine.errors import Refusal
from bauerblock.web import responses

# Blueprint modules, each with a flask-smorest Blueprint named `blp`, in the order their
# tags appear in the OpenAPI document. Add a resource by importing its module above and
# listing it here.
# (tournament_draws and tournament_tables add their routes to the tournaments' blueprint:
# imported, not listed, each after the tournaments' own routes, since each imports them,
# and the draws' before the tables', as sorted: the document lists them in that order.)
assert tournament_draws.blp is tournament_tables.blp is tournaments.blp
BLUEPRINTS: list[ModuleType] = [
    rulesets,
    scoring,
    sheets,
    stats,
    tournaments,
    groups,
    reasons,
]

API_PREFIX = "/api"
VERSION_HEADER = "API-Version"
"""The header of every API answer naming the document's version (`info.version`)."""
SPEC_OPTIONS = {
    "info": {
        "description": (
            "Score sheets for Bauerchen, Bauerschspiel and Bolachen, Preisbauer tournaments "
            "and Stammtisch groups. Reads are public; a write needs the edit token its "
            "resource showed once when it was made. Conventions and refusals: docs/api.md."
        ),
    },
    # The paths are absolute (/api/v1/...): the server is wherever the document is served.
    "servers": [{"url": "/", "description": "this service"}],
}
"""The document's own parts beside its paths (flask-smorest's API_SPEC_OPTIONS)."""
DOCS_STATIC = f"{API_PREFIX}/docs/static"

# Swagger UI's assets are vendored in api/static/swagger-ui (npm's swagger-ui-dist) and
# served by the app itself: no CDN.
_docs = Blueprint(
    "api_docs_static",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path=DOCS_STATIC,
)


CONFIG = {
    "API_TITLE": "Bauerblock",
    # v1.1: amendGame and deleteGame page their answers from the changed game (`games_from`).
    # v1.2: every union has a discriminator (entries name their `game`, draws and new
    # tournaments their `kind`), answers are open, moments are date-times; amendGame's and
    # deleteGame's page is bounded (`changed_game`, `games_more` for the rest).
    # v1.3: amendGame and deleteGame require If-Match (428 without it); every Location can
    # be read. v1.4: getSheet and getGroup page (`limit`, `next`, `Link`). v1.5:
    # getTournamentTable's ETag and 304; 2xx examples; one `limit` (50, at most 500) and
    # `Link` as components, getTournament pages its draws. v1.6: the season
    # (`/api/v1/series…`: createSeries, getSeries, addSeriesPlayer, getSeriesPlayer,
    # updateSeriesPlayer, forgetSeriesPlayer, createSeriesTournament). v1.7: the season's
    # exports (exportSeries, exportSeriesPlayer, each a format too) and its late entry
    # (addSeriesTournamentPlayer).
    # The changelog: docs/api.md, "Versions of the document".
    "API_VERSION": "v1.7",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": API_PREFIX,
    "OPENAPI_JSON_PATH": "openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "docs",
    "OPENAPI_SWAGGER_UI_URL": f"{DOCS_STATIC}/swagger-ui/",
    # Swagger UI would otherwise ask validator.swagger.io about our spec.
    "OPENAPI_SWAGGER_UI_CONFIG": {"validatorUrl": None},
    "API_SPEC_OPTIONS": SPEC_OPTIONS,
}
"""flask-smorest's settings of the API, each a default the app's own configuration may
override."""


def init_app(app: Flask) -> Api:
    """Set up the API and its docs on `app` and register every blueprint."""
    for name, value in CONFIG.items():
        app.config.setdefault(name, value)

    # Registered before the Api so that its templates/swagger_ui.html (no inline script,
    # so a strict Content-Security-Policy holds) wins over flask-smorest's own.
    app.register_blueprint(_docs)
    # One Api per app: an Api holds its app and spec, and tests build many apps.
    api = BauerblockApi(app, spec_kwargs={"marshmallow_plugin": Plugin()})
    api.document(describe_tokens_and_problems)
    # The refusals of the engine and the store, each with its status from the refusal map.
    app.register_error_handler(Refusal, problems.refuse)
    # Each game's scoring (its folder's `api`) is a route of the scoring blueprint.
    scoring.route_games()
    for module in BLUEPRINTS:
        api.register_blueprint(module.blp)
    cors.init_app(app)
    app.before_request(readers.check)

    @app.after_request
    def keep_tokens_private(response):
        """No cache keeps an answer that carries a token (creating, a draw's tables); every
        answer names the version of the document it keeps to (`API-Version`)."""
        if request.path.startswith(f"{API_PREFIX}/"):
            response.headers[VERSION_HEADER] = app.config["API_VERSION"]
            return responses.keep_tokens_private(response)
        return response

    return api


FINISHING = (
    paging.share,
    readers.document,
    open_answers,
    examples.attach,
    tournaments.describe_kinds,
)
"""What is written over every path once the blueprints are registered, in this order: the
shared paging parts, readers' rights, open answers, the examples, the tournament kinds."""


def finish(api: "BauerblockApi") -> None:
    """Finish the document once every blueprint is registered (the plug-ins' too): each
    part of `FINISHING`; then compile the body schemas' fast loads against it."""
    for write in FINISHING:
        api.document(write)
    fastpath.compile_all(api)


def describe_tokens_and_problems(spec: APISpec) -> None:
    """Describe the two edit tokens and the two error bodies in `spec`'s components."""
    spec.components.security_scheme(
        "editToken",
        {
            "type": "http",
            "scheme": "bearer",
            "description": "The sheet's edit token, shown once when the sheet is created",
        },
    )
    spec.components.security_scheme(
        "tournamentToken",
        {
            "type": "http",
            "scheme": "bearer",
            "description": "The tournament's edit token, shown once when it is created",
        },
    )
    spec.components.security_scheme(
        "tableToken",
        {
            "type": "http",
            "scheme": "bearer",
            "description": (
                "A tournament table's card token (getTournamentTable): the edit token of "
                "every sheet drawn at that table"
            ),
        },
    )
    spec.components.schema("Problem", schema=reasons.ProblemSchema)
    spec.components.schema("Refusal", schema=reasons.RefusalSchema)


def document_rate_limits(api: "BauerblockApi", limited: Mapping[str, Collection[str]]) -> None:
    """Say on each answer of the API's rate-limited operations that it carries the
    RateLimit fields; `limited` names each limited endpoint and the methods it counts."""
    url_map = current_app.url_map

    def say_rate_limits(spec: APISpec) -> None:
        paths = spec._paths  # apispec keeps the document's paths there, by OpenAPI path
        for endpoint, methods in limited.items():
            for rule in url_map.iter_rules(endpoint):
                operations = paths.get(FlaskPlugin.flaskpath2openapi(rule.rule), {})
                for method in methods:
                    answers = operations.get(method.lower(), {}).get("responses", {})
                    for code, answer in answers.items():
                        if str(code).startswith("2"):
                            answer.setdefault("headers", {}).update(RATE_LIMIT)

    api.document(say_rate_limits)


class BauerblockApi(Api):
    """flask-smorest's Api, whose error bodies always carry a message a person can read, and
    whose OpenAPI document is written when it is first read (served, written out, compiled
    into the fast loads): writing it is most of making an app, and the tests make an app
    for each of about a thousand tests that never read it."""

    # Every operation lists the refusals it may answer with (Blueprint.refuses): no catch-all.
    DEFAULT_ERROR_RESPONSE_NAME = None

    def __init__(self, app: Flask, **kwargs: Any) -> None:
        self._unwritten: list[Callable[[APISpec], None]] = []
        self._writing = threading.Lock()  # two threads' first reads write it once
        super().__init__(app, **kwargs)

    @property
    def spec(self) -> APISpec:
        """The OpenAPI document, with everything asked for written into it."""
        with self._writing:
            while self._unwritten:
                self._unwritten.pop(0)(self._spec)
        return self._spec

    @spec.setter
    def spec(self, spec: APISpec) -> None:
        self._spec = spec

    def document(self, write: Callable[[APISpec], None]) -> None:
        """Have `write` write its part into the document when the document is first read
        (the parts in the order asked for)."""
        self._unwritten.append(write)

    def register_blueprint(self, blp: Any, *, parameters: Any = None, **options: Any) -> None:
        """Register `blp` in the app now, and its operations and tag in the document when
        it is first read (flask-smorest's Api.register_blueprint does both at once)."""
        name = options.get("name", blp.name)
        self._app.extensions["flask-smorest"]["blp_name_to_api"][name] = self
        self._app.register_blueprint(blp, **options)
        app = self._app

        def describe(spec: APISpec) -> None:
            blp.register_views_in_doc(self, app, spec, name=name, parameters=parameters)
            spec.tag({"name": name, "description": blp.description})

        self.document(describe)

    def _register_pagination_header(self):
        """Register nothing: no answer pages with X-Pagination (its schema went unused)."""

    def _register_responses(self):
        """Register the answers flask-smorest refers to by status (its 422 of a request's
        arguments), an error's with both its bodies."""
        for status in HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if status >= HTTPStatus.BAD_REQUEST:
                response["content"] = ERROR_CONTENT
            self.spec.components.response(status.name, response, lazy=True)

    def handle_http_exception(self, error: HTTPException):
        """Answer an HTTP error as a problem or the v1 body (api.problems), with its words."""
        data = dict(getattr(error, "data", None) or {})
        errors = data.get("errors", data.get("messages"))
        message = data.get("message")
        limit = request.max_content_length
        if message is None and isinstance(error, RequestEntityTooLarge) and limit:
            message = f"The body is larger than the {limit} bytes this service takes."
        if message is None:
            # webargs reports validation errors as {"json": {"field": ["..."]}}: a line each,
            # "field: message" (a list's item by its index: "players.1").
            lines = [
                f"{'.'.join(map(str, path))}: {words}" if path else words
                for path, words in reasons.refused(errors)
            ]
            message = "; ".join(lines) if errors else error.description
        code = error.code or 500
        # werkzeug's own headers (Allow of a 405, WWW-Authenticate of a 401), and those the
        # raiser asked for; the body is the API's.
        headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
        return problems.answer(
            code,
            error.name,
            data.get("reason") or reasons.http_reason(error, errors),
            message or "",
            detail=data.get("detail"),
            errors=errors,
            headers={**headers, **(data.get("headers") or {})},
            language=data.get("language", "en"),
        )
