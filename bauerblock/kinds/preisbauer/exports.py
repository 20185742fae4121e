"""A Preisbauer's results list (`EXPORT`): CSV, JSON and a PDF to pin up at the pub.

One line per player, best first: place (shared places repeated, 1., 2., 2., 4.), number,
name, the points of each draw, the total and the score difference; a draw whose table the
organiser corrected is marked ("korrigiert"), in the current language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from bauerblock.exports.common import Cell, Page, written_date
from bauerblock.exports.kinds import Block, TournamentExport, block_csvs, rules_line
from bauerblock.kinds.preisbauer.store import StoredTournament, results

PORTRAIT_DRAWS = 8
"""Up to this many draws the list fits an upright page; more turn it sideways."""


def _columns(stored: StoredTournament) -> list[tuple[str, str]]:
    """Return the CSV's columns: the API's name of each (its contract) and the pages' words
    (current language)."""
    draws = len(stored.tournament.draws)
    return [
        ("place", _("Platz")),
        ("number", _("Nr.")),
        ("name", _("Name")),
        *((f"draw_{n}", _("Auslosung %(n)s", n=n)) for n in range(1, draws + 1)),
        ("points", _("Punkte")),
        ("score_difference", _("Spielstanddifferenz")),
        ("rounds_played", _("Runden gespielt")),
        ("byes", _("Freilose")),
        ("corrected_draws", _("Korrigierte Auslosungen")),
    ]


def _blocks(stored: StoredTournament, words: bool) -> list[Block]:
    """Return the CSV's one block: a row per player, best first; the draws corrected
    separated by spaces for the API, by commas in the pages' `words`."""
    rows: list[list[Cell]] = [
        [
            line.place,
            line.player,
            line.name,
            *("" if points is None else points for points in line.points_per_draw),
            line.points,
            line.score_difference,
            line.rounds_played,
            line.byes,
            (", " if words else " ").join(map(str, stored.corrected_draws(line.player))),
        ]
        for line in results(stored)
    ]
    return [(_columns(stored), rows)]


def _json(stored: StoredTournament) -> dict[str, Any]:
    """Return the results list with the tournament's title, format and draws played."""
    return {
        "id": stored.id,
        "kind": stored.kind,
        "title": stored.title,
        "created": stored.created,
        "format": stored.tournament.format.to_dict(),
        "draws": len(stored.tournament.draws),
        "results": [
            {**line.to_dict(), "corrected_draws": list(stored.corrected_draws(line.player))}
            for line in results(stored)
        ],
        "corrections": [correction.to_dict() for correction in stored.corrections],
    }


def _pdf(stored: StoredTournament) -> bytes:
    """Return the results list as an A4 PDF."""
    page = _ResultsPage(stored)
    page.lines()
    return bytes(page.output())


class _ResultsPage(Page):
    """The results list: a heading, then a ruled table of places."""

    PLACE, NUMBER, NAME, TOTAL = 14.0, 11.0, 52.0, 17.0

    def __init__(self, stored: StoredTournament) -> None:
        self.draws = len(stored.tournament.draws)
        self.landscape = self.draws > PORTRAIT_DRAWS
        super().__init__(stored.title)
        self.stored = stored
        room = self.epw - self.PLACE - self.NUMBER - self.NAME - 2 * self.TOTAL
        draw_width = min(12.0, room / max(self.draws, 1))
        # Each column's width, alignment, rule ("L": on its left, before each draw's points
        # and the total) and whether a player's line prints it bold (the total): place,
        # number, name, a column a draw, the total, the difference.
        self.columns = [
            (self.PLACE, "R", "", False),
            (self.NUMBER, "R", "", False),
            (self.NAME, "L", "", False),
            *[(draw_width, "C", "L", False)] * self.draws,
            (self.TOTAL, "R", "L", True),
            (self.TOTAL, "R", "", False),
        ]
        format = stored.tournament.format
        draws = ngettext(
            "%(n)s von %(of)s Auslosung",
            "%(n)s von %(of)s Auslosungen",
            format.draws,
            n=self.draws,
            of=format.draws,
        )
        rounds = ngettext(
            "%(n)s Runde je Auslosung",
            "%(n)s Runden je Auslosung",
            format.rounds_per_draw,
            n=format.rounds_per_draw,
        )
        self.put_heading(
            stored.title,
            f"Preisbauer · {draws} · {rounds} · {written_date(stored.created)}",
            rules_line(stored),
        )
        self.ln(3)

    def add_page(self, *args: Any, **kwargs: Any) -> None:
        # Every page of a long list turns the same way as the first.
        super().add_page(orientation="L" if self.landscape else "P")

    def row(self, texts: Sequence[str], *, heads: bool = False) -> None:
        """Print a row of the table, each text in its column: the heads bold on grey, a
        player's points in bold."""
        for (width, align, border, bold), text in zip(self.columns, texts, strict=True):
            style = "B" if heads or bold else ""
            if (self.font_style, self.font_size_pt) != (style, 9):  # each change once
                self.set_font(self.family, style, 9)
            self.write_cell(width, text, align=align, border=border, fill=heads)
        self.ln(self.ROW)

    def table_header(self) -> None:
        """Print the column heads (again at the top of each page)."""
        self.set_fill_color(230)
        draws = map(str, range(1, self.draws + 1))
        self.row([_("Platz"), _("Nr"), _("Name"), *draws, _("Punkte"), _("Diff.")], heads=True)

    def lines(self) -> None:
        """Print a row per player; a shared place is written on every line that shares it,
        a draw whose table the organiser corrected is marked "*"."""
        self.table_header()
        for line in results(self.stored):
            if self.will_page_break(self.ROW):
                self.add_page()
                self.table_header()
            corrected = self.stored.corrected_draws(line.player)
            per_draw = (
                ("–" if points is None else str(points)) + ("*" if number in corrected else "")
                for number, points in enumerate(line.points_per_draw, start=1)
            )
            self.row(
                [
                    f"{line.place}.",
                    str(line.player),
                    line.name,
                    *per_draw,
                    str(line.points),
                    f"{line.score_difference:+d}",
                ]
            )
        if self.stored.corrections:
            self.ln(2)
            self.set_font(self.family, size=8)
            count = len(self.stored.corrections)
            note = (
                _("korrigiert: die Turnierleitung hat ein Spiel nachträglich korrigiert.")
                if count == 1
                else _(
                    "korrigiert: die Turnierleitung hat %(n)s Spiele nachträglich korrigiert.",
                    n=count,
                )
            )
            self.cell(0, 5, self.text_of("* " + note), new_x="LMARGIN", new_y="NEXT")


EXPORT = TournamentExport[StoredTournament](
    kind=StoredTournament.kind,
    name="Preisbauer",
    **block_csvs(_blocks),
    json=_json,
    pdf=_pdf,
)
