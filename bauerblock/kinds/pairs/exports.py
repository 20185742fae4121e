"""A Paarturnier's results list (`EXPORT`): the final ranking, the group tables and the
knock-out.

CSV in three blocks (ranking, groups, knock-out matches), each with its header row (the
API's in codes, the pages' in words); JSON
as the API's results list; a PDF to pin up in the hall, in the current language as the
Preisbauer's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext, ngettext
from fpdf.enums import MethodReturnValue

from bauerblock.exports.common import Page, written_date
from bauerblock.exports.kinds import Block, TournamentExport, block_csvs, rules_line
from bauerblock.kinds.pairs import engine
from bauerblock.kinds.pairs.stages import reached_names
from bauerblock.kinds.pairs.store import StoredPairs

Row = list[tuple[float, str, str]]
"""A row of the PDF: each cell's width in mm, its text and its alignment."""


def pair_label(names: Sequence[str]) -> str:
    """Return a pair as the hall writes it: "Bernd / Uwe"."""
    return " / ".join(names)


@dataclass(frozen=True)
class KnockoutLine:
    """A knock-out match drawn: its draw and stage, table, pairs, rounds won, winner."""

    draw: int
    stage: engine.Stage
    match: engine.Match
    rounds_won: tuple[int, int]
    winner: int | None
    """The winning pair's number (None: undecided)."""


@dataclass(frozen=True)
class Results:
    """The parts of the results list, as the engine computes them from the stored state."""

    names: dict[int, tuple[str, str]]
    ranking: tuple[engine.FinalPlace, ...]
    groups: tuple[tuple[engine.Group, tuple[engine.GroupStanding, ...]], ...]
    knockout: tuple[KnockoutLine, ...]
    """Every knock-out match drawn, in order."""


def results_of(stored: StoredPairs) -> Results:
    """Return the parts of the results list: ranking, groups with standings, knock-out."""
    tournament, results = stored.tournament, stored.results
    lines = engine.group_standings(tournament, results)
    knockout = []
    for made in tournament.draws:
        if made.stage is engine.Stage.GROUP:
            continue
        for match in made.matches:
            result = engine.result_of(results, made, match)
            winner = engine.winner_of(tournament, results, made, match)
            knockout.append(KnockoutLine(made.number, made.stage, match, result.rounds, winner))
    return Results(
        names={pair.number: pair.names for pair in tournament.pairs},
        ranking=engine.standings(tournament, results),
        groups=tuple((group, lines[group.name]) for group in engine.groups_of(tournament)),
        knockout=tuple(knockout),
    )


RANKING = (
    ("place", lazy_gettext("Platz")),
    ("pair", lazy_gettext("Nr.")),
    ("names", lazy_gettext("Paar")),
    ("stage", lazy_gettext("Erreicht")),
)
GROUPS = (
    ("group", lazy_gettext("Gruppe")),
    ("place", lazy_gettext("Platz")),
    ("pair", lazy_gettext("Nr.")),
    ("names", lazy_gettext("Paar")),
    ("matches_played", lazy_gettext("Partien")),
    ("matches_won", lazy_gettext("Partien gewonnen")),
    ("round_difference", lazy_gettext("Rundendifferenz")),
    ("score_difference", lazy_gettext("Spielstanddifferenz")),
    ("lot", lazy_gettext("Platz ausgelost")),
)
KNOCKOUT = (
    ("draw", lazy_gettext("Auslosung")),
    ("stage", lazy_gettext("Runde")),
    ("table", lazy_gettext("Tisch")),
    ("pair_1", lazy_gettext("Paar 1")),
    ("pair_2", lazy_gettext("Paar 2")),
    ("rounds_1", lazy_gettext("Runden Paar 1")),
    ("rounds_2", lazy_gettext("Runden Paar 2")),
    ("winner", lazy_gettext("Sieger")),
)
"""The CSV's three blocks' columns: the API's name of each (its contract) and the pages'."""


def _blocks(stored: StoredPairs, words: bool) -> list[Block]:
    """Return the CSV's blocks: the ranking, the groups, the knock-out; the stages and the
    lot as codes for the API, in the current language's `words` for the pages."""
    parts = results_of(stored)
    names = parts.names
    reached = reached_names() if words else {}

    def stage(code: str) -> str:
        return reached.get(code, code)

    def drawn(line: engine.GroupStanding) -> str:
        return "" if not line.lot else _("ja") if words else "Los"

    def knockout_stage(line: KnockoutLine) -> str:
        if line.match.third_place:
            return _("Spiel um Platz 3") if words else "third_place"
        return stage(line.stage.value)

    return [
        (
            RANKING,
            [
                [line.place, line.pair, pair_label(names[line.pair]), stage(line.stage.value)]
                for line in parts.ranking
            ],
        ),
        (
            GROUPS,
            [
                [
                    group.name,
                    line.place,
                    line.pair,
                    pair_label(names[line.pair]),
                    line.record.matches_played,
                    line.record.matches_won,
                    line.record.round_difference,
                    line.record.score_difference,
                    drawn(line),
                ]
                for group, lines in parts.groups
                for line in lines
            ],
        ),
        (
            KNOCKOUT,
            [
                [
                    line.draw,
                    knockout_stage(line),
                    line.match.table,
                    pair_label(names[line.match.pairs[0]]),
                    pair_label(names[line.match.pairs[1]]),
                    *line.rounds_won,
                    "" if line.winner is None else pair_label(names[line.winner]),
                ]
                for line in parts.knockout
            ],
        ),
    ]


def pairs_json(stored: StoredPairs) -> dict[str, Any]:
    """Return the results list: the final ranking, the groups and the bracket."""
    tournament, results = stored.tournament, stored.results
    parts = results_of(stored)
    return {
        "id": stored.id,
        "kind": stored.kind,
        "title": stored.title,
        "created": stored.created,
        "format": tournament.format.to_dict(),
        "draws": len(tournament.draws),
        "results": ranking_json(parts),
        "groups": groups_json(parts),
        "bracket": [round_.to_dict() for round_ in engine.knockout(tournament, results)],
        "corrections": [correction.to_dict() for correction in stored.corrections],
    }


def ranking_json(parts: Results) -> list[dict[str, Any]]:
    """Return the final ranking as JSON (provisional until the final), each pair with its
    names, and its `name` as the hall writes it (as a Preisbauer's line names its player: the
    results list's and the API's state's)."""
    return [
        {
            **line.to_dict(),
            "name": pair_label(parts.names[line.pair]),
            "names": list(parts.names[line.pair]),
        }
        for line in parts.ranking
    ]


def groups_json(parts: Results) -> list[dict[str, Any]]:
    """Return each group as JSON with its pairs and its standings (a place by lot says so)."""
    return [
        {
            "name": group.name,
            "pairs": list(group.pairs),
            "standings": [line.to_dict() for line in lines],
        }
        for group, lines in parts.groups
    ]


def pairs_pdf(stored: StoredPairs) -> bytes:
    """Return the results list as an A4 PDF."""
    page = _PairsPage(stored)
    page.ranking()
    page.groups()
    page.knockout()
    return bytes(page.output())


class _PairsPage(Page):
    """The ranking, each group's table, then the knock-out's matches."""

    PLACE, NAMES, STAGE, NUMBER = 14.0, 90.0, 40.0, 16.0

    def __init__(self, stored: StoredPairs) -> None:
        super().__init__(stored.title)
        self.parts = results_of(stored)
        pairs, groups = len(self.parts.names), len(self.parts.groups)
        wins = stored.tournament.format.rounds_to_win
        said = (
            _("Paarturnier"),
            ngettext("%(n)s Paar", "%(n)s Paare", pairs, n=pairs),
            ngettext("%(n)s Gruppe", "%(n)s Gruppen", groups, n=groups),
            ngettext("bis %(n)s gewonnene Runde", "bis %(n)s gewonnene Runden", wins, n=wins),
            written_date(stored.created),
        )
        self.put_heading(stored.title, " · ".join(said), rules_line(stored))
        self.ln(3)

    def lines_of(self, width: float, text: str) -> list[str]:
        """Return `text` broken into the lines it takes in a column `width` wide (at spaces,
        so a name is never cut in the middle)."""
        lines = self.multi_cell(
            width, self.ROW, self.text_of(text), dry_run=True, output=MethodReturnValue.LINES
        )
        assert isinstance(lines, list)  # what output=LINES returns
        return lines or [""]

    def height_of(self, cells: Row) -> float:
        """Return how tall a row of `cells` prints: its tallest cell's lines."""
        return self.ROW * max(len(self.lines_of(width, text)) for width, text, _ in cells)

    def section(self, title: str, heads: Row, rows: list[Row]) -> None:
        """Print a section's title, its column heads and its rows, kept on one page where
        they fit on one; else broken between rows, never inside one, with at least three
        rows after the heads."""
        self.set_font(self.family, size=9)
        heights = [self.height_of(cells) for cells in rows]
        whole = 8 + self.ROW + sum(heights)
        start = 8 + self.ROW + sum(heights[:3])
        fits_a_page = whole <= self.eph
        if self.will_page_break(whole if fits_a_page else start):
            self.add_page()
        self.set_font(self.family, "B", 12)
        self.cell(0, 8, self.text_of(title), new_x="LMARGIN", new_y="NEXT")
        self.set_font(self.family, "B", 9)
        self.set_fill_color(230)
        for width, text, align in heads:
            self.write_cell(width, text, align=align, fill=True)
        self.ln(self.ROW)
        self.set_font(self.family, size=9)
        for cells, height in zip(rows, heights, strict=True):
            self.row(cells, height)

    def row(self, cells: Row, height: float) -> None:
        """Print a row `height` tall, each cell's text wrapped in its column."""
        if self.will_page_break(height):
            self.add_page()
        top, x = self.get_y(), self.l_margin
        for width, text, align in cells:
            self.set_xy(x, top)
            self.multi_cell(width, self.ROW, self.text_of(text), align=align)
            x += width
        self.set_xy(self.l_margin, top + height)

    def ranking(self) -> None:
        """Print the final ranking: a shared place on every line that shares it."""
        self.section(
            _("Endstand"),
            [
                (self.PLACE, _("Platz"), "R"),
                (self.NAMES, _("Paar"), "L"),
                (self.STAGE, _("Erreicht"), "L"),
            ],
            [
                [
                    (self.PLACE, f"{line.place}.", "R"),
                    (self.NAMES, pair_label(self.parts.names[line.pair]), "L"),
                    (self.STAGE, reached_names()[line.stage], "L"),
                ]
                for line in self.parts.ranking
            ],
        )

    def groups(self) -> None:
        """Print each group's table: place, pair, matches, round and score difference."""
        names = self.parts.names
        for group, lines in self.parts.groups:
            self.ln(2)
            self.section(
                _("Gruppe %(g)s", g=group.name),
                [
                    (self.PLACE, _("Platz"), "R"),
                    (self.NAMES, _("Paar"), "L"),
                    (self.NUMBER, _("Sp."), "R"),
                    (self.NUMBER, _("Siege"), "R"),
                    (self.NUMBER, _("Runden"), "R"),
                    (self.NUMBER, _("Diff."), "R"),
                ],
                [
                    [
                        (self.PLACE, f"{line.place}.", "R"),
                        # A place drawn by lot says so, as the paper writes it.
                        (
                            self.NAMES,
                            pair_label(names[line.pair])
                            + (" (" + _("Los") + ")" if line.lot else ""),
                            "L",
                        ),
                        (self.NUMBER, str(line.record.matches_played), "R"),
                        (self.NUMBER, str(line.record.matches_won), "R"),
                        (self.NUMBER, f"{line.record.round_difference:+d}", "R"),
                        (self.NUMBER, f"{line.record.score_difference:+d}", "R"),
                    ]
                    for line in lines
                ],
            )

    def knockout(self) -> None:
        """Print the knock-out's matches, round by round, the winner first."""
        matches = self.parts.knockout
        if not matches:
            return
        names = self.parts.names
        self.ln(2)
        self.section(
            _("K.-o.-Runden"),
            [
                (self.STAGE, _("Runde"), "L"),
                (self.NAMES, _("Spiel"), "L"),
                (self.NUMBER, _("Runden"), "R"),
            ],
            [
                [
                    (
                        self.STAGE,
                        _("Spiel um Platz 3")
                        if match.match.third_place
                        else reached_names()[match.stage],
                        "L",
                    ),
                    (
                        self.NAMES,
                        " – ".join(pair_label(names[p]) for p in match.match.pairs),
                        "L",
                    ),
                    (self.NUMBER, "{}:{}".format(*match.rounds_won), "R"),
                ]
                for match in matches
            ],
        )


EXPORT = TournamentExport[StoredPairs](
    kind=StoredPairs.kind,
    name="Paarturnier",
    **block_csvs(_blocks),
    json=pairs_json,
    pdf=pairs_pdf,
)
