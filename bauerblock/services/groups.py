"""A Stammtisch's use cases: create the group, put a player on its roster, start an evening.

Each is one write transaction of the store (`store.groups`), its key kept there; an evening
is an ordinary sheet, played on through `services.sheets` like any other.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from bauerblock.services.sheets import Created
from bauerblock.store import groups
from bauerblock.store.groups import Group, RosterPlayer


@dataclass(frozen=True)
class NewGroup:
    """A group just made (for a retry with its key: the first one)."""

    group: Group
    token: str
    """Its edit token, shown to its creator once."""


@dataclass(frozen=True)
class Joined:
    """A player put on the roster, and the group's version after it."""

    player: RosterPlayer
    version: int


def create_group(
    db: Database, name: str, players: Sequence[str] = (), *, idempotency_key: str | None = None
) -> NewGroup:
    """Make a group with its roster; refuse as `store.groups.create_group` does."""
    return NewGroup(*groups.create_group(db, name, players, idempotency_key=idempotency_key))


def add_player(
    db: Database, group_id: str, name: str, *, idempotency_key: str | None = None
) -> Joined:
    """Put a new player on the roster; refuse as `store.groups.add_player` does."""
    return Joined(*groups.add_player(db, group_id, name, idempotency_key=idempotency_key))


def start_evening(
    db: Database,
    group_id: str,
    game: str,
    *,
    players: Sequence[int | str],
    first_dealer: int = 0,
    rules: Mapping[str, object] | None = None,
    title: str | None = None,
    idempotency_key: str | None = None,
) -> Created:
    """Start an evening of the group: a sheet whose seats are roster players (a new name
    joins the roster); refuse as `store.groups.create_group_sheet` does."""
    return Created(
        *groups.create_group_sheet(
            db,
            group_id,
            game,
            players=players,
            first_dealer=first_dealer,
            rules=rules,
            title=title,
            idempotency_key=idempotency_key,
        )
    )
