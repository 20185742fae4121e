"""The series' REST API (`/api/v1/series…`): the use cases of `series.service`, each write
one keyed transaction whose answer a retry gets again (kept under `series:<id>`, so a
forget drops them). Registered by the folder's one registration (`series.init_app`)."""

from typing import Any

from flask import Flask
from flask_smorest import Api

from bauerblock.api.idempotent import OWNERS
from bauerblock.api.kinds import API_KINDS
from bauerblock.api.openapi import name_enum

# Imported for their routes: each registers its resources on the blueprint.
from bauerblock.series.api import players, series, tournaments  # noqa: F401
from bauerblock.series.api.common import blp
from bauerblock.series.store import owner


def init_app(app: Flask, rest_api: Api) -> None:
    """Register the series' API on `rest_api` and its keys' owner (`series:<id>`)."""
    OWNERS["series_id"] = owner
    # Named here, not at import: the kinds are those registered when the app is built (a
    # test's toy kind joins the enum of its own app only).
    name_enum("KindOfTournament", list(API_KINDS))
    rest_api.document(_describe_token)
    rest_api.register_blueprint(blp)


def _describe_token(spec: Any) -> None:
    spec.components.security_scheme(
        "seriesToken",
        {"type": "http", "scheme": "bearer", "description": "The series' edit token, shown once"},
    )
