"""A group as stored: its roster and evenings read, each evening's line and statistics."""

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from bauerblock.engine import stammtisch
from bauerblock.engine.games import GAMES
from bauerblock.store.common import entity_tag, token_matches
from bauerblock.store.errors import GroupNotFound
from bauerblock.store.sheets import resumed_state
from bauerblock.store.stats import VersionCache, sheet_stats

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
class EveningLine:
    """An evening of the group in a line: its sheet (`id`, `title`, `game`, `created`,
    `version`), the roster numbers and the names by seat, and its `result` (the fields of
    the sheet's `current` its game names: games played and the score, Knoddel and Steine,
    or the strokes and Nullchen, or the totals and their unit)."""

    id: str
    title: str
    game: str
    created: str
    version: int
    players: tuple[int, ...]
    names: tuple[str, ...]
    result: Mapping[str, Any]


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
    return token_matches(token, group.token_hash)


def evenings(db: Database, group: Group) -> list[EveningLine]:
    """Return the group's evenings as read (every one, or the page `load_group_page` read),
    newest first, each with its result in a line."""
    return [_figures(db, evening).summary for evening in group.evenings]


def group_stats(db: Database, group: Group) -> stammtisch.GroupStats:
    """Return the group's statistics across its evenings (engine.stammtisch).

    Kept per version of the group, and each evening's figures per version of its sheet: a
    game recorded in one evening folds that evening again, and only it, then sums.
    """

    def make() -> stammtisch.GroupStats:
        seatings = [_figures(db, evening).seating for evening in reversed(group.evenings)]
        return stammtisch.group_stats(group.roster(), seatings)

    return kept_group_stats.get((group.id, group.version), make)


@dataclass(frozen=True)
class _Figures:
    """What the group reads of one of its evenings at one version: kept until it moves."""

    summary: EveningLine
    seating: stammtisch.Seating


evening_figures: VersionCache[_Figures] = VersionCache(2048)
"""Evenings kept per worker, by (sheet id, version): ten groups of two hundred evenings."""


kept_group_stats: VersionCache[stammtisch.GroupStats] = VersionCache(32)
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
    summary = EveningLine(
        id=head.id,
        title=head.title,
        game=head.game,
        created=head.created,
        version=head.version,
        players=evening.players,
        names=head.players,
        result=result,
    )
    seating = stammtisch.Seating(head.id, head.title, head.created, evening.players, stats)
    return _Figures(summary, seating)


def read_group(db: Database, group_id: str) -> Group:
    group = _load(db, group_id)
    if group is None:
        raise GroupNotFound()
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
