"""The series' downloads: the Rangliste and a player's results as CSV and PDF, the series
and a player's results as JSON. The pages' CSV is for people (the language's separator,
words not codes), the API's for programs (codes, ","); its PDF is German (the API's
language). The players' cards are `cards`.

Names as the public sees them: a hidden player is "Spieler 17", a forgotten one too.
Built once per version of the series and kept (exports.cache): a forget drops every kept
file of the series (`service.forget`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import force_locale, lazy_gettext, ngettext
from flask_babel import gettext as _

from bauerblock.exports.cache import API_LANGUAGE, Download, file_bytes, kept
from bauerblock.exports.common import (
    Page,
    codes_csv,
    download_name,
    people_csv,
    stand_in,
    written_date,
)
from bauerblock.series import service
from bauerblock.series.engine import Scoring, Standing
from bauerblock.series.store import Series, SeriesPlayer

KEY = "series"
"""The kept files' first part: `series.<id>.…`, so that a forget drops them by the id."""


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
                ngettext(
                    "das beste von %(m)s Turnieren",
                    "die besten %(k)s von %(m)s Turnieren",
                    rules.counted,
                    k=rules.counted,
                    m=rules.planned,
                )
            )
        else:
            words.append(
                ngettext(
                    "das beste Turnier", "die besten %(k)s Turniere", rules.counted, k=rules.counted
                )
            )
    elif rules.planned:
        words.append(
            ngettext(
                "%(m)s Turnier geplant", "%(m)s Turniere geplant", rules.planned, m=rules.planned
            )
        )
    if rules.minimum > 1:
        words.append(_("gewertet ab %(n)s Turnieren", n=rules.minimum))
    return " · ".join(words)


RANGLISTE_HEADS = (
    lazy_gettext("Platz"),
    lazy_gettext("Nr."),
    lazy_gettext("Name"),
    lazy_gettext("Punkte"),
    lazy_gettext("Turniere"),
    lazy_gettext("Turniersiege"),
    lazy_gettext("Gesamt"),
)
"""The Rangliste's columns for people (the CSV's heads, the PDF's)."""


def _cells(series: Series, s: Standing) -> list[str | int]:
    """Return a line of the Rangliste as the public reads it (a player listed apart has no
    place)."""
    place = f"{s.place}." if s.place is not None else _("noch nicht gewertet")
    return [place, s.player, called(series.player(s.player)), s.points, s.played, s.wins, s.total]


def rangliste_csv(board: service.Board) -> str:
    """Return the Rangliste as CSV for people: the ranked, then those not yet ranked."""
    made = board.rangliste
    return people_csv(
        RANGLISTE_HEADS, [_cells(board.series, s) for s in (*made.ranked, *made.apart)]
    )


RESULTS_HEADS = (
    lazy_gettext("Turnier"),
    lazy_gettext("Platz"),
    lazy_gettext("Punkte"),
    lazy_gettext("gewertet"),
)
"""A player's results' columns for people, as `RANGLISTE_HEADS`."""


def results_cells(played: service.PlayedTournament) -> list[str | int]:
    """Return a player's line of one tournament: its title, place and points (or "läuft")."""
    if played.place is None:
        return [played.tournament.title, _("läuft"), "", ""]
    counted = _("ja") if played.counted else _("nein")
    return [played.tournament.title, f"{played.place}.", played.points or 0, counted]


def player_csv(page: service.PlayerPage) -> str:
    """Return a player's results as CSV for people: one line a tournament."""
    return people_csv(RESULTS_HEADS, [results_cells(p) for p in page.tournaments])


def player_entry(player: SeriesPlayer, *, public: bool = True) -> dict[str, Any]:
    """Return a series player as the JSON lists them: the name as `called` gives it."""
    with force_locale(API_LANGUAGE):  # as series_json says why
        return {
            "number": player.number,
            "name": called(player, public=public),
            "hidden": player.hidden,
            "forgotten": player.forgotten,
        }


def _line(series: Series, s: Standing, public: bool) -> dict[str, Any]:
    return {
        "number": s.player,
        "name": called(series.player(s.player), public=public),
        "points": s.points,
        "place": s.place,
        "tournaments": s.played,
        "wins": s.wins,
        "seconds": s.seconds,
        "total": s.total,
    }


def series_json(board: service.Board, *, public: bool = True) -> dict[str, Any]:
    """Return the series as JSON (getSeries' answer and the JSON download): its settings,
    the Rangliste, its tournaments and players; a hidden or forgotten name is "Spieler 17"
    unless for the organiser (`public=False`: hidden names show, forgotten ones never)."""
    series, made = board.series, board.rangliste
    # In the API's language: a stand-in name ("Spieler 17") is the same in every client's
    # answer and download, as one ETag covers them all.
    with force_locale(API_LANGUAGE):
        return {
            "id": series.id,
            "name": series.name,
            "season": series.season,
            "rules": series.rules.to_dict(),
            "version": series.version,
            "ranking": [_line(series, s, public) for s in made.ranked],
            "unranked": [_line(series, s, public) for s in made.apart],
            "tournaments": [
                {
                    "id": t.id,
                    "title": t.title,
                    "kind": t.kind,
                    "running": t.id in made.running,
                    "finished": t.finished,
                }
                for t in series.tournaments
            ],
            "players": [player_entry(p, public=public) for p in series.players],
        }


def player_json(page: service.PlayerPage) -> dict[str, Any]:
    """Return a player's results as JSON (getSeriesPlayer's answer and its JSON download):
    their place and points, each tournament with the evening number, place and points (null
    while it runs) and whether it counts, and the partners' table. Names as the public sees
    them."""
    standing = page.standing
    with force_locale(API_LANGUAGE):  # as series_json says why
        return {
            **player_entry(page.player),
            "place": standing.place if standing else None,
            "points": standing.points if standing else 0,
            "tournaments": [
                {
                    "tournament": p.tournament.id,
                    "title": p.tournament.title,
                    "evening": p.evening,
                    "place": p.place,
                    "points": p.points,
                    "counted": p.counted,
                }
                for p in page.tournaments
            ],
            "partners": [
                {
                    "number": q.partner.number,
                    "name": called(q.partner),
                    "rounds": q.rounds,
                    "won": q.won,
                }
                for q in page.partners
            ],
        }


RANGLISTE_CODES = ("place", "number", "name", "points", "tournaments", "wins", "seconds", "total")
"""The API's CSV of the Rangliste: its columns, as getSeries names the fields."""
RESULTS_CODES = ("tournament", "title", "evening", "place", "points", "counted")
"""The API's CSV of a player's results: its columns, as getSeriesPlayer names the fields."""


def rangliste_codes_csv(board: service.Board) -> str:
    """Return the Rangliste as the API's CSV: the ranked, then those below the minimum (an
    empty place), names as the public sees them."""
    made = series_json(board)
    return _codes(RANGLISTE_CODES, [*made["ranking"], *made["unranked"]])


def player_codes_csv(page: service.PlayerPage) -> str:
    """Return a player's results as the API's CSV: a row a tournament (an empty place and
    points while it runs), `counted` true or false."""
    return _codes(RESULTS_CODES, player_json(page)["tournaments"])


def _codes(codes: Sequence[str], lines: Sequence[dict[str, Any]]) -> str:
    """Return the JSON's `lines` as the API's CSV of the fields `codes`: null an empty cell,
    a truth the JSON's word for it."""
    return codes_csv(codes, [[_cell(line[code]) for code in codes] for line in lines])


def _cell(value: str | int | None) -> str | int:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else value


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
    made = board.rangliste
    page.row(RANGLISTE_HEADS, bold=True)
    for s in made.ranked:
        page.row(_cells(series, s))
    if made.apart:
        page.ln(2)
        page.row([_("noch nicht gewertet"), "", "", "", "", "", ""], bold=True)
        for s in made.apart:
            page.row(_cells(series, s))
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
    pdf.row(RESULTS_HEADS, bold=True)
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


RANGLISTE: dict[str, Callable[[Any], str | bytes | dict[str, Any]]] = {
    "csv": rangliste_codes_csv,
    "people": rangliste_csv,
    "json": series_json,
    "pdf": rangliste_pdf,
}
"""The series' downloads by format: the Rangliste as the API's CSV and the people's, the
series as JSON, the Rangliste as PDF."""
RESULTS: dict[str, Callable[[Any], str | bytes | dict[str, Any]]] = {
    "csv": player_codes_csv,
    "people": player_csv,
    "json": player_json,
    "pdf": player_pdf,
}
"""A player's results by format, as `RANGLISTE`."""


def download(
    series_id: str, fmt: str, language: str | None = None, number: int | None = None
) -> Download | None:
    """Return the Rangliste in `fmt` (csv, json, pdf), or player `number`'s results, kept
    per the series' version; None for an unknown series (an unknown number raises RuleError,
    series_number_unknown, before anything is built).

    With a `language` (the pages'): the CSV for people and the PDF in that language; without
    (the API's): the CSV of codes and the PDF in German. The JSON is the API's either way.
    """
    words = language or API_LANGUAGE
    people = language is not None and fmt == "csv"
    build = (RANGLISTE if number is None else RESULTS)["people" if people else fmt]

    def read(db: Any, sid: str) -> _Read:
        return _Read(
            service.board(db, sid) if number is None else service.player_page(db, sid, number)
        )

    def made(loaded: _Read) -> Download:
        with force_locale(words):
            body = file_bytes(build(loaded.value))
            # The series' JSON is all of it; every other file says what it lists.
            listed = stand_in(number) if number else "" if fmt == "json" else _("Rangliste")
            return Download(body, filename(loaded.value.series, listed, fmt))

    what = ("rangliste",) if number is None else ("player", number)
    codes = ("codes",) if language is None and fmt == "csv" else ()
    key = (KEY, series_id, *what, *codes, fmt, words)
    return kept(key, service.version, read, made)


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
