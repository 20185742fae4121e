"""QR codes for the pages: a link as inline SVG, for the score sheet and the tournament."""

import functools
import io

import segno
from markupsafe import Markup

DRAWN = {
    "scale": 4,
    "dark": "#000",
    "light": "#fff",
    "svgclass": "qr",
    "lineclass": None,  # segno's own "qrline": nothing styles it
    "omitsize": True,
}
"""How every QR code is drawn, inline or as a file: black on white (readable in dark mode
too), without a size of its own."""


# A page shows the same few links again and again (the board's own on every visit).
@functools.lru_cache(maxsize=256)
def qr_svg(url: str, label: str) -> Markup:
    """Return a QR code of `url` as inline SVG (black on white, readable in dark mode too)."""
    svg = segno.make(url, error="m").svg_inline(title=label, **DRAWN)
    # segno's output is markup of its own making: the URL is encoded in the path, not text,
    # and the title is escaped by segno.
    return Markup(svg)


@functools.lru_cache(maxsize=256)
def qr_svg_file(url: str, label: str) -> bytes:
    """Return a QR code of `url` as an SVG file of its own (for an <img>), drawn as qr_svg."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", title=label, xmldecl=False, **DRAWN)
    return out.getvalue()
