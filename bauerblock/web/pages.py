"""The pages' set-up: Babel, htmx, compression, the static files and their digests, the
language switch, the hooks every page blueprint runs (CSRF, headers, compression, the
answer to a refusal: web/errors.py), and a versioned page's answers (its tag, a poll's 304)."""

import hashlib
import mimetypes
import os
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    g,
    make_response,
    redirect,
    request,
    send_file,
    url_for,
)
from flask_babel import Babel, get_locale, lazy_gettext
from flask_compress import Compress
from flask_htmx import HTMX
from markupsafe import Markup
from werkzeug.exceptions import Forbidden
from werkzeug.security import safe_join

from bauerblock.engine.errors import Refusal
from bauerblock.exports.common import written_date
from bauerblock.web import assets, bidi, csrf, indent, rights, session
from bauerblock.web.errors import found, refused, render_error
from bauerblock.web.forms import game_names
from bauerblock.web.games import STARTS
from bauerblock.web.guards import MANIFEST_TYPE, flag, limited, secure
from bauerblock.web.responses import POLL, not_modified

LANGUAGES = ("de", "en")
LANG_COOKIE = "lang"
LANG_COOKIE_AGE = 365 * 24 * 3600
TRANSLATIONS = Path(__file__).parent / "translations"
"""One catalogue for every page package (its README says how to update it)."""
POLL_SECONDS = 3
"""How often a page open at a table asks whether its sheet (or tournament) changed."""
REDIRECTS = frozenset({301, 302, 303, 307, 308})
HOME = "scoresheet.index"
"""The start page: where the language switch and the error pages lead back to."""

DEFAULTS: dict[str, Any] = {
    # The session holds the phone's device id (its rights are in the store): it lapses after
    # two weeks unused, and is sent again only when it changes or a right is used.
    "PERMANENT_SESSION_LIFETIME": timedelta(days=14),
    "SESSION_REFRESH_EACH_REQUEST": False,
    # Served over HTTPS (the image): the cookies are Secure, the session's named __Host-.
    "SECURE_COOKIES": False,
}
"""Configuration defaults of the pages, each overridable as BAUERBLOCK_<NAME>."""
SECURE_SESSION_COOKIE = "__Host-session"

CSRF_REFUSAL = lazy_gettext(
    "Die Seite war zu alt oder kam nicht von hier. Lade sie neu und versuche es noch einmal."
)

EXTENSION_SETTINGS: dict[str, Any] = {
    "BABEL_DEFAULT_LOCALE": "de",
    "BABEL_TRANSLATION_DIRECTORIES": str(TRANSLATIONS),
    # Compression is for the pages only (the blueprint's after_request): compressing the
    # API would rewrite its ETags (flask-compress appends ":gzip").
    "COMPRESS_REGISTER": False,
    # A page is compressed as it goes out: Brotli's level 5 is a tenth smaller than the
    # default 4 for under a millisecond (levels 6 to 11 cost 3 to 75 ms for a few % more).
    "COMPRESS_BR_LEVEL": 5,
    # The manifest (about 470 bytes) is compressed too: the default floor is 500.
    "COMPRESS_MIN_SIZE": 256,
    # As the static files: what the client likes most; of two it likes alike (Chromium asks
    # for zstd, Brotli and gzip alike), Brotli's, a tenth smaller than zstd's on a page.
    "COMPRESS_ALGORITHM": ("br", "zstd", "gzip", "deflate"),
}
"""The settings of the extensions the pages use, where the app's configuration sets none."""

htmx = HTMX()
compress = Compress()

# Static files are linked with a digest of their content (?v=...) and kept by browsers for a
# year under that address: a changed file gets a new address, so no visit waits for a 304.
STATIC_MAX_AGE = 365 * 24 * 3600

THEME = {"light": "#0b4f9c", "dark": "#121212"}
"""The browser's bar above the pad: the team A blue by day, the dark mode's background."""

START_SECTIONS = "bauerblock.start_sections"
"""`app.extensions` key of the sections other page packages add to the start page."""

GONE_SHEETS = "bauerblock.gone_sheets"
"""`app.extensions` key of the pages other page packages tell a sheet that is gone by."""
_digests: dict[str, tuple[tuple[int, int], str]] = {}


def unchanged(tag: Callable[[str], str | None], entity_id: str) -> Response | None:
    """Answer htmx's poll of a page whose copy is current with 304, else None (the view
    answers). `tag(entity_id)` is the page's entity tag from the version alone, read only for
    a poll that names its copy; None leaves the view to answer (a 404, or a refusal)."""
    if not htmx or not request.if_none_match:
        return None
    return not_modified(tag(entity_id), headers=POLL)


def tagged(body: str, tag: str, status: int = 200) -> Response:
    """Answer a page with its version's entity tag (weak: its bytes vary with language and
    compression)."""
    response = make_response(body, status)
    response.set_etag(tag, weak=True)
    return response


def accepted(encoding: str) -> float:
    """Return how much the request likes `encoding`: its quality in Accept-Encoding (0: not)."""
    return float(request.accept_encodings[encoding])


class StaticFiles(Blueprint):
    """A blueprint whose /static/ serves its own folder and those the page packages add."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.static_folders: list[str] = [self.static_folder or ""]

    def add_static_folder(self, folder: str | os.PathLike[str]) -> None:
        """Serve the files of `folder` under /static/ too (the web layer's own come first)."""
        if str(folder) not in self.static_folders:
            self.static_folders.append(str(folder))

    def built(self) -> Path:
        """Return the folder the static files are served from: built from the static folders
        once, minified and precompressed (assets.py)."""
        return assets.folder(self.static_folders, current_app.instance_path)

    def built_file(self, filename: str) -> Path | None:
        """Return the served file of that name (None: there is none)."""
        joined = safe_join(str(self.built()), filename)
        return Path(joined) if joined is not None and os.path.isfile(joined) else None

    def send_static_file(self, filename: str) -> Response:
        path, encoding = assets.encoded(found(self.built_file(filename)), accepted)
        mimetype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        # The ETag is the file's version (its address's ?v=) and encoding: short, for every
        # byte of a first load counts on a phone.
        etag = f"{static_version(filename)}-{encoding or 'identity'}"
        response = send_file(path, mimetype=mimetype, conditional=True, etag=etag)
        # A file linked from a page, not a download; whole files, compressed; the ETag is the
        # validator.
        for header in ("Content-Disposition", "Accept-Ranges", "Last-Modified"):
            del response.headers[header]
        if encoding:
            response.headers["Content-Encoding"] = encoding
        response.vary.add("Accept-Encoding")
        return response


bp = StaticFiles(
    "web",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/static",
)


def static_version(filename: str) -> str | None:
    """Return a short digest of the static file's content as served (None if there is no
    such file)."""
    path = bp.built_file(filename)
    if path is None:
        return None
    stat = path.stat()
    key = (stat.st_mtime_ns, stat.st_size)
    known = _digests.get(filename)
    if known is None or known[0] != key:
        known = (key, hashlib.sha256(path.read_bytes()).hexdigest()[:12])
        _digests[filename] = known
    return known[1]


@bp.url_defaults
def _version_static_urls(endpoint: str, values: dict) -> None:
    if endpoint == "web.static" and "v" not in values:
        version = static_version(values.get("filename", ""))
        if version:
            values["v"] = version


def favicon() -> Markup:
    """Return the icon as a data: address: part of the page, not a request of its own (a first
    load on a phone is a few hundred bytes lighter), for an attribute in double quotes."""
    svg = (Path(__file__).parent / "static" / "favicon.svg").read_text().strip()
    return Markup("data:image/svg+xml," + quote(svg.replace('"', "'"), safe=" '/=:;,.-"))


def select_locale() -> str:
    """Choose German or English: the switch's cookie, else Accept-Language, else German."""
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "de"


def init_app(app: Flask, *, api_prefix: str) -> None:
    """Set up what every page package shares: translations, htmx, compression, static files,
    the session (none under `api_prefix`); call before registering any page package."""
    app.session_interface = session.PagesSession(without=f"{api_prefix}/")
    for name, value in EXTENSION_SETTINGS.items():
        app.config.setdefault(name, value)
    # The session holds the device id (its rights are in the store) and the CSRF token: keep
    # it from cross-site posts, and over a few evenings so the start page remembers sheets.
    if not app.config.get("SESSION_COOKIE_SAMESITE"):
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.config["SECURE_COOKIES"] = flag(app.config.get("SECURE_COOKIES"), default=False)
    if app.config["SECURE_COOKIES"]:
        # __Host-: the browser keeps it only if Secure, for the whole site, without a Domain.
        app.config.update(
            SESSION_COOKIE_SECURE=True,
            SESSION_COOKIE_NAME=SECURE_SESSION_COOKIE,
            SESSION_COOKIE_PATH="/",
            SESSION_COOKIE_DOMAIN=None,
        )
    Babel(app, locale_selector=select_locale)
    htmx.init_app(app)
    compress.init_app(app)
    # The manifest and the share links' QR codes are compressed too.
    for mimetype in (MANIFEST_TYPE, "image/svg+xml"):
        if mimetype not in app.config["COMPRESS_MIMETYPES"]:
            app.config["COMPRESS_MIMETYPES"] = [*app.config["COMPRESS_MIMETYPES"], mimetype]
    # Every player name isolated from the text around it (bidi): `bdi`, `team_players`.
    app.jinja_env.globals.update(
        csrf_token=csrf.csrf_token,
        favicon=favicon(),
        bundled=assets.bundled,
        team_players=bidi.team_players,
    )
    # `day`: a stored date as the page's language writes it: 07.12.2026, Dec 7, 2026.
    app.jinja_env.filters.update(bdi=bidi.bdi, day=written_date)
    app.jinja_env.add_extension(indent.Unindented)
    # What the pages need offline (the service worker, the manifest, a fresh CSRF token) is
    # offline.py's: it adds its routes to bp as it loads, before bp is registered. Imported
    # here, not at the top: offline.py imports this module (bp and the pages' settings).
    from bauerblock.web import offline  # noqa: F401  (registers its routes on bp)

    app.register_blueprint(bp)


def serve_pages(blueprint: Blueprint) -> None:
    """Run the pages' hooks on `blueprint`: CSRF on every post, headers, compression, and
    the answer to a refusal of the engine or the store (its status from the refusal map)."""
    blueprint.before_request(check_csrf)
    blueprint.after_request(finish)
    blueprint.register_error_handler(Refusal, refused)


def check_csrf() -> Response | None:
    """Refuse a post without this session's CSRF token."""
    if csrf.csrf_ok():
        return None
    return render_error(Forbidden(), str(CSRF_REFUSAL))


def finish(response: Response) -> Response:
    """Add the security headers, say what the page varies by, and compress it."""
    if response.location and response.status_code in REDIRECTS:
        # Nobody reads a redirect's page: on a phone's first visit (the QR code's 303) every
        # byte counts.
        response.set_data(b"")
        del response.headers["Content-Type"]
    secure(response)
    if request.endpoint == "web.static":
        # Precompressed already (assets.py): no compressing on the fly.
        filename = (request.view_args or {}).get("filename", "")
        version = request.args.get("v")
        if version and response.status_code in (200, 304) and version == static_version(filename):
            # The address names this very content: keep it, never ask again.
            response.cache_control.no_cache = None
            response.cache_control.public = True
            response.cache_control.max_age = STATIC_MAX_AGE
            response.cache_control.immutable = True
            # Never asked again, so it needs no validator: bytes saved on every first load.
            del response.headers["ETag"]
        return response
    if response.mimetype == "text/html":
        # Pages hold the CSRF token and the edit state: no cache may keep them.
        response.headers.setdefault("Cache-Control", "no-store")
        response.vary.update(("HX-Request", "Accept-Language", "Cookie"))
    return compress.after_request(response)


serve_pages(bp)


@bp.app_context_processor
def page_globals() -> dict[str, Any]:
    return {
        "locale": str(get_locale()),
        "languages": LANGUAGES,
        "game_names": game_names(),
        "starts": STARTS,
        "start_sections": start_sections,
        "theme": THEME,
        "page_address": page_address,
    }


def page_address() -> str:
    """Return the address a page links back to (its language switch): the one asked for, or
    the page's own where a view answered a token link with it (`g.address`)."""
    return g.get("address") or (request.full_path if request.query_string else request.path)


def add_start_section(app: Flask, draw: Callable[[], str]) -> None:
    """Have the start page show what `draw` renders below its sheets (the Stammtisch's
    groups on this device): a page package's section, without the start page naming it."""
    app.extensions.setdefault(START_SECTIONS, []).append(draw)


def start_sections() -> list[Markup]:
    """Render the sections the page packages added to the start page (loaded only if asked)."""
    return [Markup(draw()) for draw in current_app.extensions.get(START_SECTIONS, ())]


def add_gone_sheet(app: Flask, tell: Callable[[str], str | None]) -> None:
    """Have a sheet the store no longer holds told by the page `tell` renders for its id
    (None: not one of its own), not by a plain 404: a page package's page (a tournament's
    table whose draw was drawn anew), without the pad naming it."""
    app.extensions.setdefault(GONE_SHEETS, []).append(tell)


def gone_sheet(sheet_id: str) -> str | None:
    """Render the page that tells where sheet `sheet_id` went (None: no package knows it)."""
    for tell in current_app.extensions.get(GONE_SHEETS, ()):
        page = tell(sheet_id)
        if page is not None:
            return page
    return None


@bp.get("/lang/<code>")
def language(code: str):
    """Switch the pages' language (kept in a cookie) and go back where the switch was."""
    if code not in LANGUAGES:
        abort(404)
    response = redirect(local_path(request.args.get("next")), 303)
    response.set_cookie(
        LANG_COOKIE,
        code,
        max_age=LANG_COOKIE_AGE,
        samesite="Lax",
        httponly=True,
        secure=current_app.config["SECURE_COOKIES"],
    )
    return response


@limited("RATELIMIT_WRITES")
@bp.post("/forget")
def forget():
    """Forget this phone: every right it holds and the lists of what it opened, and what the
    browser keeps of this site for it (the service worker's copies and shell, the outbox)."""
    rights.forget()
    response = redirect(url_for(HOME), 303)
    response.headers["Clear-Site-Data"] = '"cache", "storage"'
    return response


def local_path(target: str | None) -> str:
    """Return `target` if it is a path on this site, else the start page."""
    # A control character (a CR or LF: a header split) is in no path of ours; nor another
    # site's address (//host, /\host, a scheme).
    if (
        target is not None
        and target.isprintable()
        and target.startswith("/")
        and not target.startswith("//")
        and "\\" not in target
        and not (urlsplit(target).scheme or urlsplit(target).netloc)
    ):
        return target
    return url_for(HOME)
