"""Bauerblock, the score pad for Bauerchen and its cousins.

`create_app` builds the Flask app (gunicorn serves `bauerblock.wsgi:app`). It is imported
on call, so that `bauerblock.engine` and `bauerblock.store` load without Flask's web layer.
The layers, which way they import and where a change goes: docs/architecture.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the Bauerblock app."""
    from bauerblock.app import create_app as create

    return create(test_config)
