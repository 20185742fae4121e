"""Exports of a sheet for after the evening: CSV, JSON and a PDF like the paper pad.

Each function takes a stored sheet and its replayed state (`store.replay(sheet)`).
"""

import csv
import io
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from fpdf import FPDF

from store.sheets import Sheet, document

TEAMS = ("A", "B")
OTHER = {"A": "B", "B": "A"}
# Events that belong to the round's winner; a Knoddel goes to its loser.
WINNER_EVENTS = frozenset({"round_won", "stein", "carry_over"})

CSV_HEADER = (
    "number",
    "round",
    "dealer",
    "home",
    "card_points_A",
    "card_points_B",
    "result",
    "solo",
    "melds",
    "spritz",
    "points_A",
    "points_B",
    "score_A",
    "score_B",
    "events",
)
# Spreadsheets run a cell starting with these as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

# The events a round line names besides the winner, in German.
ROUND_MARKS = {"knoddel": "Knoddel", "stein": "Stein"}

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
"""Debian's fonts-dejavu-core; without it the PDF falls back to a latin-1 core font."""

Cell = str | int


def to_csv(sheet: Sheet, state: Mapping[str, Any]) -> str:
    """Return one CSV row per game, after a header row."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    for game in state["games"]:
        entry = game["entry"]
        card_points = entry.get("card_points") or {}
        result = entry.get("result")
        solo = entry.get("solo")
        row: list[Cell] = [
            game["number"],
            game["round"],
            sheet.players[game["dealer"]],
            game["home"],
            card_points.get("A", ""),
            card_points.get("B", ""),
            f"{result['winner']} {result['band']}" if result else "",
            f"{solo['team']} {'won' if solo['won'] else 'lost'}" if solo else "",
            "; ".join(f"{meld['team']} {meld['kind']}" for meld in entry.get("melds") or []),
            entry.get("spritz", 0),
            game["points"]["A"],
            game["points"]["B"],
            game["score_after"]["A"],
            game["score_after"]["B"],
            "; ".join(" ".join(filter(None, pair)) for pair in _events(game)),
        ]
        writer.writerow([_defuse(cell) for cell in row])
    return out.getvalue()


def to_json(sheet: Sheet, state: Mapping[str, Any]) -> dict[str, Any]:
    """Return the whole sheet as the API's GET answers it."""
    return document(sheet, state)


def to_pdf(sheet: Sheet, state: Mapping[str, Any]) -> bytes:
    """Return the sheet as an A4 PDF: title, teams, games, round lines, Knoddel, Steine."""
    pad = _Pad(sheet.title)
    pad.heading(sheet)
    pad.games(sheet, state)
    pad.standing(state)
    return bytes(pad.output())


def filename(sheet: Sheet, ext: str) -> str:
    """Return an ASCII download name of the title and the date, e.g. Stammtisch-2026-11-29.csv."""
    date = sheet.created[:10]
    ascii_title = unicodedata.normalize("NFKD", sheet.title).encode("ascii", "ignore").decode()
    stem = re.sub(r"[^A-Za-z0-9_]+", "-", ascii_title).strip("-")[:60].strip("-")
    stem = stem or sheet.game.capitalize()
    if not stem.endswith(date):
        stem = f"{stem}-{date}"
    return f"{stem}.{ext}"


def _events(game: Mapping[str, Any]) -> Iterator[tuple[str, str | None]]:
    """Yield each event of a game with the team it is for, where it is for one."""
    winner = game.get("round_winner")
    for event in game["events"]:
        if event in WINNER_EVENTS:
            yield event, winner
        elif event == "knoddel" and winner:
            yield event, OTHER[winner]
        elif event == "home_changed":
            yield event, game["home"]
        else:
            yield event, None


def _defuse(cell: Cell) -> Cell:
    """Quote a text cell a spreadsheet would run as a formula; numbers stay numbers."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


def _german_date(iso: str) -> str:
    year, month, day = iso[:10].split("-")
    return f"{day}.{month}.{year}"


def _entry_text(entry: Mapping[str, Any]) -> str:
    """Return a game entry the way a table writes it, in German."""
    parts = []
    if card_points := entry.get("card_points"):
        parts.append("Augen " + " : ".join(f"{t} {p}" for t, p in sorted(card_points.items())))
    if result := entry.get("result"):
        parts.append(f"{result['winner']} gewinnt {result['band']}")
    if solo := entry.get("solo"):
        parts.append(f"Kart'ab {solo['team']} {'gewonnen' if solo['won'] else 'verloren'}")
    if melds := entry.get("melds"):
        parts.append("Melde " + ", ".join(f"{m['kind']} {m['team']}" for m in melds))
    if spritz := entry.get("spritz"):
        parts.append(f"Spritz ×{2**spritz}")
    return " · ".join(parts)


class _Pad(FPDF):
    """An A4 page ruled like a Bauerchen pad."""

    ROW = 5.5
    # Nr, Geber, Haus, Spiel, Punkte A, Punkte B, Stand A, Stand B: 180 mm in all.
    WIDTHS = (9, 32, 11, 66, 15, 15, 16, 16)
    TEAM_COLUMNS = 4
    """Columns from here on are a team's, ruled apart as on paper."""

    def __init__(self, title: str) -> None:
        super().__init__(format="A4")
        self.set_margins(15, 15, 15)
        self.set_auto_page_break(True, margin=15)
        self.family, self.covers = self._font()
        self.title_text = title
        self.set_title(title)
        self.alias_nb_pages()
        self.add_page()

    def _font(self) -> tuple[str, Callable[[str], bool]]:
        """Use DejaVu Sans when installed, else Helvetica; return it and what it can print."""
        regular, bold = FONT_DIR / "DejaVuSans.ttf", FONT_DIR / "DejaVuSans-Bold.ttf"
        if regular.is_file() and bold.is_file():
            self.add_font("DejaVu", "", regular)
            self.add_font("DejaVu", "B", bold)
            cmap = self.fonts["dejavu"].cmap
            return "DejaVu", lambda char: ord(char) in cmap
        return "Helvetica", lambda char: ord(char) < 256

    def text_of(self, text: str) -> str:
        """Return `text` with every character the font lacks replaced (é for ė, ? for 漢)."""
        return "".join(self._printable(char) for char in text)

    def _printable(self, char: str) -> str:
        if self.covers(char):
            return char
        base = "".join(
            c
            for c in unicodedata.normalize("NFKD", char)
            if self.covers(c) and not unicodedata.combining(c)
        )
        return base or "?"

    def write_cell(self, width: float, text: str, *, align: str = "L", **kwargs: Any) -> None:
        """Print one cell of a row, shortened to fit its width."""
        text = self.text_of(text)
        room = width - 2 * self.c_margin
        if self.get_string_width(text) > room:
            while len(text) > 1 and self.get_string_width(text + ".") > room:
                text = text[:-1]
            text += "."
        self.cell(width, self.ROW, text, align=align, **kwargs)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font(self.family, size=8)
        self.set_text_color(110)
        self.cell(0, 5, self.text_of(f"{self.title_text} · Bauerblock"), align="L")
        self.cell(0, 5, f"Seite {self.page_no()}/{{nb}}", align="R")
        self.set_text_color(0)

    def heading(self, sheet: Sheet) -> None:
        """Print the title, the date, the rules and the two teams."""
        self.set_font(self.family, "B", 18)
        self.cell(0, 9, self.text_of(sheet.title), new_x="LMARGIN", new_y="NEXT")
        self.set_font(self.family, size=10)
        preset = sheet.rules.to_dict().get("preset", "")
        line = f"{sheet.game.capitalize()} · Regeln: {preset} · {_german_date(sheet.created)}"
        self.cell(0, 6, self.text_of(line), new_x="LMARGIN", new_y="NEXT")
        self.ln(2)
        for team in TEAMS:
            names = " & ".join(sheet.players[TEAMS.index(team) :: 2])
            self.set_font(self.family, "B", 11)
            self.cell(12, 6, team)
            self.set_font(self.family, size=11)
            self.cell(0, 6, self.text_of(names), new_x="LMARGIN", new_y="NEXT")
        self.ln(3)

    def table_header(self) -> None:
        """Print the column heads (again at the top of each page)."""
        self.set_font(self.family, "B", 9)
        self.set_fill_color(230)
        w = self.WIDTHS
        self.cell(sum(w[: self.TEAM_COLUMNS]), self.ROW, "", fill=True)
        self.cell(w[4] + w[5], self.ROW, "Punkte", align="C", border="L", fill=True)
        self.cell(w[6] + w[7], self.ROW, "Stand", align="C", border="L", fill=True)
        self.ln(self.ROW)
        heads = ("Nr", "Geber", "Haus", "Spiel", "A", "B", "A", "B")
        for i, (width, head) in enumerate(zip(w, heads, strict=True)):
            self.cell(
                width,
                self.ROW,
                head,
                align="L" if 0 < i < self.TEAM_COLUMNS else "C",
                border=self._rule(i),
                fill=True,
            )
        self.ln(self.ROW)
        self.set_font(self.family, size=9)

    def _rule(self, column: int) -> str:
        return "L" if column >= self.TEAM_COLUMNS else ""

    def make_room(self, height: float, *, heads: bool = True) -> None:
        """Start a new page, with column heads, if `height` no longer fits on this one."""
        if self.will_page_break(height):
            self.add_page()
            if heads:
                self.table_header()

    def games(self, sheet: Sheet, state: Mapping[str, Any]) -> None:
        """Print a row per game and a ruled line under each round with its winner."""
        self.table_header()
        rounds = {r["number"]: r for r in state["rounds"]}
        for game in state["games"]:
            self.make_room(self.ROW)
            points, score = game["points"], game["score_after"]
            cells = (
                (str(game["number"]), "C"),
                (sheet.players[game["dealer"]], "L"),
                (game["home"], "C"),
                (_entry_text(game["entry"]), "L"),
                # Like on paper: a team that scored nothing gets no number.
                (str(points["A"] or ""), "C"),
                (str(points["B"] or ""), "C"),
                (str(score["A"]), "C"),
                (str(score["B"]), "C"),
            )
            for i, (width, (text, align)) in enumerate(zip(self.WIDTHS, cells, strict=True)):
                self.write_cell(width, text, align=align, border=self._rule(i))
            self.ln(self.ROW)
            if game["round_winner"]:
                self.round_line(game, rounds[game["round"]])

    def round_line(self, game: Mapping[str, Any], finished: Mapping[str, Any]) -> None:
        """Rule off a round under its last game and name the winner, Knoddel and Stein."""
        self.make_room(self.ROW + 1)
        self.set_line_width(0.5)
        self.line(self.l_margin, self.get_y(), self.l_margin + sum(self.WIDTHS), self.get_y())
        self.set_line_width(0.2)
        final = finished["final"]
        words = [
            f"Runde {finished['number']}: {finished['winner']} gewinnt {final['A']}:{final['B']}",
            *(
                f"{ROUND_MARKS[event]} {team}"
                for event, team in _events(game)
                if event in ROUND_MARKS
            ),
        ]
        self.set_font(self.family, "B", 9)
        self.write_cell(sum(self.WIDTHS), " · ".join(words))
        self.ln(self.ROW + 1)
        self.set_font(self.family, size=9)

    def standing(self, state: Mapping[str, Any]) -> None:
        """Print where the evening stands: score, Knoddel, Steine and a coming Gehampelter."""
        current = state["current"]
        lines = [
            f"Runde {current['round']}: A {current['score']['A']} : B {current['score']['B']}",
            f"Knoddel: A {current['knoddels']['A']} · B {current['knoddels']['B']}",
            f"Steine: A {current['steins']['A']} · B {current['steins']['B']}",
        ]
        if current["decider"]:
            lines.append("Die nächste Runde ist der Gehampelter.")
        self.ln(3)
        self.make_room(len(lines) * 6, heads=False)
        self.set_font(self.family, "B", 11)
        for line in lines:
            self.cell(0, 6, self.text_of(line), new_x="LMARGIN", new_y="NEXT")
