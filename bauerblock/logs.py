"""Logs hold no right: the token of an edit or organiser link is masked in every line.

gunicorn's access and error logs (`gunicorn_conf.TokenMaskingLogger`) and the app's own log
(an unhandled error names its address) go through `mask_tokens`: a log that leaks, or is
shipped to a log service, holds no right to any sheet.
"""

import logging
import re

# The token segment of /s/<id>/edit/<token>, /g/<id>/edit/<token> and
# /t/<id>/organiser/<token>, and any token= in a query string (also percent-encoded), as
# a server may still route or log them: repeated slashes (/s/<id>//edit/<token> answers 308
# and then works), ";" parameters after a segment, and the names in any case.
SEGMENT = r"[^/?#;\s]+(?:;[^/?#\s]*)?"
"""A path segment, with its ";" parameters."""
TOKEN_IN_PATH = re.compile(
    rf"(/+(?:s|g)/+{SEGMENT}/+edit(?:;[^/?#\s]*)?/+|/+t/+{SEGMENT}/+organiser(?:;[^/?#\s]*)?/+)"
    r"[^/?#\s\"]+",
    re.IGNORECASE,
)
TOKEN_IN_QUERY = re.compile(
    r"((?:[?&;]|%3[Ff]|%26|%3[Bb])token(?:=|%3[Dd]))[^&;#\s\"]+", re.IGNORECASE
)
MASK = "…"


def mask_tokens(text: str) -> str:
    """Return `text` with every link token in it replaced by …."""
    return TOKEN_IN_QUERY.sub(rf"\g<1>{MASK}", TOKEN_IN_PATH.sub(rf"\g<1>{MASK}", text))


class MaskTokens(logging.Filter):
    """Mask the link tokens in each record a logger passes on (its message as formatted)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask_tokens(message)
        if masked != message:
            record.msg, record.args = masked, ()
        return True
