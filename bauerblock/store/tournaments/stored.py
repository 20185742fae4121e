"""Either kind of stored tournament, read by the kind its format names.

A Preisbauer is a `StoredTournament` (`store.tournaments.preisbauer`), a Paarturnier a
`StoredPairs` (`store.tournaments.pairs`): `isinstance` (or `is_pairs`) tells them apart.
Both answer the draw steps' questions alike (`check_open`, `next_draw`, `ended`,
`check_redo`), each as its engine says.
"""

import json
from typing import TypeAlias, TypeGuard

from sqlite_utils import Database

from bauerblock.engine.tournament import Draw
from bauerblock.engine.tournament.pairs import PairsDraw
from bauerblock.store.tournaments import pairs, preisbauer
from bauerblock.store.tournaments.pairs import StoredPairs
from bauerblock.store.tournaments.preisbauer import StoredTournament
from bauerblock.store.tournaments.rows import PAIRS, Row, kind_of, require_row, tournament_row

Stored: TypeAlias = StoredTournament | StoredPairs
"""Either kind of stored tournament."""
Drawn: TypeAlias = Draw | PairsDraw
"""Either kind's draw."""


def is_pairs(stored: Stored) -> TypeGuard[StoredPairs]:
    """Tell whether the stored tournament is a Paarturnier (else: a Preisbauer)."""
    return isinstance(stored, StoredPairs)


def load(db: Database, tournament_id: str) -> Stored | None:
    """Return the tournament (in the caller's transaction; None: unknown)."""
    row = tournament_row(db, tournament_id)
    return None if row is None else load_row(db, row)


def read(db: Database, tournament_id: str) -> Stored:
    """Return the tournament (in the caller's transaction); raise TournamentNotFound."""
    return load_row(db, require_row(db, tournament_id))


def load_row(db: Database, row: Row) -> Stored:
    """Return the tournament whose row this is, as its kind's store reads it."""
    if kind_of(json.loads(row["format"])) == PAIRS:
        return pairs.load_row(db, row)
    return preisbauer.load_row(db, row)
