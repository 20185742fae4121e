"""gunicorn settings for a checkout: `gunicorn -c gunicorn.conf.py wsgi:app` (the tests).

The settings themselves ship in the package (`bauerblock/gunicorn_conf.py`), so that an
installed Bauerblock reads the same ones: `gunicorn -c python:bauerblock.gunicorn_conf
bauerblock.wsgi:app` (bauerblock-serve: bin/serve, the Docker image).
"""

from bauerblock.gunicorn_conf import *  # noqa: F403
