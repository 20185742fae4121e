"""What every kind's state says first and how it names a table's sheet: the JSON each kind's
API module (`api.kinds`) builds its answers with, from the stored tournament's typed state
(`api.tournament_links` adds the links)."""

from typing import Any

from bauerblock.store.tournaments import Stored, card_token, table_token


def head(stored: Stored) -> dict[str, Any]:
    """Return what the tournament's JSON starts with: id, kind, title, version, rules."""
    return {
        "id": stored.id,
        "kind": stored.kind,
        "title": stored.title,
        "version": stored.version,
        "created": stored.created,
        "updated": stored.updated,
        "rules": stored.rules.to_dict(),
    }


def table_sheet(stored: Stored, draw: int, table: int, token: str | None) -> dict[str, Any]:
    """Return a table's `sheet`: its id, and with the tournament's edit token (checked by
    the caller) the table's edit token too: its table's card for the evening (a table seated
    before the cards were kept: its sheet's own, derived from its id)."""
    sheet_id = stored.tables[(draw, table)].sheet_id
    sheet: dict[str, Any] = {"id": sheet_id}
    if token is not None:
        printed = stored.cards.get(table)
        sheet["edit_token"] = (
            table_token(token, sheet_id) if printed is None else card_token(token, table, printed)
        )
    return sheet
