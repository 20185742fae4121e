"""Every kind of stored tournament, read by the kind its format names (`STORED_KINDS`).

A Preisbauer is a `StoredTournament` (`store.tournaments.preisbauer`), a Paarturnier a
`StoredPairs` (`store.tournaments.pairs`). Each is a `TournamentKind`: it answers the draw
steps' questions (`check_open`, `next_draw`, `ended`, `check_redo`, `redone`), what a
correction moves (`reseat`) and its JSON (`document`, `draw_document`) as its engine says,
so no caller asks which kind it holds.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Protocol, TypeAlias

from sqlite_utils import Database

from bauerblock.engine.tournament import Draw
from bauerblock.engine.tournament.pairs import PairsDraw
from bauerblock.store.tournaments.pairs import StoredPairs
from bauerblock.store.tournaments.preisbauer import StoredTournament
from bauerblock.store.tournaments.rows import Row, kind_of, require_row, tournament_row

Stored: TypeAlias = StoredTournament | StoredPairs
"""Either kind of stored tournament."""
Drawn: TypeAlias = Draw | PairsDraw
"""Either kind's draw."""


class TournamentKind(Protocol):
    """What every kind of stored tournament offers beside its rows (`StoredRows`)."""

    kind: str

    @classmethod
    def from_row(cls, db: Database, row: Row) -> TournamentKind: ...
    @property
    def finished(self) -> bool: ...
    def check_open(self) -> None: ...
    def next_draw(self, seed: str) -> tuple[Any, Any]: ...
    def ended(self, number: int) -> Any: ...
    def check_redo(self, number: int, games: Mapping[int, int]) -> None: ...
    def redone(self, db: Database, number: int) -> None: ...
    @staticmethod
    def check_roster() -> None: ...
    def player(self, number: int) -> Any: ...
    def named(self, name: str) -> Any: ...
    @staticmethod
    def played_out(
        db: Database, tournament_id: str, format: Mapping[str, Any], draw: int
    ) -> bool: ...
    @staticmethod
    def reseat(db: Database, tournament_id: str, at: str) -> list[dict[str, Any]]: ...
    def document(self, *, token: str | None = None) -> dict[str, Any]: ...
    def draw_document(self, number: int, *, token: str | None = None) -> dict[str, Any]: ...


STORED_KINDS: dict[str, type[Stored]] = {
    kind.kind: kind for kind in (StoredTournament, StoredPairs)
}
"""Every kind a tournament can be, by its name (the format's `kind`)."""


def load(db: Database, tournament_id: str) -> Stored | None:
    """Return the tournament (in the caller's transaction; None: unknown)."""
    row = tournament_row(db, tournament_id)
    return None if row is None else load_row(db, row)


def read(db: Database, tournament_id: str) -> Stored:
    """Return the tournament (in the caller's transaction); raise TournamentNotFound."""
    return load_row(db, require_row(db, tournament_id))


def load_row(db: Database, row: Row) -> Stored:
    """Return the tournament whose row this is, as its kind's store reads it."""
    return STORED_KINDS[kind_of(json.loads(row["format"]))].from_row(db, row)
