"""A Paarturnier's results list: the final ranking, the group tables and the knock-out.

CSV in three blocks (ranking, groups, knock-out matches), each with its header row; JSON
as the API's results list; a PDF to pin up in the hall, in German as the Preisbauer's.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any

from bauerblock.exports.common import Cell, Page, defuse, german_date
from bauerblock.store.tournament_pairs import StoredPairs, document

STAGE_NAMES = {
    "group": "Gruppe",
    "round_of_64": "Runde der letzten 64",
    "round_of_32": "Sechzehntelfinale",
    "round_of_16": "Achtelfinale",
    "quarterfinal": "Viertelfinale",
    "semifinal": "Halbfinale",
    "final": "Finale",
}
"""Each stage's German name, as the paper tables say it."""
THIRD_PLACE = "Spiel um Platz 3"


def pair_label(names: Sequence[str]) -> str:
    """Return a pair as the hall writes it: "Bernd / Uwe"."""
    return " / ".join(names)


def results_of(stored: StoredPairs) -> dict[str, Any]:
    """Return the parts of the results list: the state with each pair's names by number."""
    state = document(stored)
    state["names"] = {pair["number"]: pair["names"] for pair in state["pairs"]}
    return state


def knockout_matches(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Return every knock-out match drawn, in order, with its draw's stage."""
    return [
        {**table, "draw": made["number"], "stage": made["stage"]}
        for made in state["draws"]
        if made["stage"] != "group"
        for table in made["tables"]
    ]


def pairs_csv(stored: StoredPairs) -> str:
    """Return the results list as CSV: the ranking, then the groups, then the knock-out."""
    state = results_of(stored)
    names = state["names"]
    out = io.StringIO()
    writer = csv.writer(out)

    def rows(header: list[str], lines: list[list[Cell]]) -> None:
        writer.writerow(header)
        for line in lines:
            writer.writerow(defuse(cell) for cell in line)

    rows(
        ["place", "pair", "names", "stage"],
        [
            [line["place"], line["pair"], pair_label(line["names"]), line["stage"]]
            for line in state["standings"]
        ],
    )
    writer.writerow([])
    rows(
        [
            "group",
            "place",
            "pair",
            "names",
            "matches_played",
            "matches_won",
            "round_difference",
            "score_difference",
            "lot",
        ],
        [
            [
                group["name"],
                line["place"],
                line["pair"],
                pair_label(names[line["pair"]]),
                line["matches_played"],
                line["matches_won"],
                line["round_difference"],
                line["score_difference"],
                "Los" if line["lot"] else "",
            ]
            for group in state["groups"]
            for line in group["standings"]
        ],
    )
    writer.writerow([])
    rows(
        ["draw", "stage", "table", "pair_1", "pair_2", "rounds_1", "rounds_2", "winner"],
        [
            [
                match["draw"],
                "third_place" if match["third_place"] else match["stage"],
                match["number"],
                pair_label(names[match["pairs"][0]]),
                pair_label(names[match["pairs"][1]]),
                *match["rounds_won"],
                "" if match["winner"] is None else pair_label(names[match["winner"]]),
            ]
            for match in knockout_matches(state)
        ],
    )
    return out.getvalue()


def pairs_json(stored: StoredPairs) -> dict[str, Any]:
    """Return the results list: the final ranking, the groups and the bracket."""
    state = document(stored)
    return {
        "id": state["id"],
        "kind": state["kind"],
        "title": state["title"],
        "created": state["created"],
        "format": state["format"],
        "draws": len(state["draws"]),
        "results": state["standings"],
        "groups": state["groups"],
        "bracket": state["bracket"],
        "corrections": state["corrections"],
    }


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
        self.state = results_of(stored)
        self.heading()

    def heading(self) -> None:
        """Print the title, the format and the date."""
        state = self.state
        format = state["format"]
        self.set_font(self.family, "B", 18)
        self.cell(0, 9, self.text_of(state["title"]), new_x="LMARGIN", new_y="NEXT")
        self.set_font(self.family, size=10)
        line = (
            f"Paarturnier · {len(state['pairs'])} Paare · {len(state['groups'])} Gruppen · "
            f"bis {format['rounds_to_win']} gewonnene Runden · "
            f"Regeln: {state['rules']['preset']} · {german_date(state['created'])}"
        )
        self.cell(0, 6, self.text_of(line), new_x="LMARGIN", new_y="NEXT")
        self.ln(3)

    def section(self, title: str, heads: list[tuple[float, str, str]]) -> None:
        """Print a section's title and its column heads."""
        if self.will_page_break(3 * self.ROW):
            self.add_page()
        self.set_font(self.family, "B", 12)
        self.cell(0, 8, self.text_of(title), new_x="LMARGIN", new_y="NEXT")
        self.set_font(self.family, "B", 9)
        self.set_fill_color(230)
        for width, text, align in heads:
            self.write_cell(width, text, align=align, fill=True)
        self.ln(self.ROW)
        self.set_font(self.family, size=9)

    def row(self, cells: list[tuple[float, str, str]]) -> None:
        if self.will_page_break(self.ROW):
            self.add_page()
        for width, text, align in cells:
            self.write_cell(width, text, align=align)
        self.ln(self.ROW)

    def ranking(self) -> None:
        """Print the final ranking: a shared place on every line that shares it."""
        self.section(
            "Endstand",
            [(self.PLACE, "Platz", "R"), (self.NAMES, "Paar", "L"), (self.STAGE, "Erreicht", "L")],
        )
        for line in self.state["standings"]:
            self.row(
                [
                    (self.PLACE, f"{line['place']}.", "R"),
                    (self.NAMES, pair_label(line["names"]), "L"),
                    (self.STAGE, STAGE_NAMES[line["stage"]], "L"),
                ]
            )

    def groups(self) -> None:
        """Print each group's table: place, pair, matches, round and score difference."""
        names = self.state["names"]
        for group in self.state["groups"]:
            self.ln(2)
            self.section(
                f"Gruppe {group['name']}",
                [
                    (self.PLACE, "Platz", "R"),
                    (self.NAMES, "Paar", "L"),
                    (self.NUMBER, "Sp.", "R"),
                    (self.NUMBER, "Siege", "R"),
                    (self.NUMBER, "Runden", "R"),
                    (self.NUMBER, "Diff.", "R"),
                ],
            )
            for line in group["standings"]:
                lot = " (Los)" if line["lot"] else ""
                self.row(
                    [
                        (self.PLACE, f"{line['place']}.", "R"),
                        (self.NAMES, pair_label(names[line["pair"]]) + lot, "L"),
                        (self.NUMBER, str(line["matches_played"]), "R"),
                        (self.NUMBER, str(line["matches_won"]), "R"),
                        (self.NUMBER, f"{line['round_difference']:+d}", "R"),
                        (self.NUMBER, f"{line['score_difference']:+d}", "R"),
                    ]
                )

    def knockout(self) -> None:
        """Print the knock-out's matches, round by round, the winner first."""
        matches = knockout_matches(self.state)
        if not matches:
            return
        names = self.state["names"]
        self.ln(2)
        self.section(
            "K.-o.-Runden",
            [(self.STAGE, "Runde", "L"), (self.NAMES, "Spiel", "L"), (self.NUMBER, "Runden", "R")],
        )
        for match in matches:
            one, two = (pair_label(names[pair]) for pair in match["pairs"])
            stage = THIRD_PLACE if match["third_place"] else STAGE_NAMES[match["stage"]]
            won = match["rounds_won"]
            self.row(
                [
                    (self.STAGE, stage, "L"),
                    (self.NAMES, f"{one} – {two}", "L"),
                    (self.NUMBER, f"{won[0]}:{won[1]}", "R"),
                ]
            )
