"""What the score sheet's pad shows of every game (the situation before a game, its rows and
their words, its partials and extras) and how its entry form is read: `PADS`, its folder's
`pad.PAD` (a `Pad`, pad.py beside this)."""

from collections.abc import Mapping

from bauerblock.engine.plugins import Parts
from bauerblock.scoresheet.games.pad import Pad, Row

PADS: Mapping[str, Pad] = Parts("pad", "PAD")
"""Every game a sheet can keep (engine.games.GAMES) has its pad."""

__all__ = ["PADS", "Pad", "Row"]
