# Bauerblock: gunicorn serving the installed bauerblock.wsgi:app, the database on the /data volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    BAUERBLOCK_BIND=0.0.0.0:8000 \
    BAUERBLOCK_WORKERS=2 \
    BAUERBLOCK_DATABASE=/data/bauerblock.sqlite3 \
    BAUERBLOCK_INSTANCE_PATH=/data \
    BAUERBLOCK_SECURE_COOKIES=true

# DejaVu Sans, so that the PDFs print every name (umlauts, ß, accents): the exports look for
# Debian's fonts-dejavu-core (bauerblock/exports/common.py) and fall back to latin-1 without it.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core \
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

# The slim image has no curl; python asks on the port gunicorn binds.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; port = os.environ['BAUERBLOCK_BIND'].rsplit(':', 1)[1]; urllib.request.urlopen(f'http://127.0.0.1:{port}/healthz', timeout=2)"]

# The gunicorn settings ship in the package (bauerblock/gunicorn_conf.py).
CMD ["gunicorn", "-c", "python:bauerblock.gunicorn_conf", "bauerblock.wsgi:app"]
