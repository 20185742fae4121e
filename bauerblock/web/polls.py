"""Up-to-date polls of public reads answered before Flask: the version, one row, and a 304.

Most of a busy night's requests are polls that find nothing new (bench/capacity.py). Flask
answers them from the version alone, but only after its full request handling: the request
context, the session, the before- and after-request hooks of the app and the blueprints.
This WSGI middleware answers the same polls itself, for the public reads only, whose 304
needs no right: the API's sheet, the read-only pad's htmx poll, the tournament board's.
Anything else (a query string, an unknown id, a stale copy, an untrusted host, an edit or
organiser page) goes on to Flask unchanged.

The 304's headers are Flask's own: the first up-to-date poll of each kind goes to Flask,
whose answer's headers (all but the ETag and anything per request: a cookie, the date) are
kept as that kind's, so the middleware's 304 stays what Flask would send.
"""

from __future__ import annotations

import os
import re
import sqlite3
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from werkzeug.http import parse_etags, quote_etag
from werkzeug.sansio.utils import get_host

from bauerblock.store.db import connect
from bauerblock.store.sheets import entity_tag

ID = r"([A-Za-z0-9_-]{1,64})"
PER_REQUEST = frozenset({"etag", "set-cookie", "date", "content-length"})
"""Headers of Flask's 304 that belong to one answer, not to every poll of its kind."""

StartResponse = Callable[..., Any]


@dataclass(frozen=True)
class Poll:
    """A kind of public poll: its path, the table its version lives in, how it compares."""

    kind: str
    path: re.Pattern[str]
    table: str
    weak: bool
    """The pages' tags are weak (their bytes vary with language and compression); the
    comparison is weak for every kind, as If-None-Match's is."""
    htmx: bool
    """Only htmx's poll is answered from the version (a full load renders the page)."""


POLLS = (
    Poll("api-sheet", re.compile(rf"/api/v1/sheets/{ID}"), "sheets", weak=False, htmx=False),
    Poll("pad", re.compile(rf"/s/{ID}"), "sheets", weak=True, htmx=True),
    Poll("board", re.compile(rf"/t/{ID}"), "tournaments", weak=True, htmx=True),
)


class FastPolls:
    """WSGI middleware: answer an up-to-date public poll with 304 from its version alone."""

    def __init__(self, app: Callable, config: dict[str, Any]) -> None:
        self.app = app
        self.config = config
        self.headers: dict[str, list[tuple[str, str]]] = {}
        """Each kind's 304 headers, learnt from Flask's first."""
        self.answered = 0
        """Polls answered here, not by Flask (for the tests and the benchmark)."""
        self._local = threading.local()

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        try:
            found = self._current(environ)
        except sqlite3.Error:
            found = None  # Flask meets the fault too, and answers it (web/faults.py)
        if found is None:
            return self.app(environ, start_response)
        poll, tag = found
        headers = self.headers.get(poll.kind)
        if headers is None:
            return self.app(environ, self._learning(poll, start_response))
        self.answered += 1
        start_response("304 NOT MODIFIED", [("ETag", tag), *headers])
        return []

    def _current(self, environ: dict[str, Any]) -> tuple[Poll, str] | None:
        """Return the poll and its (quoted) tag if the request's copy is current, else None."""
        if environ.get("REQUEST_METHOD") != "GET" or environ.get("QUERY_STRING"):
            return None
        asked = environ.get("HTTP_IF_NONE_MATCH")
        if not asked or not self.config.get("FAST_POLLS", True):
            return None
        path = environ.get("PATH_INFO", "")
        poll, matched = next(((p, m) for p in POLLS if (m := p.path.fullmatch(path))), (None, None))
        if (
            poll is None
            or matched is None
            or (poll.htmx and environ.get("HTTP_HX_REQUEST") != "true")
        ):
            return None
        trusted = self.config.get("TRUSTED_HOSTS")
        if trusted and not _host_trusted(environ, trusted):
            return None  # Flask refuses it
        entity = matched.group(1)
        row = (
            self._db()
            .execute(f"SELECT version FROM {poll.table} WHERE id = ?", [entity])
            .fetchone()
        )
        if row is None:
            return None  # Flask answers the 404
        tag = entity_tag(entity, row[0])
        # Weakly, as If-None-Match compares (RFC 9110): W/"x" matches the API's "x".
        if not parse_etags(asked).contains_weak(tag):
            return None
        return poll, quote_etag(tag, weak=poll.weak)

    def _learning(self, poll: Poll, start_response: StartResponse) -> StartResponse:
        """Return a start_response that keeps the headers of Flask's 304 for `poll`'s kind."""

        def start(status: str, headers: list[tuple[str, str]], *args: Any) -> Any:
            if status.startswith("304"):
                self.headers[poll.kind] = [
                    (name, value) for name, value in headers if name.lower() not in PER_REQUEST
                ]
            return start_response(status, headers, *args)

        return start

    def _db(self):
        """Return this thread's connection to the database (a forked worker opens its own)."""
        key = (os.getpid(), self.config["DATABASE"])
        if getattr(self._local, "key", None) != key:
            self._local.db, self._local.key = connect(key[1]), key
        return self._local.db


def _host_trusted(environ: dict[str, Any], trusted: list[str]) -> bool:
    try:
        get_host(
            environ.get("wsgi.url_scheme", "http"),
            environ.get("HTTP_HOST"),
            (environ.get("SERVER_NAME", ""), int(environ.get("SERVER_PORT") or 0)),
            trusted,
        )
    except Exception:  # werkzeug's SecurityError: Flask answers 400
        return False
    return True
