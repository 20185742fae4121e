"""The series' downloads for people: the Rangliste and a player's results as CSV (the
pages' convention: the language's separator, words not codes) and PDF, the series as JSON,
and the players' cards (8 to an A4, each with the QR code of the player's page).

Names as the public sees them: a hidden player is "Spieler 17", a forgotten one too.
Built once per version of the series and kept (exports.cache): a forget drops every kept
file of the series (`service.forget`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import segno
from flask import current_app
from flask_babel import force_locale
from flask_babel import gettext as _

from bauerblock.exports.cache import Download, kept
from bauerblock.exports.common import Page, download_name, people_csv, stand_in, written_date
from bauerblock.series import service
from bauerblock.series.engine import Rangliste, Scoring, Standing
from bauerblock.series.store import Series, SeriesPlayer

KEY = "series"
"""The kept files' first part: `series.<id>.…`, so that a forget drops them by the id."""
FORMATS = ("csv", "pdf")
"""The people's downloads of the Rangliste and a player's results."""


def called(player: SeriesPlayer, *, public: bool = True) -> str:
    """Return a player's name as a page shows it: "Spieler 17" for a forgotten player, and
    for a hidden one on the public pages and exports (the organiser sees the name)."""
    name = player.public_name if public else player.name
    return name if name is not None else stand_in(player.number)


def scoring_words(series: Series) -> str:
    """Return the series' rules for points in a line, as the pages and the PDF say them."""
    rules = series.rules
    words = [
        _("Punkte nach Platz (n – Platz + 1)")
        if rules.scoring is Scoring.PLACES
        else _("Punkte aus dem Turnier")
    ]
    if rules.counted:
        if rules.planned:
            words.append(
                _("die besten %(k)s von %(m)s Turnieren", k=rules.counted, m=rules.planned)
            )
        else:
            words.append(_("die besten %(k)s Turniere", k=rules.counted))
    elif rules.planned:
        words.append(_("%(m)s Turniere geplant", m=rules.planned))
    if rules.minimum > 1:
        words.append(_("gewertet ab %(n)s Turnieren", n=rules.minimum))
    return " · ".join(words)


@dataclass(frozen=True)
class Line:
    """A line of the Rangliste as the public reads it."""

    place: int | None
    player: SeriesPlayer
    standing: Standing

    @property
    def name(self) -> str:
        return called(self.player)


def lines(series: Series, rangliste: Rangliste) -> tuple[list[Line], list[Line]]:
    """Return the Rangliste's ranked lines and those listed apart, with their players."""
    ranked = [Line(s.place, series.player(s.player), s) for s in rangliste.ranked]
    apart = [Line(None, series.player(s.player), s) for s in rangliste.apart]
    return ranked, apart


def _heads() -> list[str]:
    return [
        _("Platz"),
        _("Nr."),
        _("Name"),
        _("Punkte"),
        _("Turniere"),
        _("Turniersiege"),
        _("Gesamt"),
    ]


def _cells(line: Line) -> list[str | int]:
    s = line.standing
    place = f"{line.place}." if line.place is not None else _("noch nicht gewertet")
    return [place, line.player.number, line.name, s.points, s.played, s.wins, s.total]


def rangliste_csv(board: service.Board) -> str:
    """Return the Rangliste as CSV for people: the ranked, then those not yet ranked."""
    ranked, apart = lines(board.series, board.rangliste)
    return people_csv(_heads(), [_cells(line) for line in (*ranked, *apart)])


def results_heads() -> list[str]:
    return [_("Turnier"), _("Platz"), _("Punkte"), _("gewertet")]


def results_cells(played: service.PlayedTournament) -> list[str | int]:
    """Return a player's line of one tournament: its title, place and points (or "läuft")."""
    if played.place is None:
        return [played.tournament.title, _("läuft"), "", ""]
    counted = _("ja") if played.counted else _("nein")
    return [played.tournament.title, f"{played.place}.", played.points or 0, counted]


def player_csv(page: service.PlayerPage) -> str:
    """Return a player's results as CSV for people: one line a tournament."""
    return people_csv(results_heads(), [results_cells(p) for p in page.tournaments])


def head(series: Series) -> dict[str, Any]:
    """Return the series' settings and version as its JSON (the API's and the download's)."""
    rules = series.rules
    return {
        "id": series.id,
        "name": series.name,
        "season": series.season,
        "rules": {
            "scoring": rules.scoring.value,
            "counted": rules.counted,
            "minimum": rules.minimum,
            "planned": rules.planned,
        },
        "version": series.version,
    }


def series_json(board: service.Board) -> dict[str, Any]:
    """Return the series as JSON: its settings, the Rangliste, its tournaments and players,
    names as the public sees them (null for a hidden or forgotten one)."""
    series, made = board.series, board.rangliste

    def line(s: Standing) -> dict[str, Any]:
        return {
            "place": s.place,
            "number": s.player,
            "name": series.player(s.player).public_name,
            "points": s.points,
            "total": s.total,
            "tournaments": s.played,
            "wins": s.wins,
            "seconds": s.seconds,
        }

    return {
        **head(series),
        "ranking": [line(s) for s in made.ranked],
        "unranked": [line(s) for s in made.apart],
        "tournaments": [
            {"id": t.id, "title": t.title, "kind": t.kind, "finished": t.finished}
            for t in series.tournaments
        ],
        "players": [
            {"number": p.number, "name": p.public_name, "forgotten": p.forgotten}
            for p in series.players
        ],
    }


class _ListPage(Page):
    """A list of the series on A4: the title, a line under it, a table of columns."""

    def __init__(self, title: str, subtitle: str, widths: Sequence[float]) -> None:
        super().__init__(title)
        self.widths = widths
        self.set_font(self.family, "B", 16)
        self.cell(0, 9, self.text_of(title), new_x="LMARGIN", new_y="NEXT")
        self.set_font(self.family, size=10)
        self.wrapped(6, subtitle)
        self.ln(2)

    def row(self, cells: Sequence[object], *, bold: bool = False) -> None:
        """Print a row, each cell shortened to its column; numbers right-aligned."""
        self.set_font(self.family, "B" if bold else "", 9)
        for width, cell in zip(self.widths, cells, strict=True):
            self.write_cell(width, str(cell), align="R" if isinstance(cell, int) else "L")
        self.ln(self.ROW)


def rangliste_pdf(board: service.Board) -> bytes:
    """Return the Rangliste as an A4 PDF."""
    series = board.series
    page = _ListPage(series.name, _subtitle(series), (16, 12, 82, 18, 18, 14, 20))
    ranked, apart = lines(series, board.rangliste)
    page.row(_heads(), bold=True)
    for line in ranked:
        page.row(_cells(line))
    if apart:
        page.ln(2)
        page.row([_("noch nicht gewertet"), "", "", "", "", "", ""], bold=True)
        for line in apart:
            page.row(_cells(line))
    return bytes(page.output())


def player_pdf(page: service.PlayerPage) -> bytes:
    """Return a player's results as an A4 PDF."""
    series, player = page.series, page.player
    title = f"{called(player)} ({player.number}) – {series.name}"
    place = (
        _("Platz %(n)s in der Rangliste", n=page.standing.place)
        if page.standing is not None and page.standing.place is not None
        else _("noch nicht gewertet")
    )
    pdf = _ListPage(title, f"{_subtitle(series)}\n{place}", (100, 25, 25, 30))
    pdf.row(results_heads(), bold=True)
    for played in page.tournaments:
        pdf.row(results_cells(played))
    return bytes(pdf.output())


def _subtitle(series: Series) -> str:
    season = f"{series.season} · " if series.season else ""
    return _(
        "%(season)sStand %(day)s · %(rules)s",
        season=season,
        day=written_date(series.updated),
        rules=scoring_words(series),
    )


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
        self.multi_cell(CARD_W - QR_MM - 10, 6, self.text_of(called(card.player, public=False)))
        self.set_xy(x + 4, y + 36)
        self.set_font(self.family, size=8)
        self.multi_cell(CARD_W - QR_MM - 10, 3.6, self.text_of(series.name))
        self.set_xy(x + 4, y + CARD_H - 13)
        self.set_font(self.family, size=6)
        self.multi_cell(
            CARD_W - 8,
            2.8,
            self.text_of(f"{_('Vergessen werden:')}\n{card.forget}"),
            align="L",
        )
        self.qr(card.page, x + CARD_W - QR_MM - 4, y + 4, QR_MM)

    def qr(self, url: str, x: float, y: float, size: float) -> None:
        """Draw the QR code of `url` as squares (sharp at any printer's resolution)."""
        code = segno.make(url, error="m")
        matrix = code.matrix
        modules = len(matrix) + 8  # the quiet zone: four modules on each side
        unit = size / modules
        self.set_fill_color(0)
        for r, row in enumerate(matrix):
            run = None
            for c, dark in enumerate([*row, 0]):
                if dark and run is None:
                    run = c
                elif not dark and run is not None:
                    self.rect(x + (4 + run) * unit, y + (4 + r) * unit, (c - run) * unit, unit, "F")
                    run = None


def download(
    series_id: str,
    what: tuple[Any, ...],
    fmt: str,
    read: Callable[[Any, str], Any],
    build: Callable[[Any], str | bytes | dict[str, Any]],
    name: Callable[[Any], str],
    language: str,
) -> Download | None:
    """Return a download of the series kept per its version (`what`: which list; `read`
    loads what it lists, with its `.series`); None for an unknown series."""

    def made(loaded: _Read) -> Download:
        with force_locale(language):
            body = build(loaded.value)
        if isinstance(body, dict):
            dumped = current_app.json.dumps(body)
            data = dumped.encode() if isinstance(dumped, str) else dumped
        else:
            data = body.encode() if isinstance(body, str) else body
        return Download(data, name(loaded.value))

    key = (KEY, series_id, *what, fmt, language)
    return kept(
        key,
        lambda db, sid: service.version(db, sid),
        lambda db, sid: _Read(read(db, sid)),
        made,
    )


@dataclass(frozen=True)
class _Read:
    """What a download lists, with the version it was read at (the kept file's)."""

    value: Any

    @property
    def version(self) -> int:
        return int(self.value.series.version)


def filename(series: Series, what: str, ext: str) -> str:
    """Return an ASCII download name: Westpfaelzer-Cup-2027-Rangliste-2026-12-07.csv."""
    return download_name(f"{series.name} {what}", series.updated, "Serie", ext)
