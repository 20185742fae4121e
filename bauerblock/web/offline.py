"""What the pages need to work offline: a fresh CSRF token, the service worker, the manifest.

The web layer's routes (the pages' blueprint `web`), at the site's root for every page package.
"""

from __future__ import annotations

import hashlib
import json

from flask import jsonify, make_response, request, url_for
from flask_babel import force_locale
from flask_babel import gettext as _
from markupsafe import Markup

from bauerblock.logs import TOKEN_LINKS
from bauerblock.web import assets, guards
from bauerblock.web.csrf import csrf_token
from bauerblock.web.pages import HOME, LANGUAGES, THEME, accepted, bp

KEPT_OUT = ("<!--token-->", "<!--/token-->")
"""The marks around whatever shows a token on a page (an edit, organiser or group link, its
QR code): the service worker keeps no copy of what lies between them, and no copy at all of a
page where one is left open. Templates write them with `{% call kept_out() %}` (web/base.html's
macro); the worker takes them from here, and drops every token link (logs.TOKEN_LINKS) it
finds outside them too."""

TO_ITEM = {"/g/*/edit"}
"""The token links (logs.TOKEN_LINKS) that go to their item's own page once the token is
taken (a group's edit link to the group's page): offline too; the others to their own
address without the token."""

_workers: dict[str, dict[str | None, bytes]] = {}
"""The service worker as sent, by the digest of its shell: as it is and in each encoding."""


@bp.get("/csrf")
def csrf():
    """Give this session's CSRF token, for a tap sent from the outbox long after the page."""
    response = jsonify({"csrf_token": csrf_token()})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/sw.js")
def service_worker():
    """Serve the service worker at the site's root, so its scope covers every sheet."""
    # The shell is what the kept pages load (their game's scripts and styles, assets.BUNDLES),
    # kept with them: the ones a first load fetched, so keeping them costs no second download,
    # and a phone keeps no game's code it never opened. The favicon is part of each page; the
    # icons are for the home screen, which keeps its own.
    # A changed bundle changes its address, so the cache's name and this script change: the
    # browser installs the new worker, which drops the old shell and keeps the new version of
    # each file the old one held. The worker's own script is part of the name too.
    names = [*assets.BUNDLES, "worker.js"]
    shell = " ".join(url_for("web.static", filename=name) for name in names)
    digest = hashlib.sha256(shell.encode()).hexdigest()[:12]
    built = _workers.get(digest)
    if built is None:
        # The same for every visitor of this shell: its settings before the script esbuild
        # minified (worker.js, built with the static files), compressed once.
        settings = {
            "SHELL_CACHE": f"bauerblock-shell-{digest}",
            "STATIC": url_for("web.static", filename=""),
            "CSP": guards.CONTENT_SECURITY_POLICY,
            "NEEDS_NETWORK": _needs_network(),
            "KEPT_OUT": KEPT_OUT,
            "TOKEN_LINKS": [[link, link in TO_ITEM] for link in TOKEN_LINKS],
        }
        head = "".join(f"var {name} = {json.dumps(value)};\n" for name, value in settings.items())
        plain = head.encode() + (bp.built() / "worker.js").read_bytes()
        built = _workers[digest] = {None: plain}
        built.update(assets.compressed(plain))
    encoding = assets.chosen(accepted)
    response = make_response(built[encoding])
    response.mimetype = "text/javascript"
    if encoding:
        response.headers["Content-Encoding"] = encoding
    response.vary.add("Accept-Encoding")
    response.headers["Cache-Control"] = "no-cache"
    # The browser asks for the worker on every visit: unchanged, the answer is a 304.
    response.set_etag(f"{digest}-{encoding or 'identity'}")
    return response.make_conditional(request)


@bp.app_template_global()
def kept_out(caller=None) -> Markup:
    """Wrap what `{% call kept_out() %}` encloses in the marks the worker keeps nothing of."""
    inner = caller() if caller is not None else ""
    return Markup(KEPT_OUT[0]) + Markup(inner) + Markup(KEPT_OUT[1])


def _needs_network() -> dict[str, dict[str, str]]:
    """The words of the worker's own pages ("braucht Netz", the list of what is kept) in every
    language: it picks the one of the pages it keeps (the worker is fetched without the page's
    language choice)."""
    words = {}
    for code in LANGUAGES:
        with force_locale(code):
            words[code] = {
                "title": _("braucht Netz"),
                "text": _("Dafür braucht es Netz."),
                "kept": _("Ohne Netz zu öffnen"),
            }
    return words


@bp.get("/manifest.webmanifest")
def manifest():
    """Describe the pad for "add to home screen": name, icons, start page, colours."""
    icons = [
        {
            "src": url_for("web.static", filename=f"icon-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
        }
        for size in (192, 512)
    ]
    body = {
        "name": "Bauerblock",
        "short_name": "Bauerblock",
        "description": _(
            "Der Schreibblock für Bauerchen: Spiele eintragen, Punkte, Knoddel und Steine im Blick."
        ),
        "lang": "de",
        # Its scope is the start page's folder, the whole site: as it would be by default.
        "start_url": url_for(HOME),
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME["light"],
        "icons": icons,
    }
    response = jsonify(body)
    response.mimetype = guards.MANIFEST_TYPE
    response.headers["Cache-Control"] = "no-cache"
    return response
