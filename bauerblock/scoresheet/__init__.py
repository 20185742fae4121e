"""The score sheet: server-rendered pages for the table, enhanced with htmx."""

import hashlib
import mimetypes
import os
from pathlib import Path

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    render_template,
    request,
    send_file,
)
from flask_babel import Babel
from flask_babel import gettext as _
from flask_compress import Compress
from flask_htmx import HTMX
from werkzeug.exceptions import HTTPException
from werkzeug.security import safe_join

from bauerblock.scoresheet import assets, security


class PadBlueprint(Blueprint):
    """The score sheet's blueprint: its static files come from the built folder (assets.py),
    minified, and precompressed as the browser takes them."""

    def send_static_file(self, filename: str) -> Response:
        joined = safe_join(str(assets.folder(current_app.instance_path)), filename)
        if joined is None or not os.path.isfile(joined):
            abort(404)
        path, encoding = assets.encoded(Path(joined), lambda name: name in request.accept_encodings)
        mimetype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        response = send_file(path, mimetype=mimetype, conditional=True)
        # A file linked from a page, not a download; whole files, compressed; the ETag is the
        # validator: every byte of a first load counts on a phone.
        for header in ("Content-Disposition", "Accept-Ranges", "Last-Modified"):
            del response.headers[header]
        if encoding:
            response.headers["Content-Encoding"] = encoding
        response.vary.add("Accept-Encoding")
        return response


bp = PadBlueprint(
    "scoresheet",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/static",
)

LANGUAGES = ("de", "en")
MANIFEST_TYPE = "application/manifest+json"
LANG_COOKIE = "lang"
TRANSLATIONS = Path(__file__).parent / "translations"

htmx = HTMX()
compress = Compress()

# Static files are linked with a digest of their content (?v=...) and kept by browsers for a
# year under that address: a changed file gets a new address, so no visit waits for a 304.
STATIC_MAX_AGE = 365 * 24 * 3600
_digests: dict[str, tuple[tuple[int, int], str]] = {}


def static_version(filename: str) -> str | None:
    """Return a short digest of the static file's content as served (None if there is no
    such file)."""
    joined = safe_join(str(assets.folder(current_app.instance_path)), filename)
    if joined is None or not os.path.isfile(joined):
        return None
    path = Path(joined)
    stat = path.stat()
    key = (stat.st_mtime_ns, stat.st_size)
    known = _digests.get(filename)
    if known is None or known[0] != key:
        known = (key, hashlib.sha256(path.read_bytes()).hexdigest()[:12])
        _digests[filename] = known
    return known[1]


@bp.url_defaults
def _version_static_urls(endpoint: str, values: dict) -> None:
    if endpoint == "scoresheet.static" and "v" not in values:
        version = static_version(values.get("filename", ""))
        if version:
            values["v"] = version


def select_locale() -> str:
    """Choose German or English: the switch's cookie, else Accept-Language, else German."""
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "de"


def init_app(app: Flask) -> None:
    """Register the score sheet on `app`: its blueprint, translations, htmx and compression."""
    app.config.setdefault("BABEL_DEFAULT_LOCALE", "de")
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    # The session holds the edit rights and the CSRF token: keep it from cross-site posts,
    # and over a few evenings so the start page remembers this device's sheets.
    if not app.config.get("SESSION_COOKIE_SAMESITE"):
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    # Compression is for the pages only (the blueprint's after_request): compressing the
    # API would rewrite its ETags (flask-compress appends ":gzip").
    app.config.setdefault("COMPRESS_REGISTER", False)
    # A page is compressed as it goes out: Brotli's level 5 is a tenth smaller than the
    # default 4 for under a millisecond (levels 6 to 11 cost 3 to 75 ms for a few % more).
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)
    # The manifest (about 470 bytes) is compressed too: the default floor is 500.
    app.config.setdefault("COMPRESS_MIN_SIZE", 256)
    # The static files are built once, minified and precompressed, before the first request.
    assets.folder(app.instance_path)
    Babel(app, locale_selector=select_locale)
    htmx.init_app(app)
    compress.init_app(app)
    # The manifest and the share links' QR codes are compressed too.
    for mimetype in (MANIFEST_TYPE, "image/svg+xml"):
        if mimetype not in app.config["COMPRESS_MIMETYPES"]:
            app.config["COMPRESS_MIMETYPES"] = [*app.config["COMPRESS_MIMETYPES"], mimetype]
    app.jinja_env.globals["csrf_token"] = security.csrf_token
    app.register_blueprint(bp)


# German first: these pages are read at the table.
def _error_title(code: int, default: str) -> str:
    titles = {
        400: _("Ungültige Anfrage"),
        403: _("Kein Zugriff"),
        404: _("Seite nicht gefunden"),
        405: _("Methode nicht erlaubt"),
        413: _("Zu viel auf einmal gesendet"),
        414: _("Adresse zu lang"),
        429: _("Zu viele Anfragen – bitte kurz warten"),
        500: _("Interner Fehler"),
    }
    return titles.get(code, default)


def render_error(error: HTTPException, message: str | None = None):
    """Render `error` as a small HTML page, keeping its status and headers (e.g. Allow)."""
    response = error.get_response()
    title = _error_title(response.status_code, error.name)
    response.set_data(
        render_template("scoresheet/error.html", error=error, title=title, message=message)
    )
    response.content_type = "text/html; charset=utf-8"
    return security.secure(response)


from bauerblock.scoresheet import offline, statistics, views  # noqa: E402, F401  (registers the routes on bp)
