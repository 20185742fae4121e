"""The rights this device holds (write a sheet, edit a group, organise a tournament), and the
lists of what it opened, which the start page offers again.

A right is granted once, when a link's token checks out, and kept for this device; every page
that needs it asks `held` (or `require`), which checks the kept token against the store again,
so a right whose token no longer opens its item holds no more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import abort, session

from bauerblock import store
from bauerblock.store import groups, tournaments

MAX_RIGHTS = 20
"""The most rights of one kind a device keeps (the oldest go first)."""


@dataclass(frozen=True)
class Right:
    """A kind of right: where the session keeps it, how its token is checked, and the list
    of this kind's items the device opened (`recent`, at most `most` long)."""

    kind: str
    check: Callable[[Any, str | None], bool]
    """Tell whether a token opens the item (an object with an `id`)."""
    recent: str | None = None
    most: int = 0

    def held(self, item: Any) -> str | None:
        """Return the token this device keeps for `item` if it still opens it, else None."""
        token = session.get(self.kind, {}).get(item.id)
        return token if self.check(item, token) else None

    def require(self, item: Any) -> str:
        """Return the token `held` for `item`, or refuse the request (403) without one."""
        token = self.held(item)
        if token is None:
            abort(403)
        return token

    def holds(self, item_id: str) -> bool:
        """Tell whether this device keeps a right to `item_id` (its token unchecked)."""
        return item_id in session.get(self.kind, {})

    def grant(self, item_id: str, token: str) -> None:
        """Keep `token` as this device's right to `item_id` (checked by the caller)."""
        kept = dict(session.get(self.kind, {}))
        kept.pop(item_id, None)
        kept[item_id] = token
        while len(kept) > MAX_RIGHTS:
            kept.pop(next(iter(kept)))
        session[self.kind] = kept
        session.permanent = True

    def remember(self, item_id: str) -> None:
        """Put `item_id` first in this device's list of items opened."""
        if self.recent is None:
            return
        listed = [i for i in session.get(self.recent, []) if i != item_id]
        session[self.recent] = [item_id, *listed][: self.most]
        session.permanent = True

    def remembered(self) -> list[str]:
        """Return the ids of the items this device opened, the latest first."""
        return list(session.get(self.recent, [])) if self.recent else []


SHEET = Right("edit", store.check_token, recent="recent", most=12)
"""Write a sheet: what a table's pad needs."""
GROUP = Right("group_edit", groups.check_group_token, recent="recent_groups", most=8)
"""Edit a Stammtisch group: its roster, its evenings."""
ORGANISER = Right(
    "tournaments", lambda t, token: tournaments.check_token(store.get_db(), t.id, token)
)
"""Organise a tournament: players, draws, table cards."""
