"""Names in pages, isolated from the text around them (<bdi>): one name reads as typed.

A name in a right-to-left script (or one ending in digits) would otherwise reorder what
stands beside it, the points after it on the board, the "&" between two partners. The
pages show every player name through `bdi` (a Jinja filter) or `team_players` below.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

from bauerblock.engine.teams import Team


def bdi(name: object) -> Markup:
    """Return `name` escaped, in a <bdi> of its own."""
    return Markup("<bdi>%s</bdi>") % escape(name)


def team_players(players: Sequence[str], team: str) -> Markup:
    """Return the names of a team's two players, each in its <bdi>, joined by " &amp; "."""
    return Markup(" &amp; ").join(
        bdi(players[seat]) for seat in Team(team).seats if seat < len(players)
    )
