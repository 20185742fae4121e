"""The toy kind as stored: its ducks in its format, each draw one table of the first four
(told as JSON by its API module, `tests.tournament.toy.api`)."""

import json
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from bauerblock.store.common import now
from bauerblock.store.db import immediate
from bauerblock.store.tournaments import rows
from bauerblock.store.tournaments.rows import NewDraw, NewTable, StoredRows
from bauerblock.store.tournaments.stored import table_rules

TOY = "toy"
SEATS = (1, 2, 3, 4)


@dataclass(frozen=True)
class Heat:
    """A draw of the race: its table numbers (one table)."""

    number: int
    seed: str
    tables: tuple[int, ...]
    ended: bool = False

    @property
    def sheets(self) -> int:
        return len(self.tables)


@dataclass(frozen=True)
class Race:
    """The engine's view of a toy tournament: its ducks and its heats."""

    ducks: tuple[str, ...]
    draws: tuple[Heat, ...]


@dataclass(frozen=True)
class StoredToy(StoredRows):
    """A toy kind: ducks, and a heat of one table each draw."""

    kind: ClassVar[str] = TOY
    own_points: ClassVar[bool] = False
    entrants: ClassVar[str] = "players"
    tournament: Race
    finished: ClassVar[bool] = False

    @staticmethod
    def members(entrant):
        return [entrant]

    @staticmethod
    def create(db, *, title, rules, format, idempotency_key, players=()):
        with immediate(db):
            tournament_id, token = rows.insert_tournament(
                db,
                title or "Entenrennen",
                table_rules(TOY, rules),
                {"kind": TOY, "ducks": players},
                now(),
            )
            return StoredToy.from_row(db, rows.require_row(db, tournament_id)), token

    @classmethod
    def from_row(cls, db, row) -> "StoredToy":
        heats, tables = rows.read_draws(
            db,
            row["id"],
            lambda table: table["number"],
            lambda draw, numbers: Heat(
                draw["number"], draw["seed"], numbers, draw["ended"] is not None
            ),
        )
        rules = table_rules(TOY, json.loads(row["rules"]))
        race = Race(tuple(json.loads(row["format"])["ducks"]), heats)
        return cls(**rows.stored_fields(db, row, rules, tables), tournament=race)

    def check_open(self) -> None:
        """Race on: a toy never finishes."""

    def next_draw(self, seed: str) -> tuple[Heat, NewDraw]:
        heat = Heat(len(self.tournament.draws) + 1, seed, (1,))
        table = NewTable(1, list(self.tournament.ducks[:4]), SEATS)
        return heat, NewDraw({"number": heat.number, "seed": seed, "byes": []}, (table,))

    def ended(self, number: int) -> Heat:
        return replace(self.tournament.draws[number - 1], ended=True)

    def check_redo(self, number, games) -> None:
        """Any heat may be run anew."""

    def redone(self, db, number) -> None:
        """Nothing beyond the heat's own rows."""

    @staticmethod
    def check_roster() -> None:
        """The ducks are fixed in the format; nothing asks."""

    def player(self, number):
        return None

    def named(self, name):
        return None

    def veiled(self, words):
        """The ducks join no series: no name of theirs is hidden."""
        return self

    @staticmethod
    def played_out(db, tournament_id, format, draw) -> bool:
        return False

    @staticmethod
    def reseat(db, tournament_id, at) -> list[dict[str, Any]]:
        return []
