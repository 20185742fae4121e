"""A tournament's tables for the evening: table 3 keeps its card and its phone in every draw,
as docs/rules.md section 4, "Tables keep their number, their card and their phone" says.

`reprint` prints one lost card anew (a new token, the old one revoked), once for its key;
`table` reads a table as it stands, its card's token with it for the organiser.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from bauerblock.services import keys
from bauerblock.services.keys import Key
from bauerblock.store import idempotency, tournaments
from bauerblock.store.common import bump
from bauerblock.store.tournaments import TableNow
from bauerblock.store.tournaments.cards import card_token
from bauerblock.store.tournaments.cards import reprint as reprint_card


@dataclass(frozen=True)
class Table:
    """A table number as it stands now, and its card's token when the organiser asked."""

    now: TableNow
    card: str | None = None
    """The card's token (the organiser's answer only)."""
    replayed: bool = False

    def kept(self) -> keys.Kept:
        """Keep the card's number and generation (a retry reads the table as it is now)."""
        return {"result": {"number": self.now.number, "generation": self.now.generation}}


def table(db: Database, tournament_id: str, number: int, token: str | None = None) -> Table:
    """Return table `number` as it stands; with the tournament's token (checked by the
    caller), its card's token too. Raise TournamentNotFound or TableNotFound."""
    now = tournaments.table_now(db, tournament_id, number)
    card = None if token is None else card_token(token, number, now.generation)
    return Table(now, card)


def reprint(
    db: Database,
    tournament_id: str,
    token: str,
    number: int,
    *,
    idempotency_key: str | Key | None = None,
) -> Table:
    """Print table `number`'s card anew: a new token for the table, the old card opens
    nothing more; a retry with the key prints none again. `token` is the tournament's
    (checked by the caller). Raise TournamentNotFound, TableNotFound, IdempotencyConflict or
    BadKey."""

    def reprinted(replayed: bool) -> Table:
        # A retry answers the card as it is now (a later reprint's, if there was one).
        now = tournaments.table_now(db, tournament_id, number)
        return Table(now, card_token(token, number, now.generation), replayed)

    def step() -> Table:
        reprint_card(db, tournament_id, token, number)
        bump(db, "tournaments", tournament_id)
        return reprinted(False)

    key = keys.key_of(idempotency_key, {"kind": "card", "number": number})
    owner = idempotency.tournament(tournament_id)
    return keys.once(db, owner, key, step, lambda _first: reprinted(True))
