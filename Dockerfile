# Bauerblock: gunicorn serving the installed bauerblock.wsgi:app behind Debian's nginx (which
# reads every request whole, so slow clients hold no worker), the database on the /data volume,
# replicated by Litestream when BAUERBLOCK_REPLICA is set (docs/operating.md).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    BAUERBLOCK_FRONT=0.0.0.0:8000 \
    BAUERBLOCK_PROXY_FIX=1 \
    BAUERBLOCK_WORKERS=2 \
    BAUERBLOCK_DATABASE=/data/bauerblock.sqlite3 \
    BAUERBLOCK_INSTANCE_PATH=/data \
    BAUERBLOCK_SECURE_COOKIES=true

# DejaVu Sans, so that the PDFs print every name (umlauts, ß, accents): the exports look for
# Debian's fonts-dejavu-core (bauerblock/exports/common.py) and fall back to latin-1 without it.
# Debian's nginx (no extra modules) is the front (bauerblock/front.py): it listens on
# BAUERBLOCK_FRONT, gunicorn on a unix socket only.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core nginx \
    && rm -rf /var/lib/apt/lists/*

RUN useradd --system --create-home --home-dir /home/bauerblock bauerblock \
    && mkdir /data \
    && chown bauerblock:bauerblock /data

# The app runs from the installed package, not from the source: install it, then drop the source.
COPY pyproject.toml README.md /tmp/bauerblock/
COPY bauerblock /tmp/bauerblock/bauerblock
RUN pip install /tmp/bauerblock && rm -rf /tmp/bauerblock
# The static files are minified and precompressed once, at the first request, into
# /data/static_build (bauerblock/web/assets.py: the installed package is not writable).

WORKDIR /home/bauerblock

USER bauerblock
# The database, and the secret key made on first start, outlive the container here.
VOLUME ["/data"]
EXPOSE 8000

# The slim image has no curl; python asks on the port the front listens on.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; port = os.environ['BAUERBLOCK_FRONT'].rsplit(':', 1)[-1]; urllib.request.urlopen(f'http://127.0.0.1:{port}/healthz', timeout=2)"]

# nginx on BAUERBLOCK_FRONT, gunicorn behind it with the settings that ship in the package
# (bauerblock/gunicorn_conf.py), under Litestream when BAUERBLOCK_REPLICA is set.
CMD ["bauerblock-serve"]
