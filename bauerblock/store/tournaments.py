"""Preisbauer tournaments: settings, players and draws in SQLite; each table is a sheet.

The engine (`engine.tournament`) judges every step and computes the standings; this module
reads and writes the rows. Every write is one BEGIN IMMEDIATE transaction that re-reads the
tournament under the write lock, so two organisers pressing "draw" at once make one draw.

A table's edit token is never stored: it is an HMAC of the tournament's edit token and the
table's sheet id, so the organiser's token recomputes every table card's link, and the
sheet keeps only the hash of its token like any other sheet.
"""

import base64
import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from http import HTTPStatus
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

from sqlite_utils import Database

from bauerblock.engine import tournament as engine
from bauerblock.engine.bauerchen import Rules
from bauerblock.engine.bauerchen.sheet import Standing
from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import RoundRecord, restore
from bauerblock.engine.names import clean_text
from bauerblock.engine.teams import Points, Team
from bauerblock.engine.tournament.format import MAX_DRAWS
from bauerblock.store import idempotency
from bauerblock.store.common import entity_tag
from bauerblock.store.common import now as _now
from bauerblock.store.common import token_hash as _token_hash
from bauerblock.store.db import immediate
from bauerblock.store.errors import DrawNotFound, TournamentNotFound
from bauerblock.store.sheets import MAX_NAME, insert_sheet, new_sheet
from bauerblock.store.sheets import (
    MAX_TITLE as MAX_SHEET_TITLE,
)

GAME = "bauerchen"
NEW_TOURNAMENTS = "new:tournaments"
"""The owner of the keys of tournaments not yet made (the new-tournament form's)."""
PREISBAUER = "preisbauer"
PAIRS = "pairs"
KINDS = (PREISBAUER, PAIRS)

# A table's title is the tournament's plus this, at most; it must fit a sheet's title.
_TABLE_SUFFIX = " · Auslosung {draw} · Tisch {table}"
MAX_TITLE = MAX_SHEET_TITLE - len(
    _TABLE_SUFFIX.format(draw=MAX_DRAWS, table=engine.MAX_PLAYERS // 4)
)


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

    def to_dict(self) -> dict[str, Any]:
        return {
            "draw": self.draw,
            "table": self.table,
            "game": self.game,
            "action": self.action,
            "at": self.at,
        }


@dataclass(frozen=True)
class StoredTournament:
    """A stored tournament: its settings, the engine's view of it, and its tables' rounds."""

    kind: ClassVar[str] = PREISBAUER
    id: str
    title: str
    rules: Rules
    version: int
    created: str
    updated: str
    tournament: engine.Tournament
    tables: Mapping[tuple[int, int], TableRow]
    """Each table's sheet, by (draw number, table number)."""
    rounds: engine.Rounds
    """The completed rounds of each table's sheet, by (draw number, table number)."""
    corrections: tuple[Correction, ...] = ()
    """The organiser's writes at the tables, oldest first."""

    def corrected_draws(self, player: int) -> tuple[int, ...]:
        """Return the draws in which the organiser corrected a game at the player's table."""
        return tuple(
            made.number
            for made in self.tournament.draws
            if (seat := made.table_of(player)) is not None
            and self.corrected(made.number, seat.number)
        )

    def corrected(self, draw: int, table: int | None = None) -> bool:
        """Tell whether the organiser corrected a table of draw `draw` (or that table)."""
        return any(c.draw == draw and (table is None or c.table == table) for c in self.corrections)


if TYPE_CHECKING:
    from bauerblock.store.tournament_pairs import StoredPairs

    Stored: TypeAlias = "StoredTournament | StoredPairs"
    """Either kind of stored tournament (`kind` says which)."""


def create_tournament(
    db: Database,
    *,
    title: str | None = None,
    rules: Mapping[str, Any] | None = None,
    players: Sequence[str] = (),
    pairs: Sequence[Sequence[str]] | None = None,
    format: Mapping[str, Any] | None = None,
    idempotency_key: str | None = None,
) -> "tuple[Stored, str]":
    """Store a new tournament with its first players; return it and its edit token.

    Raise RuleError for a bad format, rule set, title or name, or more than 200 players.
    A format of `kind: pairs` makes a Paarturnier of `pairs` (each two names) instead.
    A retry of a Preisbauer with the same key starts no second one: it returns the first
    and its token (IdempotencyConflict or BadKey for a key reused or unlike the pad's).
    """
    if kind_of(format) == PAIRS:
        if players:
            raise RuleError(
                "pairs_not_players",
                "A pair tournament registers pairs (two names each), not players.",
            )
        return _pairs().create(db, title=title, rules=rules, pairs=pairs or (), format=format)
    if pairs:
        raise RuleError(
            "players_not_pairs",
            "A Preisbauer registers players, not pairs: give format.kind 'pairs' "
            "for a pair tournament.",
        )
    format = {key: value for key, value in (format or {}).items() if key != "kind"}
    resolved_format = engine.resolve_format(format)
    resolved_rules = engine.table_rules(rules, resolved_format)
    now = _now()
    tournament_title = clean_text(title or "", MAX_TITLE, "title") or f"Preisbauer {now[:10]}"
    if isinstance(players, str):
        raise RuleError("players_not_list", "players is a list of names.")
    entered = engine.Tournament(resolved_format)
    for name in players:
        entered = _with(entered, engine.enter(entered, _name(name)))
    request = idempotency.fingerprint(
        {"title": title, "rules": rules, "players": list(players), "format": format}
    )
    with immediate(db):
        first = idempotency.made_before(db, NEW_TOURNAMENTS, idempotency_key, request)
        if first is not None:
            return _read(db, first[0]), first[1]
        tournament_id, token = insert_tournament(
            db, tournament_title, resolved_rules, resolved_format.to_dict(), now
        )
        idempotency.remember_made(
            db, NEW_TOURNAMENTS, idempotency_key, request, tournament_id, token
        )
        db.table("tournament_players").insert_all(
            _player_row(tournament_id, player) for player in entered.players
        )
        return _read(db, tournament_id), token


def insert_tournament(
    db: Database, title: str, rules: Rules, format: Mapping[str, Any], now: str
) -> tuple[str, str]:
    """Insert a new tournament's row (in the caller's transaction); return its id and token."""
    token = secrets.token_urlsafe(24)
    tournament_id = secrets.token_urlsafe(16)
    db.table("tournaments").insert(
        {
            "id": tournament_id,
            "title": title,
            "rules": json.dumps(rules.to_dict()),
            "format": json.dumps(dict(format)),
            "token_hash": _token_hash(token),
            "version": 1,
            "created": now,
            "updated": now,
        }
    )
    return tournament_id, token


def kind_of(format: object) -> str:
    """Return the kind of tournament a format names (no kind: a Preisbauer)."""
    kind = format.get("kind", PREISBAUER) if isinstance(format, Mapping) else PREISBAUER
    if kind not in KINDS:
        raise RuleError(
            "tournament_kind",
            "format.kind is 'preisbauer' (partners drawn anew) or 'pairs' (fixed pairs).",
        )
    return kind


def _pairs() -> ModuleType:
    """Return the Paarturnier's store (imported here, as it builds on this module)."""
    from bauerblock.store import tournament_pairs

    return tournament_pairs


def _pairs_of(db: Database, tournament_id: str) -> ModuleType | None:
    """Return the Paarturnier's store if the tournament is one (None: a Preisbauer).

    Every write to a tournament asks here first: the one place the kinds part ways.
    """
    row = db.execute("SELECT format FROM tournaments WHERE id = ?", [tournament_id]).fetchone()
    if row is None:
        raise TournamentNotFound(tournament_id)
    return _pairs() if kind_of(json.loads(row[0])) == PAIRS else None


def load_tournament(db: Database, tournament_id: str) -> "Stored | None":
    """Return the tournament with its players, draws and tables' rounds (None: unknown)."""
    with db.atomic():
        return _load(db, tournament_id)


def tournament_version(db: Database, tournament_id: str) -> int | None:
    """Return the tournament's version alone, for a poll that finds nothing new."""
    row = db.execute("SELECT version FROM tournaments WHERE id = ?", [tournament_id]).fetchone()
    return row[0] if row else None


def tournament_title(db: Database, tournament_id: str) -> str | None:
    """Return the tournament's title alone, for the banner of its tables' pads."""
    row = db.execute("SELECT title FROM tournaments WHERE id = ?", [tournament_id]).fetchone()
    return row[0] if row else None


def table_scores(db: Database, tournament_id: str, draw: int) -> dict[int, dict[str, Any]]:
    """Return the games played and the open round's score of each table of a draw, in one read.

    By table number; a table with no game yet is missing. Read from each sheet's last stored
    standing: no game is replayed.
    """
    rows = db.query(
        """
        SELECT draw_tables.number AS table_number, entries.number AS played, entries.standing
        FROM draw_tables JOIN entries ON entries.sheet_id = draw_tables.sheet_id
        WHERE draw_tables.tournament_id = ? AND draw_tables.draw = ? AND entries.number =
            (SELECT MAX(number) FROM entries AS last WHERE last.sheet_id = draw_tables.sheet_id)
        """,
        [tournament_id, draw],
    )
    return {
        row["table_number"]: {
            "played": row["played"],
            "score": restore(Standing, json.loads(row["standing"])).score.to_dict(),
        }
        for row in rows
    }


def redrawn(db: Database, sheet_id: str) -> dict[str, Any] | None:
    """Return where a table's sheet was before its draw was drawn anew (None: never was).

    `{"tournament", "draw"}`, for the page an old table card's link now opens.
    """
    row = db.execute(
        "SELECT tournament_id, draw FROM redrawn_sheets WHERE sheet_id = ?", [sheet_id]
    ).fetchone()
    return {"tournament": row[0], "draw": row[1]} if row else None


def etag(tournament_id: str, version: int) -> str:
    """Return the tournament's entity tag (unquoted) at `version`."""
    return entity_tag(tournament_id, version)


def check_token(db: Database, tournament_id: str, token: str | None) -> bool:
    """Tell whether `token` is the tournament's edit token; raise TournamentNotFound."""
    row = db.execute("SELECT token_hash FROM tournaments WHERE id = ?", [tournament_id]).fetchone()
    if row is None:
        raise TournamentNotFound(tournament_id)
    return isinstance(token, str) and hmac.compare_digest(_token_hash(token), row[0])


def table_token(token: str, sheet_id: str) -> str:
    """Return the edit token of a table's sheet, derived from the tournament's edit token."""
    digest = hmac.new(token.encode(), f"table:{sheet_id}".encode(), hashlib.sha256).digest()
    # 24 bytes, as long as a sheet's own random token.
    return base64.urlsafe_b64encode(digest[:24]).decode().rstrip("=")


def add_player(
    db: Database, tournament_id: str, name: str, *, idempotency_key: str | None = None
) -> engine.Player:
    """Register a player, who joins from the next draw on; return the player.

    A retry with the same Idempotency-Key returns the player the first request registered.
    Raise TournamentNotFound, IdempotencyConflict, the engine's TournamentFinished, or
    RuleError (a bad name, a name registered already, 200 players).
    """
    if (pairs := _pairs_of(db, tournament_id)) is not None:
        pairs.refuse_players()
    name = _name(name)
    with immediate(db):
        stored = _read(db, tournament_id)
        done = _replayed(db, tournament_id, idempotency_key, "player", {"name": name})
        if done is not None:
            return _player(stored.tournament, done)
        engine.check_open(stored.tournament, stored.rounds)
        player = engine.enter(stored.tournament, name)
        db.table("tournament_players").insert(_player_row(tournament_id, player))
        _remember(db, tournament_id, idempotency_key, "player", {"name": name}, player.number)
        _bump(db, tournament_id)
        return player


def add_players(
    db: Database, tournament_id: str, names: Sequence[str], *, idempotency_key: str | None = None
) -> tuple[engine.Player, ...]:
    """Register several players in one transaction: all of them, or none on a refusal.

    A retry with the same key registers nobody again and returns the players the first
    request registered. Raise as `add_player` does.
    """
    if (pairs := _pairs_of(db, tournament_id)) is not None:
        pairs.refuse_players()
    cleaned = [_name(name) for name in names]
    request = {"names": cleaned}
    with immediate(db):
        stored = _read(db, tournament_id)
        done = _replayed(db, tournament_id, idempotency_key, "players", request)
        if done is not None:
            return tuple(_player(stored.tournament, number) for number in done)
        engine.check_open(stored.tournament, stored.rounds)
        entered = stored.tournament
        for name in cleaned:
            entered = _with(entered, engine.enter(entered, name))
        added = entered.players[len(stored.tournament.players) :]
        db.table("tournament_players").insert_all(_player_row(tournament_id, p) for p in added)
        numbers = [player.number for player in added]
        _remember(db, tournament_id, idempotency_key, "players", request, numbers)
        _bump(db, tournament_id)
        return added


def withdraw_player(db: Database, tournament_id: str, number: int) -> engine.Player:
    """Withdraw a player from the next draw on (again: no change); return the player.

    Raise TournamentNotFound, the engine's PlayerNotFound or TournamentFinished.
    """
    return _change_player(db, tournament_id, number, engine.withdraw)


def reinstate_player(db: Database, tournament_id: str, number: int) -> engine.Player:
    """Take a withdrawal back: the player plays again from the next draw on; return them.

    Raise TournamentNotFound, the engine's PlayerNotFound or TournamentFinished.
    """
    return _change_player(db, tournament_id, number, engine.reinstate)


def _change_player(
    db: Database,
    tournament_id: str,
    number: int,
    change: Callable[[engine.Tournament, int], engine.Player],
) -> engine.Player:
    """Store what `change` makes of a player (no change: no new version); return the player."""
    if (pairs := _pairs_of(db, tournament_id)) is not None:
        pairs.refuse_players()
    with immediate(db):
        stored = _read(db, tournament_id)
        before = _player(stored.tournament, number)
        engine.check_open(stored.tournament, stored.rounds)
        player = change(stored.tournament, number)
        if player != before:
            db.execute(
                "UPDATE tournament_players SET withdrawn_draw = ?, gaps = ? "
                "WHERE tournament_id = ? AND number = ?",
                [player.withdrawn_from, _gaps(player.gaps), tournament_id, number],
            )
            _bump(db, tournament_id)
        return player


def draw_next(
    db: Database,
    tournament_id: str,
    token: str,
    *,
    seed: str | None = None,
    idempotency_key: str | None = None,
) -> tuple[StoredTournament, engine.Draw]:
    """Draw the next draw and make a sheet for each of its tables; return both.

    `token` is the tournament's edit token (checked by the caller): the tables' tokens are
    derived from it. A retry with the same Idempotency-Key returns the draw the first
    request made. Raise TournamentNotFound, IdempotencyConflict, the engine's StateConflict
    (tables still play, the planned draws are done, the tournament is finished) or RuleError
    (fewer than four players).
    """
    if (pairs := _pairs_of(db, tournament_id)) is not None:
        return pairs.draw_next(db, tournament_id, token, seed=seed, idempotency_key=idempotency_key)
    request = {"seed": seed}
    with immediate(db):
        stored = _read(db, tournament_id)
        done = _replayed(db, tournament_id, idempotency_key, "draw", request)
        if done is not None:
            return stored, stored.tournament.draws[done - 1]
        made = engine.next_draw(stored.tournament, stored.rounds, seed or secrets.token_hex(8))
        now = _now()
        # The draw before is closed now: its pads, polling their ETags, see it at once.
        _touch_tables(db, tournament_id, made.number - 1, now)
        db.table("draws").insert(
            {
                "tournament_id": tournament_id,
                "number": made.number,
                "seed": made.seed,
                "byes": json.dumps(list(made.byes)),
                "ended": None,
                "created": now,
            }
        )
        names = {player.number: player.name for player in stored.tournament.players}
        for table in made.tables:
            sheet, _ = new_sheet(
                GAME,
                players=[names[number] for number in table.seats],
                rules=stored.rules.to_dict(),
                title=stored.title + _TABLE_SUFFIX.format(draw=made.number, table=table.number),
                token_of=lambda sheet_id: table_token(token, sheet_id),
            )
            insert_sheet(db, sheet)
            db.table("draw_tables").insert(
                {
                    "tournament_id": tournament_id,
                    "draw": made.number,
                    "number": table.number,
                    "seats": json.dumps(list(table.seats)),
                    "sheet_id": sheet.id,
                }
            )
        _remember(db, tournament_id, idempotency_key, "draw", request, made.number)
        _bump(db, tournament_id)
        return _read(db, tournament_id), made


def end_draw(db: Database, tournament_id: str, number: int) -> StoredTournament:
    """End draw `number` (the latest): its open rounds count for nobody, its tables close.

    Ending it again changes nothing. Raise TournamentNotFound, DrawNotFound, or the
    engine's StateConflict for an earlier draw or a finished tournament.
    """
    if (pairs := _pairs_of(db, tournament_id)) is not None:
        return pairs.end_draw(db, tournament_id, number)
    with immediate(db):
        stored = _read(db, tournament_id)
        _check_draw(stored, number)
        if engine.end_draw(stored.tournament, number) == stored.tournament.draws[number - 1]:
            return stored
        engine.check_open(stored.tournament, stored.rounds)
        _close_draw(db, tournament_id, number)
        return _read(db, tournament_id)


def _close_draw(db: Database, tournament_id: str, number: int) -> None:
    """Mark draw `number` ended: its tables take no more games from their phones."""
    now = _now()
    db.execute(
        "UPDATE draws SET ended = ? WHERE tournament_id = ? AND number = ?",
        [now, tournament_id, number],
    )
    _touch_tables(db, tournament_id, number, now)
    _bump(db, tournament_id)


def _touch_tables(db: Database, tournament_id: str, draw: int, now: str) -> None:
    """Give each table of a draw a new version: a pad polling its ETag sees it closed."""
    db.execute(
        "UPDATE sheets SET version = version + 1, updated = ? WHERE id IN "
        "(SELECT sheet_id FROM draw_tables WHERE tournament_id = ? AND draw = ?)",
        [now, tournament_id, draw],
    )


def redo_draw(db: Database, tournament_id: str, number: int) -> None:
    """Delete draw `number` (the latest, while none of its tables has a game) and its sheets.

    Players who entered or withdrew while it stood count as having done so before it, so
    the draw made anew seats whom it would have seated then. Raise TournamentNotFound,
    DrawNotFound, or the engine's StateConflict (a finished tournament too).
    """
    if (pairs := _pairs_of(db, tournament_id)) is not None:
        pairs.redo_draw(db, tournament_id, number)
        return
    with immediate(db):
        stored = _read(db, tournament_id)
        _check_draw(stored, number)
        engine.check_open(stored.tournament, stored.rounds)
        engine.check_redo(stored.tournament, number, _games_by_table(db, tournament_id, number))
        _delete_draw(db, tournament_id, number)
        db.execute(
            """
            UPDATE tournament_players SET
                joined_draw = MIN(joined_draw, :number),
                withdrawn_draw = MIN(withdrawn_draw, :number)
            WHERE tournament_id = :id
            """,
            {"number": number, "id": tournament_id},
        )
        for player in stored.tournament.players:
            if player.gaps and player.gaps[-1][1] > number:
                # A re-entry made while the draw stood counts from before it, too.
                *kept, (start, _) = player.gaps
                gaps = (*kept, (start, number)) if start < number else tuple(kept)
                db.execute(
                    "UPDATE tournament_players SET gaps = ? WHERE tournament_id = ? AND number = ?",
                    [_gaps(gaps), tournament_id, player.number],
                )


def _games_by_table(db: Database, tournament_id: str, number: int) -> dict[int, int]:
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


def _delete_draw(db: Database, tournament_id: str, number: int) -> None:
    """Delete draw `number` with its tables' sheets, its corrections and the key that made it."""
    # Their links live on in the printed cards: each will say the draw was drawn anew.
    db.execute(
        "INSERT OR REPLACE INTO redrawn_sheets (sheet_id, tournament_id, draw, at) "
        "SELECT sheet_id, tournament_id, draw, ? FROM draw_tables "
        "WHERE tournament_id = ? AND draw = ?",
        [_now(), tournament_id, number],
    )
    made = db.execute(
        "SELECT created FROM draws WHERE tournament_id = ? AND number = ?", [tournament_id, number]
    ).fetchone()
    # The sheets go first; their tables follow them (ON DELETE CASCADE), then the draw.
    db.execute(
        "DELETE FROM sheets WHERE id IN "
        "(SELECT sheet_id FROM draw_tables WHERE tournament_id = ? AND draw = ?)",
        [tournament_id, number],
    )
    db.execute("DELETE FROM draws WHERE tournament_id = ? AND number = ?", [tournament_id, number])
    # Corrections that left no game behind: the tables they named are gone.
    db.execute(
        "DELETE FROM corrections WHERE tournament_id = ? AND draw = ?", [tournament_id, number]
    )
    # A key that made the draw must make it anew, not answer with a draw that is gone. The
    # answers are sealed with their keys (no SQL reads them), so every answer kept since the
    # draw was made goes: a retry of those is then refused or done once, as a new request.
    if made is not None:
        db.execute(
            "DELETE FROM idempotency WHERE owner = ? AND created >= ?",
            [idempotency.tournament(tournament_id), made[0]],
        )
    _bump(db, tournament_id)


def redraw(
    db: Database,
    tournament_id: str,
    number: int,
    token: str,
    *,
    seed: str | None = None,
    idempotency_key: str | None = None,
) -> "tuple[StoredTournament, engine.Draw]":
    """Draw draw `number` (the latest, no game at its tables) anew, in one transaction.

    A new draw that cannot be drawn (fewer than four active players) keeps the old one; a
    retry with the same key draws nothing and returns the draw as it stands. Raise as
    `redo_draw` and `draw_next` do.
    """
    request = {"number": number, "seed": seed}
    with immediate(db):
        done = _replayed(db, tournament_id, idempotency_key, "redraw", request)
        if done is not None:
            stored = _read(db, tournament_id)
            _check_draw(stored, done)
            return stored, stored.tournament.draws[done - 1]
        redo_draw(db, tournament_id, number)
        stored, made = draw_next(db, tournament_id, token, seed=seed)
        _remember(db, tournament_id, idempotency_key, "redraw", request, made.number)
        return stored, made


def document(stored: "Stored", *, token: str | None = None) -> dict[str, Any]:
    """Return the tournament as JSON: settings, players, draws with tables, standings.

    With the tournament's edit token (checked by the caller) each table's `sheet` holds
    its `edit_token` too.
    """
    if stored.kind == PAIRS:
        return _pairs().document(stored, token=token)
    tournament, rounds = stored.tournament, stored.rounds
    return {
        "id": stored.id,
        "kind": PREISBAUER,
        "title": stored.title,
        "version": stored.version,
        "created": stored.created,
        "updated": stored.updated,
        "rules": stored.rules.to_dict(),
        "format": tournament.format.to_dict(),
        "players": [player.to_dict() for player in tournament.players],
        "draws": [draw_document(stored, made.number, token=token) for made in tournament.draws],
        "standings": [line.to_dict() for line in engine.standings(tournament, rounds)],
        "finished": engine.finished(tournament, rounds),
        "corrections": [correction.to_dict() for correction in stored.corrections],
    }


def draw_document(stored: "Stored", number: int, *, token: str | None = None) -> dict:
    """Return draw `number` as JSON: seed, whether it is finished or ended, tables, byes."""
    if stored.kind == PAIRS:
        return _pairs().draw_document(stored, number, token=token)
    tournament, rounds = stored.tournament, stored.rounds
    made = tournament.draws[number - 1]
    tables = []
    for table in made.tables:
        sheet_id = stored.tables[(number, table.number)].sheet_id
        sheet: dict[str, Any] = {"id": sheet_id}
        if token is not None:
            sheet["edit_token"] = table_token(token, sheet_id)
        progress = engine.table_progress(tournament, rounds, number, table.number)
        tables.append(
            {
                **table.to_dict(),
                **progress.to_dict(),
                "corrected": stored.corrected(number, table.number),
                "sheet": sheet,
            }
        )
    return {
        **made.to_dict(),
        "finished": engine.draw_finished(tournament, rounds, number),
        "closed": engine.draw_locked(tournament, rounds, number),
        "corrected": stored.corrected(number),
        "tables": tables,
    }


def results(stored: StoredTournament) -> list[engine.PlayerStanding]:
    """Return the results list: the standings, best first, with points per draw."""
    return list(engine.standings(stored.tournament, stored.rounds))


def _read(db: Database, tournament_id: str) -> "Stored":
    stored = _load(db, tournament_id)
    if stored is None:
        raise TournamentNotFound(tournament_id)
    return stored


def _load(db: Database, tournament_id: str) -> "Stored | None":
    row = next(db.query("SELECT * FROM tournaments WHERE id = ?", [tournament_id]), None)
    if row is None:
        return None
    if kind_of(json.loads(row["format"])) == PAIRS:
        return _pairs().load_row(db, row)
    players = tuple(
        engine.Player(
            r["number"],
            r["name"],
            r["joined_draw"],
            r["withdrawn_draw"],
            tuple((start, back) for start, back in json.loads(r["gaps"])),
        )
        for r in db.query(
            "SELECT * FROM tournament_players WHERE tournament_id = ? ORDER BY number",
            [tournament_id],
        )
    )
    seats: dict[int, list[engine.Table]] = {}
    tables: dict[tuple[int, int], TableRow] = {}
    for r in db.query(
        "SELECT * FROM draw_tables WHERE tournament_id = ? ORDER BY draw, number", [tournament_id]
    ):
        seats.setdefault(r["draw"], []).append(
            engine.Table(r["number"], tuple(json.loads(r["seats"])))
        )
        tables[(r["draw"], r["number"])] = TableRow(r["draw"], r["number"], r["sheet_id"])
    draws = tuple(
        engine.Draw(
            r["number"],
            r["seed"],
            tuple(seats.get(r["number"], ())),
            tuple(json.loads(r["byes"])),
            ended=r["ended"] is not None,
        )
        for r in db.query(
            "SELECT * FROM draws WHERE tournament_id = ? ORDER BY number", [tournament_id]
        )
    )
    format = engine.resolve_format(json.loads(row["format"]))
    return StoredTournament(
        id=row["id"],
        title=row["title"],
        rules=engine.table_rules(json.loads(row["rules"]), format),
        version=row["version"],
        created=row["created"],
        updated=row["updated"],
        tournament=engine.Tournament(format, players, draws, final=row["finished"] is not None),
        tables=tables,
        rounds=_rounds(db, tournament_id),
        corrections=_corrections(db, tournament_id),
    )


def _corrections(db: Database, tournament_id: str) -> tuple[Correction, ...]:
    """Return the organiser's writes at the tournament's tables, oldest first."""
    return tuple(
        Correction(r["draw"], r["table_number"], r["game"], r["action"], r["at"])
        for r in db.query(
            "SELECT * FROM corrections WHERE tournament_id = ? ORDER BY rowid", [tournament_id]
        )
    )


def _rounds(db: Database, tournament_id: str) -> dict[tuple[int, int], list[RoundRecord]]:
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
            rounds.setdefault((r["draw"], r["table_number"]), []).append(
                RoundRecord(closed["number"], Team(closed["winner"]), Points(**_ab(closed)))
            )
    return rounds


def _ab(closed: Mapping[str, Any]) -> dict[str, int]:
    return {"a": closed["final"]["A"], "b": closed["final"]["B"]}


def _check_draw(stored: StoredTournament, number: int) -> None:
    if not 1 <= number <= len(stored.tournament.draws):
        raise DrawNotFound(number)


def _player(tournament: engine.Tournament, number: int) -> engine.Player:
    player = tournament.player(number)
    if player is None:
        raise engine.PlayerNotFound(
            "player_not_found", "The tournament has no player {number}.", number=number
        )
    return player


def _with(tournament: engine.Tournament, player: engine.Player) -> engine.Tournament:
    return replace(tournament, players=(*tournament.players, player))


def _name(name: object) -> str:
    cleaned = clean_text(name, MAX_NAME, "name")
    if not cleaned:
        raise RuleError("player_name_blank", "A player's name may not be blank.")
    return cleaned


def _player_row(tournament_id: str, player: engine.Player) -> dict[str, Any]:
    return {
        "tournament_id": tournament_id,
        "number": player.number,
        "name": player.name,
        "joined_draw": player.joined_draw,
        "withdrawn_draw": player.withdrawn_from,
        "gaps": _gaps(player.gaps),
    }


def _gaps(gaps: Sequence[tuple[int, int]]) -> str:
    return json.dumps([list(gap) for gap in gaps])


def _bump(db: Database, tournament_id: str) -> None:
    db.execute(
        "UPDATE tournaments SET version = version + 1, updated = ? WHERE id = ?",
        [_now(), tournament_id],
    )


def _replayed(
    db: Database,
    tournament_id: str,
    key: str | None,
    kind: str,
    request: Mapping[str, Any],
) -> Any:
    """Return what the first request with this key made (a number), or None: a new key."""
    if key is None:
        return None
    owner = idempotency.tournament(tournament_id)
    answer = idempotency.recall(db, owner, key, idempotency.fingerprint({"kind": kind, **request}))
    return None if answer is None else answer.body[kind]


def _remember(
    db: Database,
    tournament_id: str,
    key: str | None,
    kind: str,
    request: Mapping[str, Any],
    made: object,
) -> None:
    if key is not None:
        idempotency.remember(
            db,
            idempotency.tournament(tournament_id),
            key,
            idempotency.fingerprint({"kind": kind, **request}),
            idempotency.Answer(HTTPStatus.CREATED.value, {kind: made}),
        )
