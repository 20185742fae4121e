# Bauerblock: gunicorn serving bauerblock.wsgi:app, the database on the /data volume.
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

RUN useradd --system --create-home --home-dir /home/bauerblock bauerblock \
    && mkdir /data \
    && chown bauerblock:bauerblock /data

WORKDIR /app
COPY . .
# The static files are minified and precompressed once, at the first request, into
# /data/static_build (bauerblock/web/assets.py: the installed package is not writable).
RUN pip install . && rm -rf build ./*.egg-info

USER bauerblock
# The database, and the secret key made on first start, outlive the container here.
VOLUME ["/data"]
EXPOSE 8000

# The slim image has no curl; python asks on the port gunicorn binds.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; port = os.environ['BAUERBLOCK_BIND'].rsplit(':', 1)[1]; urllib.request.urlopen(f'http://127.0.0.1:{port}/healthz', timeout=2)"]

CMD ["gunicorn", "-c", "gunicorn.conf.py", "bauerblock.wsgi:app"]
