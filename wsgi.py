"""Serve from a source checkout: `gunicorn wsgi:app` (the installed package has bauerblock.wsgi)."""

from bauerblock.wsgi import app  # noqa: F401
