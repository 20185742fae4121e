"""A group's writes: the group made with its roster, a player added, an evening started."""

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from sqlite_utils import Database

from bauerblock.engine.errors import RuleError
from bauerblock.engine.names import clean_text, name_key
from bauerblock.store import idempotency
from bauerblock.store.common import bump, insert_owner, now
from bauerblock.store.db import immediate
from bauerblock.store.errors import RosterConflict
from bauerblock.store.groups.stored import (
    MAX_GROUP_NAME,
    MAX_ROSTER,
    Group,
    RosterPlayer,
    read_group,
)
from bauerblock.store.sheets import MAX_NAME, Sheet, insert_sheet, new_sheet, require_sheet

NEW_GROUPS = "new:groups"
"""The owner of the keys of groups not yet made (the new-group form's)."""


def create_group(
    db: Database, name: str, players: Sequence[str] = (), *, idempotency_key: str | None = None
) -> tuple[Group, str]:
    """Store a new group with its roster; return it and its edit token (shown once).

    A retry with the same key starts no second group: it returns the first one and its
    token. Raise RuleError for a blank or long name, a bad or repeated player name, or a
    roster over MAX_ROSTER; IdempotencyConflict or BadKey.
    """
    group_name = clean_text(name, MAX_GROUP_NAME, "group_name", blank=RuleError("group_name_blank"))
    if isinstance(players, str) or len(players) > MAX_ROSTER:
        raise RuleError("roster_not_list", most=MAX_ROSTER)
    names: list[str] = []
    for raw in players:
        player = _player_name(raw)
        _check_new_name(names, player)
        names.append(player)
    request = idempotency.fingerprint({"name": group_name, "players": names})

    def make() -> tuple[Group, str]:
        group_id, token = insert_owner(db, "groups", now(), name=group_name)
        db.table("group_players").insert_all(
            {"group_id": group_id, "number": number, "name": player}
            for number, player in enumerate(names, start=1)
        )
        return read_group(db, group_id), token

    with immediate(db):
        made, token, _ = idempotency.create_once(
            db, NEW_GROUPS, idempotency_key, request, make, partial(read_group, db)
        )
    return made, token


def add_player(
    db: Database, group_id: str, name: str, *, idempotency_key: str | None = None
) -> tuple[RosterPlayer, int]:
    """Put a new player on the roster; return the entry with its new number, and the
    group's new version.

    A retry with the same key gets the first answer again. Raise GroupNotFound, RuleError
    for a bad name, RosterConflict for a name already on the roster or a full roster,
    IdempotencyConflict (the key came with another name) or BadKey.
    """
    name = _player_name(name)
    request = idempotency.fingerprint({"kind": "player", "name": name})
    owner = idempotency.group(group_id)
    with immediate(db):
        group = read_group(db, group_id)
        first = idempotency.recall(db, owner, idempotency_key, request)
        if first is not None:
            return RosterPlayer(**first.body["player"]), first.body["version"]
        player = _add(db, group, name)
        bump(db, "groups", group_id)
        body = {"player": player.to_dict(), "version": group.version + 1}
        idempotency.remember(db, owner, idempotency_key, request, idempotency.Kept(body))
        return player, group.version + 1


def create_group_sheet(
    db: Database,
    group_id: str,
    game: str,
    *,
    players: Sequence[int | str],
    first_dealer: int = 0,
    rules: Mapping[str, Any] | None = None,
    title: str | None = None,
    idempotency_key: str | None = None,
) -> tuple[Sheet, str]:
    """Start an evening of the group: a sheet whose seats are roster players.

    `players` are roster numbers in seat order, or names: a name already on the roster is
    that player, a new one is added to the roster. Return the sheet and its own edit token;
    a retry with the same key returns the sheet the first request started, as it is now.
    Raise GroupNotFound, RuleError (unknown number, a player on two seats, the wrong number
    of seats, any refusal of `create_sheet`), RosterConflict (a new name, roster full),
    IdempotencyConflict or BadKey; on any of them nothing is written.
    """
    request = idempotency.fingerprint(
        {
            "kind": "sheet",
            "game": game,
            "players": list(players) if isinstance(players, Sequence) else repr(players),
            "first_dealer": first_dealer,
            "rules": rules,
            "title": title,
        }
    )

    def make() -> tuple[Sheet, str]:
        if isinstance(players, str | bytes) or not isinstance(players, Sequence):
            raise RuleError("seats_not_list")
        numbers, seated = [], group
        for seat in players:
            number, seated = _seat(db, seated, seat)
            numbers.append(number)
        roster = seated.roster()
        repeated = sorted({n for n in numbers if numbers.count(n) > 1})
        if repeated:
            names = ", ".join(roster[n] for n in repeated)
            raise RuleError("seat_twice", names=names)
        sheet, token = new_sheet(
            game,
            players=[roster[n] for n in numbers],
            first_dealer=first_dealer,
            rules=rules,
            title=title or seated.name,
        )
        insert_sheet(db, sheet)
        db.table("group_sheets").insert(
            {"group_id": group_id, "sheet_id": sheet.id, "players": json.dumps(numbers)}
        )
        bump(db, "groups", group_id)
        return replace(sheet, group={"id": group_id, "players": numbers}), token

    owner = idempotency.group(group_id)
    with immediate(db):
        group = read_group(db, group_id)
        made, token, _ = idempotency.create_once(
            db, owner, idempotency_key, request, make, partial(require_sheet, db)
        )
    return made, token


def _seat(db: Database, group: Group, seat: object) -> tuple[int, Group]:
    """Return the roster number a seat names, and the group with a new name added."""
    if isinstance(seat, int) and not isinstance(seat, bool):
        if seat not in group.roster():
            raise RuleError("roster_number_unknown", n=seat)
        return seat, group
    if not isinstance(seat, str):
        raise RuleError("seat_kind")
    name = _player_name(seat)
    known = _named(group, name)
    if known is not None:
        return known.number, group
    player = _add(db, group, name)
    return player.number, replace(group, players=(*group.players, player))


def _add(db: Database, group: Group, name: str) -> RosterPlayer:
    if not name:
        raise RuleError("seat_name_blank")
    if len(group.players) >= MAX_ROSTER:
        raise RosterConflict("roster_full", most=MAX_ROSTER)
    known = _named(group, name)
    if known is not None:
        raise RosterConflict(
            "roster_name_taken",
            name=known.name,
            n=known.number,
        )
    number = max((p.number for p in group.players), default=0) + 1
    db.table("group_players").insert({"group_id": group.id, "number": number, "name": name})
    return RosterPlayer(number, name)


def _named(group: Group, name: str) -> RosterPlayer | None:
    """Return the roster player of that name, compared as names are (engine.names.name_key:
    no case, no accents, no full-width or look-alike letters)."""
    wanted = name_key(name)
    return next((p for p in group.players if name_key(p.name) == wanted), None)


def _check_new_name(names: list[str], name: str) -> None:
    """Refuse a blank name, or one the list has already (named as the list has it)."""
    if not name:
        raise RuleError("roster_name_blank")
    wanted = name_key(name)
    same = next((n for n in names if name_key(n) == wanted), None)
    if same is not None:
        raise RuleError("roster_name_twice", name=same)


def _player_name(name: object) -> str:
    return clean_text(name, MAX_NAME, "name")
