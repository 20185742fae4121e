"""Which of a tournament's names its reader sees.

A tournament of a series names its series players as the series lets it: a forgotten
player's name is gone from every row (the roster and the pairs keep an empty name, the
series its number), and a hidden player's shows to the organiser only. The store keeps no
words: the reader's face says what stands for the name (`Names.stand_in`, "Spieler 17" or
"Player 17"), and the tournament is read with it once (`load_tournament`), so every page,
download and answer built from it shows the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeVar

from sqlite_utils import Database

from bauerblock.store.sheets import SheetHead

FORGOTTEN = ""
"""What a roster or a pair keeps where a forgotten player's name was (no word of any
language: the series number stands for it, `stand_ins`)."""

H = TypeVar("H", bound=SheetHead)
"""A sheet's head, or the sheet with its games."""
Entrant = tuple[int, int]
"""An entrant's place in its tournament: the evening's number (a Paarturnier's pair) and
the partner (0 or 1; a Preisbauer's player is 0)."""


@dataclass(frozen=True)
class Names:
    """How a reader sees a tournament's names: `stand_in` words a series number where its
    name does not show (a forgotten player's, and for the `public` a hidden one's)."""

    stand_in: Callable[[int], str]
    public: bool = True


def stand_ins(db: Database, tournament_id: str, names: Names) -> dict[Entrant, str]:
    """Return the words that stand for the names this reader may not see, by entrant."""
    rows = db.execute(
        "SELECT e.number, e.partner, p.number FROM series_entrants AS e "
        "JOIN series_players AS p ON p.series_id = e.series_id AND p.number = e.player "
        "WHERE e.tournament_id = ? AND (p.name IS NULL OR (? AND p.hidden))",
        [tournament_id, int(names.public)],
    )
    return {(evening, partner): names.stand_in(number) for evening, partner, number in rows}


def seated(sheet: H, stand_in: Callable[[int], str]) -> H:
    """Return a tournament table's sheet with each forgotten or hidden player's number
    worded at their seat (any other sheet as it is). The table's sheet is public as its
    card is (the tournament's answers link it), so a hidden name stands veiled there too.
    Its head read who they are (`Hosted.veiled`): nothing is read here."""
    hosted = sheet.hosted
    if hosted is None or not hosted.veiled:
        return sheet
    words = {(evening, partner): stand_in(number) for evening, partner, number in hosted.veiled}
    # A seat's entrant: a Paarturnier's pair sits twice, its first partner first.
    seats = hosted.seats
    players = tuple(
        words.get((number, seats[:at].count(number)), name)
        for at, (number, name) in enumerate(zip(seats, sheet.players, strict=True))
    )
    return replace(sheet, players=players)


def touch_seats(db: Database, tournament_id: str, evening: int, at: str) -> None:
    """Give every table sheet an entrant of a tournament sits at a new version (`at`), so
    that no ETag or kept download holds the name as it was shown before."""
    db.execute(
        "UPDATE sheets SET version = version + 1, updated = ? WHERE id IN ("
        "SELECT t.sheet_id FROM draw_tables AS t, json_each(t.seats) AS seat "
        "WHERE t.tournament_id = ? AND seat.value = ?)",
        [at, tournament_id, evening],
    )
