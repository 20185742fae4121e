"""Logs hold no right: the token of an edit or organiser link is masked in every line.

gunicorn's access and error logs (`gunicorn_conf.TokenMaskingLogger`) and the app's own log
(an unhandled error names its address) go through `mask_tokens`: a log that leaks, or is
shipped to a log service, holds no right to any sheet.
"""

import logging
import re

TOKEN_LINKS = (
    "/s/*/edit",
    "/g/*/edit",
    "/t/*/organiser",
    "/t/*/tables/*",
    "/r/*/organiser",
    "/r/*/players/*/forget",
)
"""The links that carry a token: each is one of these addresses (`*` one segment: an id, a
number), then `/<token>`. The one list the log mask, the service worker (web/offline.py) and
the tests take them from: a new kind of token link is added here."""

# The token of each such link, and any token= in a query string (also percent-encoded), as
# a server may still route or log them, or answer them 404: repeated slashes
# (/s/<id>//edit/<token> answers 308 and then works), ";" parameters after a segment
# (/s/<id>/edit;<token>), slashes percent-encoded, and the names in any case. Everything
# after the link's address up to its query is masked.
SLASH = r"(?:/|%2[Ff])+"
"""One or more slashes, as sent or percent-encoded."""
SEGMENT = r"(?:[^/?#;\s%]|%(?!2[Ff]))+(?:;(?:[^/?#\s%]|%(?!2[Ff]))*)?"
"""A path segment, with its ";" parameters."""


def _address(link: str) -> str:
    """Return the pattern of a token link's address: each `*` a segment (with its ";"
    parameters), each name itself; what follows its last name is the token."""
    return "".join(
        SLASH + (SEGMENT if part == "*" else re.escape(part)) for part in link.strip("/").split("/")
    )


TOKEN_IN_PATH = re.compile(
    rf"((?:{'|'.join(_address(link) for link in TOKEN_LINKS)})(?:/|;|%2[Ff]|%3[Bb])+)"
    r"[^?#\s\"]+",
    re.IGNORECASE,
)
TOKEN_IN_QUERY = re.compile(
    r"((?:[?&;]|%3[Ff]|%26|%3[Bb])token(?:=|%3[Dd]))[^&;#\s\"]+", re.IGNORECASE
)
MASK = "…"


def mask_tokens(text: str) -> str:
    """Return `text` with every link token in it replaced by …."""
    # Each pattern needs a character no case folding gives: a text without one is left as
    # it is unsearched (most of an access log line's fields: gunicorn masks each of them).
    if "/" in text or "%" in text:
        text = TOKEN_IN_PATH.sub(rf"\g<1>{MASK}", text)
    if "?" in text or "&" in text or ";" in text or "%" in text:
        text = TOKEN_IN_QUERY.sub(rf"\g<1>{MASK}", text)
    return text


class MaskTokens(logging.Filter):
    """Mask the link tokens in each record a logger passes on (its message as formatted)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask_tokens(message)
        if masked != message:
            record.msg, record.args = masked, ()
        return True
