"""Every kind of stored tournament, made and read by the kind its format names
(`STORED_KINDS`).

Each kind is a `TournamentKind`: it makes itself (`create`) and reads itself from its rows
(`from_row`), answers the draw steps' questions (`check_open`, `next_draw`, `ended`,
`check_redo`, `redone`) and what a correction moves (`reseat`) as its engine says, so no
caller asks which kind it holds. Each kind's folder (`bauerblock.kinds`) registers its class
in `STORED_KINDS` (the Preisbauer its `StoredTournament`, the Paarturnier its `StoredPairs`),
and a kind that takes entries and withdrawals after its start its steps in `ROSTERS`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from sqlite_utils import Database

from bauerblock.engine.errors import RuleError
from bauerblock.engine.games import sheet_game
from bauerblock.engine.options import RuleSet
from bauerblock.engine.tournament.roster import Player
from bauerblock.store.errors import TournamentNotFound
from bauerblock.store.tournaments.rows import (
    Row,
    StoredRows,
    require_row,
    tournament_row,
)

TournamentKind: TypeAlias = StoredRows
"""What every kind of stored tournament is (`rows.StoredRows`): its rows, its engine's view
and its steps."""

Stored: TypeAlias = StoredRows
"""Any kind of stored tournament."""

STORED_KINDS: dict[str, type[TournamentKind]] = {}
"""Every kind a tournament can be, by its name (the format's `kind`); each kind of
`bauerblock.kinds` registers its own, the first (`bauerblock.kinds.kinds`' first, as the
new-tournament form offers them) the kind of a format that names none."""


@dataclass(frozen=True)
class Roster:
    """A kind's roster steps after its start, each one transaction returning the players it
    entered or changed (the engine's `Player`s)."""

    add: Callable[[Database, str, Sequence[str]], tuple[Player, ...]]
    withdraw: Callable[[Database, str, int], Player]
    reinstate: Callable[[Database, str, int], Player]


TABLE_GAMES: dict[str, str] = {}
"""The game each kind's tables play (a game of `engine.games.GAMES`), by the kind's name:
its registration's."""


def table_game(kind: str | None = None) -> str:
    """Return the game the tables of `kind` play (None: the first kind's, a body's naming
    none)."""
    return TABLE_GAMES[kind] if kind is not None else next(iter(TABLE_GAMES.values()))


def table_rules(kind: str, spec: Mapping[str, Any] | None) -> RuleSet:
    """Return the rules a spec names for the tables of `kind` (its game's judge them)."""
    return sheet_game(table_game(kind)).resolve_rules(dict(spec or {}))


ROSTERS: dict[str, Roster] = {}
"""The roster steps of each kind whose roster changes after its start, by its name (a kind
without refuses them: its `check_roster`)."""


def default_kind() -> str | None:
    """Return the kind of a format that names none (a stored format may name none): the
    first registered, the Preisbauer (None: none is)."""
    return next(iter(STORED_KINDS), None)


def kind_of(format: object) -> type[TournamentKind]:
    """Return the kind of tournament a format names (no kind: `default_kind`)."""
    first = default_kind()
    kind = format.get("kind", first) if isinstance(format, Mapping) else first
    if kind not in STORED_KINDS:
        raise RuleError(
            "tournament_kind",
        )
    return STORED_KINDS[kind]


def stored_kind(db: Database, tournament_id: str) -> type[TournamentKind]:
    """Return the kind of a stored tournament; raise TournamentNotFound."""
    row = db.execute("SELECT format FROM tournaments WHERE id = ?", [tournament_id]).fetchone()
    if row is None:
        raise TournamentNotFound()
    return kind_of(json.loads(row[0]))


def load(db: Database, tournament_id: str) -> Stored | None:
    """Return the tournament (in the caller's transaction; None: unknown)."""
    row = tournament_row(db, tournament_id)
    return None if row is None else load_row(db, row)


def read(db: Database, tournament_id: str) -> Stored:
    """Return the tournament (in the caller's transaction); raise TournamentNotFound."""
    return load_row(db, require_row(db, tournament_id))


def load_row(db: Database, row: Row) -> Stored:
    """Return the tournament whose row this is, as its kind's store reads it."""
    return kind_of(json.loads(row["format"])).from_row(db, row)
