"""The pad's templates without their indentation: whitespace a phone downloads for nothing.

Dropped from the source as a template loads (once, not at each render): each line's leading
spaces and tabs, and the lines that hold nothing else. A newline still stands where two lines
met, so no two words run together; the pad's templates hold no `<pre>` or `<textarea>`,
whose text would keep its spaces (tests/web/test_indent.py).
"""

import re

from jinja2.ext import Extension

PAD_TEMPLATES = ("scoresheet/", "web/")
"""The templates of the score sheet's pages and of the layout they share."""

_INDENT = re.compile(r"^[ \t]*\n|^[ \t]+", re.MULTILINE)


class Unindented(Extension):
    """Load the pad's HTML templates with each line's indentation dropped."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        if name is not None and name.startswith(PAD_TEMPLATES) and name.endswith(".html"):
            return _INDENT.sub("", source)
        return source
