"""Exports of a sheet for after the evening: CSV, JSON and a PDF like the paper pad.

Each function takes a stored sheet and its replayed state (`store.replay(sheet)`). What
differs between the games is one `Layout` per game: its CSV columns, the columns of the
pad, the line ruled under a game that closes something (a round, a Nullchen, the limit)
and the closing standing. Everything else is shared.
"""

import csv
import io
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from bauerblock.engine.bolachen import CONTRACT_NAMES, SUIT_NAMES, euros
from bauerblock.engine.stats import evening_stats
from bauerblock.engine.teams import TEAMS
from bauerblock.exports.common import Cell, Page, defuse, download_name, german_date
from bauerblock.exports.pdf_summary import summary_page
from bauerblock.store.sheets import Sheet, document

OTHER = {"A": "B", "B": "A"}
# Events that belong to the round's winner; a Knoddel goes to its loser.
WINNER_EVENTS = frozenset({"round_won", "stein", "carry_over"})

# The events a round line names besides the winner, in German.
ROUND_MARKS = {"knoddel": "Knoddel", "stein": "Stein"}

Game = Mapping[str, Any]
State = Mapping[str, Any]


# --- The columns of each game ------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """A column of the CSV: its name in the header row and its cell for a game."""

    name: str
    cell: Callable[..., Cell]
    """Called with the game alone (a lambda binds its team or seat as a default, `t=t`)."""


@dataclass(frozen=True)
class PadColumn:
    """A column of the PDF pad: its head, its width in mm, its text for a game.

    Columns sharing a `group` get a head above theirs and are ruled apart, as a team's or
    a player's columns are on paper.
    """

    head: str
    width: float
    text: Callable[..., str]
    """Called with the game alone, as `Column.cell`."""
    align: str = "C"
    group: str | None = None


@dataclass(frozen=True)
class Layout:
    """How a game's sheet is exported."""

    csv: tuple[Column, ...]
    pad: tuple[PadColumn, ...]
    sides: tuple[tuple[str, str], ...]
    """The heading's lines: a label and the players it stands for."""
    rules: str
    closing: Callable[[Game], str | None]
    """The bold line ruled under a game that closes something, or None."""
    standing: Callable[[State], list[str]]
    """Where the evening stands, printed after the games."""


def layout(sheet: Sheet) -> Layout:
    """Return the layout of the sheet's game."""
    return LAYOUTS[sheet.game](sheet)


def _dealer(sheet: Sheet) -> Callable[[Game], str]:
    return lambda game: sheet.players[game["dealer"]]


def _team_sides(sheet: Sheet) -> tuple[tuple[str, str], ...]:
    return tuple((team, " & ".join(sheet.players[i::2])) for i, team in enumerate(TEAMS))


def _blank(value: int | None) -> Cell:
    return "" if value is None else value


def _events_cell(game: Game) -> str:
    return "; ".join(" ".join(filter(None, pair)) for pair in _events(game))


# Bauerchen: home, the entry as a table writes it, points and running score per team.


def _bauerchen(sheet: Sheet) -> Layout:
    def card_points(team: str) -> Callable[[Game], Cell]:
        return lambda game: (game["entry"].get("card_points") or {}).get(team, "")

    def result(game: Game) -> str:
        result = game["entry"].get("result")
        return f"{result['winner']} {result['band']}" if result else ""

    def solo(game: Game) -> str:
        solo = game["entry"].get("solo")
        return f"{solo['team']} {'won' if solo['won'] else 'lost'}" if solo else ""

    def melds(game: Game) -> str:
        return "; ".join(f"{m['team']} {m['kind']}" for m in game["entry"].get("melds") or [])

    def closing(game: Game) -> str | None:
        if not game["round_winner"]:
            return None
        # The game that wins a round shows the score the round ended on.
        final = game["score_after"]
        marks = [f"{ROUND_MARKS[e]} {team}" for e, team in _events(game) if e in ROUND_MARKS]
        won = f"Runde {game['round']}: {game['round_winner']} gewinnt {final['A']}:{final['B']}"
        return " · ".join([won, *marks])

    def standing(state: State) -> list[str]:
        current = state["current"]
        lines = [
            f"Runde {current['round']}: A {current['score']['A']} : B {current['score']['B']}",
            f"Knoddel: A {current['knoddels']['A']} · B {current['knoddels']['B']}",
            f"Steine: A {current['steins']['A']} · B {current['steins']['B']}",
        ]
        if current["decider"]:
            lines.append("Die nächste Runde ist der Gehampelter.")
        return lines

    return Layout(
        csv=(
            Column("number", lambda game: game["number"]),
            Column("round", lambda game: game["round"]),
            Column("dealer", _dealer(sheet)),
            Column("home", lambda game: game["home"]),
            *(Column(f"card_points_{team}", card_points(team)) for team in TEAMS),
            Column("result", result),
            Column("solo", solo),
            Column("melds", melds),
            Column("spritz", lambda game: game["entry"].get("spritz", 0)),
            *(Column(f"points_{t}", lambda game, t=t: game["points"][t]) for t in TEAMS),
            *(Column(f"score_{t}", lambda game, t=t: game["score_after"][t]) for t in TEAMS),
            Column("events", _events_cell),
        ),
        pad=(
            PadColumn("Nr", 9, lambda game: str(game["number"])),
            PadColumn("Geber", 32, _dealer(sheet), "L"),
            PadColumn("Haus", 11, lambda game: game["home"]),
            PadColumn("Spiel", 66, lambda game: _bauerchen_entry(game["entry"]), "L"),
            # Like on paper: a team that scored nothing gets no number.
            *(
                PadColumn(t, 15, lambda game, t=t: str(game["points"][t] or ""), group="Punkte")
                for t in TEAMS
            ),
            *(
                PadColumn(t, 16, lambda game, t=t: str(game["score_after"][t]), group="Stand")
                for t in TEAMS
            ),
        ),
        sides=_team_sides(sheet),
        rules=str(sheet.rules.to_dict().get("preset", "")),
        closing=closing,
        standing=standing,
    )


def _bauerchen_entry(entry: Mapping[str, Any]) -> str:
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


# Bauerschspiel: the winner, the board after the game, and the Nullchen.


def _bauerschspiel(sheet: Sheet) -> Layout:
    start = sheet.rules.to_dict()["strokes"]

    def board(count: int) -> str:
        return f"{count} {'+' * count}" if count else "0"

    def closing(game: Game) -> str | None:
        if not game["nullchen"]:
            return None
        return f"Runde {game['round']}: Nullchen für {game['nullchen']} · neu bei {start} : {start}"

    def standing(state: State) -> list[str]:
        current = state["current"]
        strokes, nullchen = current["strokes"], current["nullchen"]
        return [
            f"Runde {current['round']}: Striche A {strokes['A']} · B {strokes['B']}",
            f"Nullchen: A {nullchen['A']} · B {nullchen['B']}",
        ]

    return Layout(
        csv=(
            Column("number", lambda game: game["number"]),
            Column("round", lambda game: game["round"]),
            Column("dealer", _dealer(sheet)),
            Column("winner", lambda game: game["winner"]),
            *(Column(f"strokes_{t}", lambda game, t=t: game["strokes_after"][t]) for t in TEAMS),
            Column("nullchen", lambda game: game["nullchen"] or ""),
            *(Column(f"nullchen_{t}", lambda game, t=t: game["nullchen_after"][t]) for t in TEAMS),
            Column("events", _events_cell),
        ),
        pad=(
            PadColumn("Nr", 9, lambda game: str(game["number"])),
            PadColumn("Geber", 40, _dealer(sheet), "L"),
            PadColumn("Sieger", 19, lambda game: game["winner"]),
            *(
                PadColumn(t, 42, lambda game, t=t: board(game["strokes_after"][t]), "L", "Striche")
                for t in TEAMS
            ),
            PadColumn("", 28, lambda game: game["nullchen"] or "", group="Nullchen"),
        ),
        sides=_team_sides(sheet),
        rules=f"{sheet.rules.to_dict()['preset']}, {start} Striche",
        closing=closing,
        standing=standing,
    )


# Bolachen: declarer and contract, then points (or euros) and running totals per player.


def _bolachen(sheet: Sheet) -> Layout:
    rules = sheet.rules.to_dict()
    hard = rules["tariff"] is not None
    seats = range(len(sheet.players))
    # Totals are cents under the hard score: the CSV gives euros, the pad writes 1,20.
    suffix = "_eur" if hard else ""

    def amount(cents_or_points: int) -> Cell:
        return Decimal(cents_or_points).scaleb(-2) if hard else cents_or_points

    def written(value: int, *, signed: bool) -> str:
        if hard:
            text = euros(value).removesuffix(" €")
            return f"+{text}" if signed and value > 0 else text
        return f"{value:+d}" if signed and value else str(value)

    def bid(game: Game) -> str:
        name = CONTRACT_NAMES[game["contract"]]
        return f"{name} {SUIT_NAMES[game['trump']]}" if game["trump"] else name

    def deal(game: Game) -> str:
        return f"{bid(game)} {'gewonnen' if game['won'] else 'verloren'}"

    def limit_text() -> str:
        return written(rules["limit"], signed=False) + (" €" if hard else "")

    def closing(game: Game) -> str | None:
        if "limit_reached" not in game["events"]:
            return None
        leaders = [sheet.players[s] for s in seats if game["totals_after"][s] >= rules["limit"]]
        return f"Limit {limit_text()} erreicht: {' & '.join(leaders)} · Ende des Abends"

    def standing(state: State) -> list[str]:
        totals = state["current"]["totals"]
        unit = " €" if hard else ""
        line = " · ".join(
            f"{sheet.players[s]} {written(totals[s], signed=False)}{unit}" for s in seats
        )
        lines = [f"Stand: {line}"]
        if state["current"]["limit_reached"]:
            lines.append(f"Das Limit von {limit_text()} ist erreicht: der Abend ist zu Ende.")
        return lines

    money = " (€)" if hard else ""
    rules_text = rules["preset"]
    if hard:
        rules_text += f", {euros(rules['tariff'])} je Einheit"
    if rules["mord_pays_five"]:
        rules_text += ", Mord zahlt 5"
    if rules["limit"]:
        rules_text += f", Limit {limit_text()}"
    return Layout(
        csv=(
            Column("number", lambda game: game["number"]),
            Column("dealer", _dealer(sheet)),
            Column("declarer", lambda game: sheet.players[game["declarer"]]),
            Column("contract", lambda game: game["contract"]),
            Column("trump", lambda game: game["trump"] or ""),
            Column("tricks", lambda game: _blank(game["tricks"])),
            Column("won", lambda game: "won" if game["won"] else "lost"),
            Column("value", lambda game: game["value"]),
            *(
                Column(f"points_{s}{suffix}", lambda game, s=s: amount(game["points"][s]))
                for s in seats
            ),
            *(
                Column(f"total_{s}{suffix}", lambda game, s=s: amount(game["totals_after"][s]))
                for s in seats
            ),
            Column("events", _events_cell),
        ),
        pad=(
            PadColumn("Nr", 9, lambda game: str(game["number"])),
            PadColumn("Geber", 20, _dealer(sheet), "L"),
            PadColumn("Spieler", 20, lambda game: sheet.players[game["declarer"]], "L"),
            PadColumn("Spiel", 41, deal, "L"),
            PadColumn("Stiche", 14, lambda game: str(_blank(game["tricks"]))),
            # The six seat columns share the 76 mm left of the 180.
            *(
                PadColumn(
                    sheet.players[s],
                    38 / 3,
                    lambda game, s=s: written(game["points"][s], signed=True),
                    group=f"Spiel{money}",
                )
                for s in seats
            ),
            *(
                PadColumn(
                    sheet.players[s],
                    38 / 3,
                    lambda game, s=s: written(game["totals_after"][s], signed=False),
                    group=f"Stand{money}",
                )
                for s in seats
            ),
        ),
        sides=(("Spieler", " · ".join(sheet.players)),),
        rules=rules_text,
        closing=closing,
        standing=standing,
    )


LAYOUTS: dict[str, Callable[[Sheet], Layout]] = {
    "bauerchen": _bauerchen,
    "bauerschspiel": _bauerschspiel,
    "bolachen": _bolachen,
}


# --- The exports -------------------------------------------------------------------------


def csv_header(sheet: Sheet) -> tuple[str, ...]:
    """Return the CSV's header row for the sheet's game."""
    return tuple(column.name for column in layout(sheet).csv)


def to_csv(sheet: Sheet, state: State) -> str:
    """Return one CSV row per game, after a header row."""
    columns = layout(sheet).csv
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(column.name for column in columns)
    for game in state["games"]:
        writer.writerow(defuse(column.cell(game)) for column in columns)
    return out.getvalue()


def to_json(sheet: Sheet, state: State) -> dict[str, Any]:
    """Return the whole sheet as the API's GET answers it."""
    return document(sheet, state)


def to_pdf(sheet: Sheet, state: State) -> bytes:
    """Return the sheet as an A4 PDF: title, sides, games, closing lines and the standing,
    then a summary page with the evening's statistics and charts."""
    pad = _Pad(sheet.title, layout(sheet))
    pad.heading(sheet)
    pad.games(state)
    pad.standing(state)
    summary_page(pad, sheet.players, evening_stats(sheet.game, sheet.rules, state["games"]))
    return bytes(pad.output())


def filename(sheet: Sheet, ext: str) -> str:
    """Return an ASCII download name of the title and the date, e.g. Stammtisch-2026-11-29.csv."""
    return download_name(sheet.title, sheet.created, sheet.game.capitalize(), ext)


def _events(game: Game) -> Iterator[tuple[str, str | None]]:
    """Yield each event of a game with the team it is for, where it is for one."""
    winner = game.get("round_winner")
    for event in game["events"]:
        if event in WINNER_EVENTS:
            yield event, winner
        elif event == "knoddel" and winner:
            yield event, OTHER[winner]
        elif event == "home_changed":
            yield event, game["home"]
        elif event == "nullchen":
            yield event, game["nullchen"]
        else:
            yield event, None


class _Pad(Page):
    """An A4 page ruled like the game's paper pad."""

    def __init__(self, title: str, layout: Layout) -> None:
        super().__init__(title)
        self.layout = layout
        self.columns = layout.pad
        self.width = sum(column.width for column in self.columns)

    def heading(self, sheet: Sheet) -> None:
        """Print the title, the game, its rules, the date, and who played on which side."""
        self.set_font(self.family, "B", 18)
        self.cell(0, 9, self.text_of(sheet.title), new_x="LMARGIN", new_y="NEXT")
        self.set_font(self.family, size=10)
        line = (
            f"{sheet.game.capitalize()} · Regeln: {self.layout.rules} · "
            f"{german_date(sheet.created)}"
        )
        self.cell(0, 6, self.text_of(line), new_x="LMARGIN", new_y="NEXT")
        self.ln(2)
        self.set_font(self.family, "B", 11)
        label_width = max(12, *(self.get_string_width(label) + 4 for label, _ in self.layout.sides))
        for label, names in self.layout.sides:
            self.set_font(self.family, "B", 11)
            self.cell(label_width, 6, label)
            self.set_font(self.family, size=11)
            self.cell(0, 6, self.text_of(names), new_x="LMARGIN", new_y="NEXT")
        self.ln(3)

    def table_header(self) -> None:
        """Print the group heads and the column heads (again at the top of each page)."""
        self.set_font(self.family, "B", 9)
        self.set_fill_color(230)
        for group, width in _runs(self.columns):
            if group is None:
                self.cell(width, self.ROW, "", fill=True)
            else:
                self.write_cell(width, group, align="C", border="L", fill=True)
        self.ln(self.ROW)
        for column in self.columns:
            self.write_cell(
                column.width,
                column.head,
                align=column.align,
                border=self._rule(column),
                fill=True,
            )
        self.ln(self.ROW)
        self.set_font(self.family, size=9)

    @staticmethod
    def _rule(column: PadColumn) -> str:
        return "L" if column.group else ""

    def make_room(self, height: float, *, heads: bool = True) -> None:
        """Start a new page, with column heads, if `height` no longer fits on this one."""
        if self.will_page_break(height):
            self.add_page()
            if heads:
                self.table_header()

    def games(self, state: State) -> None:
        """Print a row per game, and a ruled line under a game that closes something."""
        self.table_header()
        for game in state["games"]:
            self.make_room(self.ROW)
            for column in self.columns:
                self.write_cell(
                    column.width, column.text(game), align=column.align, border=self._rule(column)
                )
            self.ln(self.ROW)
            closing = self.layout.closing(game)
            if closing:
                self.closing_line(closing)

    def closing_line(self, text: str) -> None:
        """Rule off a round (or a board, or the evening) under its last game and name it."""
        self.make_room(self.ROW + 1)
        self.set_line_width(0.5)
        self.line(self.l_margin, self.get_y(), self.l_margin + self.width, self.get_y())
        self.set_line_width(0.2)
        self.set_font(self.family, "B", 9)
        self.write_cell(self.width, text)
        self.ln(self.ROW + 1)
        self.set_font(self.family, size=9)

    def standing(self, state: State) -> None:
        """Print where the evening stands."""
        lines = self.layout.standing(state)
        self.ln(3)
        self.make_room(len(lines) * 6, heads=False)
        self.set_font(self.family, "B", 11)
        for line in lines:
            self.cell(0, 6, self.text_of(line), new_x="LMARGIN", new_y="NEXT")


def _runs(columns: Sequence[PadColumn]) -> Iterator[tuple[str | None, float]]:
    """Yield each run of neighbouring columns of one group, with its width."""
    group: str | None = None
    width = 0.0
    for index, column in enumerate(columns):
        if index and column.group != group:
            yield group, width
            width = 0.0
        group = column.group
        width += column.width
    if columns:
        yield group, width
