"""A tournament's rows as both kinds store them: the tournament's row, its draws, each
draw's tables (every table an ordinary sheet of the game its kind plays), the organiser's
corrections and the write steps every tournament write takes (a new version, a key
remembered).

The Preisbauer (`kinds.preisbauer.store`) and the Paarturnier (`kinds.pairs.store`)
read their own rows (players, pairs) and build their engine's view from these.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self, TypeVar

from sqlite_utils import Database

from bauerblock.engine.evening import RoundRecord
from bauerblock.engine.options import RuleSet
from bauerblock.engine.teams import Points, Team
from bauerblock.engine.tournament import MAX_PLAYERS, steps
from bauerblock.engine.tournament.seat import Seat
from bauerblock.engine.tournament.steps import MAX_DRAWS, Endable, Refusals
from bauerblock.store.common import entity_tag, insert_owner, token_matches
from bauerblock.store.errors import DrawNotFound, TournamentNotFound
from bauerblock.store.schema.tournaments import CLOSED_BY
from bauerblock.store.sheets import MAX_TITLE as MAX_SHEET_TITLE
from bauerblock.store.sheets.head import Hosted
from bauerblock.store.tournaments.cards import card_numbers
from bauerblock.store.tournaments.names import Entrant

TABLE_SUFFIX = " · Auslosung {draw} · Tisch {table}"
"""A table's title is the tournament's plus this, at most; it must fit a sheet's title."""
MAX_TITLE = MAX_SHEET_TITLE - len(TABLE_SUFFIX.format(draw=MAX_DRAWS, table=MAX_PLAYERS // 4))

Row = Mapping[str, Any]
"""One row as sqlite-utils reads it, by column name."""
T = TypeVar("T")
D = TypeVar("D")


@dataclass(frozen=True)
class TableRow:
    """A table of a draw as stored, with its sheet's id."""

    draw: int
    number: int
    sheet_id: str


@dataclass(frozen=True)
class Correction:
    """A game the organiser recorded, amended or deleted at a table with the tournament's token."""

    draw: int
    table: int
    game: int
    action: str
    """"record", "amend" or "delete"."""
    at: str
    moved: tuple[Mapping[str, Any], ...] = ()
    """The knock-out tables the correction re-seated, as its kind's engine tells each move
    (draw, stage, table, third_place, the entrants before and after)."""
    before: tuple[int, int] | None = None
    after: tuple[int, int] | None = None
    """The table's rounds won per team (A, B) before and after it (None: kept before)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "draw": self.draw,
            "table": self.table,
            "game": self.game,
            "action": self.action,
            "at": self.at,
            "moved": [dict(move) for move in self.moved],
        }


class Drawn(Endable, Protocol):
    """A draw of any kind, as its steps tell it."""

    @property
    def number(self) -> int:
        """Its number, the first draw's 1."""

    @property
    def ended(self) -> bool:
        """Whether it was ended early (its open rounds count for nobody)."""

    @property
    def sheets(self) -> int:
        """How many table sheets the draw makes."""


class Drawing(Protocol):
    """The engine's view of a tournament of any kind, as far as its draws go."""

    @property
    def draws(self) -> Sequence[Drawn]:
        """Its draws, the first first."""


@dataclass(frozen=True)
class StoredRows(ABC):
    """What every kind of stored tournament holds beside its own rows, and what it offers
    (`stored.TournamentKind`): each kind's folder subclasses it and answers its steps as its
    engine says (`STORED_KINDS`)."""

    id: str
    title: str
    rules: RuleSet
    version: int
    created: str
    updated: str
    tables: Mapping[tuple[int, int], TableRow]
    """Each table's sheet, by (draw number, table number)."""
    corrections: tuple[Correction, ...]
    """The organiser's writes at the tables, oldest first."""
    cards: Mapping[int, int]
    """Each table number's card for the evening: how often it was printed anew
    (store.tournaments.cards; a number without one was seated before cards were kept)."""
    tournament: Drawing
    """The engine's view of it (each kind's own)."""

    kind: ClassVar[str]
    """The kind's name, as the format's `kind` says (`stored.STORED_KINDS`)."""
    own_points: ClassVar[bool]
    """Whether its ranking counts each entrant's own points (a series may score them)."""
    entrants: ClassVar[str]
    """The field of a new tournament's body (and form) that lists its entrants ("players")."""
    refusals: ClassVar[Refusals]
    """How the kind refuses a draw step (`ended`, `check_redo`: engine.tournament.steps has
    the rule)."""

    def corrected(self, draw: int, table: int | None = None) -> bool:
        """Tell whether the organiser corrected a table of draw `draw` (or that table)."""
        return any(c.draw == draw and (table is None or c.table == table) for c in self.corrections)

    # Each kind's own, as its engine says.
    @staticmethod
    @abstractmethod
    def create(
        db: Database,
        *,
        title: str | None,
        rules: Mapping[str, Any] | None,
        format: Mapping[str, Any] | None,
        idempotency_key: str | None,
        **entrants: Any,
    ) -> tuple[StoredRows, str]:
        """Store a new tournament of the kind with its first entrants (its field of them);
        return it and its edit token."""

    @staticmethod
    def members(entrant: object) -> list[object]:
        """Return what an entrant of its list holds: the player alone (a pair's kind: its
        two)."""
        return [entrant]

    @classmethod
    @abstractmethod
    def from_row(cls, db: Database, row: Row) -> Self:
        """Return the tournament whose tournaments row this is."""

    @classmethod
    def read(cls, db: Database, tournament_id: str) -> Self:
        """Return the tournament of this kind (in the caller's transaction); raise
        TournamentNotFound."""
        return cls.from_row(db, require_row(db, tournament_id))

    @property
    @abstractmethod
    def finished(self) -> bool:
        """Tell whether the tournament is over."""

    @abstractmethod
    def check_open(self) -> None:
        """Refuse a change of the entrants or the draws once the tournament is finished."""

    @abstractmethod
    def next_draw(self, seed: str) -> tuple[Drawn, Any]:
        """Return the next draw (refused while the state forbids one) and its rows."""

    def ended(self, number: int) -> Drawn:
        """Return draw `number` ended (refused unless it is the latest)."""
        return steps.end_draw(self.tournament.draws, number, self.refusals)

    def check_redo(self, number: int, games: Mapping[int, int]) -> None:
        """Refuse to redo draw `number` unless it is the latest and no table has a game
        (`games`: each table's)."""
        steps.check_redo(self.tournament.draws, number, games, self.refusals)

    @abstractmethod
    def redone(self, db: Database, number: int) -> None:
        """Undo what draw `number` (deleted in the caller's transaction) left beyond its
        own rows."""

    @staticmethod
    @abstractmethod
    def check_roster() -> None:
        """Refuse a roster step where the entrants are fixed."""

    @abstractmethod
    def player(self, number: int) -> Any:
        """Return player `number` as registered (None: a kind of no players)."""

    @abstractmethod
    def named(self, name: str) -> Any:
        """Return the entrant of that name (None: none)."""

    @abstractmethod
    def veiled(self, words: Mapping[Entrant, str]) -> StoredRows:
        """Return the tournament with the names of `words`' entrants worded as it says."""

    def seat(self, number: int) -> Seat:
        """Return where entrant `number` sits now, with its points and place."""
        raise NotImplementedError

    def partnerships(self, number: int) -> dict[int, tuple[int, int]]:
        """Return entrant `number`'s rounds played and won with each partner, by partner."""
        raise NotImplementedError

    def ranking(self) -> dict[int, tuple[str, int | None, int]]:
        """Return each entrant's name, points (a pair's: None) and place, by number."""
        raise NotImplementedError

    @staticmethod
    @abstractmethod
    def played_out(db: Database, tournament_id: str, hosted: Hosted, draw: int) -> bool:
        """Tell whether a game at draw `draw` (the latest) played the tournament out."""

    @staticmethod
    def reseat(db: Database, tournament_id: str, at: str) -> list[dict[str, Any]]:
        """Re-seat the tables a correction moved (refused while one has a game); return the
        moves: none where the draws follow who sat with whom, never the results."""
        return []


@dataclass(frozen=True)
class NewTable:
    """A table of a new draw: who sits where, and its row's columns beside the shared ones."""

    number: int
    players: Sequence[str]
    """The players' names in seat order: seats 0 and 2 are team A."""
    seats: Sequence[int]
    """What the row's `seats` keeps (player numbers, or the pair numbers seat by seat)."""
    columns: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class NewDraw:
    """A new draw's rows to store: its own columns and its tables."""

    columns: Mapping[str, Any]
    """`number`, `seed`, `byes` (the numbers sitting out) and the kind's own (a `stage`)."""
    tables: tuple[NewTable, ...]


def check_draw(draws: Sequence[object], number: int) -> None:
    """Refuse a draw number the tournament does not have (yet)."""
    if not 1 <= number <= len(draws):
        raise DrawNotFound(number)


def insert_tournament(
    db: Database, title: str, rules: RuleSet, format: Mapping[str, Any], at: str
) -> tuple[str, str]:
    """Insert a new tournament's row (in the caller's transaction); return its id and token."""
    return insert_owner(
        db,
        "tournaments",
        at,
        title=title,
        rules=json.dumps(rules.to_dict()),
        format=json.dumps(dict(format)),
    )


# --- reading the rows ------------------------------------------------------------------


def tournament_row(db: Database, tournament_id: str) -> Row | None:
    """Return the tournament's row (None: unknown)."""
    return next(db.query("SELECT * FROM tournaments WHERE id = ?", [tournament_id]), None)


def require_row(db: Database, tournament_id: str) -> Row:
    """Return the tournament's row; raise TournamentNotFound."""
    row = tournament_row(db, tournament_id)
    if row is None:
        raise TournamentNotFound()
    return row


def stored_fields(
    db: Database, row: Row, rules: RuleSet, tables: Mapping[tuple[int, int], TableRow]
) -> dict[str, Any]:
    """Return the fields of `StoredRows`: the tournament's row, its tables' rules, its tables'
    sheets and its corrections."""
    return {
        "id": row["id"],
        "title": row["title"],
        "rules": rules,
        "version": row["version"],
        "created": row["created"],
        "updated": row["updated"],
        "tables": tables,
        "corrections": read_corrections(db, row["id"]),
        "cards": card_numbers(db, row["id"]),
    }


def read_draws(
    db: Database,
    tournament_id: str,
    table: Callable[[Row], T],
    draw: Callable[[Row, tuple[T, ...]], D],
) -> tuple[tuple[D, ...], dict[tuple[int, int], TableRow]]:
    """Return the draws, oldest first, and each table's sheet by (draw, table number).

    `table` makes the engine's table (or match) of a draw_tables row, `draw` the engine's
    draw of a draws row and its tables in order.
    """
    tables: dict[int, list[T]] = {}
    sheets: dict[tuple[int, int], TableRow] = {}
    for r in db.query(
        "SELECT * FROM draw_tables WHERE tournament_id = ? ORDER BY draw, number", [tournament_id]
    ):
        tables.setdefault(r["draw"], []).append(table(r))
        sheets[(r["draw"], r["number"])] = TableRow(r["draw"], r["number"], r["sheet_id"])
    draws = tuple(
        draw(r, tuple(tables.get(r["number"], ())))
        for r in db.query(
            "SELECT * FROM draws WHERE tournament_id = ? ORDER BY number", [tournament_id]
        )
    )
    return draws, sheets


def read_corrections(db: Database, tournament_id: str) -> tuple[Correction, ...]:
    """Return the organiser's writes at the tournament's tables, oldest first."""
    return tuple(
        Correction(
            r["draw"],
            r["table_number"],
            r["game"],
            r["action"],
            r["at"],
            tuple(json.loads(r["moved"])),
            *_changed(r["changed"]),
        )
        for r in db.query(
            "SELECT * FROM corrections WHERE tournament_id = ? ORDER BY rowid", [tournament_id]
        )
    )


def _changed(kept: str) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """Return a correction's rounds won before and after it, as kept (None: not kept)."""
    changed = json.loads(kept or "{}")
    before, after = changed.get("before"), changed.get("after")
    return (
        None if before is None else (before[0], before[1]),
        None if after is None else (after[0], after[1]),
    )


def rounds_won(db: Database, sheet_id: str) -> tuple[int, int]:
    """Return the rounds each team of a table's sheet won so far (A, B)."""
    won = [0, 0]
    for (closed,) in db.execute(
        "SELECT closed FROM entries WHERE sheet_id = ? AND closed != '[]'", [sheet_id]
    ):
        for record in json.loads(closed):
            won[0 if record["winner"] == "A" else 1] += 1
    return won[0], won[1]


def read_rounds(db: Database, tournament_id: str) -> dict[tuple[int, int], list[RoundRecord]]:
    """Return the completed rounds of every table, read from the games that closed one."""
    # Only a round's last game closes it: the other games' records are never read.
    rounds: dict[tuple[int, int], list[RoundRecord]] = {}
    for r in db.query(
        """
        SELECT draw_tables.draw, draw_tables.number AS table_number, entries.closed
        FROM draw_tables JOIN entries ON entries.sheet_id = draw_tables.sheet_id
        WHERE draw_tables.tournament_id = ? AND entries.closed != '[]'
        ORDER BY draw_tables.draw, draw_tables.number, entries.number
        """,
        [tournament_id],
    ):
        for closed in json.loads(r["closed"]):
            final = closed["final"]
            rounds.setdefault((r["draw"], r["table_number"]), []).append(
                RoundRecord(
                    closed["number"], Team(closed["winner"]), Points(final["A"], final["B"])
                )
            )
    return rounds


def games_by_table(db: Database, tournament_id: str, number: int) -> dict[int, int]:
    """Return how many games each table of draw `number` has recorded."""
    return {
        row["number"]: row["games"]
        for row in db.query(
            """
            SELECT draw_tables.number, COUNT(entries.number) AS games
            FROM draw_tables LEFT JOIN entries ON entries.sheet_id = draw_tables.sheet_id
            WHERE draw_tables.tournament_id = ? AND draw_tables.draw = ?
            GROUP BY draw_tables.number
            """,
            [tournament_id, number],
        )
    }


# --- tokens and tags -----------------------------------------------------------------------


def etag(tournament_id: str, version: int) -> str:
    """Return the tournament's entity tag (unquoted) at `version`."""
    return entity_tag(tournament_id, version)


def check_token(db: Database, tournament_id: str, token: str | None) -> bool:
    """Tell whether `token` is the tournament's edit token; raise TournamentNotFound."""
    row = db.execute("SELECT token_hash FROM tournaments WHERE id = ?", [tournament_id]).fetchone()
    if row is None:
        raise TournamentNotFound()
    return token_matches(token, row[0])


# --- every write's steps ---------------------------------------------------------------


def close_tables(db: Database, tournament_id: str) -> None:
    """Write on each table's sheet row whether (and why) its draw is closed, inside the
    transaction of the step that changed the draws: a table's write reads its own row."""
    db.execute(
        f"UPDATE sheets SET closed_by = ({CLOSED_BY}) "
        "WHERE id IN (SELECT sheet_id FROM draw_tables WHERE tournament_id = ?)",
        [tournament_id],
    )
