"""Stammtisch: a roster of players kept across evenings, and the sheets started in it.

A group is its name, its roster (numbered players, never removed, so a number is never
used twice) and its evenings, each an ordinary sheet. The group's version moves with every
write to the group and (by a trigger, see store/schema/groups.py) to any of its sheets, so
its ETag covers its evenings and a poll reads one row.

The face of the groups' store, its names from
- `stored`: the group read, its roster and evenings, each evening's line and statistics
  kept per version;
- `writes`: the group made, a player put on its roster, an evening started.
"""

from bauerblock.store.groups.stored import (
    MAX_GROUP_NAME,
    MAX_ROSTER,
    EveningLine,
    Group,
    GroupPage,
    RosterPlayer,
    check_group_token,
    evening_figures,
    evenings,
    group_etag,
    group_stats,
    group_version,
    kept_group_stats,
    load_group,
    load_group_page,
)
from bauerblock.store.groups.writes import add_player, create_group, create_group_sheet

__all__ = [
    "MAX_GROUP_NAME",
    "MAX_ROSTER",
    "EveningLine",
    "Group",
    "GroupPage",
    "RosterPlayer",
    "add_player",
    "check_group_token",
    "create_group",
    "create_group_sheet",
    "evening_figures",
    "evenings",
    "group_etag",
    "group_stats",
    "group_version",
    "kept_group_stats",
    "load_group",
    "load_group_page",
]
