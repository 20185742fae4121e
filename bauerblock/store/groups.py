"""Stammtisch: a roster of players kept across evenings, and the sheets started in it.

A group is its name, its roster (numbered players, never removed, so a number is never
used twice) and its evenings, each an ordinary sheet. The group's version moves with every
write to the group and (by a trigger, see store/schema/groups.py) to any of its sheets, so
its ETag covers its evenings and a poll reads one row.
"""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sqlite_utils import Database

from bauerblock.engine import stammtisch
from bauerblock.engine.errors import RuleError
from bauerblock.engine.games import GAMES
from bauerblock.engine.names import clean_text, name_key
from bauerblock.store import idempotency
from bauerblock.store.common import entity_tag, new_id, new_token, now, token_hash
from bauerblock.store.db import immediate
from bauerblock.store.errors import GroupNotFound, RosterConflict
from bauerblock.store.sheets import (
    MAX_NAME,
    Sheet,
    check_token,
    insert_sheet,
    new_sheet,
    require_sheet,
    resumed_state,
)
from bauerblock.store.stats import VersionCache, sheet_stats

NEW_GROUPS = "new:groups"
"""The owner of the keys of groups not yet made (the new-group form's)."""
MAX_GROUP_NAME = 80
MAX_ROSTER = 60
"""A roster holds at most this many players (a Stammtisch, not a league)."""


@dataclass(frozen=True)
class RosterPlayer:
    """A player of the group's roster: a number kept for good, and a name."""

    number: int
    name: str

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "name": self.name}


@dataclass(frozen=True)
class Evening:
    """A sheet of the group: its id and version, and the roster numbers by seat."""

    sheet_id: str
    version: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class Group:
    """A stored group: its name, version, roster and evenings (newest first)."""

    id: str
    name: str
    version: int
    created: str
    updated: str
    players: tuple[RosterPlayer, ...]
    evenings: tuple[Evening, ...]
    token_hash: str = field(repr=False)

    def roster(self) -> dict[int, str]:
        """Return the names by roster number."""
        return {player.number: player.name for player in self.players}


def create_group(
    db: Database, name: str, players: Sequence[str] = (), *, idempotency_key: str | None = None
) -> tuple[Group, str]:
    """Store a new group with its roster; return it and its edit token (shown once).

    A retry with the same key starts no second group: it returns the first one and its
    token. Raise RuleError for a blank or long name, a bad or repeated player name, or a
    roster over MAX_ROSTER; IdempotencyConflict or BadKey.
    """
    group_name = clean_text(name, MAX_GROUP_NAME, "group_name")
    if not group_name:
        raise RuleError("group_name_blank")
    if isinstance(players, str) or len(players) > MAX_ROSTER:
        raise RuleError("roster_not_list", most=MAX_ROSTER)
    names: list[str] = []
    for raw in players:
        player = _player_name(raw)
        _check_new_name(names, player)
        names.append(player)
    created = now()
    token = new_token()
    group_id = new_id()
    request = idempotency.fingerprint({"name": group_name, "players": names})
    with immediate(db):
        first = idempotency.made_before(db, NEW_GROUPS, idempotency_key, request)
        if first is not None:
            return _read(db, first[0]), first[1]
        idempotency.remember_made(db, NEW_GROUPS, idempotency_key, request, group_id, token)
        db.table("groups").insert(
            {
                "id": group_id,
                "name": group_name,
                "token_hash": token_hash(token),
                "version": 1,
                "created": created,
                "updated": created,
            }
        )
        db.table("group_players").insert_all(
            {"group_id": group_id, "number": number, "name": player}
            for number, player in enumerate(names, start=1)
        )
        return _read(db, group_id), token


def load_group(db: Database, group_id: str) -> Group | None:
    """Return the group with its roster and evenings, or None for an unknown id."""
    with db.atomic():
        return _load(db, group_id)


@dataclass(frozen=True)
class GroupPage:
    """A group read with a page of its evenings: `group.evenings` holds that page alone."""

    group: Group
    first: int
    """The newest-first place of the page's first evening (1: the newest)."""
    evenings: int
    """How many evenings the group has."""

    @property
    def version(self) -> int:
        return self.group.version


def load_group_page(db: Database, group_id: str, first: int, count: int) -> GroupPage | None:
    """Return the group with `count` of its evenings from the `first`-th newest on (None:
    an unknown id): what getGroup answers, reading no other evening's row."""
    with db.atomic():
        group = _load(db, group_id, first, count)
        if group is None:
            return None
        (total,) = db.execute(
            "SELECT COUNT(*) FROM group_sheets WHERE group_id = ?", [group_id]
        ).fetchone()
    return GroupPage(group, first, total)


def group_version(db: Database, group_id: str) -> int | None:
    """Return the group's version alone (None: unknown), to answer a poll."""
    row = next(db.query("SELECT version FROM groups WHERE id = ?", [group_id]), None)
    return row["version"] if row else None


def group_etag(group_id: str, version: int) -> str:
    """Return the group's entity tag (unquoted) at `version`."""
    return entity_tag(group_id, version)


def check_group_token(group: Group, token: str | None) -> bool:
    """Tell whether `token` is the group's edit token."""
    # check_token reads the token hash alone, which a group keeps as a sheet does.
    return check_token(group, token)


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
        group = _read(db, group_id)
        first = _recall(db, owner, idempotency_key, request)
        if first is not None:
            return RosterPlayer(**first["player"]), first["version"]
        player = _add(db, group, name)
        _bump(db, group_id)
        version = group.version + 1
        if idempotency_key is not None:
            body = {"player": player.to_dict(), "version": version}
            idempotency.remember(db, owner, idempotency_key, request, idempotency.Kept(body))
        return player, version


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
    owner = idempotency.group(group_id)
    with immediate(db):
        group = _read(db, group_id)
        first = idempotency.made_before(db, owner, idempotency_key, request)
        if first is not None:
            return require_sheet(db, first[0]), first[1]
        if isinstance(players, str | bytes) or not isinstance(players, Sequence):
            raise RuleError("seats_not_list")
        numbers = []
        for seat in players:
            number, group = _seat(db, group, seat)
            numbers.append(number)
        roster = group.roster()
        repeated = sorted({n for n in numbers if numbers.count(n) > 1})
        if repeated:
            names = ", ".join(roster[n] for n in repeated)
            raise RuleError("seat_twice", names=names)
        sheet, token = new_sheet(
            game,
            players=[roster[n] for n in numbers],
            first_dealer=first_dealer,
            rules=rules,
            title=title or group.name,
        )
        insert_sheet(db, sheet)
        db.table("group_sheets").insert(
            {"group_id": group_id, "sheet_id": sheet.id, "players": json.dumps(numbers)}
        )
        _bump(db, group_id)
        idempotency.remember_made(db, owner, idempotency_key, request, sheet.id, token)
    return replace(sheet, group={"id": group_id, "players": numbers}), token


def evenings(
    db: Database, group: Group, first: int = 1, count: int | None = None
) -> list[dict[str, Any]]:
    """Return the group's evenings, newest first, each with its result in a line: from the
    `first`-th on, at most `count` of them (None: every one).

    `id`, `title`, `game`, `created`, `version`, `players` (roster numbers by seat), `names`
    and `result` (of the sheet's `current`: games played and the score, Knoddel and Steine,
    or the strokes and Nullchen, or the totals and their unit).
    """
    listed = group.evenings[first - 1 : None if count is None else first - 1 + count]
    return [_figures(db, evening).summary for evening in listed]


def group_stats(db: Database, group: Group) -> dict[str, Any]:
    """Return the group's statistics across its evenings (engine.stammtisch), as JSON.

    Kept per version of the group, and each evening's figures per version of its sheet: a
    game recorded in one evening folds that evening again, and only it, then sums.
    """

    def make() -> dict[str, Any]:
        seatings = [_figures(db, evening).seating for evening in reversed(group.evenings)]
        figures = stammtisch.group_stats(group.roster(), seatings)
        return {"id": group.id, "name": group.name, "version": group.version, **figures.to_dict()}

    return group_documents.get((group.id, group.version), make)


@dataclass(frozen=True)
class _Figures:
    """What the group reads of one of its evenings at one version: kept until it moves."""

    summary: dict[str, Any]
    seating: stammtisch.Seating


evening_figures: VersionCache[_Figures] = VersionCache(2048)
"""Evenings kept per worker, by (sheet id, version): ten groups of two hundred evenings."""
group_documents: VersionCache[dict[str, Any]] = VersionCache(32)
"""Groups' statistics kept per worker, by (group id, version)."""


def _figures(db: Database, evening: Evening) -> _Figures:
    """Return an evening's line and statistics at (or after) the version the listing read."""
    return evening_figures.get(
        (evening.sheet_id, evening.version), lambda: _read_figures(db, evening)
    )


def _read_figures(db: Database, evening: Evening) -> _Figures:
    # Never None: a group's sheets are never deleted (and would cascade out of it).
    found = sheet_stats(db, evening.sheet_id)
    assert found is not None
    head, stats = found
    current = resumed_state(head)["current"]
    result = {key: current[key] for key in GAMES[head.game].RESULT}
    summary = {
        "id": head.id,
        "title": head.title,
        "game": head.game,
        "created": head.created,
        "version": head.version,
        "players": list(evening.players),
        "names": list(head.players),
        "result": result,
    }
    seating = stammtisch.Seating(head.id, head.title, head.created, evening.players, stats)
    return _Figures(summary, seating)


def _recall(db: Database, owner: str, key: str | None, request: str) -> dict[str, Any] | None:
    """Return the first answer to a request with this key (None: no key, or a new one)."""
    if key is None:
        return None
    first = idempotency.recall(db, owner, key, request)
    return None if first is None else first.body


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


def _bump(db: Database, group_id: str) -> None:
    db.execute(
        "UPDATE groups SET version = version + 1, updated = ? WHERE id = ?", [now(), group_id]
    )


def _read(db: Database, group_id: str) -> Group:
    group = _load(db, group_id)
    if group is None:
        raise GroupNotFound(group_id)
    return group


def _load(db: Database, group_id: str, first: int = 1, count: int = -1) -> Group | None:
    """Return the group with its evenings from the `first`-th newest on, at most `count`
    (-1: every one)."""
    row = next(db.query("SELECT * FROM groups WHERE id = ?", [group_id]), None)
    if row is None:
        return None
    players = tuple(
        RosterPlayer(p["number"], p["name"])
        for p in db.query(
            "SELECT number, name FROM group_players WHERE group_id = ? ORDER BY number",
            [group_id],
        )
    )
    evenings = tuple(
        Evening(e["sheet_id"], e["version"], tuple(json.loads(e["players"])))
        for e in db.query(
            "SELECT g.sheet_id, g.players, s.version FROM group_sheets g "
            "JOIN sheets s ON s.id = g.sheet_id WHERE g.group_id = ? ORDER BY g.rowid DESC "
            "LIMIT ? OFFSET ?",
            [group_id, count, first - 1],
        )
    )
    return Group(
        id=row["id"],
        name=row["name"],
        version=row["version"],
        created=row["created"],
        updated=row["updated"],
        players=players,
        evenings=evenings,
        token_hash=row["token_hash"],
    )
