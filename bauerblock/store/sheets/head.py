"""A sheet as stored: its head (settings, version, standing, a tournament table's place, a
Stammtisch evening's group), its log of games, and the bounds every sheet keeps.

`store.sheets` is the face: it makes sheets and gives every name of the sheets' store.
"""

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from bauerblock.engine.games import SheetState, resume, sheet_game
from bauerblock.engine.options import RuleSet
from bauerblock.store.errors import SheetClosed, SheetNotFound

Entry = Mapping[str, Any]
"""A game as the client posted it: JSON, validated by the engine's replay."""

State = Mapping[str, Any]
"""A sheet's replayed state as JSON (`SheetState.to_dict()`): its current standing, its
games from `games_from` on and the rounds they closed."""

MAX_NAME = 40
MAX_TITLE = 80
MAX_GAMES = 3000
"""A sheet takes at most this many games: a long evening has 200; the cap bounds every cost."""


@dataclass(frozen=True)
class Hosted:
    """What a tournament's table knows of the tournament that hosts it besides its place,
    read with its head in the head's one statement: what a tap at the table writes and
    answers with (its banner, the seal of the tournament's last draw, the veiled names)."""

    title: str
    format: Mapping[str, Any]
    """The tournament's format, as stored (its kind's)."""
    latest: bool
    """Whether the table's draw is the tournament's latest."""
    stage: str | None
    """The stage the table's draw plays (a Paarturnier's: group, a knock-out round; None: a
    Preisbauer's)."""
    seats: tuple[int, ...]
    """Each seat's entrant, by the evening's number (a Paarturnier's pair sits twice)."""
    veiled: tuple[tuple[int, int, int], ...]
    """The entrants at the table whose name no page shows (a series player forgotten or
    hidden): the evening's number, the partner (0 or 1), the series number."""


@dataclass(frozen=True)
class SheetHead:
    """A stored sheet's settings and version, and where its evening stands: no games."""

    id: str
    game: str
    title: str
    players: tuple[str, ...]
    first_dealer: int
    rules: RuleSet
    version: int
    created: str
    updated: str
    played: int
    standing: Mapping[str, Any] | None
    """The engine's snapshot of the standing after the last game (None before the first)."""
    token_hash: str = field(repr=False)
    group: Mapping[str, Any] | None = None
    """The Stammtisch the evening was started in: `{"id", "players": [roster numbers]}`."""
    tournament: Mapping[str, Any] | None = None
    """A tournament table's place, `{"id", "draw", "table", "ended", "closed"}` and, once
    closed, `closed_by`: "finished", "next_draw" or "ended"; None for other sheets."""
    hosted: Hosted | None = None
    """What a tournament's table knows of its tournament (None for other sheets)."""
    resting: SheetState | None = field(default=None, compare=False, repr=False)
    """The engine's state at the standing, no games, as the write that returned this head
    left it (None: a head read from the store; `resumed` resumes it from its standing)."""


@dataclass(frozen=True)
class Sheet(SheetHead):
    """A stored sheet with its log: the entries as posted and the games as last replayed."""

    entries: tuple[Entry, ...] = ()
    games: tuple[Mapping[str, Any], ...] = ()
    closed: tuple[tuple[Mapping[str, Any], ...], ...] = ()
    """The rounds (or boards) each game closed, game by game."""


@dataclass(frozen=True)
class Written:
    """A sheet just written: its new head, and its state paged from the changed game on.

    `state` is `SheetState.to_dict()` with the games (and the rounds they closed) from
    `state["games_from"]` on, as `replay(sheet, games_from)` gives it.
    """

    head: SheetHead
    state: State
    scored: int = 1
    """How many games the write scored and stored anew: the one recorded, or an amendment's
    and a deletion's until the evening stood as stored again."""


def resumed(sheet: SheetHead) -> SheetState:
    """Return the engine's state of the sheet at its standing, holding no games: the one its
    write left (`SheetHead.resting`: a tap's answer derives nothing again), else resumed
    from the stored standing."""
    if sheet.resting is not None:
        return sheet.resting
    return resume(sheet_game(sheet.game), sheet.rules, sheet.first_dealer, sheet.standing)


def load_head(db: Database, sheet_id: str) -> SheetHead | None:
    """Return the sheet's settings, version and standing without its games (None: unknown)."""
    with db.atomic():
        return head_of(db, sheet_id)


def found(db: Database, sheet_id: str) -> SheetHead:
    head = head_of(db, sheet_id)
    if head is None:
        raise SheetNotFound()
    return head


def head_of(db: Database, sheet_id: str) -> SheetHead | None:
    """Return the sheet's head inside the caller's transaction (None: unknown)."""
    # One statement, since a tap reads the head under its write lock: a tournament's table
    # knows its place from the draw that made it (one index look-up) and whether its draw is
    # closed from its own row (`closed_by`, set by the draw's steps), and what its tap needs
    # of its tournament (`Hosted`) from the tournament's row and the series' players seated
    # there; the standing after the last game is the sheet's row's, and a Stammtisch
    # evening its group's row.
    row = next(
        db.query(
            """
            SELECT sheets.*, draw_tables.tournament_id, draw_tables.draw,
                draw_tables.number AS table_number, draws.ended, draws.stage,
                (SELECT MAX(number) FROM entries WHERE sheet_id = sheets.id) AS played,
                group_sheets.group_id, group_sheets.players AS group_players,
                tournaments.title AS tournament_title, tournaments.format AS tournament_format,
                draw_tables.seats, draw_tables.draw = (
                    SELECT MAX(number) FROM draws AS later
                    WHERE later.tournament_id = draw_tables.tournament_id
                ) AS latest,
                -- Asked of a table alone: another sheet's head costs nothing more.
                CASE WHEN draw_tables.seats IS NOT NULL THEN (
                    SELECT json_group_array(json_array(e.number, e.partner, p.number))
                    FROM series_entrants AS e JOIN series_players AS p
                        ON p.series_id = e.series_id AND p.number = e.player
                    WHERE e.tournament_id = draw_tables.tournament_id
                        AND e.number IN (SELECT value FROM json_each(draw_tables.seats))
                        AND (p.name IS NULL OR p.hidden)
                ) END AS veiled
            FROM sheets
            LEFT JOIN draw_tables ON draw_tables.sheet_id = sheets.id
            LEFT JOIN draws ON draws.tournament_id = draw_tables.tournament_id
                AND draws.number = draw_tables.draw
            LEFT JOIN tournaments ON tournaments.id = draw_tables.tournament_id
            LEFT JOIN group_sheets ON group_sheets.sheet_id = sheets.id
            WHERE sheets.id = ?
            """,
            [sheet_id],
        ),
        None,
    )
    if row is None:
        return None
    return SheetHead(
        id=row["id"],
        game=row["game"],
        title=row["title"],
        players=tuple(json.loads(row["players"])),
        first_dealer=row["first_dealer"],
        rules=sheet_game(row["game"]).resolve_rules(json.loads(row["rules"])),
        version=row["version"],
        created=row["created"],
        updated=row["updated"],
        played=row["played"] or 0,
        standing=json.loads(row["standing"]) if row["standing"] else None,
        token_hash=row["token_hash"],
        tournament=None
        if row["tournament_id"] is None
        else {
            "id": row["tournament_id"],
            "draw": row["draw"],
            "table": row["table_number"],
            "ended": row["ended"] is not None,
            # Set in the transaction of the step that closed the draw (`closed_by`: "finished",
            # "next_draw" or "ended"; store.tournaments.rows.close_tables).
            "closed": row["closed_by"] is not None,
            **({} if row["closed_by"] is None else {"closed_by": row["closed_by"]}),
        },
        hosted=None
        if row["tournament_id"] is None
        else Hosted(
            title=row["tournament_title"],
            format=json.loads(row["tournament_format"]),
            latest=bool(row["latest"]),
            stage=row["stage"],
            seats=tuple(json.loads(row["seats"])),
            veiled=tuple((e, partner, n) for e, partner, n in json.loads(row["veiled"])),
        ),
        group=None
        if row["group_id"] is None
        else {"id": row["group_id"], "players": json.loads(row["group_players"])},
    )


def check_open(sheet: SheetHead, correction: bool) -> None:
    """Refuse a table phone's write once the table's draw is closed; the organiser corrects."""
    if sheet.tournament and sheet.tournament["closed"] and not correction:
        raise SheetClosed(sheet.tournament["draw"])
