"""The players' cards to print: 8 to an A4, each with the number, the name, the QR code of
the player's page and the player's own link to be forgotten."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

import segno
from flask_babel import gettext as _

from bauerblock.exports.common import Page
from bauerblock.series.exports import called
from bauerblock.series.store import Series, SeriesPlayer


@dataclass(frozen=True)
class Card:
    """A player's card: the number, the name, the link of their page (its QR code) and
    the player's own link to be forgotten."""

    player: SeriesPlayer
    page: str
    forget: str


CARDS_PER_PAGE = 8
CARD_W, CARD_H = 95.0, 68.0
"""Two columns of four cards fill an A4 page (210 × 297 mm) inside 10 mm margins."""
QR_MM = 40.0


def cards_pdf(series: Series, cards: Sequence[Card]) -> bytes:
    """Return the players' cards, 8 to an A4 page: number, name, QR code of the page."""
    pdf = _CardsPage(series.name)
    for index, card in enumerate(cards):
        if index and index % CARDS_PER_PAGE == 0:
            pdf.add_page()
        column, row = index % 2, (index % CARDS_PER_PAGE) // 2
        pdf.card(10 + column * CARD_W, 12 + row * CARD_H, card, series)
    return bytes(pdf.output())


class _CardsPage(Page):
    """A4 pages of cards, cut along the dashed lines; no footer (it would cut a card)."""

    def __init__(self, title: str) -> None:
        super().__init__(title)
        self.set_auto_page_break(False)

    def footer(self) -> None:
        return None

    def card(self, x: float, y: float, card: Card, series: Series) -> None:
        """Draw one card with its top left corner at (x, y)."""
        self.set_draw_color(150)
        self.set_dash_pattern(dash=1.5, gap=1.5)
        self.rect(x, y, CARD_W, CARD_H)
        self.set_dash_pattern()
        self.set_draw_color(0)
        self.set_xy(x + 4, y + 4)
        self.set_font(self.family, "B", 30)
        self.cell(CARD_W - QR_MM - 10, 13, str(card.player.number))
        self.set_xy(x + 4, y + 18)
        self.set_font(self.family, "B", 13)
        self.multi_cell(
            CARD_W - QR_MM - 10, 6, self.text_of(called(card.player, public=False)), align="L"
        )
        self.set_xy(x + 4, y + 36)
        self.set_font(self.family, size=8)
        self.multi_cell(CARD_W - QR_MM - 10, 3.6, self.text_of(series.name), align="L")
        self.set_xy(x + 4, y + CARD_H - 13)
        self.set_font(self.family, size=6)
        forget = _("Vergessen werden:")
        self.multi_cell(
            CARD_W - 8,
            2.8,
            self.text_of(f"{forget}\n{card.forget}"),
            align="L",
        )
        self.qr(card.page, x + CARD_W - QR_MM - 4, y + 4, QR_MM)

    def qr(self, url: str, x: float, y: float, size: float) -> None:
        """Draw the QR code of `url` (a vector image: sharp at any printer's resolution),
        with its quiet zone of four modules on each side."""
        drawn = io.BytesIO()
        segno.make(url, error="m").save(drawn, kind="svg", xmldecl=False, omitsize=True)
        self.image(drawn, x, y, size, size)
