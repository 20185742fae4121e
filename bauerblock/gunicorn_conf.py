"""gunicorn settings from the environment, shipped in the package for an installed Bauerblock:
`gunicorn -c python:bauerblock.gunicorn_conf bauerblock.wsgi:app` (the Docker image); a
checkout's `gunicorn.conf.py` reads the same ones."""

import os

# Localhost by default: exposing the service is a decision (the image binds 0.0.0.0).
bind = os.environ.get("BAUERBLOCK_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("BAUERBLOCK_WORKERS", "2"))
# gunicorn's largest request line: the app refuses addresses past half of it itself
# (guards.MAX_URI_LENGTH), with its headers and error body.
limit_request_line = 8190
# Logs to stdout/stderr, where systemd and docker collect them.
accesslog = "-"
errorlog = "-"
# No gunicornc control socket (gunicorn 25+): unused, and two servers on one machine (bin/serve
# and a test's) would fight over the one default path in $HOME. Older versions ignore it.
control_socket_disable = True
