"""A tournament's answers as its kind tells them (`api.kinds.API_KINDS`), with the links they
carry: to itself, its board, its organiser's page and its export, and each table's sheet,
read-only page and pad (the pad only with the token); and what every kind's state says
first and how it names a table's sheet (`head`, `table_sheet`), the JSON each kind's API
module builds its answers with, from the stored tournament's typed state."""

from typing import Any

from flask import url_for

from bauerblock.api.kinds import API_KINDS
from bauerblock.store.errors import DrawNotFound
from bauerblock.store.tournaments import Stored, card_token, table_token


def document(stored: Stored, token: str | None, shown: range | None = None) -> dict:
    """Return the tournament's state with its links, and the tables' links; its draws
    `shown` alone (None: every draw)."""
    body = API_KINDS[stored.kind].document(stored, token, shown)
    for made in body["draws"]:
        table_links(made, token)
    links = {
        "self": url_for("tournaments.TournamentResource", tournament_id=stored.id, _external=True),
        "board": url_for("tournament.board", tournament_id=stored.id, _external=True),
        "export": url_for("tournaments.ExportTournament", tournament_id=stored.id, _external=True),
    }
    if token is not None:
        links["organiser"] = url_for(
            "tournament.organiser", tournament_id=stored.id, token=token, _external=True
        )
    return {**body, "links": links}


def read_draw(stored: Stored, number: int, token: str | None) -> dict[str, Any]:
    """Return draw `number` as its kind tells it, with its tables' links (their tokens and
    pads' links only with the tournament's `token`); raise DrawNotFound for none."""
    if not 1 <= number <= len(stored.tournament.draws):
        raise DrawNotFound(number)
    return table_links(API_KINDS[stored.kind].draw_document(stored, number, token), token)


def table_links(made: dict, token: str | None) -> dict:
    """Add each table's sheet links to a draw: its pad's only with the tournament's token."""
    for table in made["tables"]:
        sheet = table["sheet"]
        sheet["links"] = {
            "self": url_for("sheets.SheetResource", sheet_id=sheet["id"], _external=True),
            "view": url_for("scoresheet.view", sheet_id=sheet["id"], _external=True),
        }
        if token is not None:
            sheet["links"]["edit"] = url_for(
                "scoresheet.edit", sheet_id=sheet["id"], token=sheet["edit_token"], _external=True
            )
    return made


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
