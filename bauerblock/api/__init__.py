"""The REST API: flask-smorest blueprints under /api/v1 and the OpenAPI document."""

from collections.abc import Collection, Mapping
from http import HTTPStatus
from types import ModuleType
from typing import Any

from flask import Blueprint, Flask, current_app, request
from flask_babel import force_locale
from flask_smorest import Api
from flask_smorest.spec.plugins import FlaskPlugin
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge, default_exceptions

from bauerblock.api import (
    cors,
    fastpath,
    groups,
    problem_types,
    problems,
    rulesets,
    scoring,
    sheets,
    stats,
    tournaments,
)
from bauerblock.api.blueprint import ERROR_CONTENT, RATE_LIMIT
from bauerblock.api.openapi import Plugin
from bauerblock.api.reasons import ProblemSchema, RefusalSchema, http_reason
from bauerblock.engine.errors import Refusal
from bauerblock.web import refusals, responses
from bauerblock.web.refusals.statuses import status_of

# Blueprint modules, each with a flask-smorest Blueprint named `blp`, in the order their
# tags appear in the OpenAPI document. Add a resource by importing its module above and
# listing it here.
BLUEPRINTS: list[ModuleType] = [
    rulesets,
    scoring,
    sheets,
    stats,
    tournaments,
    groups,
    problem_types,
]

API_PREFIX = "/api"
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


def init_app(app: Flask) -> Api:
    """Set up the API and its docs on `app` and register every blueprint."""
    app.config.setdefault("API_TITLE", "Bauerblock")
    # v1.1: amendGame and deleteGame page their answers from the changed game (`games_from`).
    app.config.setdefault("API_VERSION", "v1.1")
    app.config.setdefault("OPENAPI_VERSION", "3.0.3")
    app.config.setdefault("OPENAPI_URL_PREFIX", API_PREFIX)
    app.config.setdefault("OPENAPI_JSON_PATH", "openapi.json")
    app.config.setdefault("OPENAPI_SWAGGER_UI_PATH", "docs")
    app.config.setdefault("OPENAPI_SWAGGER_UI_URL", f"{DOCS_STATIC}/swagger-ui/")
    # Swagger UI would otherwise ask validator.swagger.io about our spec.
    app.config.setdefault("OPENAPI_SWAGGER_UI_CONFIG", {"validatorUrl": None})
    app.config.setdefault("API_SPEC_OPTIONS", SPEC_OPTIONS)

    # Registered before the Api so that its templates/swagger_ui.html (no inline script,
    # so a strict Content-Security-Policy holds) wins over flask-smorest's own.
    app.register_blueprint(_docs)
    # One Api per app: an Api holds its app and spec, and tests build many apps.
    api = BauerblockApi(app, spec_kwargs={"marshmallow_plugin": Plugin()})
    api.spec.components.security_scheme(
        "editToken",
        {
            "type": "http",
            "scheme": "bearer",
            "description": "The sheet's edit token, shown once when the sheet is created",
        },
    )
    api.spec.components.security_scheme(
        "tournamentToken",
        {
            "type": "http",
            "scheme": "bearer",
            "description": "The tournament's edit token, shown once when it is created",
        },
    )
    # The refusals of the engine and the store, each with its status from the refusal map.
    app.register_error_handler(Refusal, refuse)
    api.spec.components.schema("Problem", schema=ProblemSchema)
    api.spec.components.schema("Refusal", schema=RefusalSchema)
    for module in BLUEPRINTS:
        api.register_blueprint(module.blp)
    fastpath.compile_all(api)
    cors.init_app(app)

    @app.after_request
    def keep_tokens_private(response):
        """No cache keeps an answer that carries a token (creating, a draw's tables)."""
        if request.path.startswith(f"{API_PREFIX}/"):
            return responses.keep_tokens_private(response)
        return response

    return api


def document_rate_limits(api: Api, limited: Mapping[str, Collection[str]]) -> None:
    """Say on each answer of the API's rate-limited operations that it carries the
    RateLimit fields; `limited` names each limited endpoint and the methods it counts."""
    paths = api.spec._paths  # apispec keeps the document's paths there, by OpenAPI path
    for endpoint, methods in limited.items():
        for rule in current_app.url_map.iter_rules(endpoint):
            operations = paths.get(FlaskPlugin.flaskpath2openapi(rule.rule), {})
            for method in methods:
                answers = operations.get(method.lower(), {}).get("responses", {})
                for code, answer in answers.items():
                    if str(code).startswith("2"):
                        answer.setdefault("headers", {}).update(RATE_LIMIT)


class BauerblockApi(Api):
    """flask-smorest's Api, whose error bodies always carry a message a person can read."""

    # Every operation lists the refusals it may answer with (Blueprint.refuses): no catch-all.
    DEFAULT_ERROR_RESPONSE_NAME = None

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
            # webargs reports validation errors as {"json": {"field": ["..."]}}: one line.
            message = "; ".join(_messages(errors)) if errors else error.description
        code = error.code or 500
        # werkzeug's own headers (Allow of a 405, WWW-Authenticate of a 401), and those the
        # raiser asked for; the body is the API's.
        headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
        return problems.answer(
            code,
            error.name,
            data.get("reason") or http_reason(error, errors),
            message or "",
            detail=data.get("detail"),
            errors=errors,
            headers={**headers, **(data.get("headers") or {})},
        )


def _messages(errors: object, path: str = "") -> list[str]:
    """Flatten marshmallow's nested errors into "field: message" lines."""
    if isinstance(errors, dict):
        lines = []
        for key, value in errors.items():
            name = "" if key in ("json", "_schema") else str(key)
            lines += _messages(value, f"{path}.{name}".strip(".") if name else path)
        return lines
    if isinstance(errors, list):
        return [line for item in errors for line in _messages(item, path)]
    return [f"{path}: {errors}" if path else str(errors)]


def refuse(error: Refusal):
    """Answer a refusal of the engine or the store with its status (the refusal map), its
    code and its words, in JSON or HTML by path."""
    status = status_of(error)
    http_error = default_exceptions[status](str(error))
    data: dict[str, Any] = {"message": str(error), "reason": error.code}
    if problems.wants_german():
        with force_locale("de"):
            data["detail"] = refusals.player_message(error)
    if status == HTTPStatus.UNPROCESSABLE_ENTITY:
        data["errors"] = {"json": {"_schema": [str(error)]}}
    # The API's handler answers with the body carried on the exception.
    http_error.data = data  # type: ignore[attr-defined]
    # The app's HTTPException handler (app.py) picks JSON for /api and HTML for pages.
    return current_app.handle_http_exception(http_error)
