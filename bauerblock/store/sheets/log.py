"""A sheet's log: games played on from a stored standing by the engine, and their rows
stored in place of the log from a game on, with a new version.

A change to an early game replays the games after it: `plan_ahead` does that before the
write lock is taken, and the write stores the plan if the sheet is still at its version.
An amendment replays only until a game leaves the standing stored for it: the standing is
all a later game is played from, so every game after that one replays as stored.
"""

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlite_utils import Database

from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import snapshot
from bauerblock.engine.games import SheetState, resume, sheet_game
from bauerblock.store.common import canonical, now
from bauerblock.store.db import in_write
from bauerblock.store.sheets.head import Entry, SheetHead, head_of
from bauerblock.store.sheets.state import standing_before


def play_on(
    sheet: SheetHead, standing: Mapping[str, Any] | None, entries: Sequence[Entry]
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Replay `entries` from a standing; return their rows to store and the state they give.

    Raise the engine's GameError naming the first game that is illegal there.
    """
    state = resume(sheet_game(sheet.game), sheet.rules, sheet.first_dealer, standing)
    rows = []
    for after, row in played(sheet, state, entries):
        state = after
        rows.append(row)
    return rows, state.to_dict()


def replay_until_settled(
    sheet: SheetHead,
    standing: Mapping[str, Any] | None,
    entries: Sequence[Entry],
    settled: Sequence[str],
) -> list[dict[str, Any]]:
    """Replay `entries` from a standing until a game leaves the standing `settled` names for
    it (the stored one, in order); return the rows replayed, that game's the last.

    Raise the engine's GameError naming the first game that is illegal there.
    """
    rows = []
    state = resume(sheet_game(sheet.game), sheet.rules, sheet.first_dealer, standing)
    for index, (_, row) in enumerate(played(sheet, state, entries, forget=FORGET_EVERY)):
        rows.append(row)
        if index < len(settled) and row["standing"] == settled[index]:
            break
    return rows


FORGET_EVERY = 100
"""A long replay drops the games it played from its state this often (their rows hold them)."""


def played(
    sheet: SheetHead, state: SheetState, entries: Sequence[Entry], *, forget: int = 0
) -> Iterator[tuple[SheetState, dict[str, Any]]]:
    """Play `entries` on from `state`, yielding the state after each and the row to store;
    with `forget`, the state keeps at most that many games."""
    module = sheet_game(sheet.game)
    for count, entry in enumerate(entries, start=1):
        if forget and count % forget == 0:
            # The engine appends each game to a tuple it copies: a state that keeps them all
            # makes a long replay quadratic. The standing is all a game is played from.
            state = replace(state, games=())
        closed_before = len(getattr(state, "rounds", ()))
        state = module.play(state, entry)
        yield (
            state,
            {
                "number": state.standing.played,
                "entry": canonical(entry),
                "record": canonical(state.games[-1].to_dict()),
                # Only games that end a round (or board) close one; Bolachen has none.
                "closed": canonical(
                    [r.to_dict() for r in getattr(state, "rounds", ())[closed_before:]]
                ),
                "standing": canonical(snapshot(state.standing)),
            },
        )


def store_rows(
    db: Database,
    sheet: SheetHead,
    rows: list[dict[str, Any]],
    *,
    start: int,
    standing: Mapping[str, Any] | None,
    through: int | None = None,
) -> SheetHead:
    """Replace the log from game `start` on with `rows` (up to game `through` alone, if
    given: the games after it stay), bump the version; return the head.

    `standing` is the standing before game `start`, the sheet's standing if no row follows.
    """
    # Games from `start` on are rewritten rather than renumbered in place: an UPDATE of
    # the numbers could collide with the primary key midway.
    db.execute(
        "DELETE FROM entries WHERE sheet_id = ? AND number >= ? AND number <= ?",
        [sheet.id, start, sheet.played if through is None else through],
    )
    if rows:
        # A plain INSERT: sqlite-utils' insert_all would first list every table of the
        # schema, a read that grows with the schema rather than with the game.
        columns = ("sheet_id", *rows[0])
        db.conn.executemany(
            f"INSERT INTO entries ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
            [(sheet.id, *row.values()) for row in rows],
        )
    written = now()
    db.execute(
        "UPDATE sheets SET version = version + 1, updated = ? WHERE id = ?", [written, sheet.id]
    )
    if through is not None:
        return replace(sheet, version=sheet.version + 1, updated=written)
    return replace(
        sheet,
        version=sheet.version + 1,
        updated=written,
        played=start - 1 + len(rows),
        standing=json.loads(rows[-1]["standing"]) if rows else standing,
    )


@dataclass(frozen=True)
class Plan:
    """The games from one on, replayed at one version of the sheet: the rows to store."""

    version: int
    before: Mapping[str, Any] | None
    rows: list[dict[str, Any]]
    through: int | None
    """The last game the rows replace, the games after it kept as stored (None: all)."""
    error: RuleError | None


Later = Callable[[list[Entry]], list[Entry]]
"""The new entries from the changed game on, given the entries after it."""


def plan_from(db: Database, head: SheetHead, start: int, entries: Later) -> Plan:
    """Replay the games from `start` on (the entries `entries` gives) at head's version,
    as far as they differ from the stored ones."""
    stored = db.execute(
        "SELECT entry, standing FROM entries WHERE sheet_id = ? AND number >= ? ORDER BY number",
        [head.id, start],
    ).fetchall()
    later = [json.loads(row[0]) for row in stored[1:]]
    before = standing_before(db, head.id, start)
    new = entries(later)
    # An amendment keeps every later game where it was: once a game's standing is the one
    # stored for it, the later games are played from the same standing and replay as stored.
    settled = [row[1] for row in stored] if new[1:] == later else []
    try:
        rows = replay_until_settled(head, before, new, settled)
    except RuleError as error:
        return Plan(head.version, before, [], None, error)
    through = start + len(rows) - 1 if len(rows) < len(new) else None
    return Plan(head.version, before, rows, through, None)


def plan_ahead(db: Database, sheet_id: str, number: int, entries: Later) -> Plan | None:
    """Replay the games from `number` on before the write lock is taken (None: not now).

    Amending game 1 of a full sheet may score 3000 games again: done here, in a read
    transaction, the write lock is held only to store the rows.
    """
    if in_write(db):
        return None  # an outer write holds the lock already: planned under it
    with db.atomic():
        head = head_of(db, sheet_id)
        if head is None or not 1 <= number <= head.played:
            return None
        return plan_from(db, head, number, entries)


def plan_now(
    db: Database, head: SheetHead, planned: Plan | None, start: int, entries: Later
) -> Plan:
    """Return the plan if the sheet is still at its version, else plan again under the lock."""
    # Every write bumps the version: the same version is the same log.
    if planned is not None and planned.version == head.version:
        return planned
    return plan_from(db, head, start, entries)


def apply_plan(db: Database, head: SheetHead, plan: Plan, *, start: int) -> SheetHead:
    """Store a plan's rows from game `start` on (or raise its refusal); return the head."""
    if plan.error is not None:
        raise plan.error
    return store_rows(db, head, plan.rows, start=start, standing=plan.before, through=plan.through)
