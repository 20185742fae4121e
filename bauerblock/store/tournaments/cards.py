"""Each table number's card for the evening, as
docs/rules.md section 4, "Tables keep their number, their card and their phone" says.

Table 3 is table 3 in every draw: its card carries one token for the evening, and every
sheet the draws make at table 3 takes that token as its edit token. So the card's link opens
the current draw's sheet at its number, and a phone holding it writes there as the sheet's
own token does (a closed draw's sheet refuses it, 409, as any table phone). A card's token
is an HMAC of the tournament's token, the table's number and the card's generation, so the
organiser's token recomputes every card, and only its hash is stored. Reprinting a card
raises its generation: the new token is hashed onto every sheet of that number, and the old
one opens nothing. A sheet made before the cards were kept took the HMAC of the tournament's
token and its own id (`table_token`); it, too, keeps only the hash.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlite_utils import Database

from bauerblock.store.common import derived_token, now, token_hash, token_matches
from bauerblock.store.errors import TableNotFound, TournamentNotFound


@dataclass(frozen=True)
class TableNow:
    """A table number of a tournament as it stands now: its card, and its sheet in the
    current (latest) draw."""

    tournament_id: str
    number: int
    generation: int
    """How often its card was printed anew (0: the first card)."""
    draw: int | None
    """The current draw's number (None: nothing drawn yet)."""
    sheet_id: str | None
    """Its sheet in the current draw (None: the table is empty in it)."""
    closed_by: str | None
    """Why that sheet's draw is closed ("next_draw" cannot be: it is the latest), or None."""


def card_token(token: str, number: int, generation: int) -> str:
    """Return table `number`'s card token, from the tournament's edit token."""
    return derived_token(token, f"card:{number}:{generation}")


def table_token(token: str, sheet_id: str) -> str:
    """Return the edit token of a table's sheet made before the cards were kept for the
    evening, derived from the tournament's edit token and the sheet's id."""
    return derived_token(token, f"table:{sheet_id}")


def issue_cards(
    db: Database, tournament_id: str, token: str, numbers: Iterable[int]
) -> dict[int, str]:
    """Give each table number its card, if it has none yet (in the caller's transaction: a
    draw's); return each number's card token, which its new sheet takes as its edit token."""
    tokens = {}
    for number in numbers:
        db.execute(
            "INSERT OR IGNORE INTO table_cards (tournament_id, number, generation, token_hash,"
            " issued) VALUES (?, ?, 0, ?, ?)",
            [tournament_id, number, token_hash(card_token(token, number, 0)), now()],
        )
        tokens[number] = card_token(token, number, generation(db, tournament_id, number) or 0)
    return tokens


def generation(db: Database, tournament_id: str, number: int) -> int | None:
    """Return how often table `number`'s card was printed anew (None: it has no card)."""
    row = db.execute(
        "SELECT generation FROM table_cards WHERE tournament_id = ? AND number = ?",
        [tournament_id, number],
    ).fetchone()
    return None if row is None else row[0]


def card_numbers(db: Database, tournament_id: str) -> dict[int, int]:
    """Return every table number that has a card, with its generation."""
    return {
        row[0]: row[1]
        for row in db.execute(
            "SELECT number, generation FROM table_cards WHERE tournament_id = ? ORDER BY number",
            [tournament_id],
        )
    }


def check_card(db: Database, tournament_id: str, number: int, token: str | None) -> bool:
    """Tell whether `token` is table `number`'s card (its latest print)."""
    row = db.execute(
        "SELECT token_hash FROM table_cards WHERE tournament_id = ? AND number = ?",
        [tournament_id, number],
    ).fetchone()
    return row is not None and token_matches(token, row[0])


def table_now(db: Database, tournament_id: str, number: int) -> TableNow:
    """Return table `number` as it stands: its card and its sheet in the current draw.

    Raise TournamentNotFound, or TableNotFound for a number that has no card (no draw
    seated a table of that number yet).
    """
    row = db.execute(
        "SELECT (SELECT MAX(number) FROM draws WHERE tournament_id = tournaments.id),"
        " (SELECT generation FROM table_cards WHERE tournament_id = tournaments.id"
        "  AND number = ?) FROM tournaments WHERE id = ?",
        [number, tournament_id],
    ).fetchone()
    if row is None:
        raise TournamentNotFound()
    latest, printed = row
    if printed is None:
        raise TableNotFound(number)
    sheet = db.execute(
        "SELECT draw_tables.sheet_id, sheets.closed_by FROM draw_tables"
        " JOIN sheets ON sheets.id = draw_tables.sheet_id"
        " WHERE draw_tables.tournament_id = ? AND draw_tables.draw = ? AND draw_tables.number = ?",
        [tournament_id, latest, number],
    ).fetchone()
    return TableNow(
        tournament_id,
        number,
        printed,
        latest,
        sheet[0] if sheet else None,
        sheet[1] if sheet else None,
    )


def reprint(db: Database, tournament_id: str, token: str, number: int) -> int:
    """Print table `number`'s card anew (in the caller's transaction): a new token, hashed
    onto every sheet of that number, the old one revoked; return the new generation.

    `token` is the tournament's edit token (checked by the caller). Raise TableNotFound.
    """
    printed = generation(db, tournament_id, number)
    # A number no draw seated has no table.
    if (
        printed is None
        and not db.execute(
            "SELECT 1 FROM draw_tables WHERE tournament_id = ? AND number = ? LIMIT 1",
            [tournament_id, number],
        ).fetchone()
    ):
        raise TableNotFound(number)
    # A table seated before the cards were kept for the evening gets its first card here.
    fresh = 0 if printed is None else printed + 1
    hashed = token_hash(card_token(token, number, fresh))
    db.execute(
        "INSERT INTO table_cards (tournament_id, number, generation, token_hash, issued)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament_id, number) DO UPDATE SET"
        " generation = excluded.generation, token_hash = excluded.token_hash,"
        " issued = excluded.issued",
        [tournament_id, number, fresh, hashed, now()],
    )
    # Every sheet of the number takes the new card; a phone holding the old one holds
    # nothing more (its right's token no longer opens the sheet), and sees so on its poll.
    db.execute(
        "UPDATE sheets SET token_hash = ?, version = version + 1, updated = ? WHERE id IN"
        " (SELECT sheet_id FROM draw_tables WHERE tournament_id = ? AND number = ?)",
        [hashed, now(), tournament_id, number],
    )
    return fresh


def sheet_tokens(db: Database, tournament_id: str, token: str) -> dict[str, str]:
    """Return each table sheet's edit token by its id, from the tournament's edit token: its
    table's card (or, for a sheet made before the cards were kept for the evening, the token
    derived from its own id, `table_token`)."""
    tokens = {}
    printed = card_numbers(db, tournament_id)
    for sheet_id, number, hashed in db.execute(
        "SELECT draw_tables.sheet_id, draw_tables.number, sheets.token_hash FROM draw_tables"
        " JOIN sheets ON sheets.id = draw_tables.sheet_id WHERE draw_tables.tournament_id = ?",
        [tournament_id],
    ):
        card = card_token(token, number, printed[number]) if number in printed else None
        if card is not None and token_matches(card, hashed):
            tokens[sheet_id] = card
        else:
            tokens[sheet_id] = table_token(token, sheet_id)
    return tokens
